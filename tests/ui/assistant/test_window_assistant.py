"""The assistant in the window: Ctrl+J, asking about a selection, the header following reading."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QAction
from PySide6.QtTest import QTest
from pytestqt.qtbot import QtBot

from reader_app.ui.window.main_window import MainWindow
from tests.bookgen import marker_book
from tests.ui.conftest import show_book


def test_ctrl_j_toggles_the_assistant_panel(qtbot: QtBot, window: MainWindow) -> None:
    show_book(window, marker_book())
    panel = window.assistant_panel
    assert not panel.isVisible()
    qtbot.keyClick(window, Qt.Key.Key_J, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(panel.isVisible)
    qtbot.keyClick(window, Qt.Key.Key_J, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: not panel.isVisible())


def test_selected_text_goes_into_the_question(qtbot: QtBot, window: MainWindow) -> None:
    show_book(window, marker_book())
    view = window.reader.epub_view
    doc = view.current_document()
    assert doc is not None
    # Drag across the first line of the second paragraph.
    block = doc.doc.findBlock(doc.block_starts[1])
    layout = block.layout()
    top = doc.view_y(view.page_index, layout.position().y() + layout.lineAt(0).y() + 5)
    start = QPoint(int(doc.side_margin + 2), int(top))
    end = QPoint(int(doc.side_margin + 200), int(top))
    QTest.mousePress(view, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    QTest.mouseMove(view, end)
    QTest.mouseRelease(view, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, end)
    selected = view.selected_text()
    assert selected.startswith("Sentence mk0000")
    state_before = window.recorded_reading_state(window.book.book_id if window.book else "")
    view.askAbout.emit(selected, "who")
    panel = window.assistant_panel
    qtbot.waitUntil(panel.isVisible)
    assert selected.split()[1] in panel.input.toPlainText()
    assert window.recorded_reading_state(window.book.book_id if window.book else "") == state_before


def test_panel_header_follows_the_boundary(qtbot: QtBot, window: MainWindow) -> None:
    book = marker_book()
    show_book(window, book)
    header = window.assistant_panel.header
    assert header.text().startswith("Knows up to: Chapter 1")
    for _ in range(12):
        window.reader.epub_view.next_page()
    assert not header.text().startswith("Knows up to: Chapter 1")
    window.reader.reset_boundary()
    assert "Chapter" not in header.text()


def select_first_line_of(view: object, qtbot: QtBot, block_index: int) -> str:
    from reader_app.ui.reader.epub_view import EpubView

    assert isinstance(view, EpubView)
    doc = view.current_document()
    assert doc is not None
    first_on_page = doc.page_text_range(view.page_index)[0]
    index = max(block_index, doc.locator_at(first_on_page).block + 1)
    block = doc.doc.findBlock(doc.block_starts[index])
    layout = block.layout()
    top = doc.view_y(view.page_index, layout.position().y() + layout.lineAt(0).y() + 5)
    start = QPoint(int(doc.side_margin + 2), int(top))
    end = QPoint(int(doc.side_margin + 200), int(top))
    QTest.mousePress(view, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    QTest.mouseMove(view, end)
    QTest.mouseRelease(view, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, end)
    return view.selected_text()


def test_asking_about_a_selection_past_the_boundary_first_lets_it_know(
    qtbot: QtBot, window: MainWindow
) -> None:
    from reader_app.books.model import Locator

    show_book(window, marker_book())
    view = window.reader.epub_view
    assert select_first_line_of(view, qtbot, 1)
    menu = view.build_context_menu()
    ask = menu.findChild(QAction, "askAbout_ask")
    assert ask is not None and ask.isEnabled()  # the first page has been read

    window.jump_to(Locator(3, 4, 0))  # far ahead of the boundary
    assert select_first_line_of(view, qtbot, 4)
    menu = view.build_context_menu()
    for mode in ("ask", "explain", "who"):  # each says that it moves the boundary first
        action = menu.findChild(QAction, f"askAbout_{mode}")
        assert action is not None and action.text().startswith("Let it know up to here")
    window.reader.mark_read_here()  # the reader lets the assistant read this far
    assert select_first_line_of(view, qtbot, 4)
    ask = view.build_context_menu().findChild(QAction, "askAbout_ask")
    assert ask is not None and ask.isEnabled()

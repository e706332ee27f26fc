"""Back and Forward after jumps, the progress bar's click and tooltip, chapter ticks from nested
contents, and the page taking the keys back after a Contents jump: in the real window."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QTreeWidgetItem
from pytestqt.qtbot import QtBot

from reader_app.books.model import Locator
from reader_app.ui.window.main_window import MainWindow
from tests.bookgen import marker_book
from tests.conftest import WAR_AND_PEACE, corpus_epub
from tests.ui.conftest import open_file, show_book


def toc_item(window: MainWindow, title: str) -> QTreeWidgetItem:
    [item] = window.toc_dock.tree.findItems(title, Qt.MatchFlag.MatchExactly)
    return item


def alt(qtbot: QtBot, window: MainWindow, key: Qt.Key) -> None:
    qtbot.keyClick(window.reader.epub_view, key, Qt.KeyboardModifier.AltModifier)


def test_back_returns_to_the_exact_place_after_a_contents_jump(
    qtbot: QtBot, window: MainWindow
) -> None:
    show_book(window, marker_book())
    window.toc_dock.show()
    view = window.reader.epub_view
    qtbot.waitUntil(lambda: view.width() < window.width() - 150)
    view.relayout_now()
    for _ in range(3):
        qtbot.keyClick(view, Qt.Key.Key_Space)
    reading = view.current_start()
    assert reading > Locator(0, 1, 0)
    tree = window.toc_dock.tree
    # Back to the chapter's start (a jump ahead would bring the reading-ahead banner, and
    # with it a relayout of its own).
    item = toc_item(window, "Chapter 1")
    rect = tree.visualItemRect(item)
    tree.setFocus()
    qtbot.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert view.current_start() == Locator(0, 0, 0)
    assert view.hasFocus(), "the page takes the keys after a Contents jump"
    qtbot.keyClick(view, Qt.Key.Key_Space)  # arrow and space keys turn the page, not the list
    assert Locator(0, 0, 0) < view.current_start() < reading
    after_turn = view.current_start()

    alt(qtbot, window, Qt.Key.Key_Left)
    assert view.current_start() == reading
    assert window.aids.navigator.forward_action.isEnabled()
    assert not window.aids.navigator.back_action.isEnabled()
    alt(qtbot, window, Qt.Key.Key_Right)
    assert view.current_start() == after_turn
    state = window.recorded_reading_state(window.book.book_id if window.book else "")
    assert state is not None and state.boundary.section == 0, "Back and Forward are jumps"


def test_a_click_on_the_progress_bar_jumps_there_and_back_comes_home(
    qtbot: QtBot, window: MainWindow
) -> None:
    show_book(window, marker_book())
    view = window.reader.epub_view
    slider = window.reader.slider
    home = view.current_start()
    groove = slider._groove()
    point = QPoint(int(groove.left() + 0.7 * groove.width()), slider.height() // 2)
    QTest.mouseClick(slider, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, point)
    book = window.book
    assert book is not None
    assert abs(book.progress(view.current_start()) - 0.7) < 0.02, "a click jumps, not a 2% step"
    assert abs(slider.fraction() - 0.7) < 0.02
    assert slider.place_text(0.6) == "Chapter 3 · 60%"
    alt(qtbot, window, Qt.Key.Key_Left)
    assert view.current_start() == home


def test_a_link_jump_can_be_undone_with_back(qtbot: QtBot, window: MainWindow) -> None:
    show_book(window, marker_book())
    view = window.reader.epub_view
    home = view.current_start()
    view._follow_link("pagemate:3/4/0")
    assert view.current_start().section == 3
    window.aids.navigator.back_action.trigger()
    assert view.current_start() == home


def test_nested_contents_give_a_tick_for_every_chapter(qtbot: QtBot, window: MainWindow) -> None:
    book = open_file(qtbot, window, corpus_epub(WAR_AND_PEACE))
    entries = [item for entry in book.toc for _depth, item in entry.walk()]
    assert any(entry.children for entry in book.toc), "War and Peace's contents are nested"
    slider = window.reader.slider
    assert len(slider.chapter_ticks) > 300
    assert len(slider.chapter_ticks) == len({book.progress(e.target) for e in entries})
    assert 15 <= len(slider.part_ticks) < 40


def test_the_mouse_back_button_goes_back(qtbot: QtBot, window: MainWindow) -> None:
    show_book(window, marker_book())
    view = window.reader.epub_view
    home = view.current_start()
    window.jump_to(Locator(2, 0, 0))
    QTest.mouseClick(view, Qt.MouseButton.BackButton, Qt.KeyboardModifier.NoModifier,
                     QPoint(view.width() // 2, view.height() // 2))
    assert view.current_start() == home
    QTest.mouseClick(view, Qt.MouseButton.ForwardButton, Qt.KeyboardModifier.NoModifier,
                     QPoint(view.width() // 2, view.height() // 2))
    assert view.current_start() == Locator(2, 0, 0)

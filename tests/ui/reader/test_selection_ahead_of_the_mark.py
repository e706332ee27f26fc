"""Ahead of the mark, the selection menu stays enabled and says what it will do: "Let it know up
to here and ask" moves the mark (with Undo), "Ask about the selection alone" does not."""

from __future__ import annotations

from PySide6.QtGui import QAction
from pytestqt.qtbot import QtBot

from reader_app.books.model import Locator
from reader_app.books.shelf.reading import reading_offset
from reader_app.ui.window.main_window import MainWindow
from tests.bookgen import marker_book
from tests.ui.aids.test_annotations_in_window import drag_over_first_line
from tests.ui.assistant.test_window_assistant import select_first_line_of
from tests.ui.conftest import show_book


def known_offset(window: MainWindow) -> int:
    book = window.book
    assert book is not None
    state = window.recorded_reading_state(book.book_id)
    assert state is not None
    return reading_offset(book, state.boundary)


def action(window: MainWindow, name: str) -> QAction:
    found = window.reader.epub_view.build_context_menu().findChild(QAction, name)
    assert isinstance(found, QAction), name
    return found


def test_the_selection_menu_ahead_of_the_mark_is_enabled_and_moves_it_only_when_asked(
    qtbot: QtBot, window: MainWindow
) -> None:
    show_book(window, marker_book())
    view, panel = window.reader.epub_view, window.assistant_panel
    before = known_offset(window)
    window.jump_to(Locator(3, 4, 0))  # far ahead of the mark
    selected = select_first_line_of(view, qtbot, 4)
    assert selected
    menu = view.build_context_menu()
    asks = [a for a in menu.actions() if a.objectName().startswith("askAbout")]
    assert len(asks) == 4 and all(a.isEnabled() for a in asks), "a silent grey item"
    assert action(window, "askAbout_ask").text() == "Let it know up to here and ask"
    assert known_offset(window) == before, "opening the menu moved the mark"

    action(window, "askAboutSelectionAlone").trigger()
    assert selected[:20] in " ".join(panel.input.toPlainText().split())
    assert known_offset(window) == before, "asking about the selection alone moved the mark"

    panel.input.clear()
    assert select_first_line_of(view, qtbot, 4) == selected
    action(window, "askAbout_ask").trigger()
    assert selected[:20] in " ".join(panel.input.toPlainText().split())
    assert window.book is not None
    assert known_offset(window) == reading_offset(window.book, view.current_end())
    notice = window.reader.notice
    assert notice.isVisible() and notice.label.text() == "Marked as read up to Chapter 4"
    notice.confirm_button.click()  # Undo
    assert known_offset(window) == before

    # Read now: the ordinary actions again.
    window.reader.mark_read_here()
    assert select_first_line_of(view, qtbot, 4)
    assert action(window, "askAbout_ask").text() == "Ask about this"


def test_explain_this_highlight_ahead_of_the_mark_says_it_lets_it_know_first(
    qtbot: QtBot, window: MainWindow
) -> None:
    show_book(window, marker_book())
    view, panel = window.reader.epub_view, window.assistant_panel
    before = known_offset(window)
    window.jump_to(Locator(3, 4, 0))
    doc = view.current_document()
    assert doc is not None
    block = doc.locator_at(doc.page_text_range(view.page_index)[0]).block + 1
    drag_over_first_line(qtbot, view, block)
    action(window, "highlight_yellow").trigger()
    [highlight] = window.aids.annotations.highlights()
    view.context_locator = highlight.start  # the reader right-clicks on the highlight
    explain = action(window, "explainHighlight")
    assert explain.isEnabled()
    assert explain.text() == "Let It Know up to Here and Explain This Highlight"
    assert known_offset(window) == before
    explain.trigger()
    assert known_offset(window) > before
    assert panel.input.toPlainText().startswith("Explain this passage:")

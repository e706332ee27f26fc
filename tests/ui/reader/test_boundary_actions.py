"""Boundary changes by hand are said, confirmed where they take knowledge away, and undoable."""

from __future__ import annotations

from PySide6.QtGui import QAction
from pytestqt.qtbot import QtBot

from reader_app.books.model import Book, Locator
from reader_app.books.shelf.reading import reading_offset
from reader_app.ui.window.main_window import MainWindow
from tests.bookgen import marker_book
from tests.ui.conftest import show_book


def boundary_offset(window: MainWindow, book: Book) -> int:
    state = window.recorded_reading_state(book.book_id)
    assert state is not None
    return reading_offset(book, state.boundary)


def reading_into_chapter_three(window: MainWindow) -> tuple[Book, int]:
    book = marker_book()
    show_book(window, book)
    window.jump_to(Locator(2, 10, 0))
    window.reader.mark_read_here()
    return book, boundary_offset(window, book)


def test_marking_as_read_forward_says_so_and_can_be_undone(
    qtbot: QtBot, window: MainWindow
) -> None:
    book = marker_book()
    show_book(window, book)
    first = boundary_offset(window, book)
    window.jump_to(Locator(2, 10, 0))
    window.reader.mark_read_here()
    notice = window.reader.notice
    assert notice.isVisible()
    assert notice.label.text() == "Marked as read up to Chapter 3"
    assert boundary_offset(window, book) == reading_offset(book, window.reader.view.current_end())
    assert window.assistant_panel.header.text().startswith("Knows up to: Chapter 3")
    notice.confirm_button.click()  # Undo
    assert boundary_offset(window, book) == first
    assert notice.label.text().startswith("Back to Chapter 1")


def test_mark_as_read_behind_the_boundary_asks_first(qtbot: QtBot, window: MainWindow) -> None:
    book, known = reading_into_chapter_three(window)
    window.jump_to(Locator(1, 3, 0))
    window.reader.mark_read_here()
    notice = window.reader.notice
    assert notice.label.text() == (
        "The assistant already knows up to Chapter 3. Move it back to Chapter 2?"
    )
    assert boundary_offset(window, book) == known, "it moved back before the reader said so"
    notice.cancel_button.click()  # Keep
    assert not notice.isVisible()
    assert boundary_offset(window, book) == known
    # Asked again and answered: it moves back, and that too can be undone.
    window.reader.mark_read_here()
    notice.confirm_button.click()  # Move back
    here = reading_offset(book, window.reader.view.current_end())
    assert boundary_offset(window, book) == here < known
    assert notice.label.text() == "Moved back to Chapter 2"
    notice.confirm_button.click()  # Undo
    assert boundary_offset(window, book) == known


def test_reset_from_the_menu_is_confirmed_and_undoable(qtbot: QtBot, window: MainWindow) -> None:
    book, known = reading_into_chapter_three(window)
    reset = window.findChild(QAction, "actionResetBoundary")
    assert reset is not None
    reset.trigger()
    notice = window.reader.notice
    assert notice.label.text().startswith("Make the assistant forget this book")
    assert boundary_offset(window, book) == known, "Reset wiped it before the reader confirmed"
    notice.confirm_button.click()  # Reset
    state = window.recorded_reading_state(book.book_id)
    assert state is not None and not state.has_read_anything
    assert window.assistant_panel.header.text().startswith("Knows up to: nothing")
    notice.confirm_button.click()  # Undo
    assert boundary_offset(window, book) == known
    assert window.assistant_panel.header.text().startswith("Knows up to: Chapter 3")

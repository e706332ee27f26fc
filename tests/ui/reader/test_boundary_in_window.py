"""The spoiler boundary follows page turns in the real window, and never jumps."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from reader_app.books.model import Locator
from reader_app.books.shelf.reading import reading_offset
from reader_app.ui.window.main_window import MainWindow
from tests.bookgen import marker_book
from tests.ui.conftest import show_book


def boundary_offset(window: MainWindow) -> int:
    assert window.book is not None
    state = window.recorded_reading_state(window.book.book_id)
    assert state is not None
    return reading_offset(window.book, state.boundary)


def test_first_page_of_a_new_book_is_read(qtbot: QtBot, window: MainWindow) -> None:
    book = marker_book()
    show_book(window, book)
    view = window.reader.epub_view
    assert boundary_offset(window) == reading_offset(book, view.current_end())
    assert boundary_offset(window) > 0


def test_turning_pages_advances_the_boundary(qtbot: QtBot, window: MainWindow) -> None:
    book = marker_book()
    show_book(window, book)
    view = window.reader.epub_view
    seen = [boundary_offset(window)]
    for _ in range(6):
        qtbot.keyClick(view, " ")
        seen.append(boundary_offset(window))
        assert boundary_offset(window) == reading_offset(book, view.current_end())
    assert seen == sorted(seen) and len(set(seen)) == len(seen)


def test_jumping_ahead_does_not_move_the_boundary_and_offers_to(
    qtbot: QtBot, window: MainWindow
) -> None:
    book = marker_book()
    show_book(window, book)
    before = boundary_offset(window)
    window.jump_to(Locator(3, 0, 0))
    assert boundary_offset(window) == before
    view = window.reader.epub_view
    qtbot.keyClick(view, " ")
    assert boundary_offset(window) == before, "turning pages after a jump ahead must not move it"
    banner = window.reader.banner
    assert banner.isVisible()
    qtbot.mouseClick(window.reader.move_here_button, qtbot_left())
    assert boundary_offset(window) == reading_offset(book, view.current_end())
    assert not banner.isVisible()


def test_jumping_back_never_lowers_the_boundary(qtbot: QtBot, window: MainWindow) -> None:
    book = marker_book()
    show_book(window, book)
    view = window.reader.epub_view
    for _ in range(5):
        view.next_page()
    high = boundary_offset(window)
    window.jump_to(Locator(0, 0, 0))
    view.next_page()
    assert boundary_offset(window) == high


def test_reaching_the_end_by_reading_finishes_the_book(qtbot: QtBot, window: MainWindow) -> None:
    book = marker_book(chapters=2, paragraphs=6)
    show_book(window, book)
    view = window.reader.epub_view
    while view.next_page():
        pass
    state = window.recorded_reading_state(book.book_id)
    assert state is not None and state.finished


def test_mark_read_and_reset(qtbot: QtBot, window: MainWindow) -> None:
    book = marker_book()
    show_book(window, book)
    window.jump_to(Locator(2, 5, 0))
    window.reader.mark_read_here()
    view = window.reader.epub_view
    assert boundary_offset(window) == reading_offset(book, view.current_end())
    window.reader.reset_boundary()
    state = window.recorded_reading_state(book.book_id)
    assert state is not None and state.boundary.section == -1 and not state.has_read_anything


def qtbot_left() -> object:
    from PySide6.QtCore import Qt

    return Qt.MouseButton.LeftButton

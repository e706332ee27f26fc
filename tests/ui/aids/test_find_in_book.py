"""Find in Book in the real window: marks on the page, Next from the reader's place, wrapping."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QImage
from pytestqt.qtbot import QtBot

from reader_app.books.model import Locator
from reader_app.books.shelf.reading import reading_offset
from reader_app.ui.window.main_window import MainWindow
from tests.bookgen import marker_book
from tests.ui.conftest import show_book

QUERY = "0100 tells"  # the second paragraph's first sentence, once in each of the four chapters


def search(qtbot: QtBot, window: MainWindow, query: str) -> None:
    dock = window.search_dock
    dock.focus_input()
    dock.input.setText(query)
    qtbot.keyClick(dock.input, Qt.Key.Key_Return)


def found(window: MainWindow) -> list[Locator]:
    return [hit.locator for hit in window.finder.hits]


def test_next_goes_forward_from_the_reader_and_wraps_with_a_note(
    qtbot: QtBot, window: MainWindow
) -> None:
    book = marker_book()
    show_book(window, book)
    window.jump_to(Locator(2, 20, 0))  # Chapter 3, pages past its match
    search(qtbot, window, QUERY)
    qtbot.waitUntil(lambda: len(window.finder.hits) == 4, timeout=30_000)
    view, dock = window.reader.epub_view, window.search_dock
    assert dock.status.text() == "4 matches"
    assert view.current_start().section == 2, "searching must not move the reader"
    dock.next_button.click()
    assert view.current_start().section == 3, "Next went back instead of forward"
    assert dock.status.text() == "4 of 4"
    dock.next_button.click()
    assert view.current_start().section == 0
    assert dock.status.text().startswith("1 of 4 · Reached the end of the book")
    dock.previous_button.click()
    assert view.current_start().section == 3
    assert "Reached the beginning" in dock.status.text()
    # After the reader moves on, Next counts from where they are, not from the last match.
    window.jump_to(Locator(1, 20, 0))
    qtbot.keyClick(window, Qt.Key.Key_F3)
    assert view.current_start().section == 2


def test_every_match_on_the_page_is_marked_and_the_current_one_strongly(
    qtbot: QtBot, window: MainWindow
) -> None:
    book = marker_book()
    show_book(window, book)
    view = window.reader.epub_view
    search(qtbot, window, "lantern by the river. Sentence mk0002")
    qtbot.waitUntil(lambda: len(window.finder.hits) == 3)
    window.search_dock.next_button.click()
    marks = view.marks
    assert len(marks) == 3 and [m.strong for m in marks] == [True, False, False]
    start, end = view.current_start(), view.current_end()
    assert all(start <= m.start < end for m in marks), "all three are on this page"
    with_marks = view.grab().toImage()
    view.set_marks(())
    without = view.grab().toImage()
    rows = changed_rows(with_marks, without)
    doc = view.current_document()
    assert doc is not None
    for mark in marks:
        line = doc._line_at(doc.position_of(mark.start))
        assert line is not None
        y = int(doc.view_y(view.page_index, (line.top + line.bottom) / 2))
        assert y in rows, f"the match at {mark.start} is not marked on the page"
    assert reading_offset(book, marks[0].start) < reading_offset(book, marks[1].start)


def changed_rows(a: QImage, b: QImage) -> set[int]:
    return {
        y
        for y in range(min(a.height(), b.height()))
        if any(a.pixel(x, y) != b.pixel(x, y) for x in range(0, min(a.width(), b.width()), 2))
    }


def test_a_query_typed_before_a_book_is_open_is_searched_when_it_opens(
    qtbot: QtBot, window: MainWindow
) -> None:
    search(qtbot, window, QUERY)
    dock = window.search_dock
    assert "will be searched when a book is open" in dock.status.text()
    show_book(window, marker_book())
    qtbot.waitUntil(lambda: len(window.finder.hits) == 4, timeout=30_000)
    assert dock.status.text() == "4 matches" and dock.results.count() == 4
    assert all("…" in hit.context for hit in window.finder.hits)

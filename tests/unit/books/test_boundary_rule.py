"""The page-turn boundary rule as a table, with no window: each move (a page turned forward or back,
a jump, a sentence heard, a mark, a reset, the end reached) with the boundary before and after, for
a book and for a comic shown as spreads (books/shelf/reading.py's `next_boundary`).

Each row is also written through the real path into a library on disk (`store_boundary`, as the
reader page and mark-read write it) and read back.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from reader_app.books.model import Block, BlockKind, Book, Locator, Metadata, Section
from reader_app.books.shelf.library import NOTHING_READ, Library
from reader_app.books.shelf.reading import (
    BoundaryMove,
    Known,
    Move,
    Navigation,
    known_after,
    next_boundary,
    store_boundary,
)
from reader_app.store.db import connect

PARAGRAPH = "The lantern swung in the dark and the river ran on."  # 50 characters
BLOCKS = 6  # each section of the book: 300 characters
PAGES = 6  # the comic's pages, shown two at a time


def _book(book_id: str, sections: tuple[Section, ...], *, comic: bool) -> Book:
    return Book(
        book_id=book_id, path=Path(f"/books/{book_id[:4]}"), format="cbz" if comic else "epub",
        metadata=Metadata(title="The Lantern"), sections=sections, toc=(), cover=None,
        load_resource=lambda name: b"",
    )


BOOK = _book("b" * 64, tuple(
    Section(index, f"ch{index}.xhtml", f"Chapter {index + 1}",
            tuple(Block(BlockKind.PARAGRAPH, PARAGRAPH) for _ in range(BLOCKS)))
    for index in range(3)
), comic=False)
COMIC = _book("c" * 64, tuple(
    Section(index, f"p{index}.jpg", "", (Block(BlockKind.IMAGE, image=f"p{index}.jpg"),))
    for index in range(PAGES)
), comic=True)


def at(section: int, block: int, char: int = 0) -> Locator:
    return Locator(section, block, char)


def page(number: int) -> Locator:
    """The end of a comic page (0-based), where the comic view says a page shown ends."""
    return Locator.end_of_section(number)


MARK = at(1, 2)  # the book's boundary: a third of the way through chapter 2
END = BOOK.end_locator()
COMIC_MARK = page(1)  # the comic's boundary: pages 1 and 2 read
COMIC_END = COMIC.end_locator()


@dataclass(frozen=True)
class Row:
    name: str
    book: Book
    before: Known
    move: Move
    start: Locator | None  # the page or sentence put on screen, or heard
    end: Locator | None  # its end; a mark's place
    after: Known
    previous: Locator | None = None  # the page turned from; the sentence heard before
    ahead: bool = False  # reading ahead of the boundary (the offer to move it)
    behind: bool = False  # a mark behind what is known: asked first, nothing moves
    allow_back: bool = False


def known(boundary: Locator, finished: bool = False) -> Known:
    return Known(boundary, finished)


ROWS = [
    # -- a book ---------------------------------------------------------------------------------
    Row("book: the first page of a new book", BOOK, known(NOTHING_READ), Navigation.OPEN,
        at(0, 0), at(0, 2), known(at(0, 2))),
    Row("book: a restored page at the boundary", BOOK, known(MARK), Navigation.OPEN,
        at(1, 1), at(1, 3), known(at(1, 3))),
    Row("book: turn forward from the boundary", BOOK, known(MARK), Navigation.TURN_FORWARD,
        at(1, 2), at(1, 4), known(at(1, 4)), previous=at(1, 0)),
    Row("book: turn forward from a page that held the boundary, reached by a jump", BOOK,
        known(MARK), Navigation.TURN_FORWARD, at(1, 4), at(2, 0), known(at(2, 0)),
        previous=at(1, 1)),
    Row("book: turn forward elsewhere, ahead after a jump", BOOK, known(MARK),
        Navigation.TURN_FORWARD, at(2, 2), at(2, 4), known(MARK), previous=at(2, 0), ahead=True),
    Row("book: turn back", BOOK, known(MARK), Navigation.TURN_BACK, at(1, 0), at(1, 2),
        known(MARK)),
    Row("book: jump ahead (contents, search hit, link, slider)", BOOK, known(MARK),
        Navigation.JUMP, at(2, 0), at(2, 2), known(MARK), ahead=True),
    Row("book: jump to the boundary's own page", BOOK, known(MARK), Navigation.JUMP, at(1, 1),
        at(1, 3), known(MARK)),
    Row("book: jump back", BOOK, known(MARK), Navigation.JUMP, at(0, 0), at(0, 2), known(MARK)),
    Row("book: the same place redrawn (font, window)", BOOK, known(MARK), Navigation.RELAYOUT,
        at(1, 1), at(1, 3), known(at(1, 3))),
    Row("book: a page the voice turned to", BOOK, known(MARK), Navigation.VOICE, at(1, 2),
        at(1, 4), known(MARK)),
    Row("book: listen to the sentence after the boundary", BOOK, known(MARK),
        BoundaryMove.LISTEN, at(1, 2), at(1, 2, 30), known(at(1, 2, 30)), previous=at(1, 2)),
    Row("book: listen ahead of the boundary", BOOK, known(MARK), BoundaryMove.LISTEN,
        at(2, 1), at(2, 1, 30), known(MARK), previous=at(2, 1), ahead=True),
    Row("book: mark as read here, ahead", BOOK, known(MARK), BoundaryMove.MARK, None, at(2, 3),
        known(at(2, 3))),
    Row("book: mark as read here, at the boundary", BOOK, known(MARK), BoundaryMove.MARK, None,
        MARK, known(MARK)),
    Row("book: mark as read here, behind: asked first", BOOK, known(MARK), BoundaryMove.MARK,
        None, at(0, 3), known(MARK), behind=True),
    Row("book: mark as read here, behind, the reader agreed", BOOK, known(MARK),
        BoundaryMove.MARK, None, at(0, 3), known(at(0, 3)), allow_back=True),
    Row("book: mark as read at the end", BOOK, known(MARK), BoundaryMove.MARK, None, END,
        known(END, True)),
    Row("book: reset", BOOK, known(MARK), BoundaryMove.RESET, None, None, known(NOTHING_READ)),
    Row("book: mark as finished", BOOK, known(MARK), BoundaryMove.FINISH, None, None,
        known(END, True)),
    Row("book: reach the end turning forward", BOOK, known(at(2, 4)), Navigation.TURN_FORWARD,
        at(2, 4), END, known(END, True), previous=at(2, 2)),
    Row("book: finished, a page turned back", BOOK, known(END, True), Navigation.TURN_BACK,
        at(0, 0), at(0, 2), known(END, True)),
    Row("book: finished, mark as read here: asked first", BOOK, known(END, True),
        BoundaryMove.MARK, None, at(1, 3), known(END, True), behind=True),
    Row("book: nothing read, jump ahead", BOOK, known(NOTHING_READ), Navigation.JUMP, at(2, 0),
        at(2, 2), known(NOTHING_READ), ahead=True),
    # -- a comic shown as spreads: the page is the unit, both pages of a spread --------------
    Row("comic: turn forward from the boundary to a spread", COMIC, known(COMIC_MARK),
        Navigation.TURN_FORWARD, at(2, 0), page(3), known(page(3)), previous=at(0, 0)),
    Row("comic: turn forward elsewhere, ahead after a jump", COMIC, known(COMIC_MARK),
        Navigation.TURN_FORWARD, at(4, 0), page(5), known(COMIC_MARK), previous=at(3, 0),
        ahead=True),
    Row("comic: turn back", COMIC, known(COMIC_MARK), Navigation.TURN_BACK, at(0, 0), page(1),
        known(COMIC_MARK)),
    Row("comic: jump to the spread after the boundary: not ahead", COMIC, known(COMIC_MARK),
        Navigation.JUMP, at(2, 0), page(3), known(COMIC_MARK)),
    Row("comic: jump ahead to a later spread", COMIC, known(COMIC_MARK), Navigation.JUMP,
        at(4, 0), page(5), known(COMIC_MARK), ahead=True),
    Row("comic: jump back", COMIC, known(page(3)), Navigation.JUMP, at(0, 0), page(1),
        known(page(3))),
    Row("comic: listen to the next page's words", COMIC, known(COMIC_MARK), BoundaryMove.LISTEN,
        at(2, 0), at(2, 0, 20), known(at(2, 0, 20)), previous=COMIC_MARK),
    Row("comic: listen ahead of the boundary", COMIC, known(COMIC_MARK), BoundaryMove.LISTEN,
        at(4, 0), at(4, 0, 20), known(COMIC_MARK), previous=at(3, 0, 40), ahead=True),
    Row("comic: mark as read here, on a spread", COMIC, known(COMIC_MARK), BoundaryMove.MARK,
        None, page(3), known(page(3))),
    Row("comic: mark as read here, behind: asked first", COMIC, known(page(3)),
        BoundaryMove.MARK, None, page(1), known(page(3)), behind=True),
    Row("comic: mark as read on the last page", COMIC, known(COMIC_MARK), BoundaryMove.MARK,
        None, page(5), known(COMIC_END, True)),
    Row("comic: reset", COMIC, known(page(3)), BoundaryMove.RESET, None, None,
        known(NOTHING_READ)),
    Row("comic: reach the end on the last spread", COMIC, known(page(3)),
        Navigation.TURN_FORWARD, at(4, 0), page(5), known(COMIC_END, True), previous=at(2, 0)),
]


@pytest.mark.parametrize("row", ROWS, ids=[row.name for row in ROWS])
def test_the_boundary_after_each_move(row: Row) -> None:
    update = next_boundary(row.book, row.before, row.move, start=row.start, end=row.end,
                           previous=row.previous, allow_back=row.allow_back)
    assert known_after(row.book, row.before, row.move, update) == row.after
    assert (update.reading_ahead, update.behind) == (row.ahead, row.behind)
    assert update.moved == (row.after != row.before)


@pytest.mark.parametrize("row", ROWS, ids=[row.name for row in ROWS])
def test_each_move_is_written_to_the_library_as_decided(row: Row, library_home: Path) -> None:
    conn = connect(library_home)
    try:
        library = Library(conn, library_home)
        library.add(row.book)
        book_id = row.book.book_id
        store_boundary(library, book_id, row.before, forward_only=False)
        update = next_boundary(row.book, row.before, row.move, start=row.start, end=row.end,
                               previous=row.previous, allow_back=row.allow_back)
        after = known_after(row.book, row.before, row.move, update)
        if after != row.before:  # as the reader page does: a page or a sentence only forward
            by_hand = row.move in (BoundaryMove.MARK, BoundaryMove.RESET, BoundaryMove.FINISH)
            store_boundary(library, book_id, after, forward_only=not by_hand)
        state = library.reading_state(book_id)
        assert state is not None
        assert Known(state.boundary, state.finished) == row.after
    finally:
        conn.close()


def test_a_page_turn_never_lowers_a_boundary_another_process_moved_on(
    library_home: Path,
) -> None:
    """The page-turn write is forward only against the stored row: the command line marked
    further meanwhile, and the window's later, smaller step does not take it back."""
    conn = connect(library_home)
    try:
        library = Library(conn, library_home)
        library.add(BOOK)
        store_boundary(library, BOOK.book_id, known(at(2, 3)), forward_only=False)  # mark-read
        update = next_boundary(BOOK, known(MARK), Navigation.TURN_FORWARD, start=at(1, 2),
                               end=at(1, 4), previous=at(1, 0))  # what the window knew
        after = known_after(BOOK, known(MARK), Navigation.TURN_FORWARD, update)
        assert after == known(at(1, 4))
        store_boundary(library, BOOK.book_id, after, forward_only=True)
        state = library.reading_state(BOOK.book_id)
        assert state is not None and state.boundary == at(2, 3)
    finally:
        conn.close()


def test_the_table_has_every_move() -> None:
    moves = {row.move for row in ROWS}
    assert moves == {*Navigation, *BoundaryMove}
    assert {row.book.is_comic for row in ROWS} == {False, True}

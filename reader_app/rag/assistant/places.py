"""Where a sentence of a book is, as a reader says it: "Chapter 31 (62%)" (no Qt)."""

from __future__ import annotations

import sqlite3

from reader_app.books.model import Book, Locator
from reader_app.books.shelf.library import ReadingState
from reader_app.books.shelf.marking import chapter_and_percent
from reader_app.rag.index.sentences import locator_for_sid


def place_label(book: Book, chapter: str, locator: Locator) -> str:
    """`locator` in `chapter` as a reader says it: "Chapter 12 (34%)"."""
    return chapter_and_percent(chapter, book.progress(locator) * 100)


def knows_up_to(book: Book, state: ReadingState | None) -> str:
    """The panel header's words for the boundary: "Chapter 12 (34%)", or "nothing yet"."""
    if state is None or not state.has_read_anything:
        return "nothing yet"
    if state.finished:
        return chapter_and_percent("the end", 100)
    chapter = book.chapter_title(state.boundary) or f"Section {state.boundary.section + 1}"
    return place_label(book, chapter, state.boundary)


class Places:
    """The places of one book's sentences, read from its sentence table: all an answer needs of
    the library to say where a flagged name first appears."""

    def __init__(self, conn: sqlite3.Connection, book: Book) -> None:
        self.conn = conn
        self.book = book

    def chapter_of(self, sid: int) -> tuple[str, Locator]:
        locator = locator_for_sid(self.conn, self.book.book_id, sid)
        return self.book.chapter_title(locator) or f"section {locator.section + 1}", locator

    def of(self, sid: int) -> str:
        """Where sentence `sid` is, for a reader: "Chapter 31 (62%)"."""
        return place_label(self.book, *self.chapter_of(sid))

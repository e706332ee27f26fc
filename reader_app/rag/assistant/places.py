"""Where a sentence of a book is, as a reader says it: "Chapter 31 (62%)"; how far the reader
has read, in the one form the panel's "Knows up to" and an answer's receipt share (no Qt)."""

from __future__ import annotations

import sqlite3

from reader_app.books.model import Book, Locator
from reader_app.books.shelf.library import ReadingState
from reader_app.books.shelf.marking import chapter_and_percent
from reader_app.books.shelf.reading_time import place_fraction
from reader_app.rag.index.sentences import locator_for_sid
from reader_app.rag.scope.boundary import boundary_sid_for


def place_label(book: Book, chapter: str, locator: Locator) -> str:
    """`locator` in `chapter` as a reader says it: "Chapter 12 (34%)", "Page 4 (50%)"."""
    return chapter_and_percent(chapter, place_fraction(book, locator) * 100)


def boundary_words(book: Book, boundary: Locator, *, finished: bool) -> str:
    """How far the reader has read, as the panel's "Knows up to" and an answer's receipt both
    say it: "Chapter 12 (34%)", a comic's "Page 4 (50%)", "the end (100%)"; "nothing yet"."""
    if finished:
        return chapter_and_percent("the end", 100)
    if boundary.section < 0:
        return "nothing yet"
    chapter = book.chapter_title(boundary) or f"Section {boundary.section + 1}"
    return place_label(book, chapter, boundary)


def knows_up_to(book: Book, state: ReadingState | None) -> str:
    """The panel header's words for the boundary (`boundary_words`), or "nothing yet"."""
    if state is None:
        return "nothing yet"
    return boundary_words(book, state.boundary, finished=state.finished)


class Places:
    """The places of one book's sentences, read from its sentence table: all an answer needs of
    the library to say where a flagged name first appears."""

    def __init__(self, conn: sqlite3.Connection, book: Book) -> None:
        self.conn = conn
        self.book = book

    def chapter_of(self, sid: int) -> tuple[str, Locator]:
        locator = locator_for_sid(self.conn, self.book.book_id, sid)
        return self.book.chapter_title(locator) or f"section {locator.section + 1}", locator

    def reached(self, boundary_sid: int, state: ReadingState | None) -> str:
        """How far the text of an answer at `boundary_sid` reaches, for its receipt: the
        panel's words (`knows_up_to`) when it is the recorded boundary `state`, so a comic whose
        later pages have no text yet is still "Page 4 (50%)", not "the end"; a boundary the
        command line chose (--at) is where its last sentence is."""
        if state is not None and boundary_sid == boundary_sid_for(
                self.conn, self.book.book_id, state.boundary, finished=state.finished):
            return knows_up_to(self.book, state)
        return boundary_words(self.book, self.chapter_of(boundary_sid)[1], finished=False)

    def of(self, sid: int) -> str:
        """Where sentence `sid` is, for a reader: "Chapter 31 (62%)"."""
        return place_label(self.book, *self.chapter_of(sid))

"""Where a sentence of a book is, as a reader says it: "Chapter 31 (62%)"; how far the reader
has read, in the one form the panel's "Knows up to" and an answer's receipt share (no Qt).

How far the reader has read is a `Sentence` in the context "Places" (`knows_up_to_sentence`):
the window says it in its language and digits ("Abschnitt 1.234 (62 %)", ui/translation.py's
`said`); `str()` of it, the command line's and a receipt's words, is English ("Section 1,234
(62%)"). A chapter's title is the book's own and stays as the book writes it.
"""

from __future__ import annotations

import sqlite3

from reader_app.books.model import Book, Locator
from reader_app.books.shelf.library import ReadingState
from reader_app.books.shelf.marking import chapter_and_percent, place_and_percent
from reader_app.books.shelf.reading_time import place_fraction, place_name
from reader_app.rag.index.sentences import locator_for_sid
from reader_app.rag.scope.boundary import boundary_sid_for
from reader_app.translatable import QT_TRANSLATE_NOOP, Sentence, place_words

NOTHING_YET = place_words(QT_TRANSLATE_NOOP("Places", "nothing yet"))
THE_END = place_words(QT_TRANSLATE_NOOP("Places", "the end"))


def place_label(book: Book, chapter: str, locator: Locator) -> str:
    """`locator` in `chapter` as a reader says it: "Chapter 12 (34%)", "Page 4 (50%)"."""
    return chapter_and_percent(chapter, place_fraction(book, locator) * 100)


def boundary_sentence(book: Book, boundary: Locator, *, finished: bool) -> Sentence:
    """How far the reader has read, as the panel's "Knows up to" and an answer's receipt both
    say it: "Chapter 12 (34%)", a comic's "Page 4 (50%)", "the end (100%)"; "nothing yet"."""
    if finished:
        return place_and_percent(THE_END, 100)
    if boundary.section < 0:
        return NOTHING_YET
    return place_and_percent(place_name(book, boundary), place_fraction(book, boundary) * 100)


def boundary_words(book: Book, boundary: Locator, *, finished: bool) -> str:
    """`boundary_sentence` in English: the command line's and a receipt's words."""
    return str(boundary_sentence(book, boundary, finished=finished))


def knows_up_to_sentence(book: Book, state: ReadingState | None) -> Sentence:
    """The panel header's words for the boundary (`boundary_sentence`), or "nothing yet"."""
    if state is None:
        return NOTHING_YET
    return boundary_sentence(book, state.boundary, finished=state.finished)


def knows_up_to(book: Book, state: ReadingState | None) -> str:
    """`knows_up_to_sentence` in English, as the command line says it."""
    return str(knows_up_to_sentence(book, state))


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

"""Opening a book off the UI thread: parse it (or load it from the cache), then record it in the
library (its row, when it was opened, the recent-books list) through the one writer.

The open job waits for its write on its own pool thread, so the window never waits on the
database, and by the time the book is shown its reading-state row exists.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from pathlib import Path

from reader_app.books.model import Book
from reader_app.books.shelf.library import Library, LibraryEntry
from reader_app.errors import BookError, LibraryError
from reader_app.settings import SettingsStore
from reader_app.store.writer import Writer
from reader_app.ui.translation import translate

RECENT_LIMIT = 10


@dataclass(frozen=True)
class OpenedBook:
    book: Book
    known: LibraryEntry | None  # the library's entry before this opening; None: a new book
    # The language the book is written in, decided here on the worker from its tag checked
    # against its text (books/text/language.py), the tag's region kept when they agree: read
    # aloud speaks it. "": nothing to go on (no tag, no text to tell).
    language: str = ""


def spoken_language(book: Book) -> str:
    """The language read aloud speaks `book` in: "fr" for a French text tagged "en" or not at all,
    "fr-CA" for one tagged so; "" when neither tag nor text tells. A few milliseconds: never on
    the UI thread."""
    from reader_app.books.text.language import book_language, language_tag

    pick = book_language(book)
    if pick.source == "default":
        return ""
    return pick.tag.strip() if language_tag(pick.tag) == pick.code else pick.code


def record_opened(
    conn: sqlite3.Connection, home: Path, book: Book, file: Path
) -> LibraryEntry | None:
    """Add or refresh the book's row, mark it opened and put `file` (as the reader opened it)
    first among the recent books. Returns the entry as it was before. Runs on the writer's
    connection."""
    library = Library(conn, home)
    known = library.entry(book.book_id)
    library.add(book)
    library.mark_opened(book.book_id)
    settings = SettingsStore(conn)
    path = str(file)
    recent = [p for p in settings.get("library.recent") if p != path]
    settings.set("library.recent", [path, *recent][:RECENT_LIMIT])
    settings.set("library.last_book", path)
    return known


def open_and_record(
    path: Path, home: Path, writer: Writer, *, known: LibraryEntry | None = None
) -> OpenedBook:
    """Runs on a pool thread: load the book, then record it through `writer` and wait for that.

    `known` is the library's entry when the reader chose the book there: a file at its path
    that is now another book (its SHA-256 differs) is refused, never opened as that entry."""
    from reader_app.books.opening.ahead import wait_for_ahead
    from reader_app.books.opening.cache import load_book
    from reader_app.books.typography.hyphenation import supports

    wait_for_ahead(path)  # a launch's head start leaves the parsed book in the cache
    book = load_book(path, home)
    if known is not None and book.book_id != known.book_id:
        raise BookError(
            path,
            translate("BookOpening", "it is no longer “{0}”, the book the library knew there: "
                      "the file was replaced by another book. Open it with File ▸ Open to add it "
                      "as a new book, or put the original back.").format(known.title),
        )
    # The page's first layout needs the hyphenation patterns: load them here, not on the UI
    # thread (reading War and Peace's English patterns took about 90 ms there).
    supports(book.metadata.language or "en")
    language = spoken_language(book)
    return OpenedBook(book, record_through(writer, home, book, path), language)


def record_through(writer: Writer, home: Path, book: Book, file: Path) -> LibraryEntry | None:
    """`record_opened` on the writer's thread; waits for it (never call it on the UI thread)."""
    outcome: dict[str, object] = {}

    def write(conn: sqlite3.Connection) -> None:
        try:
            outcome["known"] = record_opened(conn, home, book, file)
        except Exception as error:  # handed to the opening job, which reports it
            outcome["error"] = error

    if not writer.wait_for(writer.submit(write)):
        raise LibraryError(translate(
            "BookOpening", "Recording “{0}” in the library timed out.").format(book.metadata.title))
    error = outcome.get("error")
    if isinstance(error, Exception):
        raise error
    known = outcome.get("known")
    return known if isinstance(known, LibraryEntry) else None

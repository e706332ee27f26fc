"""The library: which books the reader has, and where they are in each (position and boundary)."""

from __future__ import annotations

import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from reader_app.books.model import Book, Locator, Series, is_comic_format

SortKey = Literal["recent", "title", "author"]
NOTHING_READ = Locator(-1, 0, 0)


@dataclass(frozen=True, slots=True)
class LibraryEntry:
    book_id: str
    path: Path
    format: str
    title: str
    authors: str
    series: Series | None
    section_count: int
    char_count: int
    cover_png: bytes | None
    added_at: float
    opened_at: float | None
    progress: float
    finished: bool
    language: str = ""
    description: str = ""

    @property
    def is_comic(self) -> bool:
        """The stored format's kind, asked as the book model asks it (`Book.is_comic`)."""
        return is_comic_format(self.format)


@dataclass(frozen=True, slots=True)
class ReadingState:
    """Where the reader is (`position`) and how far they have read (`boundary`) in one book.

    `boundary` is the place just after the last character the reader has had on screen while
    reading forward; `NOTHING_READ` (section -1) before the book was first read.
    `finished` makes the whole book eligible.
    """

    book_id: str
    position: Locator
    boundary: Locator
    progress: float
    finished: bool

    @property
    def has_read_anything(self) -> bool:
        return self.finished or self.boundary.section >= 0


class Library:
    """Books and reading state in the library database. Plain values in, plain values out."""

    def __init__(self, conn: sqlite3.Connection, home: Path) -> None:
        self.conn = conn
        self.home = home

    # -- books ------------------------------------------------------------------------------

    def add(self, book: Book, *, cover_png: bytes | None = None) -> None:
        """Record `book` (or refresh its path and metadata if it is already there)."""
        meta = book.metadata
        with self.conn:
            self.conn.execute(
                """
                INSERT INTO books (book_id, path, format, title, authors, language, description,
                                   series_name, series_index, section_count, char_count,
                                   cover_png, added_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT(book_id) DO UPDATE SET
                    path = excluded.path, title = excluded.title, authors = excluded.authors,
                    language = excluded.language, description = excluded.description,
                    series_name = COALESCE(books.series_name, excluded.series_name),
                    series_index = COALESCE(books.series_index, excluded.series_index),
                    section_count = excluded.section_count, char_count = excluded.char_count,
                    cover_png = COALESCE(excluded.cover_png, books.cover_png)
                """,
                (
                    book.book_id,
                    str(book.path),
                    book.format,
                    meta.title,
                    meta.author_line,
                    meta.language,
                    meta.description,
                    meta.series.name if meta.series else None,
                    meta.series.index if meta.series else None,
                    len(book.sections),
                    book.char_count,
                    cover_png,
                    time.time(),
                ),
            )
            self.conn.execute(
                "INSERT OR IGNORE INTO reading_state (book_id, updated_at) VALUES (?, ?)",
                (book.book_id, time.time()),
            )

    def contains(self, book_id: str) -> bool:
        row = self.conn.execute("SELECT 1 FROM books WHERE book_id = ?", (book_id,)).fetchone()
        return row is not None

    def entry(self, book_id: str) -> LibraryEntry | None:
        rows = self._entries("WHERE b.book_id = ?", (book_id,))
        return rows[0] if rows else None

    def entries(self, *, sort: SortKey = "recent") -> list[LibraryEntry]:
        order = {
            "recent": "COALESCE(b.opened_at, b.added_at) DESC",
            "title": "b.title COLLATE NOCASE ASC",
            "author": "b.authors COLLATE NOCASE ASC, b.title COLLATE NOCASE ASC",
        }[sort]
        return self._entries(f"ORDER BY {order}", ())

    def _entries(self, tail: str, params: tuple[object, ...]) -> list[LibraryEntry]:
        rows = self.conn.execute(
            f"""
            SELECT b.*, COALESCE(r.progress, 0) AS progress, COALESCE(r.finished, 0) AS finished
            FROM books b LEFT JOIN reading_state r ON r.book_id = b.book_id {tail}
            """,
            params,
        ).fetchall()
        return [
            LibraryEntry(
                book_id=row["book_id"],
                path=Path(row["path"]),
                format=row["format"],
                title=row["title"],
                authors=row["authors"],
                series=(
                    Series(row["series_name"], row["series_index"])
                    if row["series_name"] is not None and row["series_index"] is not None
                    else None
                ),
                section_count=row["section_count"],
                char_count=row["char_count"],
                cover_png=row["cover_png"],
                added_at=row["added_at"],
                opened_at=row["opened_at"],
                progress=row["progress"],
                finished=bool(row["finished"]),
                language=row["language"],
                description=row["description"],
            )
            for row in rows
        ]

    def mark_opened(self, book_id: str) -> None:
        with self.conn:
            self.conn.execute(
                "UPDATE books SET opened_at = ? WHERE book_id = ?", (time.time(), book_id)
            )

    def remove(self, book_id: str) -> None:
        """Drop a book's row and, with it, its reading state and stored rows.

        Files and tables derived from the book are not the library's: `reader_app.forget` drops
        those too, and is what the app calls.
        """
        with self.conn:
            self.conn.execute("DELETE FROM books WHERE book_id = ?", (book_id,))

    # -- reading state ----------------------------------------------------------------------

    def reading_state(self, book_id: str) -> ReadingState | None:
        row = self.conn.execute(
            "SELECT * FROM reading_state WHERE book_id = ?", (book_id,)
        ).fetchone()
        if row is None:
            return None
        return ReadingState(
            book_id=book_id,
            position=Locator(row["section"], row["block"], row["char"]),
            boundary=Locator(row["boundary_section"], row["boundary_block"], row["boundary_char"]),
            progress=row["progress"],
            finished=bool(row["finished"]),
        )

    def save_position(self, book_id: str, position: Locator, *, progress: float) -> None:
        with self.conn:
            self.conn.execute(
                """UPDATE reading_state SET section = ?, block = ?, char = ?, progress = ?,
                   updated_at = ? WHERE book_id = ?""",
                (*position.as_tuple(), progress, time.time(), book_id),
            )

    def advance_boundary(self, book_id: str, boundary: Locator) -> bool:
        """Move the boundary forward to `boundary`; never backward. True if it moved."""
        state = self.reading_state(book_id)
        if state is None or boundary <= state.boundary:
            return False
        self._write_boundary(book_id, boundary)
        return True

    def set_boundary(self, book_id: str, boundary: Locator) -> None:
        """Set the boundary on purpose ("Mark as read up to here"), forward or back."""
        self._write_boundary(book_id, boundary)

    def reset_boundary(self, book_id: str) -> None:
        """Forget how far the reader has read: nothing is eligible, the book is not finished."""
        with self.conn:
            self.conn.execute(
                """UPDATE reading_state SET boundary_section = -1, boundary_block = 0,
                   boundary_char = 0, finished = 0, updated_at = ? WHERE book_id = ?""",
                (time.time(), book_id),
            )

    def set_whole_comic(self, book_id: str, chosen: bool) -> None:
        """Record the reader's choice to let a vision model see every page of a comic."""
        with self.conn:
            self.conn.execute(
                "UPDATE reading_state SET whole_comic = ?, updated_at = ? WHERE book_id = ?",
                (int(chosen), time.time(), book_id),
            )

    def mark_finished(self, book_id: str, end: Locator) -> None:
        with self.conn:
            self.conn.execute(
                """UPDATE reading_state SET boundary_section = ?, boundary_block = ?,
                   boundary_char = ?, finished = 1, updated_at = ? WHERE book_id = ?""",
                (*end.as_tuple(), time.time(), book_id),
            )

    def _write_boundary(self, book_id: str, boundary: Locator) -> None:
        with self.conn:
            self.conn.execute(
                """UPDATE reading_state SET boundary_section = ?, boundary_block = ?,
                   boundary_char = ?, finished = 0, updated_at = ? WHERE book_id = ?""",
                (*boundary.as_tuple(), time.time(), book_id),
            )

"""The spoiler mask: the one place that turns the recorded reading state into what may be searched.

Rules (DESIGN.md sections 1 and 2):
- The boundary sid is the last sentence that ends at or before the recorded boundary locator;
  -1 when nothing has been read; the last sentence when the book is finished.
- In the current book, the eligible chunks are those with `sid_end <= boundary sid`: because
  chunk ids follow reading order, that is the prefix `[0, c)`.
- Earlier volumes of the same series are eligible whole; later volumes never.
- The scope comes only from the database (what the reader view recorded), never from a query.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

from reader_app.books.model import Locator
from reader_app.errors import ScopeError
from reader_app.rag.sentences import sentence_count, sid_at


@dataclass(frozen=True)
class VolumeScope:
    book_id: str
    chunk_limit: int  # chunks [0, chunk_limit) are eligible


@dataclass(frozen=True)
class Scope:
    book_id: str
    boundary_sid: int  # last eligible sentence of the current book; -1 if none
    volumes: tuple[VolumeScope, ...]  # earlier series volumes in order, then the current book

    @property
    def current(self) -> VolumeScope:
        return self.volumes[-1]


def scope_for_book(conn: sqlite3.Connection, book_id: str) -> Scope:
    """The scope of a question asked while reading `book_id`, from its recorded reading state."""
    row = conn.execute(
        """SELECT boundary_section, boundary_block, boundary_char, finished
           FROM reading_state WHERE book_id = ?""",
        (book_id,),
    ).fetchone()
    if row is None:
        raise ScopeError(
            "This book has no reading state yet: add it to the library and open it in the "
            "reader before asking about it."
        )
    boundary = Locator(int(row[0]), int(row[1]), int(row[2]))
    boundary_sid = boundary_sid_for(conn, book_id, boundary, finished=bool(row[3]))
    return scope_at(conn, book_id, boundary_sid=boundary_sid)


def scope_at(conn: sqlite3.Connection, book_id: str, *, boundary_sid: int) -> Scope:
    """The scope at an explicit boundary, for the command line's --at/--upto-sid only."""
    series = conn.execute(
        "SELECT series_name, series_index FROM books WHERE book_id = ?", (book_id,)
    ).fetchone()
    if series is None:
        raise ScopeError("This book is not in the library: add it before searching it.")
    boundary_sid = min(max(boundary_sid, -1), sentence_count(conn, book_id) - 1)
    current = VolumeScope(book_id, eligible_chunk_limit(conn, book_id, boundary_sid))
    return Scope(book_id, boundary_sid, (*_earlier_volumes(conn, series[0], series[1]), current))


def _earlier_volumes(
    conn: sqlite3.Connection, series_name: str | None, series_index: float | None
) -> tuple[VolumeScope, ...]:
    if series_name is None or series_index is None:
        return ()
    rows = conn.execute(
        """SELECT b.book_id, COALESCE(t.chunk_count, 0) FROM books b
           LEFT JOIN text_units t ON t.book_id = b.book_id
           WHERE b.series_name = ? AND b.series_index < ?
           ORDER BY b.series_index, b.book_id""",
        (series_name, series_index),
    ).fetchall()
    return tuple(VolumeScope(row[0], int(row[1])) for row in rows)


def boundary_sid_for(
    conn: sqlite3.Connection, book_id: str, locator: Locator, *, finished: bool
) -> int:
    """The last sentence the reader has fully read, given the recorded boundary locator."""
    if finished:
        return sentence_count(conn, book_id) - 1
    if locator.section < 0:
        return -1
    return sid_at(conn, book_id, locator)


def eligible_chunk_limit(conn: sqlite3.Connection, book_id: str, boundary_sid: int) -> int:
    """c such that chunks `[0, c)` are exactly the chunks ending at or before `boundary_sid`."""
    if boundary_sid < 0:
        return 0
    row = conn.execute(
        "SELECT COUNT(*) FROM chunks WHERE book_id = ? AND sid_end <= ?", (book_id, boundary_sid)
    ).fetchone()
    return int(row[0])


# -- companion features: derived text and the sentences it may be made from ---------------------


def sentence_in_scope(scope: Scope, book_id: str, sid: int) -> bool:
    """May sentence `sid` of `book_id` be shown to a model or used to make derived text?

    The current book up to the boundary; earlier series volumes whole; nothing else.
    """
    if book_id == scope.book_id:
        return 0 <= sid <= scope.boundary_sid
    return any(v.book_id == book_id for v in scope.volumes[:-1]) and sid >= 0


def derived_text_usable(scope: Scope, book_id: str, *, made_at_sid: int) -> bool:
    """May text derived from the book (a description, a summary, a merge) be shown or sent?

    Only while the boundary is at or beyond the boundary it was made at: after a Reset, text
    made further on is hidden until the reader gets there again.
    """
    if book_id == scope.book_id:
        return made_at_sid <= scope.boundary_sid
    return any(v.book_id == book_id for v in scope.volumes[:-1])


def earlier_volume_ids(scope: Scope) -> tuple[str, ...]:
    """The earlier volumes of the series, in order: eligible whole."""
    return tuple(v.book_id for v in scope.volumes[:-1])

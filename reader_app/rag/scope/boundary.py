"""The spoiler mask: the one place that turns the recorded reading state into what may be searched.

Rules (DESIGN.md sections 1 and 2):
- The boundary sid is the last sentence that ends at or before the recorded boundary locator;
  -1 when nothing has been read; the last sentence when the book is finished. A PDF's sentence
  that runs on over a page break is stored where it ends (index/sentences.py `split_book`): it
  is read once the page where it ends has been seen, and not before, not even its first half.
- In the current book, the eligible chunks are those with `sid_end <= boundary sid`: because
  chunk ids follow reading order, that is the prefix `[0, c)`.
- Earlier volumes of the same series are eligible whole; later volumes never.
- A note goes with the page that points to it: a note (rag/index/story.py) whose reference lies
  at or before the boundary is eligible wherever its own text sits (its chunks beyond the prefix
  are named one by one); a note referred to only from unread text is not.
- Only the story is ever a chunk (rag/index/story.py): the matter around the text (imprint,
  colophon, contents, title pages, bare headings) is never searched, cited or summarised.
- The scope comes only from the database (what the reader view recorded), never from a query.

Every other "may this be used?" question is answered here too, by the same rule: whether a
selection may be sent, which stored messages and derived texts may be shown, and which comic
pages a vision model may see (with its one labelled exception, "Prepare whole comic").
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

from reader_app.books.model import Book, Locator
from reader_app.errors import ScopeError
from reader_app.rag.index.sentences import sentence_count, sid_at
from reader_app.rag.index.story import NoteLink, notes_referred_by
from reader_app.rag.index.text_units import ensure_sentences
from reader_app.translatable import QT_TRANSLATE_NOOP, sentence


@dataclass(frozen=True)
class VolumeScope:
    book_id: str
    chunk_limit: int  # chunks [0, chunk_limit) are eligible
    # and these beyond it: the notes whose reference has been read (current book only)
    note_chunks: tuple[int, ...] = ()

    @property
    def any_eligible(self) -> bool:
        return self.chunk_limit > 0 or bool(self.note_chunks)


@dataclass(frozen=True)
class Scope:
    book_id: str
    boundary_sid: int  # last eligible sentence of the current book; -1 if none
    volumes: tuple[VolumeScope, ...]  # earlier series volumes in order, then the current book
    # Sentence ranges (inclusive) of the notes beyond the boundary whose reference was read.
    note_sids: tuple[tuple[int, int], ...] = ()

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
            sentence(QT_TRANSLATE_NOOP(
                "Errors", "This book has no reading state yet: add it to the library and open it "
                "in the reader before asking about it."))
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
        raise ScopeError(sentence(QT_TRANSLATE_NOOP(
            "Errors", "This book is not in the library: add it before searching it.")))
    boundary_sid = min(max(boundary_sid, -1), sentence_count(conn, book_id) - 1)
    limit = eligible_chunk_limit(conn, book_id, boundary_sid)
    notes = notes_referred_by(conn, book_id, boundary_sid) if boundary_sid >= 0 else []
    current = VolumeScope(book_id, limit, _note_chunks(conn, book_id, notes, limit))
    return Scope(
        book_id,
        boundary_sid,
        (*_earlier_volumes(conn, series[0], series[1]), current),
        tuple((n.note_sid_start, n.note_sid_end) for n in notes),
    )


def _note_chunks(
    conn: sqlite3.Connection, book_id: str, notes: list[NoteLink], chunk_limit: int
) -> tuple[int, ...]:
    """The chunks beyond the prefix that hold only the text of `notes`."""
    found: list[int] = []
    for note in notes:
        rows = conn.execute(
            """SELECT chunk_id FROM chunks WHERE book_id = ? AND chunk_id >= ?
               AND sid_start >= ? AND sid_end <= ? ORDER BY chunk_id""",
            (book_id, chunk_limit, note.note_sid_start, note.note_sid_end),
        ).fetchall()
        found.extend(int(row[0]) for row in rows)
    return tuple(sorted(found))


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


# -- every other eligibility question, by the same rule ------------------------------------


def selection_may_be_sent(
    conn: sqlite3.Connection,
    book: Book,
    end: Locator,
    *,
    boundary: Locator | None = None,
    finished: bool = False,
    prepare: bool = True,
) -> bool:
    """Whether a selection ending just before `end` may go to the assistant.

    The search mask's rule: a sentence counts when it ends at or before the boundary. The
    selection's last character lies in some sentence; that sentence must be read whole.
    `boundary`/`finished` are the reader view's own state when it has one (its writes to the
    database land behind it); otherwise the recorded reading state is read. With `prepare`
    false, a book whose sentences are not built yet says no instead of building them here (the
    window's UI thread, whose background preparation builds them within seconds).
    """
    if sentence_count(conn, book.book_id) == 0:
        if not prepare:
            return False  # not prepared yet: nothing can be checked, so nothing is sent
        ensure_sentences(conn, book)
    if boundary is not None:
        boundary_sid = boundary_sid_for(conn, book.book_id, boundary, finished=finished)
    else:
        try:
            boundary_sid = scope_for_book(conn, book.book_id).boundary_sid
        except ScopeError:
            return False
    row = conn.execute(
        """SELECT MAX(sid) FROM sentences WHERE book_id = ?
           AND (section, block, char_start) < (?, ?, ?)""",
        (book.book_id, *end.as_tuple()),
    ).fetchone()
    last_sid = -1 if row is None or row[0] is None else int(row[0])
    return 0 <= last_sid <= boundary_sid


def made_within(made_at_sid: int, *, boundary_sid: int) -> bool:
    """Whether a stored message or derived text (summary, note, description) made at
    `made_at_sid` may be shown or used now: only while the boundary is at or beyond it."""
    return made_at_sid <= boundary_sid


def last_comic_page_in_scope(conn: sqlite3.Connection, book_id: str, *, page_count: int) -> int:
    """The last comic page the reader has had on screen (the page is the unit); -1 before."""
    row = conn.execute(
        "SELECT boundary_section, finished FROM reading_state WHERE book_id = ?", (book_id,)
    ).fetchone()
    if row is None:
        return -1
    if row[1]:
        return page_count - 1
    return min(int(row[0]), page_count - 1)


def whole_comic_chosen(conn: sqlite3.Connection, book_id: str) -> bool:
    """Whether the reader chose "Prepare whole comic" for this book (and has not turned it off)."""
    row = conn.execute(
        "SELECT whole_comic FROM reading_state WHERE book_id = ?", (book_id,)
    ).fetchone()
    return bool(row is not None and row[0])


def last_page_to_describe(
    conn: sqlite3.Connection, book_id: str, *, page_count: int, whole_comic: bool = False
) -> int:
    """The last page a vision model may see. The one labelled exception to the boundary
    (DESIGN.md 1.6): when the reader chose "Prepare whole comic", every page; the descriptions
    of pages past the boundary are still never used in an answer until the reader gets there
    (they are text of those pages, masked like any other)."""
    if whole_comic or whole_comic_chosen(conn, book_id):
        return page_count - 1
    return last_comic_page_in_scope(conn, book_id, page_count=page_count)
# -- companion features: derived text and the sentences it may be made from ---------------------


def sentence_in_scope(scope: Scope, book_id: str, sid: int) -> bool:
    """May sentence `sid` of `book_id` be shown to a model or used to make derived text?

    The current book up to the boundary and the notes referred to from there; earlier series
    volumes whole; nothing else.
    """
    if book_id == scope.book_id:
        return 0 <= sid <= scope.boundary_sid or any(
            start <= sid <= end for start, end in scope.note_sids
        )
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

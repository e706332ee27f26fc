"""Storing a book's names (forms, mentions, merges) once, and reading them back at a boundary."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Iterable
from dataclasses import dataclass

from reader_app.books.model import Book
from reader_app.rag.companion.entities import EXTRACTOR_VERSION, Extraction, extract_entities
from reader_app.rag.index.text_units import text_digest

STRONG, SPEECH, TITLED, PLACE, AFTER_THE, CALLED, KNOWN_PLACE, LONE = 1, 2, 4, 8, 16, 32, 64, 128


@dataclass(frozen=True, slots=True)
class StoredForm:
    form_id: int
    title: str
    names: str
    first_sid: int

    @property
    def text(self) -> str:
        return f"{self.title} {self.names}".strip()


@dataclass(frozen=True, slots=True)
class FormCounts:
    """One form's mentions at or before a boundary."""

    form_id: int
    mentions: int
    first_sid: int
    strong: int
    speech: int
    titled: int
    place: int
    after_the: int
    called: int  # called out in speech: "“… like it, Lizzy.”"
    known_place: int = 0  # named like a place the reader knows (places.py)
    lone: int = 0  # one word mid-sentence, nothing else said of it (French)


def ensure_entities(conn: sqlite3.Connection, book: Book) -> bool:
    """Extract and store `book`'s names unless they are current. True if it (re)built them."""
    digest = text_digest(book)
    row = conn.execute(
        "SELECT extractor, text_digest FROM entity_builds WHERE book_id = ?", (book.book_id,)
    ).fetchone()
    if row is not None and row[0] == EXTRACTOR_VERSION and row[1] == digest:
        return False
    store_extraction(conn, extract_entities(book), digest=digest)
    return True


def store_extraction(conn: sqlite3.Connection, extraction: Extraction, *, digest: str) -> None:
    """Replace a book's names in one transaction."""
    book_id = extraction.book_id
    with conn:
        for table in ("entity_forms", "entity_mentions"):
            conn.execute(f"DELETE FROM {table} WHERE book_id = ?", (book_id,))
        conn.execute("DELETE FROM entity_links WHERE book_id = ? AND source = 'text'", (book_id,))
        conn.executemany(
            "INSERT INTO entity_forms (book_id, form_id, title, names, first_sid) "
            "VALUES (?, ?, ?, ?, ?)",
            ((book_id, f.form_id, f.title, " ".join(f.names), f.first_sid)
             for f in extraction.forms),
        )
        conn.executemany(
            "INSERT INTO entity_mentions (book_id, sid, form_id, section, block, flags) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (
                (book_id, m.sid, m.form_id, m.section, m.block,
                 STRONG * m.strong | SPEECH * m.speech | TITLED * m.titled | PLACE * m.place
                 | AFTER_THE * m.after_the | CALLED * m.called | KNOWN_PLACE * m.known_place
                 | LONE * m.lone)
                for m in extraction.mentions
            ),
        )
        conn.executemany(
            "INSERT INTO entity_links (book_id, form_id, into_form_id, made_at_sid, rule, source)"
            " VALUES (?, ?, ?, ?, ?, 'text')",
            ((book_id, link.form_id, link.into_form_id, link.made_at_sid, link.rule)
             for link in extraction.links),
        )
        conn.execute(
            """INSERT INTO entity_builds (book_id, extractor, text_digest, form_count,
                                          mention_count, built_at) VALUES (?, ?, ?, ?, ?, ?)
               ON CONFLICT(book_id) DO UPDATE SET extractor = excluded.extractor,
                   text_digest = excluded.text_digest, form_count = excluded.form_count,
                   mention_count = excluded.mention_count, built_at = excluded.built_at""",
            (book_id, EXTRACTOR_VERSION, digest, len(extraction.forms),
             len(extraction.mentions), time.time()),
        )


def forms_of(conn: sqlite3.Connection, book_id: str, form_ids: Iterable[int]) -> list[StoredForm]:
    wanted = sorted(set(form_ids))
    if not wanted:
        return []
    marks = ",".join("?" * len(wanted))
    rows = conn.execute(
        f"SELECT form_id, title, names, first_sid FROM entity_forms "
        f"WHERE book_id = ? AND form_id IN ({marks}) ORDER BY form_id",
        (book_id, *wanted),
    ).fetchall()
    return [StoredForm(*row) for row in rows]


def form_counts_upto(conn: sqlite3.Connection, book_id: str, sid: int) -> list[FormCounts]:
    """Every form's mentions in sentences `0..sid`."""
    rows = conn.execute(
        """SELECT form_id, COUNT(*), MIN(sid), SUM(flags & 1 > 0), SUM(flags & 2 > 0),
                  SUM(flags & 4 > 0), SUM(flags & 8 > 0), SUM(flags & 16 > 0),
                  SUM(flags & 32 > 0), SUM(flags & 64 > 0),
                  SUM(flags & 128 > 0)
           FROM entity_mentions WHERE book_id = ? AND sid <= ? GROUP BY form_id""",
        (book_id, sid),
    ).fetchall()
    return [FormCounts(*(int(v) for v in row)) for row in rows]


def links_upto(conn: sqlite3.Connection, book_id: str, sid: int) -> list[tuple[int, int]]:
    """(form, into) merges made at or before sentence `sid`, in the order they were made."""
    rows = conn.execute(
        """SELECT form_id, into_form_id FROM entity_links
           WHERE book_id = ? AND made_at_sid <= ? ORDER BY made_at_sid, rowid""",
        (book_id, sid),
    ).fetchall()
    return [(int(a), int(b)) for a, b in rows]


def add_model_link(
    conn: sqlite3.Connection, book_id: str, *, form_id: int, into_form_id: int, made_at_sid: int
) -> None:
    """Record a merge a model proposed from passages at or before `made_at_sid`."""
    with conn:
        conn.execute(
            "INSERT INTO entity_links (book_id, form_id, into_form_id, made_at_sid, rule, source)"
            " VALUES (?, ?, ?, ?, 'model merge', 'model')",
            (book_id, form_id, into_form_id, made_at_sid),
        )


def mentions_of(
    conn: sqlite3.Connection, book_id: str, form_ids: Iterable[int], sid: int
) -> list[int]:
    """The sids mentioning any of `form_ids` in sentences `0..sid`, in reading order."""
    rows = _mention_rows(conn, book_id, form_ids, sid, "DISTINCT sid", "ORDER BY sid")
    return [int(row[0]) for row in rows]


def speech_mentions_of(
    conn: sqlite3.Connection, book_id: str, form_ids: Iterable[int], sid: int
) -> list[int]:
    """The sids in `0..sid` where one of `form_ids` speaks ("said Elizabeth"), in order."""
    rows = _mention_rows(conn, book_id, form_ids, sid, "DISTINCT sid", "AND flags & 2 ORDER BY sid")
    return [int(row[0]) for row in rows]


def shared_mentions(
    conn: sqlite3.Connection, book_id: str, form_ids: Iterable[int], sid: int
) -> list[tuple[int, int]]:
    """(sid, form) for every mention of `form_ids` in sentences `0..sid` (to count a merged
    name's sentences once each, however many of its forms one sentence holds)."""
    rows = _mention_rows(conn, book_id, form_ids, sid, "sid, form_id", "")
    return [(int(a), int(b)) for a, b in rows]


def _mention_rows(conn: sqlite3.Connection, book_id: str, form_ids: Iterable[int], sid: int,
                  columns: str, tail: str) -> list[sqlite3.Row]:
    """`columns` of the mentions of `form_ids` in sentences `0..sid`, `tail` added to the query
    (both fixed strings of the callers above, never reader or book text)."""
    wanted = sorted(set(form_ids))
    if not wanted:
        return []
    marks = ",".join("?" * len(wanted))
    return list(conn.execute(
        f"SELECT {columns} FROM entity_mentions WHERE book_id = ? AND sid <= ? "
        f"AND form_id IN ({marks}) {tail}",
        (book_id, sid, *wanted),
    ).fetchall())


def paragraph_forms_upto(
    conn: sqlite3.Connection, book_id: str, sid: int
) -> list[tuple[int, int, int]]:
    """(section, block, form) for every mention in sentences `0..sid`."""
    rows = conn.execute(
        """SELECT section, block, form_id FROM entity_mentions
           WHERE book_id = ? AND sid <= ?""",
        (book_id, sid),
    ).fetchall()
    return [(int(a), int(b), int(c)) for a, b, c in rows]

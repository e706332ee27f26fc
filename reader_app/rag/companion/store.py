"""Stored companion text (descriptions, summaries, recaps) and the book's chapters as sid ranges.

Reading goes through `usable_texts`, which asks `rag/scope/boundary.py` whether each row may be
shown at the current scope: text made at a later boundary (before a Reset, say) stays hidden.
"""

from __future__ import annotations

import sqlite3
import time
from dataclasses import dataclass

from reader_app.books.model import Book, Locator
from reader_app.books.text.language import decided_language
from reader_app.rag.companion.words import CompanionWords, companion_words
from reader_app.rag.index.sentences import sentence_count, sid_at
from reader_app.rag.index.story import sections_outside_story
from reader_app.rag.scope.boundary import Scope, derived_text_usable

MIN_CHAPTER_SENTENCES = 3  # title pages and epigraphs are not summarised


@dataclass(frozen=True, slots=True)
class Chapter:
    number: int  # 0-based position among the book's chapters
    title: str
    sid_start: int
    sid_end: int  # inclusive

    @property
    def summarisable(self) -> bool:
        return self.sid_end - self.sid_start + 1 >= MIN_CHAPTER_SENTENCES


@dataclass(frozen=True, slots=True)
class CompanionText:
    text_id: int
    book_id: str
    kind: str
    subject: str
    sid_start: int
    sid_end: int
    made_at_sid: int
    mention_count: int
    text: str
    source: str  # model | extract
    model: str


class LazyWords:
    """The companion's words for a book, its language decided only if a label is needed."""

    def __init__(self, book: Book) -> None:
        self.book = book
        self.words: CompanionWords | None = None

    def __call__(self) -> CompanionWords:
        if self.words is None:
            self.words = companion_words(decided_language(self.book))
        return self.words


def chapters(conn: sqlite3.Connection, book: Book) -> list[Chapter]:
    """The book's chapters from its table of contents (or its sections), as sentence ranges."""
    starts: dict[int, str] = {}
    entries = [item for entry in book.toc for _, item in entry.walk()]
    skipped = sections_outside_story(book)  # title pages, imprints, bare headings
    words = LazyWords(book)  # labels for sections with no title, in the book's language
    if entries:
        for item in sorted(entries, key=lambda e: e.target):
            title = "" if item.target.section in skipped else item.title
            starts.setdefault(sid_at(conn, book.book_id, item.target) + 1, title)
    else:
        for section in book.sections:
            first = sid_at(conn, book.book_id, _section_start(section.index)) + 1
            title = section.title or words().section.format(number=section.index + 1)
            starts.setdefault(first, "" if section.index in skipped else title)
    total = sentence_count(conn, book.book_id)
    ordered = sorted((s, t) for s, t in starts.items() if s < total)
    if ordered and ordered[0][0] > 0:
        ordered.insert(0, (0, book.metadata.title or words().opening))
    result: list[Chapter] = []
    for n, (start, title) in enumerate(ordered):
        end = ordered[n + 1][0] - 1 if n + 1 < len(ordered) else total - 1
        if title:  # front and back matter (title page, colophon) are not chapters
            result.append(Chapter(len(result), title, start, end))
    return result


def chapter_at(chapter_list: list[Chapter], sid: int) -> Chapter | None:
    for chapter in chapter_list:
        if chapter.sid_start <= sid <= chapter.sid_end:
            return chapter
    return None


def _section_start(section: int) -> Locator:
    return Locator(section, 0, 0)


def save_text(
    conn: sqlite3.Connection,
    *,
    book_id: str,
    kind: str,
    subject: str,
    sid_start: int,
    sid_end: int,
    made_at_sid: int,
    text: str,
    source: str,
    model: str = "",
    mention_count: int = 0,
) -> int:
    with conn:
        cursor = conn.execute(
            """INSERT INTO companion_texts (book_id, kind, subject, sid_start, sid_end,
                   made_at_sid, mention_count, text, source, model, created_at)
               VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""",
            (book_id, kind, subject, sid_start, sid_end, made_at_sid, mention_count, text,
             source, model, time.time()),
        )
    return int(cursor.lastrowid or 0)


def usable_texts(
    conn: sqlite3.Connection, scope: Scope, *, book_id: str, kind: str, subject: str | None = None
) -> list[CompanionText]:
    """Stored texts of `kind` usable at `scope`, newest boundary last."""
    sql = "SELECT * FROM companion_texts WHERE book_id = ? AND kind = ?"
    params: list[object] = [book_id, kind]
    if subject is not None:
        sql += " AND subject = ?"
        params.append(subject)
    rows = conn.execute(sql + " ORDER BY made_at_sid, text_id", params).fetchall()
    texts = [
        CompanionText(row["text_id"], row["book_id"], row["kind"], row["subject"],
                      row["sid_start"], row["sid_end"], row["made_at_sid"],
                      row["mention_count"], row["text"], row["source"], row["model"])
        for row in rows
    ]
    return [t for t in texts if derived_text_usable(scope, t.book_id, made_at_sid=t.made_at_sid)]


def latest_usable(
    conn: sqlite3.Connection, scope: Scope, *, book_id: str, kind: str, subject: str
) -> CompanionText | None:
    texts = usable_texts(conn, scope, book_id=book_id, kind=kind, subject=subject)
    return texts[-1] if texts else None

"""What the reader has heard of a book through Read aloud, kept apart from reading: the time the
voice spent on sentences heard in full, their words and how many, per book (the `listening`
table); the reading speed is measured from page turns alone (books/shelf/reading_time.py)."""

from __future__ import annotations

import sqlite3
import time
from dataclasses import dataclass

from reader_app.books.shelf.reading_time import Number, Say, duration_text, same_words
from reader_app.translatable import QT_TRANSLATE_NOOP, english


@dataclass(frozen=True, slots=True)
class Listened:
    seconds: float = 0.0
    words: int = 0
    sentences: int = 0

    def plus(self, other: Listened) -> Listened:
        return Listened(self.seconds + other.seconds, self.words + other.words,
                        self.sentences + other.sentences)

    @property
    def words_per_minute(self) -> float | None:
        return self.words / self.seconds * 60 if self.seconds >= 1 else None


def heard(text: str, *, seconds: float) -> Listened:
    """One sentence heard in full: its words and the time it took."""
    return Listened(max(seconds, 0.0), len(text.split()), 1)


def listened_to(conn: sqlite3.Connection, book_id: str) -> Listened:
    row = conn.execute(
        "SELECT seconds, words, sentences FROM listening WHERE book_id = ?", (book_id,)
    ).fetchone()
    return Listened(float(row[0]), int(row[1]), int(row[2])) if row else Listened()


def add_listened(conn: sqlite3.Connection, book_id: str, more: Listened) -> None:
    """Add `more` to the book's totals (a book no longer in the library is left alone)."""
    if more.sentences <= 0:
        return
    with conn:
        conn.execute(
            "INSERT INTO listening (book_id, seconds, words, sentences, updated_at) "
            "SELECT ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM books WHERE book_id = ?) "
            "ON CONFLICT (book_id) DO UPDATE SET seconds = seconds + excluded.seconds, "
            "words = words + excluded.words, sentences = sentences + excluded.sentences, "
            "updated_at = excluded.updated_at",
            (book_id, more.seconds, more.words, more.sentences, time.time(), book_id),
        )


def listening_text(listened: Listened, *, say: Say = same_words, number: Number = english) -> str:
    """"1 h 05 min listened, 9,120 words (140 words a minute)"; "" when nothing was heard; in the
    words `say` gives (the window's language)."""
    if listened.sentences <= 0:
        return ""
    pace = listened.words_per_minute
    speed = say(QT_TRANSLATE_NOOP("ReadingTime", " ({0} words a minute)")).format(
        number(round(pace))) if pace is not None else ""
    return say(QT_TRANSLATE_NOOP("ReadingTime", "{0} listened, {1} words{2}")).format(
        duration_text(listened.seconds / 60, say=say, number=number), number(listened.words),
        speed)

"""Conversations with characters: one thread per book and character, listed beside the
assistant's own conversations. Messages, summaries and the rewrite cache are the assistant's
(`rag/assistant/conversations.py`); this adds who the conversation is with."""

from __future__ import annotations

import sqlite3
import time
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class ConversationInfo:
    """One conversation of a book, as a list shows it."""

    conversation_id: int
    character_key: int | None  # None: the assistant's own
    character_name: str
    messages: int
    updated_at: float

    @property
    def title(self) -> str:
        if self.character_key is None:
            return "Assistant"
        return f"Talk to {self.character_name}"


def conversations(conn: sqlite3.Connection, book_id: str) -> list[ConversationInfo]:
    """Every conversation of the book, the assistant's and the characters', newest first."""
    rows = conn.execute(
        """SELECT c.conversation_id, c.character_key, c.character_name, c.updated_at,
                  (SELECT COUNT(*) FROM messages m WHERE m.conversation_id = c.conversation_id)
           FROM conversations c WHERE c.book_id = ?
           ORDER BY c.updated_at DESC, c.conversation_id DESC""",
        (book_id,),
    ).fetchall()
    return [ConversationInfo(int(r[0]), None if r[1] is None else int(r[1]), str(r[2]),
                             int(r[4]), float(r[3])) for r in rows]


def character_conversation(conn: sqlite3.Connection, book_id: str, *, key: int,
                           name: str) -> int:
    """The latest conversation with the character `key`, started if there is none."""
    latest = latest_character_conversation(conn, book_id, key=key)
    if latest is not None:
        return latest
    return new_character_conversation(conn, book_id, key=key, name=name)


def latest_character_conversation(conn: sqlite3.Connection, book_id: str, *,
                                  key: int) -> int | None:
    row = conn.execute(
        "SELECT conversation_id FROM conversations WHERE book_id = ? AND character_key = ? "
        "ORDER BY updated_at DESC, conversation_id DESC LIMIT 1",
        (book_id, key),
    ).fetchone()
    return None if row is None else int(row[0])


def new_character_conversation(conn: sqlite3.Connection, book_id: str, *, key: int,
                               name: str) -> int:
    now = time.time()
    with conn:
        cursor = conn.execute(
            "INSERT INTO conversations (book_id, created_at, updated_at, character_key, "
            "character_name) VALUES (?, ?, ?, ?, ?)",
            (book_id, now, now, key, name),
        )
    assert cursor.lastrowid is not None
    return cursor.lastrowid


def character_of(conn: sqlite3.Connection, conversation_id: int) -> tuple[str, int, str] | None:
    """(book id, character key, name) of a character conversation; None for the assistant's
    or an unknown id."""
    row = conn.execute(
        "SELECT book_id, character_key, character_name FROM conversations "
        "WHERE conversation_id = ?",
        (conversation_id,),
    ).fetchone()
    if row is None or row[1] is None:
        return None
    return str(row[0]), int(row[1]), str(row[2])

"""Migration 10, character chat's tables (in a module of its own: migrations.py is full).

Numbered and recorded by `store/migrations.py` like every other; never edit it after release.
"""

from __future__ import annotations

import sqlite3

CHARACTER_CHAT = (
    # A conversation with a character (rag/characters/chat.py) is a conversation like the
    # assistant's, tagged with the X-Ray key of the character (rag/companion/xray.py: stable across
    # boundaries) and the name shown for it; NULL for the assistant's own conversations.
    "ALTER TABLE conversations ADD COLUMN character_key INTEGER",
    "ALTER TABLE conversations ADD COLUMN character_name TEXT NOT NULL DEFAULT ''",
    "CREATE INDEX conversations_by_character "
    "ON conversations (book_id, character_key, updated_at)",
    # One message at a time per conversation, across windows and processes: the sender holds
    # the row while the reply streams (rag/assistant/conversation_claims.py). owner is a fresh
    # token per
    # message; a claim of a process that is gone (pid) is stale.
    """CREATE TABLE conversation_claims (
        conversation_id INTEGER PRIMARY KEY
                        REFERENCES conversations(conversation_id) ON DELETE CASCADE,
        owner           TEXT NOT NULL,
        pid             INTEGER NOT NULL,
        claimed_at      REAL NOT NULL
    )""",
)


def m010_character_chat(conn: sqlite3.Connection) -> None:
    for statement in CHARACTER_CHAT:  # inside the caller's transaction
        conn.execute(statement)

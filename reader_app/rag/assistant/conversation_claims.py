"""One message at a time per conversation, across windows and processes.

Whoever sends a message first claims the conversation (a row in `conversation_claims`, whose
primary key SQLite keeps unique however many connections race for it) and holds it while the
reply streams and is stored; a second sender is refused with `ConversationBusyError` and writes
nothing. A claim left by a process that is gone, or older than `STALE_AFTER_SECONDS`, is taken
over.
"""

from __future__ import annotations

import os
import sqlite3
import time
import uuid
from dataclasses import dataclass

from reader_app.errors import QueryError
from reader_app.rag.model.gateway import ANSWER_DEADLINE_SECONDS

# Longer than any message can take: the persona's two passes and the rewrite (a minute each at
# most), then the answer's own deadline.
STALE_AFTER_SECONDS = ANSWER_DEADLINE_SECONDS + 600.0


class ConversationBusyError(QueryError):
    """Another message of this conversation is still being answered."""


@dataclass(frozen=True, slots=True)
class Claim:
    conversation_id: int
    owner: str


def claim(conn: sqlite3.Connection, conversation_id: int, *, busy_note: str) -> Claim:
    """Claim the conversation for one message, or raise ConversationBusyError(busy_note)."""
    row = conn.execute(
        "SELECT owner, pid, claimed_at FROM conversation_claims WHERE conversation_id = ?",
        (conversation_id,),
    ).fetchone()
    if row is not None and not _stale(int(row["pid"]), float(row["claimed_at"])):
        raise ConversationBusyError(busy_note)
    mine = Claim(conversation_id, uuid.uuid4().hex)
    with conn:
        if row is not None:  # only that stale claim: a fresh one taken meanwhile stays
            conn.execute(
                "DELETE FROM conversation_claims WHERE conversation_id = ? AND owner = ?",
                (conversation_id, row["owner"]),
            )
        taken = conn.execute(
            "INSERT OR IGNORE INTO conversation_claims (conversation_id, owner, pid, "
            "claimed_at) VALUES (?, ?, ?, ?)",
            (conversation_id, mine.owner, os.getpid(), time.time()),
        ).rowcount
    if taken != 1:
        raise ConversationBusyError(busy_note)
    return mine


def release(conn: sqlite3.Connection, mine: Claim) -> None:
    with conn:
        conn.execute(
            "DELETE FROM conversation_claims WHERE conversation_id = ? AND owner = ?",
            (mine.conversation_id, mine.owner),
        )


def _stale(pid: int, claimed_at: float) -> bool:
    if time.time() - claimed_at > STALE_AFTER_SECONDS:
        return True
    if pid == os.getpid() or os.name != "posix":
        return False
    try:
        os.kill(pid, 0)  # signal 0: is it there at all?
    except ProcessLookupError:
        return True
    except PermissionError:
        return False
    return False

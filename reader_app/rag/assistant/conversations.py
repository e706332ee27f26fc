"""Conversations with the assistant per book: messages, citations, summaries, rewrite cache."""

from __future__ import annotations

import json
import sqlite3
import time
from dataclasses import dataclass
from typing import Literal

from reader_app.rag.assistant.answer_check import AnswerCheck
from reader_app.rag.scope.citations import Citation

Role = Literal["user", "assistant"]
# complete: a whole answer, fed back as history. incomplete: the model failed mid-answer.
# stopped: the reader pressed Stop. fallback: Ollama was unavailable; passages shown instead.
Status = Literal["complete", "incomplete", "stopped", "fallback"]
# Older turns leave a prompt's history this many at a time (recent_turns).
STABLE_STEP = 3


def estimate_tokens(text: str) -> int:
    """A tokenizer-free estimate (about four characters a token in English) for prompt budgets."""
    return len(text) // 4 + 1


@dataclass(frozen=True, slots=True)
class AnswerStats:
    """How an answer went: which model, how long each stage took, how many tokens."""

    model: str = ""
    prepare_ms: float | None = None  # question to request leaving for the model
    first_token_ms: float | None = None
    total_ms: float | None = None
    prompt_tokens: int | None = None
    completion_tokens: int | None = None


@dataclass(frozen=True, slots=True)
class Message:
    message_id: int
    conversation_id: int
    role: Role
    text: str
    boundary_sid: int  # the boundary the message was made at
    status: Status
    error: str
    reply_to: int | None
    citations: tuple[Citation, ...]
    suggestions: tuple[str, ...]
    stats: AnswerStats
    created_at: float
    check: AnswerCheck | None = None  # the spoiler receipt of an answer
    # An answer: what its question was sent to the model as (prompts.turn_text); '' when not
    # kept (a fallback, or made before it was kept).
    sent_text: str = ""

    @property
    def incomplete(self) -> bool:
        return self.status != "complete"


@dataclass(frozen=True, slots=True)
class Turn:
    """A question and its complete answer: the unit that goes back into a prompt as history."""

    question: Message
    answer: Message

    @property
    def boundary_sid(self) -> int:
        return max(self.question.boundary_sid, self.answer.boundary_sid)

    @property
    def sent(self) -> str:
        """The question as the model read it (with its excerpts), or as asked if not kept."""
        return self.answer.sent_text or self.question.text

    @property
    def last_label(self) -> int:
        """The highest excerpt number this turn's question was sent with (0: none)."""
        return max((c.label for c in self.answer.citations), default=0) if self.answer.sent_text \
            else 0

    @property
    def token_estimate(self) -> int:
        return estimate_tokens(self.sent) + estimate_tokens(self.answer.text)


@dataclass(frozen=True, slots=True)
class ConversationSummary:
    """A summary of older turns, usable only while the boundary is at or beyond `boundary_sid`."""

    text: str
    boundary_sid: int
    through_message_id: int


class ConversationStore:
    """Reads and writes conversations in the library database. Plain values in and out."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    # -- conversations -----------------------------------------------------------------------

    def new_conversation(self, book_id: str) -> int:
        now = time.time()
        with self.conn:
            cursor = self.conn.execute(
                "INSERT INTO conversations (book_id, created_at, updated_at) VALUES (?, ?, ?)",
                (book_id, now, now),
            )
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    def latest_conversation(self, book_id: str) -> int | None:
        row = self.conn.execute(
            "SELECT conversation_id FROM conversations WHERE book_id = ? "
            "AND character_key IS NULL ORDER BY updated_at DESC, conversation_id DESC LIMIT 1",
            (book_id,),
        ).fetchone()
        return None if row is None else int(row[0])

    def current_conversation(self, book_id: str) -> int:
        """The book's most recent conversation, started if there is none."""
        latest = self.latest_conversation(book_id)
        return latest if latest is not None else self.new_conversation(book_id)

    def delete_conversation(self, conversation_id: int) -> None:
        with self.conn:
            self.conn.execute(
                "DELETE FROM conversations WHERE conversation_id = ?", (conversation_id,)
            )

    def conversation_book(self, conversation_id: int) -> str | None:
        row = self.conn.execute(
            "SELECT book_id FROM conversations WHERE conversation_id = ?", (conversation_id,)
        ).fetchone()
        return None if row is None else str(row[0])

    # -- messages ----------------------------------------------------------------------------

    def add_question(self, conversation_id: int, *, text: str, boundary_sid: int) -> Message:
        return self._insert(
            conversation_id,
            role="user",
            text=text,
            boundary_sid=boundary_sid,
            status="complete",
            error="",
            reply_to=None,
            citations=(),
            stats=AnswerStats(),
        )

    def add_answer(
        self,
        conversation_id: int,
        *,
        reply_to: int,
        text: str,
        boundary_sid: int,
        citations: tuple[Citation, ...],
        status: Status,
        error: str = "",
        stats: AnswerStats | None = None,
        sent_text: str = "",
        check: AnswerCheck | None = None,
    ) -> Message:
        """The answer, stored with its spoiler check in one write: a conversation read
        meanwhile never sees it without its receipt."""
        return self._insert(
            conversation_id,
            role="assistant",
            text=text,
            boundary_sid=boundary_sid,
            status=status,
            error=error,
            reply_to=reply_to,
            citations=citations,
            stats=stats or AnswerStats(),
            sent_text=sent_text,
            check=check,
        )

    def set_suggestions(self, message_id: int, suggestions: tuple[str, ...]) -> None:
        with self.conn:
            self.conn.execute(
                "UPDATE messages SET suggestions = ? WHERE message_id = ?",
                (json.dumps(list(suggestions)), message_id),
            )

    def messages(self, conversation_id: int) -> list[Message]:
        rows = self.conn.execute(
            "SELECT * FROM messages WHERE conversation_id = ? ORDER BY message_id",
            (conversation_id,),
        ).fetchall()
        return [_message(row) for row in rows]

    def message_count(self, conversation_id: int) -> int:
        row = self.conn.execute(
            "SELECT COUNT(*) FROM messages WHERE conversation_id = ?", (conversation_id,)
        ).fetchone()
        return int(row[0])

    def complete_turns(self, conversation_id: int, *, boundary_sid: int) -> list[Turn]:
        """Answered turns made at or before `boundary_sid`, oldest first.

        Incomplete, stopped and fallback answers are never history; neither is a turn made at a
        later boundary than the current one (the reader moved the boundary back).
        """
        by_id = {m.message_id: m for m in self.messages(conversation_id)}
        turns: list[Turn] = []
        for message in by_id.values():
            if message.role != "assistant" or message.status != "complete":
                continue
            question = by_id.get(message.reply_to) if message.reply_to is not None else None
            if question is None:
                continue
            turn = Turn(question=question, answer=message)
            if turn.boundary_sid <= boundary_sid:
                turns.append(turn)
        return turns

    def recent_turns(
        self,
        conversation_id: int,
        *,
        boundary_sid: int,
        token_budget: int,
        after_message_id: int = 0,
    ) -> list[Turn]:
        """The newest usable turns that fit in `token_budget`, oldest first.

        When older turns must be left out, they are left out `STABLE_STEP` at a time, so the
        history begins with the same turn for several questions running: the prompt then begins
        the same way and the server's prompt cache keeps it (see prompts.answer_messages).
        """
        usable = [t for t in self.complete_turns(conversation_id, boundary_sid=boundary_sid)
                  if t.question.message_id > after_message_id]
        sizes = [t.token_estimate for t in usable]
        for start in range(0, len(usable), STABLE_STEP):
            if sum(sizes[start:]) <= token_budget:
                return usable[start:]
        chosen: list[Turn] = []  # not even the newest few fit whole: the newest that do
        spent = 0
        for turn, size in zip(reversed(usable), reversed(sizes), strict=True):
            if spent + size > token_budget:
                break
            chosen.append(turn)
            spent += size
        chosen.reverse()
        return chosen

    # -- summaries ---------------------------------------------------------------------------

    def save_summary(
        self, conversation_id: int, *, text: str, boundary_sid: int, through_message_id: int
    ) -> None:
        with self.conn:
            self.conn.execute(
                "INSERT INTO conversation_summaries "
                "(conversation_id, boundary_sid, through_message_id, text, created_at) "
                "VALUES (?, ?, ?, ?, ?)",
                (conversation_id, boundary_sid, through_message_id, text, time.time()),
            )

    def usable_summary(
        self, conversation_id: int, *, boundary_sid: int
    ) -> ConversationSummary | None:
        """The newest summary made at or before the current boundary, if any."""
        row = self.conn.execute(
            "SELECT text, boundary_sid, through_message_id FROM conversation_summaries "
            "WHERE conversation_id = ? AND boundary_sid <= ? "
            "ORDER BY through_message_id DESC, summary_id DESC LIMIT 1",
            (conversation_id, boundary_sid),
        ).fetchone()
        if row is None:
            return None
        return ConversationSummary(
            text=row["text"],
            boundary_sid=int(row["boundary_sid"]),
            through_message_id=int(row["through_message_id"]),
        )

    # -- query rewrite cache -----------------------------------------------------------------

    def cached_rewrite(self, cache_key: str) -> tuple[str, tuple[str, ...]] | None:
        row = self.conn.execute(
            "SELECT search_phrase, keywords FROM query_rewrites WHERE cache_key = ?", (cache_key,)
        ).fetchone()
        if row is None:
            return None
        return str(row["search_phrase"]), tuple(json.loads(row["keywords"]))

    def store_rewrite(
        self, cache_key: str, *, search_phrase: str, keywords: tuple[str, ...]
    ) -> None:
        with self.conn:
            self.conn.execute(
                "INSERT OR REPLACE INTO query_rewrites (cache_key, search_phrase, keywords, "
                "created_at) VALUES (?, ?, ?, ?)",
                (cache_key, search_phrase, json.dumps(list(keywords)), time.time()),
            )

    # -- internals ---------------------------------------------------------------------------

    def _insert(
        self,
        conversation_id: int,
        *,
        role: Role,
        text: str,
        boundary_sid: int,
        status: Status,
        error: str,
        reply_to: int | None,
        citations: tuple[Citation, ...],
        stats: AnswerStats,
        sent_text: str = "",
        check: AnswerCheck | None = None,
    ) -> Message:
        now = time.time()
        with self.conn:
            cursor = self.conn.execute(
                """
                INSERT INTO messages (conversation_id, role, text, boundary_sid, status, error,
                    reply_to, citations, suggestions, model, prepare_ms, first_token_ms, total_ms,
                    prompt_tokens, completion_tokens, created_at, sent_text, answer_check)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, '[]', ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
                (
                    conversation_id,
                    role,
                    text,
                    boundary_sid,
                    status,
                    error,
                    reply_to,
                    json.dumps([c.to_json() for c in citations]),
                    stats.model,
                    stats.prepare_ms,
                    stats.first_token_ms,
                    stats.total_ms,
                    stats.prompt_tokens,
                    stats.completion_tokens,
                    now,
                    sent_text,
                    "{}" if check is None else json.dumps(check.to_json(), ensure_ascii=False),
                ),
            )
            self.conn.execute(
                "UPDATE conversations SET updated_at = ? WHERE conversation_id = ?",
                (now, conversation_id),
            )
        assert cursor.lastrowid is not None
        row = self.conn.execute(
            "SELECT * FROM messages WHERE message_id = ?", (cursor.lastrowid,)
        ).fetchone()
        return _message(row)


def _message(row: sqlite3.Row) -> Message:
    return Message(
        message_id=int(row["message_id"]),
        conversation_id=int(row["conversation_id"]),
        role=row["role"],
        text=row["text"],
        boundary_sid=int(row["boundary_sid"]),
        status=row["status"],
        error=row["error"],
        reply_to=row["reply_to"],
        citations=tuple(Citation.from_json(c) for c in json.loads(row["citations"])),
        suggestions=tuple(json.loads(row["suggestions"])),
        stats=AnswerStats(
            model=row["model"],
            prepare_ms=row["prepare_ms"],
            first_token_ms=row["first_token_ms"],
            total_ms=row["total_ms"],
            prompt_tokens=row["prompt_tokens"],
            completion_tokens=row["completion_tokens"],
        ),
        created_at=float(row["created_at"]),
        check=AnswerCheck.from_json(json.loads(row["answer_check"])),
        sent_text=row["sent_text"],
    )

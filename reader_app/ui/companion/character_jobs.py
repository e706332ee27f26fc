"""The character chat dock's background jobs, run by `DockJobs`: a reply, who may be talked to.

A reply job is the one answer driver's (`rag/assistant/answer_driver.py`, as the assistant's): the
spoiler check, the wait, each token (str), then the finished `AnswerResult` once the reply is
whole; then, still in the background, it keeps the conversation summary up to date and remakes
the persona when the reader has passed enough new mentions. A result that is not whole (a Stop, a
refusal: another message of the conversation still being answered, here or in another window)
is the job's return value instead.
"""

from __future__ import annotations

import contextlib
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from reader_app.books.model import Book
from reader_app.errors import ReaderError, ScopeError
from reader_app.rag.assistant.answer_driver import AnswerResult, UnsavedAnswerError, drive_answer
from reader_app.rag.assistant.conversations import ConversationStore, Message
from reader_app.rag.characters.store import (
    ConversationInfo,
    conversations,
    latest_character_conversation,
)
from reader_app.rag.companion.entity_store import ensure_entities
from reader_app.rag.companion.xray import XRayEntry, known_entities
from reader_app.rag.index.sentences import sentence_count
from reader_app.rag.scope.boundary import scope_for_book
from reader_app.store.db import connect
from reader_app.ui.workers import Job

if TYPE_CHECKING:
    from reader_app.rag.assistant.answer_run import AnswerRun
    from reader_app.rag.index.embed import Embedder
    from reader_app.rag.index.indexes import VectorIndexCache


@dataclass(frozen=True)
class People:
    """Whom the reader may talk to at the boundary, and the book's character conversations."""

    entries: tuple[XRayEntry, ...]
    conversations: tuple[ConversationInfo, ...]


class SharedVectorCache:
    """A dock's one `VectorIndexCache`, made by its first reply on a worker thread: the chat and
    the index modules bring numpy and httpx, which the dock, built at launch, does not need."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._cache: VectorIndexCache | None = None

    def get(self) -> VectorIndexCache:
        from reader_app.rag.index.indexes import VectorIndexCache

        with self._lock:
            if self._cache is None:
                self._cache = VectorIndexCache()
            return self._cache


def people_work(*, home: Path, book: Book) -> People:
    conn = connect(home)
    try:
        if sentence_count(conn, book.book_id) == 0:
            return People((), ())  # not prepared yet: its text is the pipeline's to write
        ensure_entities(conn, book)
        try:
            scope = scope_for_book(conn, book.book_id)
        except ScopeError:
            return People((), ())
        entries = tuple(known_entities(conn, scope, kinds=("person",)))
        known = {e.key for e in entries}
        talked = tuple(c for c in conversations(conn, book.book_id)
                       if c.character_key is not None and c.character_key in known)
        return People(entries, talked)
    finally:
        conn.close()


Opened = tuple[int | None, list[Message]]  # the conversation with a character, and its messages


def conversation_work(*, home: Path, book_id: str, key: int) -> Opened:
    """The reader's latest conversation with the character `key` and its messages (None and
    [] when there is none), read in a worker."""
    conn = connect(home)
    try:
        conversation_id = latest_character_conversation(conn, book_id, key=key)
        if conversation_id is None:
            return None, []
        return conversation_id, ConversationStore(conn).messages(conversation_id)
    finally:
        conn.close()


def reply_work(
    job: Job,
    *,
    home: Path,
    book: Book,
    message: str,
    key: int,
    conversation_id: int | None,
    embedder: Embedder | None,
    vector_cache: SharedVectorCache,
) -> AnswerResult | None:
    """Reply in character (`drive_answer`, as the assistant answers); then the chat's summary
    and, when the reader has passed enough new mentions, a new persona."""
    from reader_app.rag.characters.chat import CharacterChat, CharacterRun  # see SharedVectorCache

    conn = connect(home)
    chat = CharacterChat(conn, home, embedder=embedder, vector_cache=vector_cache.get())

    def upkeep(run: AnswerRun) -> None:
        chat.maintain_summary(run.conversation_id, boundary_sid=run.boundary_sid)
        if isinstance(run, CharacterRun) and run.persona_stale:
            # On failure the older persona stays in use; the next reply tries again.
            with contextlib.suppress(ReaderError):
                chat.refresh_persona(book, run.entry.key)

    try:
        return drive_answer(
            lambda: chat.send(book, message, key=key, conversation_id=conversation_id,
                              cancel=job),
            conversation_id=conversation_id, conn=conn, report=job, upkeep=upkeep,
            preview=False,  # the countdown while the model reads, without the passages
        )
    except UnsavedAnswerError as unsaved:
        raise unsaved.error from None  # a library fault here is reported as a failed reply
    finally:
        chat.close()
        conn.close()

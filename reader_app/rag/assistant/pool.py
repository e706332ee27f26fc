"""Assistants kept between questions: a connection, an `Assistant`, its model gateway and Ollama
client are built once and lent to each answer, instead of built and closed per question.

An answer runs on a worker thread; a lent assistant is used by one answer at a time (a stopped
answer may still be finishing while the next one starts, so there can be two). On each loan the
settings are read again: when the model, host or any answer setting has changed, the assistant
is rebuilt on the same connection, so a change applies from the next question on.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from reader_app.settings import SettingsStore
from reader_app.store.db import connect

if TYPE_CHECKING:
    from reader_app.rag.assistant.engine import Assistant, AssistantConfig
    from reader_app.rag.index.embed import Embedder
    from reader_app.rag.index.indexes import VectorIndexCache


@dataclass(frozen=True, slots=True)
class _Settings:
    """What an assistant is built from: a change to any of it builds a new one."""

    config: AssistantConfig
    embedding_model: str

    @classmethod
    def read(cls, conn: sqlite3.Connection) -> _Settings:
        from reader_app.rag.assistant.engine import AssistantConfig  # see AssistantPool

        return cls(
            AssistantConfig.from_settings(conn),
            str(SettingsStore(conn).get("assistant.embedding_model")),
        )


@dataclass(slots=True)
class _Kept:
    conn: sqlite3.Connection
    settings: _Settings
    assistant: Assistant


class AssistantPool:
    """Lends assistants to answer jobs; thread-safe. `built` counts the assistants made.

    The pool is made with the assistant's dock, at launch; the engine (and numpy, httpx and the
    rest it needs) is imported by the first loan, on a worker thread, never before the first
    page is drawn."""

    def __init__(
        self, home: Path, *, embedder: Embedder | None = None,
        vector_cache: VectorIndexCache | None = None,
    ) -> None:
        self.home = home
        self._embedder = embedder
        self._vector_cache = vector_cache  # made by the first assistant built, if not given
        self._lock = threading.Lock()
        self._idle: list[_Kept] = []
        self._closed = False
        self.built = 0

    @contextmanager
    def lend(self) -> Iterator[Assistant]:
        """An assistant for one answer, on the calling thread; given back when the block ends."""
        with self._lock:
            kept = self._idle.pop() if self._idle else None
        if kept is None:
            # Lent from one pool thread to another, one answer at a time.
            conn = connect(self.home, check_same_thread=False)
            kept = self._build(conn, _Settings.read(conn))
        else:
            settings = _Settings.read(kept.conn)
            if settings != kept.settings:
                kept.assistant.close()
                kept = self._build(kept.conn, settings)
        try:
            yield kept.assistant
        finally:
            with self._lock:
                closed = self._closed
                if not closed:
                    self._idle.append(kept)
            if closed:
                _close(kept)

    def close(self) -> None:
        """Close what is idle now; what is lent is closed when given back."""
        with self._lock:
            self._closed = True
            idle, self._idle = self._idle, []
        for kept in idle:
            _close(kept)

    def _build(self, conn: sqlite3.Connection, settings: _Settings) -> _Kept:
        from reader_app.rag.assistant.engine import Assistant
        from reader_app.rag.index.indexes import VectorIndexCache

        with self._lock:  # one cache shared by every assistant of the pool
            if self._vector_cache is None:
                self._vector_cache = VectorIndexCache()
            vector_cache = self._vector_cache
        assistant = Assistant(
            conn, self.home, config=settings.config, embedder=self._embedder,
            vector_cache=vector_cache,
        )
        with self._lock:
            self.built += 1
        return _Kept(conn, settings, assistant)


def _close(kept: _Kept) -> None:
    kept.assistant.close()
    kept.conn.close()

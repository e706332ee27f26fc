"""The chat model's optional help with retrieval: a hypothetical passage and a ranking, cached.

Both are the assistant's calls (`calls.py`). The hypothetical passage is written from the
question and the book's title only; the ranking sees only candidates that a scoped search already
returned, sealed, so neither can bring text from after the boundary into a request.
Replies are cached in `retrieval_helper_cache`, keyed by SHA-256 of everything sent.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import time
from collections.abc import Sequence
from typing import Any

from reader_app.errors import ReaderError
from reader_app.rag.assistant.calls import AssistantCalls
from reader_app.rag.model.gateway import ModelGateway
from reader_app.rag.retrieval.search import Reranker
from reader_app.rag.scope.excerpts import ScopedExcerpts


class RetrievalHelpers:
    """Hypothetical passages and passage rankings from the chat model, each cached."""

    def __init__(self, conn: sqlite3.Connection, gateway: ModelGateway) -> None:
        self.conn = conn
        self.gateway = gateway
        self.calls = AssistantCalls(gateway)

    def hypothetical(self, question: str, *, title: str) -> str | None:
        """A made-up passage to search with beside the question; None when the call fails
        (the question alone is searched)."""
        key = _key("hypothetical", title, question)
        cached = self._cached("hypothetical", key)
        if isinstance(cached, str):
            return cached
        try:
            text = self.calls.hypothetical_passage(question, title=title)
        except (ReaderError, ValueError):
            return None
        self._store("hypothetical", key, text)
        return text

    def reranker(self, question: str) -> Reranker:
        """A reranker for `search`: the model picks the candidates that best answer the
        reader's own question (not the rewritten search phrase)."""

        def rank(candidates: ScopedExcerpts) -> Sequence[int]:
            key = _key("rank", question, *candidates.texts)
            cached = self._cached("rank", key)
            if isinstance(cached, list):
                return [int(n) for n in cached]
            try:
                order = list(self.calls.rank_passages(question, candidates))
            except ValueError:
                return []
            self._store("rank", key, order)
            return order

        return rank

    def _cached(self, kind: str, key: str) -> Any:
        row = self.conn.execute(
            "SELECT value FROM retrieval_helper_cache WHERE kind = ? AND cache_key = ? "
            "AND model = ?",
            (kind, key, self.gateway.model),
        ).fetchone()
        return None if row is None else json.loads(row[0])

    def _store(self, kind: str, key: str, value: Any) -> None:
        with self.conn:
            self.conn.execute(
                "INSERT OR REPLACE INTO retrieval_helper_cache "
                "(kind, cache_key, model, value, created_at) VALUES (?, ?, ?, ?, ?)",
                (kind, key, self.gateway.model, json.dumps(value), time.time()),
            )


def _key(*parts: str) -> str:
    digest = hashlib.sha256()
    for part in parts:
        digest.update(part.encode())
        digest.update(b"\x00")
    return digest.hexdigest()

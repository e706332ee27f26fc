"""Scoped hybrid search: dense and keyword candidates, both masked by the scope, fused by rank."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from pathlib import Path

from reader_app.books.model import Locator
from reader_app.errors import QueryError
from reader_app.rag.boundary import Scope
from reader_app.rag.embed import Embedder, default_embedder
from reader_app.rag.index import (
    VectorIndexCache,
    dense_search,
    fts_table_name,
    keyword_search,
    load_vector_index,
    read_vector_record,
    vector_index_path,
)
from reader_app.rag.sentences import join_sentences, sentences_between

MAX_K = 256
RRF_K = 60  # the usual reciprocal-rank constant: damps the head of each list
DEFAULT_TOKEN_BUDGET = 4000


@dataclass(frozen=True)
class Passage:
    book_id: str
    chunk_id: int
    sid_start: int
    sid_end: int
    section: int
    score: float
    text: str
    locator: Locator  # where its first sentence starts, for citations that jump to it


# The last sentences read always go to the model as "where the reader is" (about a page).
READER_CONTEXT_SENTENCES = 12


@dataclass(frozen=True)
class RecentText:
    """Where the reader is: the sentences up to the boundary not covered by eligible chunks,
    and at least the last READER_CONTEXT_SENTENCES read."""

    sid_start: int
    sid_end: int
    text: str


@dataclass(frozen=True)
class SearchResult:
    book_id: str
    boundary_sid: int
    passages: tuple[Passage, ...]  # in reading order (earlier volumes first)
    recent: RecentText | None
    # False while the background indexer has not yet embedded everything in scope; keyword
    # search still covers it all.
    index_covers_boundary: bool = True


def search(
    conn: sqlite3.Connection,
    home: Path,
    scope: Scope,
    query: str,
    *,
    k: int = 6,
    candidates: int = 20,
    embedder: Embedder | None = None,
    token_budget: int = DEFAULT_TOKEN_BUDGET,
    vector_cache: VectorIndexCache | None = None,
) -> SearchResult:
    """The `k` passages in `scope` most relevant to `query`, plus the text just before the
    boundary. Nothing outside the scope is ever a candidate of either search."""
    if not query or not query.strip():
        raise QueryError("Type a question or some words to search for.")
    if not 1 <= k <= MAX_K:
        raise QueryError(f"The number of passages must be between 1 and {MAX_K}, not {k}.")
    candidates = max(candidates, k)
    embedder = embedder or default_embedder(home=home)
    query_vector = embedder.embed([query.strip()])[0]

    dense_hits: list[tuple[float, str, int]] = []
    keyword_hits: list[tuple[float, str, int]] = []
    covered = True
    for volume in scope.volumes:
        if volume.chunk_limit <= 0:
            continue
        record = read_vector_record(conn, volume.book_id, embedder.model_id)
        indexed = record.indexed_count if record and record.dimension == embedder.dimension else 0
        dense_limit = min(volume.chunk_limit, indexed)
        covered = covered and indexed >= volume.chunk_limit
        path = vector_index_path(home, volume.book_id, embedder.model_id)
        index = vector_cache.get(path) if vector_cache else load_vector_index(path)
        if index is not None and dense_limit > 0:
            for chunk_id, score in dense_search(
                index, query_vector, chunk_limit=dense_limit, limit=candidates
            ):
                dense_hits.append((score, volume.book_id, chunk_id))
        for chunk_id, score in keyword_search(
            conn,
            fts_table_name(volume.book_id),
            query,
            chunk_limit=volume.chunk_limit,
            limit=candidates,
        ):
            keyword_hits.append((score, volume.book_id, chunk_id))

    fused = _reciprocal_rank_fusion(
        _ranked(dense_hits, candidates), _ranked(keyword_hits, candidates)
    )
    best = sorted(fused.items(), key=lambda item: -item[1])[:k]
    volume_order = {v.book_id: n for n, v in enumerate(scope.volumes)}
    passages = _passages(conn, best)
    passages = _trim_to_budget(passages, token_budget)
    passages.sort(key=lambda p: (volume_order[p.book_id], p.chunk_id))
    return SearchResult(
        book_id=scope.book_id,
        boundary_sid=scope.boundary_sid,
        passages=tuple(passages),
        recent=recent_text(conn, scope),
        index_covers_boundary=covered,
    )


def _ranked(hits: list[tuple[float, str, int]], limit: int) -> list[tuple[str, int]]:
    hits.sort(key=lambda hit: -hit[0])
    return [(book_id, chunk_id) for _, book_id, chunk_id in hits[:limit]]


def _reciprocal_rank_fusion(*rankings: list[tuple[str, int]]) -> dict[tuple[str, int], float]:
    fused: dict[tuple[str, int], float] = {}
    for ranking in rankings:
        for rank, key in enumerate(ranking):
            fused[key] = fused.get(key, 0.0) + 1.0 / (RRF_K + rank + 1)
    return fused


def _passages(
    conn: sqlite3.Connection, best: list[tuple[tuple[str, int], float]]
) -> list[Passage]:
    passages: list[Passage] = []
    seen: set[tuple[str, int]] = set()  # (book, sid): a sentence is quoted once
    for (book_id, chunk_id), score in best:
        row = conn.execute(
            "SELECT sid_start, sid_end, section FROM chunks WHERE book_id = ? AND chunk_id = ?",
            (book_id, chunk_id),
        ).fetchone()
        if row is None:
            continue
        sentences = [
            s
            for s in sentences_between(conn, book_id, int(row[0]), int(row[1]))
            if (book_id, s.sid) not in seen
        ]
        if not sentences:
            continue
        seen.update((book_id, s.sid) for s in sentences)
        passages.append(
            Passage(
                book_id=book_id,
                chunk_id=chunk_id,
                sid_start=sentences[0].sid,
                sid_end=sentences[-1].sid,
                section=int(row[2]),
                score=score,
                text=join_sentences(sentences),
                locator=sentences[0].locator,
            )
        )
    return passages


def _trim_to_budget(passages: list[Passage], token_budget: int) -> list[Passage]:
    """Drop the lowest-scoring passages until the rest fit (the best one is always kept)."""
    kept: list[Passage] = []
    used = 0
    for passage in passages:  # best first
        cost = _approximate_tokens(passage.text)
        if kept and used + cost > token_budget:
            continue
        kept.append(passage)
        used += cost
    return kept


def _approximate_tokens(text: str) -> int:
    # ~4 characters per WordPiece token in English prose; exactness is not needed for a budget.
    return max(1, len(text) // 4)


def recent_text(
    conn: sqlite3.Connection, scope: Scope, *, at_least: int = READER_CONTEXT_SENTENCES
) -> RecentText | None:
    """Where the reader is: the sentences after the last eligible chunk of the current book up
    to the boundary, and never fewer than the last `at_least` sentences read, so the page the
    reader has just turned is always there even when a chunk ends right at the boundary."""
    if scope.boundary_sid < 0:
        return None
    limit = scope.current.chunk_limit
    start = 0
    if limit > 0:
        row = conn.execute(
            "SELECT sid_end FROM chunks WHERE book_id = ? AND chunk_id = ?",
            (scope.book_id, limit - 1),
        ).fetchone()
        start = int(row[0]) + 1
    start = min(start, max(scope.boundary_sid - at_least + 1, 0))
    if start > scope.boundary_sid:
        return None
    sentences = sentences_between(conn, scope.book_id, start, scope.boundary_sid)
    if not sentences:
        return None
    return RecentText(sentences[0].sid, sentences[-1].sid, join_sentences(sentences))

"""Scoped hybrid search: dense and keyword candidates, both masked by the scope, fused by rank."""

from __future__ import annotations

import sqlite3
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from reader_app.errors import QueryError, ReaderError
from reader_app.rag.index.embed import Embedder, default_embedder
from reader_app.rag.index.indexes import (
    VectorIndexCache,
    dense_search,
    fts_table_name,
    keyword_search,
    load_vector_index,
    read_vector_record,
    vector_index_path,
)
from reader_app.rag.index.multilingual import embedder_for_language, recorded_language
from reader_app.rag.retrieval.focus import Likeness, focused_passages, needs_focus
from reader_app.rag.retrieval.passages import Span, passages_within, recent_text
from reader_app.rag.retrieval.previous_index import previous_embedders
from reader_app.rag.scope.boundary import Scope
from reader_app.rag.scope.excerpts import ScopedExcerpts, excerpts_in_scope
from reader_app.rag.scope.excerpts import Span as Excerpted
from reader_app.rag.scope.found import Passage, SearchResult
from reader_app.translatable import QT_TRANSLATE_NOOP, sentence

MAX_K = 256
RRF_K = 60  # the usual reciprocal-rank constant: damps the head of each list
# What the model is given by default: up to 20 passages, at most 3,000 tokens of them, deduplicated
# and in reading order (the seed design's "top-k 20 with a token budget").
DEFAULT_K = 20
DEFAULT_TOKEN_BUDGET = 3000
UNLIMITED_TOKENS = 1 << 30  # k passages asked for, k returned whole (search commands, MCP)
DEFAULT_CANDIDATES = 50  # per list (dense, keyword) before fusion
# A hit's window plus sentences either side: evidence cut by a window's edge comes back whole.
# Passages asked for whole (no token budget) get three a side: the scene is the point there
# (dev set: @6 0.626 / 0.657 and @20 0.798 / 0.818 with two / three).
WHOLE_PASSAGE_NEIGHBOURS = 3
# Within a token budget the sentences go where the evidence most likely is: three a side for a
# hit that two rankings agree on (dense and keyword, say), one for a hit only one ranking found.
# Dev set, default context: 0.717 with two for every hit, 0.747 with 3 / 1 (docs/retrieval.md).
AGREED_NEIGHBOURS = 3
SINGLE_LIST_NEIGHBOURS = 1
RERANK_POOL = 20  # passages a reranker chooses from
# The chunks inside the stretch left out (`outside`: the pages read along) among the best
# POINTED_RANKS of the whole ranking, at most POINTED of them, are returned apart (`inside`).
POINTED_RANKS = 6
POINTED = 3

# Candidate passages, sealed -> indexes of the best candidates, best first (a reranker knows the
# question it ranks for). It only ever sees passages that are already inside the scope.
Reranker = Callable[[ScopedExcerpts], Sequence[int]]


@dataclass(frozen=True)
class SearchStages:
    """Which stages run. The defaults are what the app uses; the others exist for the benchmark's
    ablations (docs/retrieval.md has the figures)."""

    dense: bool = True
    keyword: bool = True
    candidates: int = DEFAULT_CANDIDATES
    # Sentences added on each side of a hit, within its section and never past the boundary
    # (None: within a token budget AGREED_NEIGHBOURS or SINGLE_LIST_NEIGHBOURS by how many
    # rankings found the hit; WHOLE_PASSAGE_NEIGHBOURS without one).
    neighbours: int | None = None
    rrf_k: int = RRF_K
    dense_weight: float = 1.0  # the keyword list weighs 1


def search(
    conn: sqlite3.Connection,
    home: Path,
    scope: Scope,
    query: str,
    *,
    k: int = DEFAULT_K,
    candidates: int | None = None,
    embedder: Embedder | None = None,
    token_budget: int = DEFAULT_TOKEN_BUDGET,
    vector_cache: VectorIndexCache | None = None,
    stages: SearchStages = SearchStages(),
    hypothetical: str | None = None,
    reranker: Reranker | None = None,
    other_embedders: Sequence[Embedder] | None = None,
    keyword_query: str | None = None,
    outside: tuple[int, int] | None = None,
    inside_budget: int | None = None,
) -> SearchResult:
    """The `k` passages in `scope` most relevant to `query`, plus the text just before the
    boundary. Nothing outside the scope is ever a candidate of either search.

    `hypothetical` (a made-up passage that would answer the query) is searched densely beside
    the query; `reranker` reorders the best RERANK_POOL passages. Both only rank what the mask
    already admitted. `other_embedders` add a dense ranking each from their own indexes; by
    default (None), while `embedder`'s index does not yet cover the scope, that is the model
    the book was indexed with before (`previous_index`: after a change of model).
    `keyword_query`, when given, is what the keyword search matches instead of `query`
    (character chat's rewrite has both). `outside` (first and last sentence of the current
    book) is a stretch the model already has (the pages read along): no passage is taken from
    within it; where the best chunk of all lies within it, the question is about those pages
    and the passages get `inside_budget` tokens at most, when given. A `token_budget` of 0
    takes no passages at all."""
    if not query or not query.strip():
        raise QueryError(sentence(QT_TRANSLATE_NOOP(
            "Errors", "Type a question or some words to search for.")))
    if not 1 <= k <= MAX_K:
        raise QueryError(sentence(QT_TRANSLATE_NOOP(
            "Errors", "The number of passages must be between 1 and {limit}, not {k}."),
            limit=MAX_K, k=k))
    candidates = max(candidates or stages.candidates, k)
    queries = [query.strip()] + ([hypothetical.strip()] if hypothetical and hypothetical.strip()
                                 else [])
    dense_hits: list[list[tuple[float, str, int]]] = []
    covered = True
    if stages.dense:
        embedder = embedder or default_embedder(home=home)  # keyword-only needs no model
        # The book was embedded by its language's model (rag/index/multilingual.py).
        embedder = embedder_for_language(embedder, recorded_language(conn, scope.book_id),
                                         home=home)
        if other_embedders is None:
            other_embedders = previous_embedders(conn, home, scope, embedder)
        for n, model in enumerate([embedder, *other_embedders]):
            lists, model_covers = _dense_lists(
                conn, home, scope, model, queries, limit=candidates, vector_cache=vector_cache
            )
            dense_hits += lists
            covered = model_covers if n == 0 else covered
    keyword_hits: list[tuple[float, str, int]] = []
    for volume in scope.volumes:
        if stages.keyword and volume.any_eligible:
            for chunk_id, score in keyword_search(
                conn,
                fts_table_name(volume.book_id),
                keyword_query or query,
                chunk_limit=volume.chunk_limit,
                limit=candidates,
                also=volume.note_chunks,
            ):
                keyword_hits.append((score, volume.book_id, chunk_id))

    rankings = [
        *((_ranked(hits, candidates), stages.dense_weight) for hits in dense_hits),
        (_ranked(keyword_hits, candidates), 1.0),
    ]
    fused = _reciprocal_rank_fusion(*rankings, rrf_k=stages.rrf_k)
    ranking = sorted(fused.items(), key=lambda item: -item[1])
    pool = max(k, RERANK_POOL) if reranker is not None else k
    neighbours = _neighbour_rule(stages.neighbours, token_budget, rankings)
    best_outside = True  # the best chunk lies outside `outside` (the pages read along)
    inside: list[Passage] = []
    if outside is not None:
        kept = _outside(conn, scope.book_id, ranking, outside)
        best_outside = not ranking or kept[:1] == ranking[:1]
        if not best_outside and inside_budget is not None:
            token_budget = min(token_budget, inside_budget)
        inside = _best_inside(conn, scope, ranking[:POINTED_RANKS], set(kept))
        ranking = kept
    spans = _spans(conn, scope, ranking, k=pool, neighbours=neighbours)
    if reranker is not None:
        spans = _reranked(conn, scope, spans, reranker)[:k]
    if token_budget <= 0:  # none wanted: the pointers into `outside` and the recent text only
        passages = []
    elif token_budget < UNLIMITED_TOKENS and needs_focus(conn, spans, token_budget):
        alike = _likeness(embedder, query) if stages.dense and embedder is not None else None
        passages = focused_passages(conn, spans, token_budget, query, alike)
    else:
        passages = passages_within(conn, spans, token_budget)
    volume_order = {v.book_id: n for n, v in enumerate(scope.volumes)}
    passages.sort(key=lambda p: (volume_order[p.book_id], p.sid_start))
    return SearchResult(
        book_id=scope.book_id,
        boundary_sid=scope.boundary_sid,
        passages=tuple(passages),
        recent=recent_text(conn, scope),
        index_covers_boundary=covered,
        best_outside=best_outside,
        inside=tuple(inside),
    )


def _dense_lists(
    conn: sqlite3.Connection,
    home: Path,
    scope: Scope,
    model: Embedder,
    queries: list[str],
    *,
    limit: int,
    vector_cache: VectorIndexCache | None,
) -> tuple[list[list[tuple[float, str, int]]], bool]:
    """One masked dense ranking per query with `model`'s index of each volume, and whether that
    index covers the whole scope (the keyword search always does)."""
    embed_queries = getattr(model, "embed_queries", model.embed)  # models with a query prefix
    vectors = list(embed_queries(queries))
    lists: list[list[tuple[float, str, int]]] = [[] for _ in vectors]
    covered = True
    for volume in scope.volumes:
        if not volume.any_eligible:
            continue
        record = read_vector_record(conn, volume.book_id, model.model_id)
        indexed = record.indexed_count if record and record.dimension == model.dimension else 0
        dense_limit = min(volume.chunk_limit, indexed)
        notes = tuple(i for i in volume.note_chunks if i < indexed)  # embedded in reading order
        covered = covered and indexed >= volume.chunk_limit
        if dense_limit <= 0 and not notes:
            continue
        path = vector_index_path(home, volume.book_id, model.model_id)
        index = vector_cache.get(path) if vector_cache else load_vector_index(path)
        if index is None:
            continue
        for hits, vector in zip(lists, vectors, strict=True):
            for chunk_id, score in dense_search(
                index, vector, chunk_limit=dense_limit, limit=limit, also=notes
            ):
                hits.append((score, volume.book_id, chunk_id))
    return lists, covered


def _likeness(model: Embedder, query: str) -> Likeness:
    """Each text's likeness to `query` by the search's own model (cosine: rows are unit)."""
    embed_queries = getattr(model, "embed_queries", model.embed)
    asked = embed_queries([query.strip()])[0]
    return lambda texts: [float(v) for v in model.embed(list(texts)) @ asked]


def _ranked(hits: list[tuple[float, str, int]], limit: int) -> list[tuple[str, int]]:
    hits.sort(key=lambda hit: -hit[0])
    return [(book_id, chunk_id) for _, book_id, chunk_id in hits[:limit]]


def _reciprocal_rank_fusion(
    *rankings: tuple[list[tuple[str, int]], float], rrf_k: int
) -> dict[tuple[str, int], float]:
    fused: dict[tuple[str, int], float] = {}
    for ranking, weight in rankings:
        for rank, key in enumerate(ranking):
            fused[key] = fused.get(key, 0.0) + weight / (rrf_k + rank + 1)
    return fused


def _neighbour_rule(
    chosen: int | None, token_budget: int, rankings: Sequence[tuple[list[tuple[str, int]], float]]
) -> Callable[[tuple[str, int]], int]:
    """How many sentences each side a hit gets: `chosen` if given; else three a side for
    passages asked for whole; within a budget, more for a hit two rankings agree on."""
    if chosen is not None or token_budget >= UNLIMITED_TOKENS:
        fixed = WHOLE_PASSAGE_NEIGHBOURS if chosen is None else chosen
        return lambda _hit: fixed
    found = Counter(key for ranked, _ in rankings for key in set(ranked))
    return lambda hit: AGREED_NEIGHBOURS if found[hit] >= 2 else SINGLE_LIST_NEIGHBOURS


def _spans(
    conn: sqlite3.Connection,
    scope: Scope,
    ranking: list[tuple[tuple[str, int], float]],
    *,
    k: int,
    neighbours: Callable[[tuple[str, int]], int],
) -> list[Span]:
    """The sentence ranges of the best hits, best first, until there are `k` distinct ones: each
    widened by `neighbours(hit)` sentences within its section and the scope, and merged into
    any better span it overlaps or touches (overlapping windows make one passage, not two)."""
    merged: list[Span] = []
    for (book_id, chunk_id), score in ranking:
        if len(merged) >= k:
            break
        row = conn.execute(
            "SELECT sid_start, sid_end, section FROM chunks WHERE book_id = ? AND chunk_id = ?",
            (book_id, chunk_id),
        ).fetchone()
        if row is None:
            continue
        start, end = core = int(row[0]), int(row[1])
        # A note admitted beyond the boundary comes alone: its neighbours are other notes.
        alone = chunk_id >= _prefix(scope, book_id)
        widen = 0 if alone else neighbours((book_id, chunk_id))
        if widen > 0:
            last = _last_eligible_sid(conn, scope, book_id)
            start, end = _section_bounded(
                conn, book_id, int(row[2]), max(start - widen, 0),
                min(end + widen, last), start, end,
            )
        merged = _merged_into(
            merged, Span(book_id, int(row[2]), chunk_id, start, end, score, *core, alone)
        )
    return merged


def _outside(conn: sqlite3.Connection, book_id: str,
             ranking: list[tuple[tuple[str, int], float]],
             stretch: tuple[int, int]) -> list[tuple[tuple[str, int], float]]:
    """`ranking` without the chunks of `book_id` that lie wholly within `stretch`."""
    first, last = stretch
    inside = {int(row[0]) for row in conn.execute(
        "SELECT chunk_id FROM chunks WHERE book_id = ? AND sid_start >= ? AND sid_end <= ?",
        (book_id, first, last))}
    return [(key, score) for key, score in ranking
            if key[0] != book_id or key[1] not in inside]


def _best_inside(conn: sqlite3.Connection, scope: Scope,
                 head: list[tuple[tuple[str, int], float]],
                 kept: set[tuple[tuple[str, int], float]]) -> list[Passage]:
    """The chunks among the ranking's `head` left out as inside the stretch (at most POINTED,
    best first), each cut to its core sentences: what a prompt points at in the pages the
    model has read along, and the reader is shown."""
    within = [item for item in head if item not in kept][:POINTED]
    spans = _spans(conn, scope, within, k=POINTED, neighbours=lambda _key: 0)
    return [p for span in spans for p in passages_within(conn, [span], 0)]  # each one's core


def _prefix(scope: Scope, book_id: str) -> int:
    return next((v.chunk_limit for v in scope.volumes if v.book_id == book_id), 0)


def _merged_into(spans: list[Span], new: Span) -> list[Span]:
    """`spans` (best first) with `new` joined to every span of its section it overlaps or
    touches; the joined span keeps the place, id and score of the best of them."""
    touching = [
        n for n, kept in enumerate(spans)
        if kept.book_id == new.book_id and kept.section == new.section
        and not kept.alone and not new.alone
        and new.sid_start <= kept.sid_end + 1 and kept.sid_start <= new.sid_end + 1
    ]
    if not touching:
        return [*spans, new]
    group = [spans[n] for n in touching] + [new]
    best = spans[touching[0]]
    joined = Span(
        best.book_id, best.section, best.chunk_id, min(s.sid_start for s in group),
        max(s.sid_end for s in group), best.score, best.core_start, best.core_end,
    )
    rest = [span for n, span in enumerate(spans) if n not in touching[1:]]
    rest[touching[0]] = joined
    return rest


def _reranked(
    conn: sqlite3.Connection, scope: Scope, spans: list[Span], reranker: Reranker
) -> list[Span]:
    """The reranker's choices first, in its order, then the rest in fused order. A reranker
    that fails leaves the fused order as it was. It is handed the candidates sealed, each
    checked to be inside the scope."""
    if not spans:
        return spans
    candidates = excerpts_in_scope(
        conn, scope, [Excerpted(s.book_id, s.sid_start, s.sid_end, "") for s in spans],
        story_only=False,
    )
    try:
        chosen = [n for n in reranker(candidates) if 0 <= n < len(spans)]
    except ReaderError:
        return spans
    chosen = list(dict.fromkeys(chosen))
    first = [spans[n] for n in chosen]
    return first + [span for n, span in enumerate(spans) if n not in set(chosen)]


def _last_eligible_sid(conn: sqlite3.Connection, scope: Scope, book_id: str) -> int:
    """The boundary in the current book; earlier series volumes are eligible whole."""
    if book_id == scope.book_id:
        return scope.boundary_sid
    row = conn.execute(
        "SELECT sentence_count FROM text_units WHERE book_id = ?", (book_id,)
    ).fetchone()
    return -1 if row is None else int(row[0]) - 1


def _section_bounded(
    conn: sqlite3.Connection, book_id: str, section: int, low: int, high: int,
    start: int, end: int,
) -> tuple[int, int]:
    """The widest range within `[low, high]` that contains `[start, end]` and stays in the
    hit's unit, `section` (as its chunks record it: a paged book's chapter, across its pages),
    and the story (neighbours of a hit belong to its scene, not the next chapter's title or the
    matter around the text): the sentences of that unit's windows, which hold only the story."""
    if high < end:
        high = end
    same: set[int] = set()
    rows = conn.execute(
        "SELECT sid_start, sid_end, section FROM chunks WHERE book_id = ? AND sid_end >= ? "
        "ORDER BY sid_end",
        (book_id, low),
    )
    for sid_start, sid_end, unit in rows:
        if sid_start > high:
            break  # windows start in reading order too: none further reaches back
        if unit == section:
            same.update(range(max(sid_start, low), min(sid_end, high) + 1))
    while start - 1 >= low and start - 1 in same:
        start -= 1
    while end + 1 <= high and end + 1 in same:
        end += 1
    return start, end

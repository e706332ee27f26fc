"""What a scoped search found, as plain values: the passages in scope (`Passage`), the text just
before the boundary (`RecentText`) and the whole result (`SearchResult`). The search
(rag/retrieval/search.py) fills them; only a `ScopedContext` (sealed.py) turns them into what a
model may read."""

from __future__ import annotations

from dataclasses import dataclass

from reader_app.books.model import Locator


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
    # False when the best chunk for the query lay in the stretch left out (`search(outside=)`:
    # the pages the model has read along), so the question is about those pages.
    best_outside: bool = True
    # The best passages within that stretch, core sentences only, best first: the prompt points
    # at them in the pages read along and the reader is shown them; none is sent again.
    inside: tuple[Passage, ...] = ()


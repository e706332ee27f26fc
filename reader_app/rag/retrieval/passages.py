"""Search hits cut into text, not yet sealed: each ranked span's sentences cut to a token budget
(`Passage`, rag/scope/found.py), and the text just before the boundary (`RecentText`). A search
returns these; they reach a model only inside a `ScopedContext` (rag/scope/sealed.py)."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

from reader_app.rag.index.sentences import Sentence, join_sentences, sentences_between
from reader_app.rag.index.story import note_link_at
from reader_app.rag.scope.boundary import Scope
from reader_app.rag.scope.found import Passage, RecentText

# The last sentences read always go to the model as "where the reader is" (about a page).
READER_CONTEXT_SENTENCES = 12


@dataclass(frozen=True, slots=True)
class Span:
    book_id: str
    section: int
    chunk_id: int
    sid_start: int
    sid_end: int
    score: float
    # The best hit's own window inside the span: what a span cut to fit the budget keeps.
    core_start: int
    core_end: int
    alone: bool = False  # a note admitted beyond the boundary: never widened or merged


def passages_within(
    conn: sqlite3.Connection, spans: list[Span], token_budget: int
) -> list[Passage]:
    """The text of each span, best first, within `token_budget` (the best hit is always kept).
    A span too long for what is left of the budget is cut to its best hit's window widened
    as far as the budget allows, rather than dropped (merged spans grow long at large k, and
    dropping one lost the passage a smaller k had kept)."""
    passages: list[Passage] = []
    used = 0
    for span in spans:
        sentences = sentences_between(conn, span.book_id, span.sid_start, span.sid_end)
        if not sentences:
            continue
        kept = _within(sentences, span, token_budget - used)
        if not kept and passages:
            continue
        passage = passage_of(conn, span, kept or _core(sentences, span))
        used += approximate_tokens(passage.text)
        passages.append(passage)
    return passages


def passage_of(conn: sqlite3.Connection, span: Span, sentences: list[Sentence]) -> Passage:
    """`sentences` (a stretch of `span`'s) as the passage of that span."""
    return Passage(
        book_id=span.book_id,
        chunk_id=span.chunk_id,
        sid_start=sentences[0].sid,
        sid_end=sentences[-1].sid,
        section=sentences[0].section,
        score=span.score,
        text=_with_reference(conn, span.book_id, sentences),
        locator=sentences[0].locator,
    )


def _with_reference(conn: sqlite3.Connection, book_id: str, sentences: list[Sentence]) -> str:
    """The passage's text; a note is quoted after the sentence that refers to it."""
    text = join_sentences(sentences)
    note = note_link_at(conn, book_id, sentences[0].sid)
    if note is None:
        return text
    reference = sentences_between(conn, book_id, note.ref_sid, note.ref_sid)
    if not reference:
        return text
    return f"{reference[0].text}\n[Note] {text}"


def _core(sentences: list[Sentence], span: Span) -> list[Sentence]:
    return [s for s in sentences if span.core_start <= s.sid <= span.core_end] or sentences


def _within(sentences: list[Sentence], span: Span, budget: int) -> list[Sentence]:
    """`sentences` (the span's) if they fit in `budget` tokens; else the span's core window
    widened a sentence at a time on alternate sides while it fits; else nothing."""
    costs = [approximate_tokens(sentence.text) + 1 for sentence in sentences]
    if sum(costs) <= budget:
        return sentences
    first = sentences[0].sid
    low = max(span.core_start - first, 0)
    high = min(span.core_end - first, len(sentences) - 1)
    used = sum(costs[low:high + 1])
    if used > budget:
        return []
    grew = True
    while grew:
        grew = False
        if high + 1 < len(sentences) and used + costs[high + 1] <= budget:
            high += 1
            used += costs[high]
            grew = True
        if low > 0 and used + costs[low - 1] <= budget:
            low -= 1
            used += costs[low]
            grew = True
    return sentences[low:high + 1]


def approximate_tokens(text: str) -> int:
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
    sentences = sentences_between(conn, scope.book_id, start, scope.boundary_sid, story_only=True)
    if not sentences:
        return None
    return RecentText(sentences[0].sid, sentences[-1].sid, join_sentences(sentences))

"""The sealed value of book text that is not an answer's: `ScopedExcerpts`, sentence spans in scope
and usable stored companion text, for X-Ray, recaps, character personas and the candidates a
model ranks (an answer's search passages are sealed in `ScopedContext`, sealed.py).

A `ScopedExcerpts` can only be built here, from sentence spans that `boundary.py` says are in
scope, or from stored companion text it says is usable. A request (request.py) refuses an empty
one: a description asked with only a name would be answered from what the model already knows
about the book, spoilers included.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass, field

from reader_app.rag.index.sentences import join_sentences, sentences_between
from reader_app.rag.scope.boundary import Scope, derived_text_usable, sentence_in_scope
from reader_app.rag.scope.seal import ScopeViolationError, Sealed

_SEAL = object()


class ExcerptScopeError(ScopeViolationError):
    """A bug: text outside the scope was about to be sent to a model. Never caught."""


@dataclass(frozen=True, slots=True)
class Excerpt:
    book_id: str
    sid_start: int
    sid_end: int
    label: str  # "Chapter 3", "Chapter 3 (summary)"
    text: str


@dataclass(frozen=True, slots=True)
class ScopedExcerpts(Sealed):
    book_id: str  # the book being read
    boundary_sid: int
    excerpts: tuple[Excerpt, ...]
    _seal: object = field(repr=False, compare=False)

    def __post_init__(self) -> None:
        if self._seal is not _SEAL:
            raise ExcerptScopeError("build ScopedExcerpts with excerpts_in_scope or from_summaries")

    @property
    def text(self) -> str:
        return "\n".join(e.text for e in self.excerpts)

    @property
    def is_empty(self) -> bool:
        return not any(e.text.strip() for e in self.excerpts)

    @property
    def pairs(self) -> tuple[tuple[str, str], ...]:
        """(label, text) of each excerpt, in order: what a prompt quotes."""
        return tuple((e.label, e.text) for e in self.excerpts)

    @property
    def texts(self) -> list[str]:
        return [e.text for e in self.excerpts]

    def check_sealed(self) -> None:
        if self.is_empty:
            raise ScopeViolationError("a request of book text needs book text, not a bare name")


@dataclass(frozen=True, slots=True)
class Span:
    book_id: str
    sid_start: int
    sid_end: int  # inclusive
    label: str


@dataclass(frozen=True, slots=True)
class UsableText:
    """Stored companion text offered as input: it must be usable at the scope's boundary."""

    book_id: str
    made_at_sid: int
    label: str
    text: str


def excerpts_in_scope(
    conn: sqlite3.Connection, scope: Scope, spans: Iterable[Span], *, story_only: bool = True
) -> ScopedExcerpts:
    """The text of `spans`, after checking every sentence of every span is in scope; the story
    alone, without the matter around it, unless `story_only` is False (a search's candidates,
    which are ranked as the search found them)."""
    excerpts = []
    for span in spans:
        if span.sid_end < span.sid_start:
            continue
        for sid in (span.sid_start, span.sid_end):
            if not sentence_in_scope(scope, span.book_id, sid):
                raise ExcerptScopeError(
                    f"sentence {sid} of {span.book_id[:12]} is outside the scope "
                    f"(boundary {scope.boundary_sid})"
                )
        sentences = sentences_between(
            conn, span.book_id, span.sid_start, span.sid_end, story_only=story_only
        )
        excerpts.append(
            Excerpt(span.book_id, span.sid_start, span.sid_end, span.label,
                    join_sentences(sentences))
        )
    return ScopedExcerpts(scope.book_id, scope.boundary_sid, tuple(excerpts), _SEAL)


def from_summaries(scope: Scope, texts: Iterable[UsableText]) -> ScopedExcerpts:
    """Stored summaries as input to a recap, after checking each is usable at the boundary."""
    excerpts = []
    for item in texts:
        if not derived_text_usable(scope, item.book_id, made_at_sid=item.made_at_sid):
            raise ExcerptScopeError(
                f"text made at sentence {item.made_at_sid} is not usable at boundary "
                f"{scope.boundary_sid}"
            )
        excerpts.append(Excerpt(item.book_id, -1, -1, item.label, item.text))
    return ScopedExcerpts(scope.book_id, scope.boundary_sid, tuple(excerpts), _SEAL)


def joined(*parts: ScopedExcerpts) -> ScopedExcerpts:
    """Several sealed inputs of one call (a persona's notes and its dialogue) as one."""
    if not parts or len({(p.book_id, p.boundary_sid) for p in parts}) != 1:
        raise ExcerptScopeError("only excerpts of one book at one boundary can be joined")
    excerpts = tuple(e for part in parts for e in part.excerpts)
    return ScopedExcerpts(parts[0].book_id, parts[0].boundary_sid, excerpts, _SEAL)

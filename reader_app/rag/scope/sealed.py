"""The sealed values of an answer (a `ScopedContext` built only from a scoped search's passages,
found.py, and a `ScopedHistory` of turns filtered by the current boundary) and of a page
description (a `ScopedPageImage` no later than the last page that may be described). Book text
that is not a search's (X-Ray, recaps, personas, a ranking's candidates) is sealed in
`excerpts.py` instead; a request is made from them in `request.py`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

from reader_app.books.model import Book
from reader_app.books.text.language import decided_language
from reader_app.rag.scope.citations import Citation, without_heading
from reader_app.rag.scope.excerpts import ScopedExcerpts
from reader_app.rag.scope.found import Passage, SearchResult
from reader_app.rag.scope.seal import ScopeViolationError, Sealed

__all__ = ["BookDetails", "ContextPassage", "ConversationSource", "ScopeViolationError",
           "ScopedContext", "ScopedHistory", "ScopedPageImage", "short_quote"]

# A private token: ScopedContext and ScopedHistory refuse to be built without it, so the only
# way to make one is through the constructors below, which take scoped values.
_SEAL = object()

QUOTE_CHARS = 140  # the short quote shown under an answer for each citation


class _StoredText(Protocol):
    @property
    def text(self) -> str: ...
    @property
    def message_id(self) -> int: ...


class _StoredTurn(Protocol):
    @property
    def question(self) -> _StoredText: ...
    @property
    def answer(self) -> _StoredText: ...
    @property
    def boundary_sid(self) -> int: ...
    @property
    def sent(self) -> str: ...
    @property
    def last_label(self) -> int: ...


class _StoredSummary(Protocol):
    @property
    def text(self) -> str: ...
    @property
    def boundary_sid(self) -> int: ...
    @property
    def through_message_id(self) -> int: ...


class ConversationSource(Protocol):
    """What the history is read from (`rag/assistant/conversations.py`'s `ConversationStore`):
    it gives only turns and summaries made at or before `boundary_sid`."""

    def usable_summary(
        self, conversation_id: int, *, boundary_sid: int
    ) -> _StoredSummary | None: ...

    def complete_turns(
        self, conversation_id: int, *, boundary_sid: int
    ) -> Sequence[_StoredTurn]: ...

    def recent_turns(
        self,
        conversation_id: int,
        *,
        boundary_sid: int,
        token_budget: int,
        after_message_id: int = 0,
    ) -> Sequence[_StoredTurn]: ...

@dataclass(frozen=True, slots=True)
class BookDetails:
    """What the assistant may say about a book before reading: title, authors, description."""

    title: str
    authors: str
    description: str
    language: str = ""  # the book's language tag: the rules and the assistant's own words

    @classmethod
    def of(cls, book: Book) -> BookDetails:
        meta = book.metadata
        return cls(title=meta.title, authors=meta.author_line, description=meta.description,
                   language=decided_language(book))  # the tag checked against the text


@dataclass(frozen=True, slots=True)
class ContextPassage:
    """A retrieved passage as the model sees it: a citation number, its chapter and its text."""

    label: int
    chapter: str
    text: str
    score: float  # search relevance; the prompt lists passages in reading order regardless
    citation: Citation


@dataclass(frozen=True, slots=True)
class ScopedHistory(Sealed):
    """Earlier turns and a summary, all made at or before `boundary_sid`. Sealed: see from_store."""

    boundary_sid: int
    turns: tuple[tuple[str, str], ...]  # (question, answer)
    summary: str
    newest_message_id: int
    # Each turn's question as the model read it then (its excerpts included, all made at or
    # before the turn's boundary, so at or before this one), and the next free excerpt number.
    sent: tuple[str, ...]
    next_label: int
    _seal: object = field(repr=False, compare=False)

    def __post_init__(self) -> None:
        if self._seal is not _SEAL:
            raise ScopeViolationError("build a ScopedHistory with ScopedHistory.from_store")

    @classmethod
    def empty(cls, *, boundary_sid: int) -> ScopedHistory:
        return cls(boundary_sid, (), "", 0, (), 1, _SEAL)

    @classmethod
    def from_store(
        cls,
        store: ConversationSource,
        conversation_id: int,
        *,
        boundary_sid: int,
        token_budget: int,
    ) -> ScopedHistory:
        """The usable summary and the recent complete turns after it that fit in the budget."""
        summary = store.usable_summary(conversation_id, boundary_sid=boundary_sid)
        turns = store.recent_turns(
            conversation_id,
            boundary_sid=boundary_sid,
            token_budget=token_budget,
            after_message_id=summary.through_message_id if summary else 0,
        )
        newest = turns[-1].answer.message_id if turns else 0
        return cls(
            boundary_sid,
            tuple((t.question.text, t.answer.text) for t in turns),
            summary.text if summary else "",
            newest,
            tuple(t.sent for t in turns),
            max((t.last_label for t in turns), default=0) + 1,
            _SEAL,
        )

    @classmethod
    def for_summary(
        cls,
        store: ConversationSource,
        conversation_id: int,
        *,
        boundary_sid: int,
        keep_recent: int,
    ) -> ScopedHistory:
        """Every usable turn but the newest `keep_recent`, after the last usable summary."""
        summary = store.usable_summary(conversation_id, boundary_sid=boundary_sid)
        after = summary.through_message_id if summary else 0
        turns = [
            t
            for t in store.complete_turns(conversation_id, boundary_sid=boundary_sid)
            if t.question.message_id > after
        ]
        older = turns[: max(len(turns) - keep_recent, 0)]
        made_at = max([t.boundary_sid for t in older] + [summary.boundary_sid if summary else -1])
        return cls(
            made_at,
            tuple((t.question.text, t.answer.text) for t in older),
            summary.text if summary else "",
            older[-1].answer.message_id if older else after,
            tuple(t.question.text for t in older),  # a summary reads the questions as asked
            1,
            _SEAL,
        )

    @property
    def is_empty(self) -> bool:
        return not self.turns and not self.summary


@dataclass(frozen=True, slots=True)
class ScopedContext(Sealed):
    """Everything from the book one answer may see. Sealed: see from_search / before_reading."""

    book: BookDetails
    boundary_sid: int
    started: bool  # False before the reader has read anything (boundary -1)
    location: str  # "Chapter 12 (34%)"
    on_screen: str
    passages: tuple[ContextPassage, ...]
    history: ScopedHistory
    # The pages read along (rag/assistant/read_along.py), up to this boundary; None: none.
    window: ScopedExcerpts | None
    # The best passages inside the window, numbered after `passages`: the prompt points at
    # them by number and opening words (their text is in the window already), and they are
    # the answer's sources as much as the passages are.
    pointed: tuple[ContextPassage, ...]
    _seal: object = field(repr=False, compare=False)

    def __post_init__(self) -> None:
        if self._seal is not _SEAL:
            raise ScopeViolationError("build a ScopedContext with from_search or before_reading")
        if self.history.boundary_sid > self.boundary_sid:
            raise ScopeViolationError("history made after the boundary cannot join this context")
        window = self.window
        if window is not None and (window.boundary_sid != self.boundary_sid
                                   or any(e.sid_end > self.boundary_sid
                                          for e in window.excerpts)):
            raise ScopeViolationError("a window read at another boundary cannot join this context")
        if self.pointed and (window is None or not all(
                _within(window, p.citation.sid_start, p.citation.sid_end) for p in self.pointed)):
            raise ScopeViolationError("only passages inside the window can be pointed at")

    @classmethod
    def from_search(
        cls, result: SearchResult, *, book: Book, location: str, history: ScopedHistory,
        window: ScopedExcerpts | None = None,
    ) -> ScopedContext:
        """The context of an answer: passages and on-screen text from a scoped search, numbered
        on from the excerpts the history's turns were given; with `window`, the pages read
        along up to the boundary, which take the on-screen text's place."""
        if not isinstance(result, SearchResult):
            raise ScopeViolationError("a ScopedContext needs a SearchResult from rag.search")
        if result.book_id != book.book_id:
            raise ScopeViolationError("the search result is for another book")
        if window is not None and window.book_id != book.book_id:
            raise ScopeViolationError("the window is of another book")
        window = window if window is not None and not window.is_empty else None
        found = [*result.passages, *(result.inside if window is not None else ())]
        numbered = [_context_passage(book, label, passage)
                    for label, passage in enumerate(found, start=history.next_label)]
        on_screen = result.recent.text if result.recent is not None and window is None else ""
        return cls(
            BookDetails.of(book),
            result.boundary_sid,
            True,
            location,
            on_screen,
            tuple(numbered[: len(result.passages)]),
            history,
            window,
            tuple(numbered[len(result.passages):]),
            _SEAL,
        )

    @classmethod
    def before_reading(cls, *, book: Book, history: ScopedHistory) -> ScopedContext:
        """Boundary -1: only the title, authors and the book's own description."""
        return cls(BookDetails.of(book), -1, False, "the beginning", "", (), history, None, (),
                   _SEAL)

    @property
    def citations(self) -> tuple[Citation, ...]:
        return tuple(p.citation for p in (*self.passages, *self.pointed))


def _within(window: ScopedExcerpts, start: int, end: int) -> bool:
    """Whether every sentence `start..end` is in the window (a PDF's passage may run on from
    one page's excerpt into the next's)."""
    return start <= end and all(
        any(e.sid_start <= sid <= e.sid_end for e in window.excerpts)
        for sid in range(start, end + 1))


def _context_passage(book: Book, label: int, passage: Passage) -> ContextPassage:
    chapter = book.chapter_title(passage.locator)
    citation = Citation(
        label=label,
        chunk_id=passage.chunk_id,
        sid_start=passage.sid_start,
        sid_end=passage.sid_end,
        locator=passage.locator,
        chapter=chapter,
        quote=short_quote(without_heading(passage.text, chapter)),
    )
    return ContextPassage(label, chapter, passage.text, passage.score, citation)


def short_quote(text: str, *, limit: int = QUOTE_CHARS) -> str:
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    cut = text[:limit].rsplit(" ", 1)[0]
    return cut + "…"


@dataclass(frozen=True, slots=True)
class ScopedPageImage(Sealed):
    """A comic page a vision model may see: at or before `limit`, the last page
    `rag.scope.boundary.last_page_to_describe` allows. Sealed: build it with `of`."""

    page_index: int
    title: str
    image: bytes = field(repr=False)
    _seal: object = field(repr=False, compare=False)

    def __post_init__(self) -> None:
        if self._seal is not _SEAL:
            raise ScopeViolationError("build a ScopedPageImage with ScopedPageImage.of")

    @classmethod
    def of(cls, *, page_index: int, limit: int, title: str, image: bytes) -> ScopedPageImage:
        if page_index > limit:
            raise ScopeViolationError(f"page {page_index + 1} is past the last page allowed")
        return cls(page_index, title, image, _SEAL)

"""The one gateway to Ollama: every model call (answer, rewrite, suggestions, summary) goes here.

Book text can only enter a request through a `ScopedContext` or `ScopedHistory`, values that
can only be built from a search result (scoped before ranking) or from turns already filtered by
the current boundary. Nothing here takes a free string of book text.
"""

from __future__ import annotations

import functools
import json
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import httpx
import ollama

from reader_app.books.model import Book
from reader_app.errors import (
    AnswerFailedError,
    AssistantTimeoutError,
    ModelMissingError,
    OllamaUnreachableError,
    ReaderError,
)
from reader_app.rag import prompts
from reader_app.rag.conversations import Citation, ConversationStore

if TYPE_CHECKING:
    from reader_app.rag.excerpts import ScopedExcerpts
    from reader_app.rag.search import SearchResult

# A private token: ScopedContext and ScopedHistory refuse to be built without it, so the only
# way to make one is through the constructors below, which take scoped values.
_SEAL = object()

QUOTE_CHARS = 140  # the short quote shown under an answer for each citation
# A runaway stream is cut here: five times the longest answer length the reader can choose.
MAX_ANSWER_CHARS = 24_000
# However the tokens trickle in, an answer that takes longer than this is stopped.
ANSWER_DEADLINE_SECONDS = 300.0
# What a misbehaving server's reply raises inside the client: a line that is not JSON, JSON of
# the wrong shape (pydantic's ValidationError is a ValueError), a body that is not NDJSON.
_UNREADABLE_REPLY = (ValueError, TypeError, KeyError, AttributeError)


class ScopeViolationError(Exception):
    """A bug: a context was built by hand or mixed across boundaries. Never caught."""


@dataclass(frozen=True, slots=True)
class BookDetails:
    """What the assistant may say about a book before reading: title, authors, description."""

    title: str
    authors: str
    description: str

    @classmethod
    def of(cls, book: Book) -> BookDetails:
        meta = book.metadata
        return cls(title=meta.title, authors=meta.author_line, description=meta.description)


@dataclass(frozen=True, slots=True)
class ContextPassage:
    """A retrieved passage as the model sees it: a citation number, its chapter and its text."""

    label: int
    chapter: str
    text: str
    score: float  # search relevance; the prompt lists passages in reading order regardless
    citation: Citation


@dataclass(frozen=True, slots=True)
class ScopedHistory:
    """Earlier turns and a summary, all made at or before `boundary_sid`. Sealed: see from_store."""

    boundary_sid: int
    turns: tuple[tuple[str, str], ...]  # (question, answer)
    summary: str
    newest_message_id: int
    _seal: object = field(repr=False, compare=False)

    def __post_init__(self) -> None:
        if self._seal is not _SEAL:
            raise ScopeViolationError("build a ScopedHistory with ScopedHistory.from_store")

    @classmethod
    def empty(cls, *, boundary_sid: int) -> ScopedHistory:
        return cls(boundary_sid, (), "", 0, _SEAL)

    @classmethod
    def from_store(
        cls,
        store: ConversationStore,
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
            _SEAL,
        )

    @classmethod
    def for_summary(
        cls,
        store: ConversationStore,
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
            _SEAL,
        )

    @property
    def is_empty(self) -> bool:
        return not self.turns and not self.summary


@dataclass(frozen=True, slots=True)
class ScopedContext:
    """Everything from the book one answer may see. Sealed: see from_search / before_reading."""

    book: BookDetails
    boundary_sid: int
    started: bool  # False before the reader has read anything (boundary -1)
    location: str  # "Chapter 12 (34%)"
    on_screen: str
    passages: tuple[ContextPassage, ...]
    history: ScopedHistory
    _seal: object = field(repr=False, compare=False)

    def __post_init__(self) -> None:
        if self._seal is not _SEAL:
            raise ScopeViolationError("build a ScopedContext with from_search or before_reading")
        if self.history.boundary_sid > self.boundary_sid:
            raise ScopeViolationError("history made after the boundary cannot join this context")

    @classmethod
    def from_search(
        cls, result: SearchResult, *, book: Book, location: str, history: ScopedHistory
    ) -> ScopedContext:
        """The context of an answer: passages and on-screen text from a scoped search."""
        from reader_app.rag.search import SearchResult

        if not isinstance(result, SearchResult):
            raise ScopeViolationError("a ScopedContext needs a SearchResult from rag.search")
        if result.book_id != book.book_id:
            raise ScopeViolationError("the search result is for another book")
        passages = []
        for label, passage in enumerate(result.passages, start=1):
            chapter = book.chapter_title(passage.locator)
            citation = Citation(
                label=label,
                chunk_id=passage.chunk_id,
                sid_start=passage.sid_start,
                sid_end=passage.sid_end,
                locator=passage.locator,
                chapter=chapter,
                quote=short_quote(passage.text),
            )
            passages.append(ContextPassage(label, chapter, passage.text, passage.score, citation))
        on_screen = result.recent.text if result.recent is not None else ""
        return cls(
            BookDetails.of(book),
            result.boundary_sid,
            True,
            location,
            on_screen,
            tuple(passages),
            history,
            _SEAL,
        )

    @classmethod
    def before_reading(cls, *, book: Book, history: ScopedHistory) -> ScopedContext:
        """Boundary -1: only the title, authors and the book's own description."""
        return cls(BookDetails.of(book), -1, False, "the beginning", "", (), history, _SEAL)

    @property
    def citations(self) -> tuple[Citation, ...]:
        return tuple(p.citation for p in self.passages)


def short_quote(text: str, *, limit: int = QUOTE_CHARS) -> str:
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    cut = text[:limit].rsplit(" ", 1)[0]
    return cut + "…"


@dataclass(frozen=True, slots=True)
class QueryRewrite:
    search_phrase: str
    keywords: tuple[str, ...]

    @property
    def query(self) -> str:
        """The text handed to search: the phrase, plus keywords it does not already contain."""
        extra = [k for k in self.keywords if k.lower() not in self.search_phrase.lower()]
        return " ".join([self.search_phrase, *extra]).strip()


@dataclass(frozen=True, slots=True)
class PullProgress:
    status: str
    completed: int | None
    total: int | None

    @property
    def fraction(self) -> float | None:
        if not self.total or self.completed is None:
            return None
        return min(self.completed / self.total, 1.0)


class CancelToken:
    """Set from any thread to stop a stream or a pull at its next chunk."""

    def __init__(self) -> None:
        self._event = threading.Event()

    def cancel(self) -> None:
        self._event.set()

    @property
    def cancelled(self) -> bool:
        return self._event.is_set()


@dataclass
class StreamStats:
    """Filled in while an answer streams: when the request left, token counts from Ollama."""

    request_sent_at: float | None = None
    first_token_at: float | None = None
    prompt_tokens: int | None = None
    completion_tokens: int | None = None


@dataclass(frozen=True, slots=True)
class ScopedPageImage:
    """A comic page a vision model may see: at or before `limit`, the last page
    `rag.boundary.last_page_to_describe` allows. Sealed: build it with `of`."""

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


class PullCancelledError(ReaderError):
    """The reader cancelled a model download."""


class ModelGateway:
    """Ollama through the official client, with our errors and our scoped inputs."""

    def __init__(
        self,
        *,
        host: str,
        model: str,
        timeout: float = 60.0,
        connect_timeout: float = 3.0,
        answer_deadline: float = ANSWER_DEADLINE_SECONDS,
        max_answer_chars: int = MAX_ANSWER_CHARS,
    ) -> None:
        self.host = host
        self.model = model
        self.timeout = timeout
        self.answer_deadline = answer_deadline
        self.max_answer_chars = max_answer_chars
        self._client = ollama.Client(
            host=host, timeout=httpx.Timeout(timeout, connect=connect_timeout)
        )

    def close(self) -> None:
        self._client.close()

    # -- the answer ------------------------------------------------------------------------

    def stream_answer(
        self,
        context: ScopedContext,
        question: str,
        *,
        answer_length: str,
        stats: StreamStats,
        cancel: CancelToken | None = None,
        on_request: Callable[[], None] | None = None,
    ) -> Iterator[str]:
        """Tokens of the answer as they arrive. Raises our errors; stops quietly on cancel.

        An answer is complete only when Ollama's final `done` line arrives: a stream that ends
        without it, runs past `max_answer_chars` or `answer_deadline` raises (the caller keeps
        what was yielded, marked incomplete).
        """
        _require_context(context)
        _, max_tokens = prompts.length_instruction(answer_length)
        messages = prompts.answer_messages(context, question, answer_length=answer_length)
        yield from self._stream_reply(messages, max_tokens=max_tokens, stats=stats,
                                      cancel=cancel, on_request=on_request)

    def _stream_reply(self, messages: list[prompts.ChatMessage], *, max_tokens: int,
                      stats: StreamStats, cancel: CancelToken | None,
                      on_request: Callable[[], None] | None = None) -> Iterator[str]:
        """The streamed reply to `messages`, built by the caller from sealed inputs only."""
        if on_request is not None:
            on_request()
        stats.request_sent_at = time.perf_counter()
        stream = self._client.chat(
            model=self.model,
            messages=messages,
            stream=True,
            options={
                "num_predict": max_tokens,
                "num_ctx": prompts.context_window(messages, max_tokens=max_tokens),
            },
        )
        yielded_any = False
        finished = False
        length = 0
        deadline = time.monotonic() + self.answer_deadline
        try:
            while True:
                try:
                    part = next(stream)
                except StopIteration:
                    if finished:
                        return
                    raise AnswerFailedError(
                        f"Ollama at {self.host} stopped sending before the answer was finished."
                    ) from None
                except Exception as error:
                    raise self._translate(error, started=yielded_any) from error
                if cancel is not None and cancel.cancelled:
                    return
                if time.monotonic() > deadline:
                    raise AssistantTimeoutError(host=self.host, seconds=self.answer_deadline)
                token = part.message.content or ""
                finished = finished or bool(part.done)
                if part.done:
                    stats.prompt_tokens = part.prompt_eval_count
                    stats.completion_tokens = part.eval_count
                length += len(token)
                if length > self.max_answer_chars:
                    raise AnswerFailedError(
                        f"The answer ran past {self.max_answer_chars:,} characters and was cut "
                        "off there; the model may be repeating itself."
                    )
                if token:
                    if stats.first_token_at is None:
                        stats.first_token_at = time.perf_counter()
                    yielded_any = True
                    yield token
        finally:
            _close(stream)

    # -- the helper calls ------------------------------------------------------------------

    def rewrite_query(self, question: str, history: ScopedHistory) -> QueryRewrite:
        """A search phrase and keywords for `question`. Raises on any failure or bad reply."""
        _require_history(history)
        reply = self._json_call(
            prompts.rewrite_messages(question, history),
            schema=prompts.REWRITE_SCHEMA,
            max_tokens=prompts.REWRITE_MAX_TOKENS,
        )
        phrase = reply.get("search_phrase") if isinstance(reply, dict) else None
        keywords = reply.get("keywords", []) if isinstance(reply, dict) else None
        if not isinstance(phrase, str) or not phrase.strip() or not isinstance(keywords, list):
            raise AnswerFailedError("the query rewrite was malformed")
        return QueryRewrite(
            search_phrase=phrase.strip()[:300],
            keywords=tuple(str(k).strip() for k in keywords if str(k).strip())[:6],
        )

    def rank_passages(self, question: str, excerpts: list[str]) -> tuple[int, ...]:
        """Indexes (from 0) of the excerpts that best answer `question`, best first. The
        excerpts must come from a scoped search; raises on any failure or malformed reply."""
        reply = self._json_call(
            prompts.rank_messages(question, excerpts),
            schema=prompts.RANK_SCHEMA,
            max_tokens=prompts.RANK_MAX_TOKENS,
        )
        best = reply.get("best") if isinstance(reply, dict) else None
        if not isinstance(best, list):
            raise AnswerFailedError("the passage ranking was malformed")
        picked = [n - 1 for n in best if isinstance(n, int) and 1 <= n <= len(excerpts)]
        return tuple(dict.fromkeys(picked))

    def hypothetical_passage(self, question: str, *, title: str) -> str:
        """A short made-up passage that would answer `question`, to search with beside it."""
        messages = prompts.hypothetical_messages(question, title=title)
        reply = self._reply_text(messages, max_tokens=prompts.HYPOTHETICAL_MAX_TOKENS)
        text = " ".join(reply.split())
        if not text:
            raise AnswerFailedError("the hypothetical passage was empty")
        return text[:600]

    def suggest_followups(
        self, context: ScopedContext, question: str, answer: str
    ) -> tuple[str, ...]:
        """Two or three follow-up questions, or none if the reply is malformed or the call fails."""
        _require_context(context)
        try:
            reply = self._json_call(
                prompts.suggestion_messages(context, question, answer),
                schema=prompts.SUGGESTION_SCHEMA,
                max_tokens=prompts.SUGGESTION_MAX_TOKENS,
            )
        except (ReaderError, ValueError):
            return ()
        return validate_suggestions(reply)

    def summarize(self, history: ScopedHistory) -> str:
        """A short summary of `history`'s turns. Raises on failure."""
        _require_history(history)
        summary = prompts.summary_messages(history)
        text = self._reply_text(summary, max_tokens=prompts.SUMMARY_MAX_TOKENS).strip()
        if not text:
            raise AnswerFailedError("the summary was empty")
        return text

    # -- comic pages -----------------------------------------------------------------------

    def describe_page(self, page: ScopedPageImage) -> str:
        """A vision model's short description of one page. Raises our errors."""
        if not isinstance(page, ScopedPageImage):
            raise ScopeViolationError("describe_page takes a ScopedPageImage")
        prompt = prompts.PAGE_DESCRIPTION_PROMPT.format(
            page=page.page_index + 1, title=prompts.attribute(page.title)
        )
        messages: list[dict[str, Any]] = [
            {"role": "user", "content": prompt, "images": [page.image]}
        ]
        return self._reply_text(messages, max_tokens=prompts.PAGE_DESCRIPTION_MAX_TOKENS)

    def vision_models(self) -> list[str]:
        """The installed models that can see images (`/api/tags`, then `/api/show`)."""
        found = []
        for name in self.installed_models():
            shown = self._call(functools.partial(self._client.show, name))
            if "vision" in (shown.capabilities or []):
                found.append(name)
        return found
    # -- companion features (X-Ray, recaps): sealed excerpts only ----------------------------

    def companion_text(
        self, task: prompts.CompanionTask, excerpts: ScopedExcerpts, *, title: str, subject: str
    ) -> str:
        """A description, chapter summary or recap written only from `excerpts`."""
        pairs = _excerpt_pairs(excerpts)
        text = self._reply_text(
            prompts.companion_messages(task, pairs, title=title, subject=subject),
            max_tokens=prompts.COMPANION_MAX_TOKENS[task],
            # A whole chapter is several thousand tokens: more room than Ollama's default.
            num_ctx=prompts.COMPANION_CONTEXT_TOKENS,
        ).strip()
        if not text:
            raise AnswerFailedError("the model's reply was empty")
        return text

    def same_names(self, names: tuple[str, ...], excerpts: ScopedExcerpts) -> list[tuple[str, str]]:
        """Pairs of `names` the model says are one person, judged from `excerpts` only."""
        pairs = _excerpt_pairs(excerpts)
        reply = self._json_call(
            prompts.merge_messages(names, pairs), schema=prompts.MERGE_SCHEMA,
            max_tokens=prompts.MERGE_MAX_TOKENS,
        )
        same = reply.get("same") if isinstance(reply, dict) else None
        if not isinstance(same, list):
            raise AnswerFailedError("the name merge reply was malformed")
        known = set(names)
        return [(a, b) for a, b in (p for p in same if isinstance(p, list) and len(p) == 2)
                if a in known and b in known and a != b]

    # -- models ----------------------------------------------------------------------------

    def installed_models(self) -> list[str]:
        response = self._call(self._client.list)
        return sorted(m.model for m in response.models if m.model)

    def has_model(self, name: str | None = None) -> bool:
        wanted = name or self.model
        installed = self.installed_models()
        return wanted in installed or f"{wanted}:latest" in installed

    def pull_model(
        self,
        *,
        name: str | None = None,
        progress: Callable[[PullProgress], None] | None = None,
        cancel: CancelToken | None = None,
    ) -> None:
        """Download a model with progress. Raises PullCancelledError when cancelled."""
        stream = self._call(lambda: self._client.pull(name or self.model, stream=True))
        try:
            while True:
                try:
                    part = next(stream)
                except StopIteration:
                    return
                except Exception as error:
                    raise self._translate(error, started=True) from error
                if cancel is not None and cancel.cancelled:
                    raise PullCancelledError(f"Download of “{name or self.model}” cancelled.")
                if progress is not None:
                    progress(PullProgress(part.status or "", part.completed, part.total))
        finally:
            _close(stream)

    # -- internals -------------------------------------------------------------------------

    def _json_call(self, messages: list[prompts.ChatMessage], *, schema: dict[str, Any],
                   max_tokens: int) -> Any:
        return json.loads(self._reply_text(messages, max_tokens=max_tokens, schema=schema))

    def _reply_text(
        self,
        messages: list[Any],
        *,
        max_tokens: int,
        num_ctx: int | None = None,
        schema: dict[str, Any] | None = None,
    ) -> str:
        """One non-streamed reply: deterministic, with room for what is sent (never silently
        truncated by Ollama's default context) and at most `max_tokens` back."""
        options = {
            "temperature": 0,
            "num_predict": max_tokens,
            "num_ctx": num_ctx or prompts.context_window(messages, max_tokens=max_tokens),
        }
        response = self._call(
            lambda: self._client.chat(
                model=self.model,
                messages=messages,
                stream=False,
                format=schema,
                options=options,
            )
        )
        return str(response.message.content or "")

    def _call(self, request: Callable[[], Any]) -> Any:
        try:
            return request()
        except Exception as error:
            raise self._translate(error, started=False) from error

    def _translate(self, error: Exception, *, started: bool) -> Exception:
        if isinstance(error, ReaderError):
            return error
        if isinstance(error, ollama.ResponseError):
            message = str(error.error)
            if error.status_code == 404 and "not found" in message:
                return ModelMissingError(model=self.model, host=self.host)
            if message.lstrip().startswith("<"):  # a proxy's or another server's HTML page
                return AnswerFailedError(
                    f"The server at {self.host} answered with an error page (HTTP "
                    f"{error.status_code}), not Ollama's reply; is the host in Settings right?"
                )
            return AnswerFailedError(f"Ollama reported an error: {message[:500]}")
        if isinstance(error, httpx.TimeoutException):
            return AssistantTimeoutError(host=self.host, seconds=self.timeout)
        if isinstance(error, ConnectionError | httpx.ConnectError) and not started:
            return OllamaUnreachableError(host=self.host)
        if isinstance(error, httpx.HTTPError | ConnectionError):
            return AnswerFailedError(f"The connection to Ollama at {self.host} was lost.")
        if isinstance(error, _UNREADABLE_REPLY):
            return AnswerFailedError(
                f"The server at {self.host} sent a reply that is not Ollama's "
                f"({type(error).__name__}); is the host in Settings really Ollama?"
            )
        return error


def validate_suggestions(reply: Any) -> tuple[str, ...]:
    """Two or three short, distinct, single-line questions; anything else is no suggestions."""
    if not isinstance(reply, dict) or not isinstance(reply.get("questions"), list):
        return ()
    questions = reply["questions"]
    if not 2 <= len(questions) <= 3:
        return ()
    cleaned: list[str] = []
    for item in questions:
        if not isinstance(item, str):
            return ()
        text = " ".join(item.split())
        if not 3 <= len(text) <= 120 or text.lower() in (c.lower() for c in cleaned):
            return ()
        cleaned.append(text)
    return tuple(cleaned)


def _close(stream: Iterator[Any]) -> None:
    """Close a streamed reply early: the client's generator then closes its HTTP response."""
    close = getattr(stream, "close", None)
    if close is not None:
        close()


def _excerpt_pairs(excerpts: object) -> tuple[tuple[str, str], ...]:
    from reader_app.rag.excerpts import ScopedExcerpts

    if not isinstance(excerpts, ScopedExcerpts):
        raise ScopeViolationError("companion calls take ScopedExcerpts, not free text")
    if excerpts.is_empty:
        raise ScopeViolationError("a companion call needs book text, not a bare name")
    return tuple((e.label, e.text) for e in excerpts.excerpts)


def _require_context(context: object) -> None:
    if not isinstance(context, ScopedContext):
        raise ScopeViolationError("model calls take a ScopedContext, not free text")


def _require_history(history: object) -> None:
    if not isinstance(history, ScopedHistory):
        raise ScopeViolationError("model calls take a ScopedHistory, not free text")

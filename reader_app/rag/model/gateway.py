"""The one gateway to Ollama: every model call (answer, rewrite, suggestions, summary) goes here.

Book text can only enter a request through the sealed values of `rag/model/scoped.py`: a
`ScopedContext` or `ScopedHistory`, built only from a search result (scoped before ranking) or from
turns already filtered by the current boundary. Nothing here takes a free string of book text.
The wire below it (bounded transport, error translation, the streaming loop):
`rag/model/ollama_wire.py`.
"""

from __future__ import annotations

import contextlib
import functools
import json
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from reader_app.cancel import CancelToken
from reader_app.errors import AnswerFailedError, AssistantTimeoutError, ReaderError
from reader_app.rag.model import prompts
from reader_app.rag.model.ollama_wire import (
    MAX_LINE_BYTES,
    MAX_REPLY_BYTES,
    BoundedTransport,
    PullCancelledError,
    PullProgress,
    make_client,
    read_stream,
    translate,
)
from reader_app.rag.model.scoped import (
    ScopedContext,
    ScopedHistory,
    ScopedPageImage,
    ScopeViolationError,
    excerpt_pairs,
    require_context,
    require_history,
)

if TYPE_CHECKING:
    from reader_app.rag.model.excerpts import ScopedExcerpts

__all__ = [
    "ModelGateway", "PullCancelledError", "PullProgress", "QueryRewrite",
    "StreamStats", "validate_suggestions",
]

# A runaway stream is cut here: five times the longest answer length the reader can choose.
MAX_ANSWER_CHARS = 24_000
# However the tokens trickle in, an answer that takes longer than this is stopped.
ANSWER_DEADLINE_SECONDS = 300.0


@dataclass(frozen=True, slots=True)
class QueryRewrite:
    search_phrase: str
    keywords: tuple[str, ...]

    @property
    def query(self) -> str:
        """The text handed to search: the phrase, plus keywords it does not already contain."""
        extra = [k for k in self.keywords if k.lower() not in self.search_phrase.lower()]
        return " ".join([self.search_phrase, *extra]).strip()


@dataclass
class StreamStats:
    """Filled in while an answer streams: when the request left, token counts from Ollama."""

    request_sent_at: float | None = None
    first_token_at: float | None = None
    prompt_tokens: int | None = None
    completion_tokens: int | None = None


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
        max_line_bytes: int = MAX_LINE_BYTES,
        max_reply_bytes: int = MAX_REPLY_BYTES,
    ) -> None:
        self.host = host
        self.model = model
        self.timeout = timeout
        self.answer_deadline = answer_deadline
        self.max_answer_chars = max_answer_chars
        self.transport = BoundedTransport(
            host=host, max_line_bytes=max_line_bytes, max_reply_bytes=max_reply_bytes
        )
        self._client = make_client(
            host, timeout=timeout, connect_timeout=connect_timeout, transport=self.transport
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
        require_context(context)
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
        parts = read_stream(stream, lambda error: self._translate(error, started=yielded_any))
        with contextlib.closing(parts):
            for part in parts:
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
        if not finished:
            raise AnswerFailedError(
                f"Ollama at {self.host} stopped sending before the answer was finished."
            )

    # -- the helper calls ------------------------------------------------------------------

    def rewrite_query(self, question: str, history: ScopedHistory) -> QueryRewrite:
        """A search phrase and keywords for `question`. Raises on any failure or bad reply."""
        require_history(history)
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
        require_context(context)
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
        require_history(history)
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
        pairs = excerpt_pairs(excerpts)
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
        pairs = excerpt_pairs(excerpts)
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
        parts = read_stream(stream, lambda error: self._translate(error, started=True))
        with contextlib.closing(parts):
            for part in parts:
                if cancel is not None and cancel.cancelled:
                    raise PullCancelledError(f"Download of “{name or self.model}” cancelled.")
                if progress is not None:
                    progress(PullProgress(part.status or "", part.completed, part.total))

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
        return translate(
            error, host=self.host, model=self.model, timeout=self.timeout, started=started
        )


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

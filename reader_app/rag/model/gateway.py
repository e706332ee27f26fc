"""The one gateway to a model server: every model call (answer, rewrite, suggestions, summary,
X-Ray, recaps, personas, page descriptions) goes here, whichever server is behind it.

Book text can only enter a request through the sealed values of `rag/model/scoped.py`: a
`ScopedContext` or `ScopedHistory`, built only from a search result (scoped before ranking) or from
turns already filtered by the current boundary. Nothing here takes a free string of book text.
The wire below it speaks the server's API (`rag/model/servers.py` picks it from the address):
Ollama's own (`ollama_wire.py`) or the OpenAI-compatible one (`openai_wire.py`); nothing above the
gateway learns which.
"""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Self

from reader_app.cancel import CancelToken
from reader_app.errors import (
    AnswerFailedError,
    AssistantTimeoutError,
    ContextTooLongError,
    ReaderError,
    RemoteServerNotAllowedError,
)
from reader_app.rag.model import prompts
from reader_app.rag.model.scoped import (
    ScopedContext,
    ScopedHistory,
    ScopedPageImage,
    ScopeViolationError,
    excerpt_pairs,
    require_context,
    require_history,
)
from reader_app.rag.model.servers import ServerChoice, open_wire
from reader_app.rag.model.wire import (
    MAX_LINE_BYTES,
    MAX_REPLY_BYTES,
    PullCancelledError,
    PullProgress,
    ReplyPart,
    Wire,
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
    """Filled in while an answer streams: when the request left, and what the server counted
    (prompt tokens and the time it took to read them, reply tokens, why it stopped)."""

    request_sent_at: float | None = None
    first_token_at: float | None = None
    prompt_tokens: int | None = None
    prompt_seconds: float | None = None
    completion_tokens: int | None = None
    finish_reason: str | None = None


class ModelGateway:
    """A model server (Ollama, or any OpenAI-compatible one, by its address), with our errors
    and our scoped inputs."""

    def __init__(
        self,
        *,
        host: str,
        model: str,
        api_key: str = "",
        timeout: float = 60.0,
        connect_timeout: float = 3.0,
        answer_deadline: float = ANSWER_DEADLINE_SECONDS,
        max_answer_chars: int = MAX_ANSWER_CHARS,
        max_line_bytes: int = MAX_LINE_BYTES,
        max_reply_bytes: int = MAX_REPLY_BYTES,
        text_may_leave: bool = True,
    ) -> None:
        """`text_may_leave` False: the server is on another computer and the reader has not
        agreed to send it what they read, so every call that carries book text is refused."""
        self.model = model
        self.text_may_leave = text_may_leave
        self.timeout = timeout
        self.answer_deadline = answer_deadline
        self.max_answer_chars = max_answer_chars
        self.wire: Wire = open_wire(
            host, timeout=timeout, connect_timeout=connect_timeout, api_key=api_key,
            max_line_bytes=max_line_bytes, max_reply_bytes=max_reply_bytes,
        )
        self.host = self.wire.host
        self.transport = self.wire.transport
        # The context the server gives a request, once known (/props, or a refusal says it),
        # and how far over it the last refused request was (1.0: none refused).
        self.context_limit: int | None = None
        self.overflow = 1.0
        self.calls = 0  # requests that carried messages to the model, since it was made

    @classmethod
    def for_choice(cls, choice: ServerChoice, **options: Any) -> Self:
        """The gateway to the server the reader chose (settings, or a command's --server)."""
        return cls(host=choice.url, model=choice.model, api_key=choice.api_key,
                   text_may_leave=choice.allowed, **options)

    @property
    def api(self) -> str:
        """ "ollama" or "openai": which API the server speaks."""
        return self.wire.api

    def close(self) -> None:
        self.wire.close()

    def context_tokens(self) -> int | None:
        """The most a request may hold in all, in tokens, where the server tells it."""
        if self.context_limit is None:
            self.context_limit = self.wire.context_size(self.model)
        return self.context_limit

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
        self._require_consent()
        self.calls += 1
        if on_request is not None:
            on_request()
        stats.request_sent_at = time.perf_counter()
        parts = self._checked(self.wire.stream_chat(
            model=self.model, messages=messages, max_tokens=max_tokens,
            num_ctx=prompts.context_window(messages, max_tokens=max_tokens),
        ))
        finished = False
        length = 0
        deadline = time.monotonic() + self.answer_deadline
        with contextlib.closing(parts):
            for part in parts:
                if cancel is not None and cancel.cancelled:
                    return
                if time.monotonic() > deadline:
                    raise AssistantTimeoutError(host=self.host, seconds=self.answer_deadline,
                                                server=self.wire.server_name)
                token = part.text
                if part.done:
                    finished = True
                    stats.prompt_tokens = part.prompt_tokens
                    stats.prompt_seconds = part.prompt_seconds
                    stats.completion_tokens = part.completion_tokens
                    stats.finish_reason = part.finish_reason
                length += len(token)
                if length > self.max_answer_chars:
                    raise AnswerFailedError(
                        f"The answer ran past {self.max_answer_chars:,} characters and was cut "
                        "off there; the model may be repeating itself."
                    )
                if token:
                    if stats.first_token_at is None:
                        stats.first_token_at = time.perf_counter()
                    yield token
        if not finished:
            raise AnswerFailedError(
                f"{self._server_title()} at {self.host} stopped sending before the answer was "
                "finished."
            )
        if length == 0:  # `"content": null` then done: no answer, not an empty complete one
            raise AnswerFailedError(
                f"{self._server_title()} at {self.host} finished without sending any answer."
            )

    def _require_consent(self) -> None:
        if not self.text_may_leave:
            raise RemoteServerNotAllowedError(host=self.host)

    def _server_title(self) -> str:
        name = self.wire.server_name
        return name[:1].upper() + name[1:]

    def _checked(self, parts: Iterator[ReplyPart]) -> Generator[ReplyPart, None, None]:
        """`parts`, noting the context the server names when it refuses a request as too long."""
        try:
            yield from parts
        except ContextTooLongError as error:
            self._note_refusal(error)
            raise

    def _note_refusal(self, error: ContextTooLongError) -> None:
        if error.context_tokens:
            self.context_limit = error.context_tokens
            if error.prompt_tokens:
                self.overflow = max(self.overflow, error.prompt_tokens / error.context_tokens)

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
        """The models that can see images, where the server can tell (Ollama's `/api/show`)."""
        return self.wire.vision_models()

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
        return self.wire.models()

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
        """Download a model with progress (Ollama). Raises PullCancelledError when cancelled."""
        parts = self.wire.pull(name or self.model)
        with contextlib.closing(parts):  # type: ignore[type-var]
            for part in parts:
                if cancel is not None and cancel.cancelled:
                    raise PullCancelledError(f"Download of “{name or self.model}” cancelled.")
                if progress is not None:
                    progress(part)

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
        self._require_consent()
        self.calls += 1
        try:
            return self.wire.complete(
                model=self.model, messages=messages, max_tokens=max_tokens,
                num_ctx=num_ctx or prompts.context_window(messages, max_tokens=max_tokens),
                schema=schema,
            )
        except ContextTooLongError as error:
            self._note_refusal(error)
            raise


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

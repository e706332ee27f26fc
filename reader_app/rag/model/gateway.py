"""The one gateway to a model server: every model call (answer, rewrite, suggestions, summary,
X-Ray, recaps, personas, page descriptions) goes here, whichever server is behind it.

Book text can only enter a request through the sealed values of `rag/model/scoped.py`: a
`ScopedContext` or `ScopedHistory`, built only from a search result (scoped before ranking) or from
turns already filtered by the current boundary. Nothing here takes a free string of book text.
The wire below it speaks the server's API (`rag/model/servers.py` picks it from the address):
Ollama's own (`ollama_wire.py`) or the OpenAI-compatible one (`openai_wire.py`); nothing above the
gateway learns which.

Every request waits its turn in its server's one queue (`schedule.py`): the reader's question
first, then chips, then background work, which gives way when the reader asks and is sent again
afterwards. Every answer teaches the server's speed (`speeds.py`), from which the answer's
deadline follows: no timeout fires while the server is still reading a long prompt.
"""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Callable, Generator, Iterator
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
from reader_app.rag.model.pacing import Pacing, flat_prompt, timed_out
from reader_app.rag.model.replies import QueryRewrite, StreamStats, validate_suggestions
from reader_app.rag.model.schedule import GaveWayError, Priority, Ticket, queue_for
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
from reader_app.rag.model.speeds import SpeedBook, speeds_for
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

__all__ = ["ModelGateway", "PullCancelledError", "PullProgress", "QueryRewrite", "StreamStats",
           "validate_suggestions"]

# A runaway stream is cut here: five times the longest answer length the reader can choose.
MAX_ANSWER_CHARS = 24_000
# However the tokens trickle in, an answer that takes longer than this after its first is stopped.
ANSWER_DEADLINE_SECONDS = 300.0


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
        speeds: SpeedBook | None = None,
        cancel: CancelToken | None = None,
    ) -> None:
        """`text_may_leave` False: the server is on another computer and the reader has not
        agreed to send it what they read, so every call that carries book text is refused.
        `speeds`: where the server's speed is learnt and kept (the library's, `speeds_for`);
        `cancel`: the job this gateway works for, so waiting for a turn ends when it is
        cancelled."""
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
        self.queue = queue_for(self.host)
        self.pace = Pacing(self.queue, speeds if speeds is not None else speeds_for(None),
                           model=model, timeout=timeout)
        self.cancel = cancel

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

    # -- the queue and the server's speed --------------------------------------------------

    def question_coming(self) -> contextlib.AbstractContextManager[None]:
        """While a reader's question is prepared: background work and chips give way and wait."""
        return self.queue.question_coming()

    def _turn(self, priority: Priority) -> contextlib.AbstractContextManager[Ticket]:
        return self.queue.turn(priority, abort=self.transport.abort, cancel=self.cancel)

    def warm(self, messages: list[prompts.ChatMessage]) -> bool:
        """Load the model and have the server read `messages` (what the next answer begins with)
        ahead of it, learning its speed; gives way to a question. True when it read them."""
        if not self.text_may_leave:
            return False  # not even the title goes to another computer without consent
        stats = StreamStats()
        try:
            with self._turn(Priority.CHIPS) as ticket:
                deadline = self.pace.first_token_deadline(self.pace.fresh_tokens(messages))
                parts = self._send(messages, max_tokens=1, deadline=deadline)
                with contextlib.closing(parts):
                    for part in parts:
                        if part.done:
                            self.pace.learn(part, stats)
        except ReaderError:
            return False
        return not ticket.gave_way

    def gpu_share(self) -> float | None:
        """How much of the model is in the GPU's memory, where the server says (0.0: none)."""
        return self.wire.gpu_share(self.model)

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
        """The streamed reply to `messages`, built by the caller from sealed inputs only. It
        holds the server (a question's turn) from the request to the last token."""
        self._require_consent()
        with self._turn(Priority.QUESTION):
            yield from self._stream_held(messages, max_tokens=max_tokens, stats=stats,
                                         cancel=cancel, on_request=on_request)

    def _stream_held(self, messages: list[prompts.ChatMessage], *, max_tokens: int,
                     stats: StreamStats, cancel: CancelToken | None,
                     on_request: Callable[[], None] | None) -> Iterator[str]:
        self.calls += 1
        fresh = self.pace.fresh_tokens(messages)
        stats.expected_tokens = fresh
        stats.expected_seconds = self.pace.expected_seconds(fresh)
        stats.deadline_seconds = self.pace.first_token_deadline(fresh)
        if on_request is not None:
            on_request()
        stats.request_sent_at = time.perf_counter()
        parts = self._send(messages, max_tokens=max_tokens, deadline=stats.deadline_seconds)
        finished = False
        length = 0
        # Until the first token, the prompt's deadline; from it, the answer's own.
        waited, deadline = stats.deadline_seconds, time.monotonic() + stats.deadline_seconds
        with contextlib.closing(parts):
            for part in parts:
                if cancel is not None and cancel.cancelled:
                    return
                if time.monotonic() > deadline:
                    raise timed_out(AssistantTimeoutError(
                        host=self.host, seconds=waited, server=self.wire.server_name), waited)
                token = part.text
                if part.progress is not None:  # the server is reading: no timeout meanwhile
                    deadline = max(deadline, time.monotonic() + self.timeout)
                    if stats.on_progress is not None:
                        stats.on_progress(*part.progress)
                if token and stats.first_token_at is None:
                    waited = self.answer_deadline
                    deadline = time.monotonic() + waited
                if part.done:
                    finished = True
                    self.pace.learn(part, stats)
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
        if not finished or length == 0:  # cut off; or `"content": null` then done: no answer
            raise AnswerFailedError(f"{self._server_title()} at {self.host} " + (
                "stopped sending before the answer was finished." if not finished
                else "finished without sending any answer."))

    def _send(self, messages: list[prompts.ChatMessage], *, max_tokens: int,
              deadline: float, num_ctx: int | None = None) -> Generator[ReplyPart, None, None]:
        """The streamed reply; the server may be silent while it reads the prompt, so a read
        waits up to `deadline`. The queue remembers what the server was sent."""
        self.transport.read_timeout = deadline
        self.queue.note_prompt(flat_prompt(messages))
        return self._checked(self.wire.stream_chat(
            model=self.model, messages=messages, max_tokens=max_tokens,
            num_ctx=num_ctx or prompts.context_window(messages, max_tokens=max_tokens)))

    def _read_ahead(self, messages: list[Any], *, num_ctx: int) -> None:
        """A long background prompt read in short steps first (Pacing.read_ahead_steps), each
        with the call's own context size (Ollama reloads the model for another)."""
        for part, tokens in self.pace.read_ahead_steps(messages):
            replies = self._send(part, max_tokens=1, num_ctx=num_ctx,
                                 deadline=self.pace.first_token_deadline(tokens))
            with contextlib.closing(replies):
                for _ in replies:
                    pass

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
        except AssistantTimeoutError as error:
            raise self._timed_out(error) from error

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
            priority=Priority.QUESTION,
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
            priority=Priority.QUESTION,
        )
        best = reply.get("best") if isinstance(reply, dict) else None
        if not isinstance(best, list):
            raise AnswerFailedError("the passage ranking was malformed")
        picked = [n - 1 for n in best if isinstance(n, int) and 1 <= n <= len(excerpts)]
        return tuple(dict.fromkeys(picked))

    def hypothetical_passage(self, question: str, *, title: str) -> str:
        """A short made-up passage that would answer `question`, to search with beside it."""
        messages = prompts.hypothetical_messages(question, title=title)
        reply = self._reply_text(messages, max_tokens=prompts.HYPOTHETICAL_MAX_TOKENS,
                                 priority=Priority.QUESTION)
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
                priority=Priority.CHIPS,
            )
        except (ReaderError, ValueError):  # GaveWayError too: the reader asked again
            return ()
        return validate_suggestions(reply)

    def summarize(self, history: ScopedHistory) -> str:
        """A short summary of `history`'s turns. Raises on failure."""
        require_history(history)
        summary = prompts.summary_messages(history)
        text = self._reply_text(summary, max_tokens=prompts.SUMMARY_MAX_TOKENS,
                                priority=Priority.BACKGROUND).strip()
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
        messages: list[dict[str, Any]] = [{"role": "user", "content": prompt,
                                           "images": [page.image]}]
        return self._reply_text(messages, max_tokens=prompts.PAGE_DESCRIPTION_MAX_TOKENS,
                                priority=Priority.BACKGROUND)

    def vision_models(self) -> list[str]:
        """The models that can see images, where the server can tell (Ollama's `/api/show`)."""
        return self.wire.vision_models()

    # -- companion features (X-Ray, recaps): sealed excerpts only ----------------------------

    def companion_text(
        self, task: prompts.CompanionTask, excerpts: ScopedExcerpts, *, title: str, subject: str,
        priority: Priority = Priority.BACKGROUND,
    ) -> str:
        """A description, chapter summary or recap written only from `excerpts`; background
        work unless the reader is waiting for it (`priority`)."""
        pairs = excerpt_pairs(excerpts)
        text = self._reply_text(
            prompts.companion_messages(task, pairs, title=title, subject=subject),
            max_tokens=prompts.COMPANION_MAX_TOKENS[task],
            priority=priority,
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
            max_tokens=prompts.MERGE_MAX_TOKENS, priority=Priority.BACKGROUND,
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
                   max_tokens: int, priority: Priority) -> Any:
        return json.loads(self._reply_text(messages, max_tokens=max_tokens, schema=schema,
                                           priority=priority))

    def _reply_text(
        self,
        messages: list[Any],
        *,
        max_tokens: int,
        priority: Priority,
        num_ctx: int | None = None,
        schema: dict[str, Any] | None = None,
    ) -> str:
        """One non-streamed reply: deterministic, with room for what is sent (never silently
        truncated by Ollama's default context) and at most `max_tokens` back.

        It waits its turn at `priority`. A background call stopped by a question is sent again
        when its turn comes back (nothing is lost; the caller never sees it); chips that gave
        way raise `GaveWayError`.
        """
        self._require_consent()
        while True:
            with self._turn(priority) as ticket:
                try:
                    if priority == Priority.BACKGROUND:
                        num_ctx = num_ctx or prompts.context_window(messages,
                                                                    max_tokens=max_tokens)
                        self._read_ahead(messages, num_ctx=num_ctx)
                    return self._complete(messages, max_tokens=max_tokens, num_ctx=num_ctx,
                                          schema=schema)
                except ReaderError:
                    if not ticket.gave_way:
                        raise
            if priority != Priority.BACKGROUND:
                raise GaveWayError()

    def _complete(self, messages: list[Any], *, max_tokens: int, num_ctx: int | None,
                  schema: dict[str, Any] | None) -> str:
        self.calls += 1
        fresh = self.pace.fresh_tokens(messages)
        self.transport.read_timeout = self.pace.first_token_deadline(fresh)
        self.queue.note_prompt(flat_prompt(messages))
        try:
            return self.wire.complete(
                model=self.model, messages=messages, max_tokens=max_tokens,
                num_ctx=num_ctx or prompts.context_window(messages, max_tokens=max_tokens),
                schema=schema,
            )
        except ContextTooLongError as error:
            self._note_refusal(error)
            raise
        except AssistantTimeoutError as error:
            raise self._timed_out(error) from error

    def _timed_out(self, error: AssistantTimeoutError) -> AssistantTimeoutError:
        return timed_out(error, self.transport.read_timeout or error.seconds)  # what was waited

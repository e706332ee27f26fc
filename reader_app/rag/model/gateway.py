"""The port to a model server: what every model call shares, whichever server and room. Over a
sealed request (rag/scope/request.py): `stream`, a reply token by token (a reader's question);
`reply`, one whole reply, held to a JSON schema where the request has one; `read`, the request
read ahead of the calls that begin with it (the read-along window, the warm-up); `slot`, what
the server read kept in a file (llama.cpp). The gateway holds no prompt and knows no feature:
each room builds its own requests. The wire below speaks the server's API (picked from the
address by `servers.py`): Ollama's (`ollama_wire.py`) or the OpenAI-compatible one
(`openai_wire.py`). Every request waits its turn in its server's one queue (`schedule.py`), the
reader's question first; every reply teaches the server's speed (`speeds.py`), from which the
deadline follows (`pacing.py`).
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Generator, Iterator
from typing import Any, Self

from reader_app.cancel import CancelToken
from reader_app.errors import (
    AssistantTimeoutError,
    ContextTooLongError,
    ReaderError,
    RemoteServerNotAllowedError,
)
from reader_app.rag.model.bounds import Deadline
from reader_app.rag.model.models import ServerModels
from reader_app.rag.model.pacing import Pacing, context_window, timed_out
from reader_app.rag.model.replies import StreamStats
from reader_app.rag.model.schedule import GaveWayError, Priority, Ticket, queue_for
from reader_app.rag.model.servers import ServerChoice, ServerPlace, locate, open_wire
from reader_app.rag.model.speeds import SpeedBook, speeds_for
from reader_app.rag.model.streaming import StreamLimits, stream_tokens
from reader_app.rag.model.wire import (
    MAX_LINE_BYTES,
    MAX_REPLY_BYTES,
    PullCancelledError,
    PullProgress,
    ReplyPart,
    SlotAction,
    SlotFile,
    Wire,
)
from reader_app.rag.scope.request import Message, ModelRequest
from reader_app.rag.scope.seal import ScopeViolationError

__all__ = ["GaveWayError", "ModelGateway", "Priority", "PullCancelledError", "PullProgress",
           "StreamStats"]

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
        text_may_leave: bool | None = None,
        place: ServerPlace | None = None,
        speeds: SpeedBook | None = None,
        cancel: CancelToken | None = None,
    ) -> None:
        """`place`: where the connection goes (`servers.locate`, resolved once), the only place
        the transport connects. `text_may_leave` False: another computer the reader has not
        agreed to, so nothing at all is sent (None: only to this computer). `speeds`: where its
        speed is learnt (`speeds_for`); `cancel`: the job it works for (a wait ends with it)."""
        self.model = model
        self.place = place or locate(host)
        self.text_may_leave = self.place.this_computer if text_may_leave is None \
            else text_may_leave
        self.timeout = timeout
        self.answer_deadline = answer_deadline
        self.max_answer_chars = max_answer_chars
        self.wire: Wire = open_wire(
            host, timeout=timeout, connect_timeout=connect_timeout, api_key=api_key,
            max_line_bytes=max_line_bytes, max_reply_bytes=max_reply_bytes,
        )
        self.host = self.wire.host
        self.transport = self.wire.transport
        self.transport.pin(self.place.host, self.place.addresses)
        self.transport.may_send = self.text_may_leave  # before consent, not even /props
        self.models = ServerModels(self.wire, model)  # its shelf: list, check, download
        # The context the server gives a request, once known (/props, or a refusal says it),
        self.context_limit: int | None = None  # and how far over it the last refused one was
        self.overflow = 1.0
        self.calls = 0  # requests that carried messages to the model, since it was made
        self.queue = queue_for(self.host)
        self.pace = Pacing(self.queue, speeds if speeds is not None else speeds_for(None),
                           model=model, timeout=timeout)
        self.cancel = cancel

    @classmethod
    def for_choice(cls, choice: ServerChoice, **options: Any) -> Self:
        """The gateway to the server the reader chose (settings, or a command's --server),
        judged and connected by the one resolution of its address."""
        place = choice.place()
        return cls(host=choice.url, model=choice.model, api_key=choice.api_key,
                   text_may_leave=choice.allowed_at(place), place=place, **options)

    def close(self) -> None:
        self.wire.close()

    def context_tokens(self) -> int | None:
        """The most a request may hold in all, in tokens, where the server tells it."""
        if self.context_limit is None and self.text_may_leave:  # before consent, not asked
            self.context_limit = self.wire.context_size(self.model)
        return self.context_limit

    def question_coming(self) -> contextlib.AbstractContextManager[None]:
        """While a reader's question is prepared: background work and chips give way and wait."""
        return self.queue.question_coming()

    def _turn(self, priority: Priority) -> contextlib.AbstractContextManager[Ticket]:
        return self.queue.turn(priority, abort=self.transport.abort, cancel=self.cancel)

    def read(self, request: ModelRequest, *, priority: Priority = Priority.CHIPS,
             stats: StreamStats | None = None) -> bool:
        """Have the server read `request` (what later calls begin with) and keep it in its
        prompt cache, learning its speed; a long one in steps (`Pacing.read_ahead_steps`), so
        a question that stops it waits one step at most. Gives way to a question. True when
        it read it all; `stats` hears what the server counted."""
        messages = _messages_of(request)
        if not self.text_may_leave:
            return False  # not even the title goes to another computer without consent
        stats = stats if stats is not None else StreamStats()
        try:
            with self._turn(priority) as ticket:
                self._read_ahead(messages)
                wait = self.pace.first_token_deadline(self.pace.fresh_tokens(messages))
                parts = self._send(messages, max_tokens=1, wait=wait)
                with contextlib.closing(parts):
                    for part in parts:
                        if part.done:
                            self.pace.learn(part, stats)
        except ReaderError:
            return False
        return not ticket.gave_way

    warm = read  # the warm-up: the model loaded, and what the next answer begins with read

    def slot(self, action: SlotAction, file: SlotFile) -> int | None:
        """What the server read saved to, or restored from, `file` (`Wire.slot`), in turn."""
        if not self.text_may_leave:
            return None  # before consent, nothing at all
        with self._turn(Priority.BACKGROUND):
            return self.wire.slot(action, file)

    def gpu_share(self) -> float | None:
        """How much of the model is in the GPU's memory, where the server says (0.0: none)."""
        return self.wire.gpu_share(self.model)

    # -- the two calls ----------------------------------------------------------------------

    def stream(
        self,
        request: ModelRequest,
        *,
        stats: StreamStats,
        cancel: CancelToken | None = None,
        on_request: Callable[[], None] | None = None,
    ) -> Iterator[str]:
        """The reply to `request` as its tokens arrive, holding the server (a question's turn)
        from the request to the last token. Raises our errors; stops quietly on cancel. It is
        complete only when the server says it is done: one that ends without that, or runs past
        `max_answer_chars` or `answer_deadline`, raises (what came stays, marked incomplete)."""
        messages = _messages_of(request)
        self._require_consent()
        with self._turn(Priority.QUESTION):
            yield from self._stream_held(messages, max_tokens=request.max_tokens, stats=stats,
                                         cancel=cancel, on_request=on_request)

    def reply(self, request: ModelRequest, *, priority: Priority) -> str:
        """One whole reply to `request`, deterministic, held to its JSON schema where it has
        one, with room for what is sent (never silently cut by Ollama's default context). It
        waits its turn at `priority`. A background call stopped by a question is sent again when
        its turn comes back (the caller never sees it); chips that gave way raise `GaveWayError`.
        """
        messages = _messages_of(request)
        self._require_consent()
        while True:
            with self._turn(priority) as ticket:
                try:
                    if priority == Priority.BACKGROUND:
                        self._read_ahead(messages, context=request.context_tokens)
                    return self._complete(messages, max_tokens=request.max_tokens,
                                          context=request.context_tokens, schema=request.schema)
                except ReaderError:
                    if not ticket.gave_way:
                        raise
            if priority != Priority.BACKGROUND:
                raise GaveWayError()

    def _stream_held(self, messages: list[Message], *, max_tokens: int,
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
        deadline = Deadline(stats.deadline_seconds)
        parts = self._send(messages, max_tokens=max_tokens, wait=stats.deadline_seconds,
                           deadline=deadline)
        limits = StreamLimits(reading=self.timeout, answer=self.answer_deadline,
                              chars=self.max_answer_chars, server=self.wire.server_name,
                              host=self.host)
        with contextlib.closing(parts):
            yield from stream_tokens(parts, limits, stats=stats, learn=self.pace.learn,
                                     cancel=cancel, deadline=deadline)

    def _num_ctx(self, messages: list[Message], *, max_tokens: int,
                 context: int | None = None) -> int:
        """The context a call asks for: the server's one context where it takes one (Ollama's,
        chosen once and sent on every call: another makes it reload), else what it needs."""
        return self.wire.fixed_context(self.model) or context or context_window(
            messages, max_tokens=max_tokens)

    def _send(self, messages: list[Message], *, max_tokens: int, wait: float,
              context: int | None = None,
              deadline: Deadline | None = None) -> Generator[ReplyPart, None, None]:
        """The streamed reply; a read waits up to `wait` (the server may be silent while it
        reads the prompt), the reply ends at `deadline` (by default `wait` and the answer's own
        deadline) however the bytes come. The queue remembers what the server was sent."""
        num_ctx = self._num_ctx(messages, max_tokens=max_tokens, context=context)
        self.transport.read_timeout = wait
        self.pace.sending(messages)
        with self._within(deadline or Deadline(wait + self.answer_deadline)):
            yield from self.wire.stream_chat(model=self.model, messages=messages,
                                             max_tokens=max_tokens, num_ctx=num_ctx)

    def _read_ahead(self, messages: list[Message], *, context: int | None = None) -> None:
        """A long prompt read in short steps first (Pacing.read_ahead_steps)."""
        for part, tokens in self.pace.read_ahead_steps(messages):
            replies = self._send(part, max_tokens=1, context=context,
                                 wait=self.pace.first_token_deadline(tokens))
            with contextlib.closing(replies):
                for _ in replies:
                    pass

    def _require_consent(self) -> None:
        if not self.text_may_leave:
            raise RemoteServerNotAllowedError(host=self.host)

    @contextlib.contextmanager
    def _within(self, deadline: Deadline) -> Iterator[None]:
        """A call under `deadline` (the transport watches it meanwhile); notes the context the
        server names when it refuses a request as too long, and says how long was really
        waited when it timed out."""
        self.transport.deadline = deadline
        try:
            yield
        except ContextTooLongError as error:
            if error.context_tokens:  # the context the server gives, and how far over it
                self.context_limit = error.context_tokens
                if error.prompt_tokens:
                    self.overflow = max(self.overflow,
                                        error.prompt_tokens / error.context_tokens)
            raise
        except AssistantTimeoutError as error:
            waited = deadline.allowed if deadline.passed() else self.transport.read_timeout
            raise timed_out(error, waited or error.seconds) from error
        finally:
            self.transport.deadline = None

    def _complete(self, messages: list[Message], *, max_tokens: int, context: int | None,
                  schema: Any) -> str:
        self.calls += 1
        num_ctx = self._num_ctx(messages, max_tokens=max_tokens, context=context)
        wait = self.transport.read_timeout = self.pace.first_token_deadline(
            self.pace.fresh_tokens(messages))
        self.pace.sending(messages)
        with self._within(Deadline(wait + self.answer_deadline)):
            return self.wire.complete(model=self.model, messages=messages,
                                      max_tokens=max_tokens, num_ctx=num_ctx, schema=schema)


def _messages_of(request: ModelRequest) -> list[Message]:
    """The messages of a sealed request; anything else is a bug (no call takes free text)."""
    if not isinstance(request, ModelRequest):
        raise ScopeViolationError(f"the gateway takes a ModelRequest, not {type(request).__name__}")
    return list(request.messages)

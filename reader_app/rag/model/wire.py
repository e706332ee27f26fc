"""What the gateway needs of a model server, whichever API it speaks: the `Wire` protocol, the
parts of a reply, and the bounded transport both wires read through.

A server's reply is read through `BoundedTransport`, which counts the bytes as they arrive and
stops a reply at `MAX_LINE_BYTES` without a newline, or at `MAX_REPLY_BYTES` in all (model
downloads excepted: their progress lines are short but go on for as long as the download),
raising `ReplyTooLargeError`: a server that sends one endless line cannot grow memory.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass
from typing import Any, Literal, Protocol

import httpx

from reader_app.errors import ReaderError, ReplyTooLargeError

# No line of a reply (one token, or one non-streamed reply) comes near these.
MAX_LINE_BYTES = 8 * 1_048_576
MAX_REPLY_BYTES = 64 * 1_048_576
UNCAPPED_TOTAL_PATHS = ("/api/pull",)

Api = Literal["ollama", "openai"]


class PullCancelledError(ReaderError):
    """The reader cancelled a model download."""


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


@dataclass(frozen=True, slots=True)
class ReplyPart:
    """One piece of a streamed reply. The last one has `done` and what the server counted: the
    prompt's tokens and how long it took to read them, the reply's tokens, and why it stopped
    ("stop", or "length" when it ran into its token cap or the context)."""

    text: str
    done: bool = False
    prompt_tokens: int | None = None
    prompt_seconds: float | None = None
    completion_tokens: int | None = None
    finish_reason: str | None = None


class Wire(Protocol):
    """One model server's API under the gateway. Every method raises our errors (`errors.py`),
    named after the server (`server_name`), never the HTTP client's."""

    api: Api
    host: str
    server_name: str  # "Ollama", or "the model server" for an OpenAI-compatible one
    transport: BoundedTransport

    def stream_chat(
        self, *, model: str, messages: list[Any], max_tokens: int, num_ctx: int
    ) -> Iterator[ReplyPart]:
        """The reply to `messages` as it streams; the last part has `done`."""
        ...

    def complete(
        self,
        *,
        model: str,
        messages: list[Any],
        max_tokens: int,
        num_ctx: int,
        schema: dict[str, Any] | None,
    ) -> str:
        """One whole reply at temperature 0; with `schema`, JSON the server was asked to keep to."""
        ...

    def models(self) -> list[str]:
        """The models the server offers, sorted."""
        ...

    def vision_models(self) -> list[str]:
        """The models that can see images, where the server can tell; else an empty list."""
        ...

    def pull(self, name: str) -> Iterator[PullProgress]:
        """Download a model with progress (Ollama); other servers say they cannot."""
        ...

    def context_size(self, model: str) -> int | None:
        """The context the server gives a request, in tokens, where it can tell."""
        ...

    def close(self) -> None: ...


class _BoundedStream(httpx.SyncByteStream):
    """A response body that raises once a line, or the whole reply, passes its cap."""

    def __init__(self, inner: httpx.SyncByteStream, transport: BoundedTransport, *,
                 total_cap: int | None) -> None:
        self._inner = inner
        self._transport = transport
        self._total_cap = total_cap

    def __iter__(self) -> Iterator[bytes]:
        line = 0  # bytes since the last newline
        total = 0
        for chunk in self._inner:
            total += len(chunk)
            newline = chunk.rfind(b"\n")
            line = len(chunk) - newline - 1 if newline >= 0 else line + len(chunk)
            self._transport.longest_line = max(self._transport.longest_line, line)
            if line > self._transport.max_line_bytes:
                raise ReplyTooLargeError(host=self._transport.host,
                                         limit_bytes=self._transport.max_line_bytes)
            if self._total_cap is not None and total > self._total_cap:
                raise ReplyTooLargeError(host=self._transport.host, limit_bytes=self._total_cap)
            yield chunk

    def close(self) -> None:
        self._inner.close()


class BoundedTransport(httpx.BaseTransport):
    """httpx's own transport, with every response body read through `_BoundedStream`.
    `longest_line` is the longest run of bytes without a newline it has let through."""

    def __init__(self, *, host: str, max_line_bytes: int = MAX_LINE_BYTES,
                 max_reply_bytes: int = MAX_REPLY_BYTES) -> None:
        self.host = host
        self.max_line_bytes = max_line_bytes
        self.max_reply_bytes = max_reply_bytes
        self.longest_line = 0
        self._inner = httpx.HTTPTransport()

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        response = self._inner.handle_request(request)
        uncapped = request.url.path.endswith(UNCAPPED_TOTAL_PATHS)
        assert isinstance(response.stream, httpx.SyncByteStream)
        response.stream = _BoundedStream(
            response.stream, self, total_cap=None if uncapped else self.max_reply_bytes
        )
        return response

    def close(self) -> None:
        self._inner.close()


def read_stream(
    stream: Iterator[Any], translate: Callable[[Exception], Exception]
) -> Generator[Any, None, None]:
    """The parts of a streamed reply, the client's errors translated; the HTTP response is closed
    when the caller stops early (the client's generator then closes it)."""
    try:
        while True:
            try:
                part = next(stream)
            except StopIteration:
                return
            except Exception as error:
                raise translate(error) from error
            yield part
    finally:
        close = getattr(stream, "close", None)
        if close is not None:
            close()

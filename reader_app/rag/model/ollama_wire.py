"""The wire to Ollama under the gateway: the client with a bounded transport, the one loop that
reads a streamed reply, and the translation of whatever the client raises into our errors.

The `ollama` client reads a streamed reply line by line with no limit on a line's length, and a
non-streamed reply whole: a server that sends one endless line would grow memory without bound.
`BoundedTransport` counts the bytes as they arrive and stops a reply at `MAX_LINE_BYTES` without a
newline, or at `MAX_REPLY_BYTES` in all (model downloads excepted: their progress lines are short
but go on for as long as the download), raising `ReplyTooLargeError`.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass
from typing import Any

import httpx
import ollama

from reader_app.errors import (
    AnswerFailedError,
    AssistantTimeoutError,
    ModelMissingError,
    OllamaUnreachableError,
    ReaderError,
    ReplyTooLargeError,
)

# No line of Ollama's NDJSON (one token, or one non-streamed reply) comes near these.
MAX_LINE_BYTES = 8 * 1_048_576
MAX_REPLY_BYTES = 64 * 1_048_576
UNCAPPED_TOTAL_PATHS = ("/api/pull",)
# What a misbehaving server's reply raises inside the client: a line that is not JSON, JSON of
# the wrong shape (pydantic's ValidationError is a ValueError), a body that is not NDJSON.
_UNREADABLE_REPLY = (ValueError, TypeError, KeyError, AttributeError)


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


def make_client(host: str, *, timeout: float, connect_timeout: float,
                transport: BoundedTransport) -> ollama.Client:
    return ollama.Client(host=host, timeout=httpx.Timeout(timeout, connect=connect_timeout),
                         transport=transport)


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


def translate(error: Exception, *, host: str, model: str, timeout: float,
              started: bool) -> Exception:
    """Our error for what the client raised (a reader-facing error passes through)."""
    if isinstance(error, ReaderError):
        return error
    if isinstance(error, ollama.ResponseError):
        message = str(error.error)
        if error.status_code == 404 and "not found" in message:
            return ModelMissingError(model=model, host=host)
        if message.lstrip().startswith("<"):  # a proxy's or another server's HTML page
            return AnswerFailedError(
                f"The server at {host} answered with an error page (HTTP "
                f"{error.status_code}), not Ollama's reply; is the host in Settings right?"
            )
        return AnswerFailedError(f"Ollama reported an error: {message[:500]}")
    if isinstance(error, httpx.TimeoutException):
        return AssistantTimeoutError(host=host, seconds=timeout)
    if isinstance(error, ConnectionError | httpx.ConnectError) and not started:
        return OllamaUnreachableError(host=host)
    if isinstance(error, httpx.HTTPError | ConnectionError):
        return AnswerFailedError(f"The connection to Ollama at {host} was lost.")
    if isinstance(error, _UNREADABLE_REPLY):
        return AnswerFailedError(
            f"The server at {host} sent a reply that is not Ollama's "
            f"({type(error).__name__}); is the host in Settings really Ollama?"
        )
    return error

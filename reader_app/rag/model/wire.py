"""What the gateway needs of a model server, whichever API it speaks: the `Wire` protocol, the
parts of a reply, and the bounded transport both wires read through.

A server's reply is read through `BoundedTransport`, which counts the bytes as they arrive and
stops a reply at `MAX_LINE_BYTES` without a newline, or at `MAX_REPLY_BYTES` in all (model
downloads excepted: their progress lines are short but go on for as long as the download),
raising `ReplyTooLargeError`: a server that sends one endless line cannot grow memory. It can
also `abort()` the requests in flight (their sockets are shut, so a thread blocked reading wakes
and the server drops the request), which is how a background call gives way to a question, and
it reads with the `read_timeout` the gateway sets for each call (a long prompt on a slow computer
is not a dead server). The call's `deadline` (bounds.py) is watched apart from the reads: when it
passes, the requests are aborted, so a server that keeps the connection busy with comments or
keepalives, or sends nothing after one token, is not waited on past it. It also counts the
requests that reached the server, thread by thread (`requests_reached`): what a receipt may say
went over the wire.
"""

from __future__ import annotations

import socket
import threading
import weakref
from collections.abc import Callable, Generator, Iterable, Iterator
from dataclasses import dataclass
from typing import Any, Literal, Protocol
from urllib.parse import urlsplit

import httpcore
import httpx

from reader_app.errors import ReaderError, RemoteServerNotAllowedError, ReplyTooLargeError
from reader_app.rag.model.bounds import Deadline

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
        if not self.total or self.total < 0 or self.completed is None:
            return None
        # Within 0..total first: a huge number from the server cannot become a float.
        return min(max(self.completed, 0), self.total) / self.total


@dataclass(frozen=True, slots=True)
class ReplyPart:
    """One piece of a streamed reply. The last one has `done` and what the server counted: the
    prompt's tokens and how long it took to read them, the reply's tokens, and why it stopped
    ("stop", or "length" when it ran into its token cap or the context)."""

    text: str
    done: bool = False
    prompt_tokens: int | None = None  # the whole prompt, as the server counted it
    prompt_seconds: float | None = None
    completion_tokens: int | None = None
    finish_reason: str | None = None
    # What the server read afresh (a prefix it held in its prompt cache is not read again),
    # and how long writing the reply took.
    prompt_tokens_read: int | None = None
    reply_seconds: float | None = None
    # While the prompt is read, where the server says (llama.cpp's `prompt_progress`): tokens
    # read so far, of how many.
    progress: tuple[int, int] | None = None


SlotAction = Literal["save", "restore"]
_HEX = frozenset("0123456789abcdef")


@dataclass(frozen=True)
class SlotFile:
    """A file in llama.cpp's slot save folder, named from hex digests and numbers only, so no
    word of a book can be in its name: the book (its id), the server and model (a digest), and
    the window saved (where it begins, and the boundary it was read to)."""

    book_id: str
    tag: str
    anchor: int
    boundary: int

    def __post_init__(self) -> None:
        if not (set(self.book_id) | set(self.tag)) <= _HEX or not self.book_id or not self.tag:
            raise ValueError("a slot file is named from hex digests only")

    @property
    def name(self) -> str:
        return f"pagemate-{self.book_id[:16]}-{self.tag}-{self.anchor}-{self.boundary}.bin"


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

    def fixed_context(self, model: str) -> int | None:
        """The context every call must ask for (Ollama's one `num_ctx`); None: any."""
        ...

    def context_size(self, model: str) -> int | None:
        """The context the server gives a request, in tokens, where it can tell."""
        ...

    def gpu_share(self, model: str) -> float | None:
        """How much of a loaded model is in the GPU's memory (0.0: none), where the server says."""
        ...

    def slot(self, action: SlotAction, file: SlotFile) -> int | None:
        """llama.cpp's slot saving: "save" the prompt state the server holds to `file` in its
        save folder, or "restore" it from there. The tokens saved or restored (0: the file
        could not be read); None where the server cannot save slots."""
        ...

    def close(self) -> None: ...


class _BoundedStream(httpx.SyncByteStream):
    """A response body that raises once a line, or the whole reply, passes its cap, or its
    deadline passes (then as the read timeout httpx would raise, which each wire translates)."""

    def __init__(self, inner: httpx.SyncByteStream, transport: BoundedTransport, *,
                 total_cap: int | None, deadline: Deadline | None,
                 stop_watching: Callable[[], None]) -> None:
        self._inner = inner
        self._transport = transport
        self._total_cap = total_cap
        self._deadline = deadline
        self._stop_watching = stop_watching

    def __iter__(self) -> Iterator[bytes]:
        line = 0  # bytes since the last newline
        total = 0
        try:
            for chunk in self._inner:
                self._check_deadline()
                total += len(chunk)
                newline = chunk.rfind(b"\n")
                line = len(chunk) - newline - 1 if newline >= 0 else line + len(chunk)
                self._transport.longest_line = max(self._transport.longest_line, line)
                if line > self._transport.max_line_bytes:
                    raise ReplyTooLargeError(host=self._transport.host,
                                             limit_bytes=self._transport.max_line_bytes)
                if self._total_cap is not None and total > self._total_cap:
                    raise ReplyTooLargeError(host=self._transport.host,
                                             limit_bytes=self._total_cap)
                yield chunk
        except httpx.TransportError:  # the watch shut the socket, or it broke
            self._check_deadline()
            raise
        self._check_deadline()  # a shut socket can read as the end of the body

    def _check_deadline(self) -> None:
        if self._deadline is not None and self._deadline.passed():
            raise httpx.ReadTimeout(f"no whole reply within {self._deadline.allowed:g} s")

    def close(self) -> None:
        self._stop_watching()
        self._inner.close()


class _AbortableBackend(httpcore.NetworkBackend):
    """httpcore's own sockets, remembered while open so that `abort` can shut them, each made
    to the address its host was pinned to: a name is resolved once, by whoever decided that the
    connection may go there (`servers.locate`), or at the first connection, and never again."""

    def __init__(self, inner: httpcore.NetworkBackend) -> None:
        self._inner = inner
        self._streams: weakref.WeakSet[httpcore.NetworkStream] = weakref.WeakSet()
        self._lock = threading.Lock()
        self.pinned: dict[str, tuple[str, ...]] = {}  # host -> the addresses it resolved to

    def connect_tcp(self, host: str, port: int, timeout: float | None = None,
                    local_address: str | None = None,
                    socket_options: Iterable[Any] | None = None) -> httpcore.NetworkStream:
        with self._lock:
            addresses = self.pinned.get(host.lower())
        if addresses is None:
            addresses = resolve_addresses(host, port)
            with self._lock:
                addresses = self.pinned.setdefault(host.lower(), addresses)
        failure: Exception | None = None
        for address in addresses or (host,):  # unresolvable: httpcore says why
            try:
                stream = self._inner.connect_tcp(address, port, timeout=timeout,
                                                 local_address=local_address,
                                                 socket_options=socket_options)
                break
            except (OSError, httpcore.ConnectError, httpcore.ConnectTimeout) as error:
                failure = error
        else:
            assert failure is not None
            raise failure
        with self._lock:
            self._streams.add(stream)
        return stream

    def connect_unix_socket(self, path: str, timeout: float | None = None,
                            socket_options: Iterable[Any] | None = None
                            ) -> httpcore.NetworkStream:
        return self._inner.connect_unix_socket(path, timeout=timeout,
                                               socket_options=socket_options)

    def sleep(self, seconds: float) -> None:
        self._inner.sleep(seconds)

    def abort(self) -> int:
        """Shut every open socket (reading and writing): a blocked read returns at once."""
        with self._lock:
            streams = list(self._streams)
        shut = 0
        for stream in streams:
            sock = stream.get_extra_info("socket")
            if sock is None:
                continue
            try:
                sock.shutdown(socket.SHUT_RDWR)
                shut += 1
            except OSError:
                pass  # already closed
        return shut


class BoundedTransport(httpx.BaseTransport):
    """httpx's own transport, with every response body read through `_BoundedStream`.
    `longest_line` is the longest run of bytes without a newline it has let through;
    `read_timeout`, when set, is how long a read may wait for the server's next bytes, and
    `deadline`, when set, when the reply must be over: at that moment the requests in flight are
    aborted, whether bytes are arriving or not. `may_send` False: the server is on another
    computer the reader has not agreed to, and no request at all leaves (not even for its model
    list or its context size). `requests_reached()` counts, for the calling thread, the
    requests that went over the wire to the server."""

    def __init__(self, *, host: str, max_line_bytes: int = MAX_LINE_BYTES,
                 max_reply_bytes: int = MAX_REPLY_BYTES) -> None:
        self.host = host
        self.max_line_bytes = max_line_bytes
        self.max_reply_bytes = max_reply_bytes
        self.longest_line = 0
        self.read_timeout: float | None = None
        self.may_send = True
        self.deadline: Deadline | None = None
        self._reached = threading.local()  # the calling thread's count (a call runs on one)
        self._inner = httpx.HTTPTransport()
        pool = self._inner._pool  # httpcore's pool: its sockets are made by this backend
        self._backend = _AbortableBackend(pool._network_backend)
        pool._network_backend = self._backend

    def abort(self) -> int:
        """Stop every request in flight; returns how many connections were shut."""
        return self._backend.abort()

    def requests_reached(self) -> int:
        """How many requests this thread has sent that reached the server: a connection was
        made and the request written (or begun). A refused or failed connection sent nothing."""
        return int(getattr(self._reached, "count", 0))

    def _reached_server(self) -> None:
        self._reached.count = self.requests_reached() + 1

    def pin(self, host: str, addresses: tuple[str, ...]) -> None:
        """Connect to `host` only at `addresses`, the ones it was judged by."""
        if addresses:
            self._backend.pinned[host.lower()] = addresses

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        if not self.may_send:
            raise RemoteServerNotAllowedError(host=self.host)
        timeouts = request.extensions.get("timeout")
        if self.read_timeout is not None and isinstance(timeouts, dict):
            request.extensions["timeout"] = {**timeouts, "read": self.read_timeout}
        deadline = self.deadline
        stop_watching = deadline.watch(self.abort) if deadline is not None else _nothing
        try:
            response = self._inner.handle_request(request)
        except httpx.TransportError as error:
            stop_watching()
            if not isinstance(error, httpx.ConnectError | httpx.ConnectTimeout):
                self._reached_server()  # connected: the request may have been read
            if deadline is not None and deadline.passed():
                raise httpx.ReadTimeout(f"no reply within {deadline.allowed:g} s") from error
            raise
        self._reached_server()
        uncapped = request.url.path.endswith(UNCAPPED_TOTAL_PATHS)
        assert isinstance(response.stream, httpx.SyncByteStream)
        response.stream = _BoundedStream(
            response.stream, self, total_cap=None if uncapped else self.max_reply_bytes,
            deadline=deadline, stop_watching=stop_watching,
        )
        return response

    def close(self) -> None:
        self._inner.close()


def _nothing() -> None:
    pass


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


def resolve_addresses(host: str, port: int) -> tuple[str, ...]:
    """Every address `host` resolves to, as the resolver says now ((): it cannot be resolved)."""
    try:
        infos = socket.getaddrinfo(host, port or None, proto=socket.IPPROTO_TCP)
    except (OSError, UnicodeError, ValueError):
        return ()
    return tuple(dict.fromkeys(str(info[4][0]) for info in infos))


def display_address(url: str) -> str:
    """`url` as messages, logs and receipts show it: without a user name or password."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return url.split("@")[-1]
    if "@" not in parts.netloc:
        return url
    return parts._replace(netloc=parts.netloc.rsplit("@", 1)[1]).geturl()

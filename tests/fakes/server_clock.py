"""A model server's pace for the fake server (`FakeOllama.clock`): realistic waiting, in
miniature.

Like a model server on the reader's own computer it works on one request at a time (others wait
for it), reads the prompt at `prompt_per_second` tokens (a token is four characters here) in
batches, keeps the last prompt of each of its `slots` in its cache so a request that begins the
same way as one of them is read only from where it differs (the slot with the longest common
prefix serves it, else the one used longest ago), writes the reply at `reply_per_second`, and
drops a request whose client has gone away at its next batch, as llama.cpp's server and Ollama
do. Reloading the model (`reload`: Ollama does when a request's runner options change) forgets
every cached prompt. Each request served is logged (`served`) with what it cost and how long it
waited for the server.
"""

from __future__ import annotations

import contextlib
import json
import select
import socket
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

CHARS_PER_TOKEN = 4


@dataclass
class Served:
    """One request, as the fake server handled it."""

    path: str
    tokens: int  # the whole prompt
    fresh_tokens: int  # what was read afresh (the rest came from the prompt cache)
    queued_seconds: float = 0.0  # waiting for the server to be free
    prompt_seconds: float = 0.0
    dropped: bool = False  # the client went away before the prompt was read
    started_at: float = 0.0
    finished_at: float | None = None
    prompt_text: str = field(default="", repr=False)


@dataclass
class ServerClock:
    prompt_per_second: float = 2000.0
    reply_per_second: float = 200.0
    batch_seconds: float = 0.02
    # A client that left is noticed only between batches: llama.cpp's server reads up to 2,048
    # tokens a batch, Ollama 512. None: every `batch_seconds`.
    batch_tokens: int | None = None
    slots: int = 1  # Ollama's OLLAMA_NUM_PARALLEL (1 by default), llama.cpp's -np
    load_seconds: float = 0.0  # what loading the model again costs (`reload`)
    served: list[Served] = field(default_factory=list)
    _work: threading.Lock = field(default_factory=threading.Lock, repr=False)
    _cached: list[str] = field(default_factory=list, repr=False)  # by slot, most recent last

    def reload(self) -> None:
        """The model loaded again: every cached prompt is gone (the caller holds the server)."""
        self._cached.clear()
        if self.load_seconds:
            time.sleep(self.load_seconds)

    def cached_prompts(self) -> list[str]:
        return list(self._cached)

    @contextlib.contextmanager
    def holding(self) -> Iterator[None]:
        """The server held for a moment (a slot saved or restored between requests)."""
        with self._work:
            yield

    def hold(self, text: str) -> None:
        """`text` put in a slot's cache as if read (a slot restored from a file)."""
        self._keep(text, slot=None)

    def _slot_for(self, text: str) -> tuple[int | None, int]:
        """The slot that serves `text` and how much of it that slot holds."""
        best, shared = None, 0
        for index, held in enumerate(self._cached):
            common = _common_prefix(held, text)
            if common > shared:
                best, shared = index, common
        return best, shared

    def _keep(self, text: str, *, slot: int | None) -> None:
        if slot is not None:
            del self._cached[slot]
        elif len(self._cached) >= self.slots:
            del self._cached[0]  # the slot used longest ago
        self._cached.append(text)

    @property
    def token_delay(self) -> float:
        return 1.0 / self.reply_per_second

    def begin(self, connection: socket.socket, path: str, body: Any, *,
              reload: bool = False) -> Served:
        """Wait for the server, then read the prompt (after loading the model again, with
        `reload`); `dropped` if the client left meanwhile. The caller must `end` it, however
        the reply goes."""
        text = prompt_text(body)
        arrived = time.monotonic()
        self._work.acquire()
        if reload:
            self.reload()
        started = time.monotonic()
        slot, shared = self._slot_for(text)
        tokens = len(text) // CHARS_PER_TOKEN + 1
        fresh = (len(text) - shared) // CHARS_PER_TOKEN + 1
        served = Served(path, tokens, fresh, queued_seconds=started - arrived, started_at=started,
                        prompt_text=text)
        self.served.append(served)
        reading_ends = started + fresh / self.prompt_per_second
        batch = self.batch_seconds if self.batch_tokens is None else \
            self.batch_tokens / self.prompt_per_second
        while time.monotonic() < reading_ends:
            if _client_gone(connection):
                served.dropped = True
                served.prompt_seconds = time.monotonic() - started
                # What it had read stays cached only up to where it differed: nothing new.
                return served
            time.sleep(min(batch, max(reading_ends - time.monotonic(), 0)))
        served.prompt_seconds = time.monotonic() - started
        self._keep(text, slot=slot)
        return served

    def end(self, served: Served) -> None:
        served.finished_at = time.monotonic()
        self._work.release()

    def of(self, path_part: str) -> list[Served]:
        return [s for s in self.served if path_part in s.path]


def prompt_text(body: Any) -> str:
    """A request's messages as the server would lay them out for its cache: in order."""
    if not isinstance(body, dict):
        return ""
    messages = body.get("messages")
    if isinstance(messages, list):
        return "".join(f"<{m.get('role', '')}>{_content(m.get('content', ''))}"
                       for m in messages if isinstance(m, dict))
    return str(body.get("prompt", ""))


def _content(content: Any) -> str:
    if isinstance(content, str):
        return content
    return json.dumps(content, sort_keys=True)


def _common_prefix(a: str, b: str) -> int:
    limit = min(len(a), len(b))
    index = 0
    while index < limit and a[index] == b[index]:
        index += 1
    return index


def _client_gone(connection: socket.socket) -> bool:
    """True once the client has closed or shut its end (the request was sent whole, so the
    socket only becomes readable when it ends)."""
    try:
        readable, _, _ = select.select([connection], [], [], 0)
        if not readable:
            return False
        return connection.recv(1, socket.MSG_PEEK) == b""
    except OSError:
        return True

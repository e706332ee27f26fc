"""The one cancel type: a flag any thread may raise, which work asks at its next step.

Every long piece of work takes a `CancelToken` and asks `token.cancelled` between steps (a batch
of chunks, a page, a streamed token); whoever wants it stopped calls `token.cancel()`. A window
job (`ui/workers.py`'s `Job`) is a token. `token.or_when(condition)` is a token that also stops
once `condition()` holds, asked each time (the index that covers the reader's boundary, a child
process whose parent has gone: `parent_gone`).

A child process must not outlive the window's process, which, killed (`kill -9`) or crashed,
runs no exit handler to stop it. The preparation child asks `parent_gone(pid)` through its token
between steps; the head start's child, whose work is one call with no steps (a parse), from a
watcher thread that ends it (`end_process_when`).
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable

WATCH_SECONDS = 0.2  # how often a watcher thread asks its token


class CancelToken:
    """Raised once from any thread (`cancel()`), asked from any thread (`cancelled`)."""

    def __init__(self) -> None:
        self._event = threading.Event()
        self._parent: CancelToken | None = None
        self._condition: Callable[[], bool] | None = None

    def cancel(self) -> None:
        self._event.set()

    @property
    def cancelled(self) -> bool:
        if self._event.is_set():
            return True
        if self._parent is not None and self._parent.cancelled:
            return True
        return self._condition is not None and self._condition()

    def or_when(self, condition: Callable[[], bool]) -> CancelToken:
        """A token cancelled with this one, and also whenever `condition()` is true."""
        token = CancelToken()
        token._parent, token._condition = self, condition
        return token


def parent_gone(parent_pid: int) -> Callable[[], bool]:
    """A condition for `or_when`: true once the process `parent_pid` that started this one has
    ended (this one is then adopted by another, so its parent's id changes)."""
    return lambda: os.getppid() != parent_pid


def end_process_when(token: CancelToken, *, every: float = WATCH_SECONDS) -> threading.Thread:
    """End this process at once (exit status 1, no exit handlers, nothing more written) as soon
    as `token` is cancelled, asked every `every` seconds by a daemon thread: for a child whose
    work is one long call that cannot ask a token itself."""

    def watch() -> None:
        while not token.cancelled:
            time.sleep(every)
        os._exit(1)

    watcher = threading.Thread(target=watch, name="pagemate-watch-parent", daemon=True)
    watcher.start()
    return watcher

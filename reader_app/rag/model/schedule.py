"""One queue per model server, the reader first: every model call waits its turn here.

A server on a reader's own computer works on one request at a time (Ollama's default; a
llama.cpp server's slots share the same two cores), so the order requests reach it is the order
the reader is served in. The queue keeps that order:

- the reader's question (the answer and what prepares it: a rewrite, a ranking) goes first;
- then follow-up chips, only when nothing else waits, and never holding up the next question;
- then background work (chapter summaries, X-Ray descriptions, name merges, personas, page
  descriptions, conversation summaries), which does not start while a question waits and does not
  start again until the reader has been quiet for `QUIET_AFTER_QUESTION` seconds.

A chips or background call that is running when the reader asks is stopped (its connection is
shut, so the server drops it at its next batch) and gives way: chips are simply left out, and
background calls are sent again once the question is answered, so a background job resumes from
where it stands and loses nothing it had made (`ModelGateway` does the retrying).

The queue also remembers the last request each server was sent, so a caller can tell how much of
a new prompt the server already holds in its prompt cache (`shared_prefix_chars`).
"""

from __future__ import annotations

import itertools
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from enum import IntEnum
from urllib.parse import urlsplit

from reader_app.cancel import CancelToken
from reader_app.errors import ReaderError
from reader_app.translatable import QT_TRANSLATE_NOOP, sentence

# After a question is answered, background work waits this long before it starts again: the
# reader's next question often follows at once, and a started background call would only be
# stopped again.
QUIET_AFTER_QUESTION = 2.0
_POLL_SECONDS = 0.05


class Priority(IntEnum):
    """Who a model call is for; lower goes first."""

    QUESTION = 0
    CHIPS = 1
    BACKGROUND = 2


class GaveWayError(ReaderError):
    """A chips or background call was stopped, or never started, because the reader asked."""

    def __init__(self) -> None:
        super().__init__(sentence(QT_TRANSLATE_NOOP(
            "Errors", "This request gave way to the reader's question.")))


class WaitCancelledError(ReaderError):
    """The job waiting for its turn was cancelled before the turn came."""

    def __init__(self) -> None:
        super().__init__(sentence(QT_TRANSLATE_NOOP(
            "Errors", "Cancelled while waiting for the model server.")))


@dataclass(eq=False)
class Ticket:
    """One call's place in a queue. `gave_way` is set when a question stopped it."""

    priority: Priority
    order: int
    abort: Callable[[], object] | None = None
    gave_way: bool = False
    started_at: float | None = None
    _depth: int = field(default=0, repr=False)

    def give_way(self) -> None:
        self.gave_way = True
        if self.abort is not None:
            self.abort()


class ServerQueue:
    """The queue of one model server (see the module's description)."""

    def __init__(self, key: str, *, quiet_after_question: float | None = None) -> None:
        self.key = key
        self.quiet_after_question = (QUIET_AFTER_QUESTION if quiet_after_question is None
                                     else quiet_after_question)
        self._cond = threading.Condition()
        self._order = itertools.count()
        self._waiting: list[Ticket] = []
        self._running: Ticket | None = None
        # Questions being prepared (searched) before their first call, by the thread preparing
        # each: a call such a thread makes is the reader's, whatever it is (a persona made for
        # the first message to a character, say).
        self._coming: dict[int, int] = {}
        self._last_question_at = float("-inf")
        self._last_prompt = ""
        # What happened, for tests and `reader-app ask --json`: calls stopped so a question
        # could go first, and calls sent again after giving way.
        self.gave_way = 0

    # -- taking a turn ---------------------------------------------------------------------

    @contextmanager
    def turn(
        self,
        priority: Priority,
        *,
        abort: Callable[[], object] | None = None,
        cancel: CancelToken | None = None,
    ) -> Iterator[Ticket]:
        """Wait for this call's turn, then hold the server until the block ends.

        Raises `GaveWayError` for chips when a question comes first, and `WaitCancelledError`
        when `cancel` is set while waiting. A question stops a running chips or background call
        (`abort` is how that call's connection is shut).
        """
        ticket = self._wait(priority, abort=abort, cancel=cancel)
        try:
            yield ticket
        finally:
            self._release(ticket)

    @contextmanager
    def question_coming(self) -> Iterator[None]:
        """A reader's question is being prepared (its passages searched): a running chips or
        background call gives way now, and none starts until the question has been asked."""
        thread = threading.get_ident()
        with self._cond:
            self._coming[thread] = self._coming.get(thread, 0) + 1
            self._stop_running()
        try:
            yield
        finally:
            with self._cond:
                self._coming[thread] -= 1
                if not self._coming[thread]:
                    del self._coming[thread]
                self._last_question_at = time.monotonic()
                self._cond.notify_all()

    def _stop_running(self) -> None:
        running = self._running
        if running is not None and running.priority > Priority.QUESTION and not running.gave_way:
            running.give_way()
            self.gave_way += 1

    def _wait(self, priority: Priority, *, abort: Callable[[], object] | None,
              cancel: CancelToken | None) -> Ticket:
        with self._cond:
            if threading.get_ident() in self._coming:
                priority = Priority.QUESTION  # made while the reader waits for their question
            ticket = Ticket(priority, next(self._order), abort)
            self._waiting.append(ticket)
            if priority == Priority.QUESTION:
                self._stop_running()
            try:
                while not self._may_start(ticket):
                    if ticket.priority == Priority.CHIPS and self._question_waiting():
                        raise GaveWayError()
                    if cancel is not None and cancel.cancelled:
                        raise WaitCancelledError()
                    self._cond.wait(_POLL_SECONDS)
            except BaseException:
                self._waiting.remove(ticket)
                self._cond.notify_all()
                raise
            self._waiting.remove(ticket)
            self._running = ticket
            ticket.started_at = time.monotonic()
            return ticket

    def _may_start(self, ticket: Ticket) -> bool:
        if self._running is not None:
            return False
        first = min(self._waiting, key=lambda t: (t.priority, t.order))
        if first is not ticket:
            return False
        if ticket.priority > Priority.QUESTION and self._coming:
            return False
        if ticket.priority == Priority.BACKGROUND:
            quiet_for = time.monotonic() - self._last_question_at
            return quiet_for >= self.quiet_after_question
        return True

    def _question_waiting(self) -> bool:
        return bool(self._coming) or any(t.priority == Priority.QUESTION for t in self._waiting)

    def _release(self, ticket: Ticket) -> None:
        with self._cond:
            if self._running is ticket:
                self._running = None
            if ticket.priority == Priority.QUESTION:
                self._last_question_at = time.monotonic()
            self._cond.notify_all()

    # -- what the server last read -----------------------------------------------------------

    def note_prompt(self, text: str) -> None:
        """The prompt just sent (its messages flattened): the server now holds it in its cache."""
        with self._cond:
            self._last_prompt = text

    def shared_prefix_chars(self, text: str) -> int:
        """How many leading characters of `text` the last prompt sent here began with."""
        with self._cond:
            last = self._last_prompt
        limit = min(len(last), len(text))
        low, high = 0, limit
        while low < high:  # the longest common prefix, by halves: prompts run to 50 kB
            middle = (low + high + 1) // 2
            if last[:middle] == text[:middle]:
                low = middle
            else:
                high = middle - 1
        return low

    # -- looking in ------------------------------------------------------------------------

    @property
    def busy(self) -> bool:
        with self._cond:
            return self._running is not None or bool(self._waiting)

    @property
    def running_priority(self) -> Priority | None:
        with self._cond:
            return None if self._running is None else self._running.priority


_queues: dict[str, ServerQueue] = {}
_queues_lock = threading.Lock()


def server_key(url: str) -> str:
    """One key per server, whichever of its APIs an address names: scheme, host and port."""
    parts = urlsplit(url if "://" in url else f"http://{url}")
    port = parts.port or (443 if parts.scheme == "https" else 80)
    return f"{parts.scheme}://{(parts.hostname or '').lower()}:{port}"


def queue_for(url: str) -> ServerQueue:
    """The one queue of the server at `url`, shared by every gateway in this process."""
    key = server_key(url)
    with _queues_lock:
        queue = _queues.get(key)
        if queue is None:
            queue = _queues[key] = ServerQueue(key)
        return queue


def forget_queues() -> None:
    """For tests: no server has been sent anything in this process (a later test's server may
    get an earlier one's port, and must not inherit what its queue remembers was sent)."""
    with _queues_lock:
        _queues.clear()

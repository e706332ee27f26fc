"""The one writer: a thread that owns a connection and runs submitted writes in order.

The UI thread hands writes (the reading position, the boundary, settings, a book's removal) to it
and goes on at once, taking no lock; a write that has to wait for another transaction waits here,
never on the UI thread. A reader that must see everything written so far (an answer reading the
boundary) waits for its ticket first, in its own worker thread.

A write that fails because the library cannot be written (a full disk, a read-only folder: see
`store/faults.py`) is not dropped: it is held, with every write after it, and tried again in order
before the next write (and when the writer closes), so nothing the reader did is lost once there
is room. `on_fault` hears about the first failure of a run, `on_recovered` when the held writes
have landed; both are called on the writer's thread.
"""

from __future__ import annotations

import itertools
import logging
import queue
import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path

from reader_app.errors import LibraryError
from reader_app.store.faults import explain_library_fault

log = logging.getLogger(__name__)

Write = Callable[[sqlite3.Connection], object]
MAX_HELD = 10_000  # held writes beyond this drop the oldest (a later save supersedes it)


class Writer:
    """Runs `submit`ted writes one after another on its own thread and connection.

    The submitting side takes no lock: a ticket is numbered by an atomic counter and queued. Two
    threads may queue their writes in the other order than their numbers; a ticket counts as
    written only once every ticket before it is, so `wait_for(ticket)` still waits for them all.
    """

    def __init__(
        self,
        home: Path,
        *,
        on_fault: Callable[[LibraryError], object] | None = None,
        on_recovered: Callable[[], object] | None = None,
    ) -> None:
        self.home = home
        self.on_fault = on_fault
        self.on_recovered = on_recovered
        self._held: list[Write] = []  # writes that could not land yet, in order (writer thread)
        self._failing = False  # the library refused the first held write
        self._queue: queue.SimpleQueue[tuple[int, Write | None] | None] = queue.SimpleQueue()
        self._tickets = itertools.count(1)  # next() is atomic: no lock to number a write
        self._done = threading.Condition()  # the writer thread and waiters only, never the UI
        self._written = 0  # every ticket up to this one has been run
        self._ran: set[int] = set()  # tickets run ahead of an earlier one still queued
        self._closed = False
        self._thread = threading.Thread(target=self._run, name="db-writer", daemon=True)
        self._thread.start()

    def submit(self, write: Write) -> int:
        """Queue `write(conn)` and return at once with its ticket for `wait_for`."""
        if self._closed:
            log.warning("a database write queued after the writer closed is not saved")
        return self._queue_ticket(write)

    @property
    def last_ticket(self) -> int:
        """A ticket behind every write queued so far, from any thread: waiting for it waits for
        them all. (It queues an empty mark, which runs nothing and is never held.)"""
        if self._closed:
            return self._written
        return self._queue_ticket(None)

    def wait_for(self, ticket: int, timeout: float = 30.0) -> bool:
        """Wait until write `ticket` and all before it are done. Never call it on the UI thread."""
        with self._done:
            return self._done.wait_for(lambda: self._written >= ticket, timeout)

    def landed(self, ticket: int) -> bool:
        """Whether write `ticket` (and every one before it) is in the database: run, and none
        held for want of room. Asked without waiting or locking, from any thread."""
        return self._written >= ticket and not self._held

    def flush(self, timeout: float = 30.0) -> bool:
        return self.wait_for(self.last_ticket, timeout)

    @property
    def held(self) -> int:
        """How many writes are waiting for room (0 when everything has landed)."""
        return len(self._held)

    def close(self, timeout: float = 30.0) -> None:
        """Finish what was submitted, then stop the thread."""
        self._closed = True
        self._queue.put(None)
        self._thread.join(timeout)

    def _queue_ticket(self, write: Write | None) -> int:
        ticket = next(self._tickets)
        self._queue.put((ticket, write))
        return ticket

    def _run(self) -> None:
        from reader_app.store.db import connect

        conn = connect(self.home)
        try:
            while (item := self._queue.get()) is not None:
                ticket, write = item
                if write is not None:
                    self._hold(write)
                    self._land_held(conn)
                self._ran_ticket(ticket)
            if self._held:
                self._land_held(conn)  # a last try: then what is left is lost, and logged
                if self._held:
                    log.error("%d reading-state writes could not be saved", len(self._held))
        finally:
            conn.close()

    def _ran_ticket(self, ticket: int) -> None:
        with self._done:
            self._ran.add(ticket)
            while self._written + 1 in self._ran:
                self._written += 1
                self._ran.discard(self._written)
            self._done.notify_all()

    def _hold(self, write: Write) -> None:
        self._held.append(write)
        if len(self._held) > MAX_HELD:
            del self._held[0]

    def _land_held(self, conn: sqlite3.Connection) -> None:
        """Run the held writes in order; stop at one the library cannot take yet."""
        while self._held:
            write = self._held[0]
            try:
                write(conn)
            except Exception as error:  # one failed write must not stop the ones after it
                if conn.in_transaction:
                    conn.rollback()
                fault = explain_library_fault(error, home=self.home)
                if fault is None:
                    log.exception("a database write failed")
                else:
                    if not self._failing:
                        self._failing = True
                        log.warning("database writes are held: %s", fault)
                        if self.on_fault is not None:
                            self.on_fault(fault)
                    return
            self._held.pop(0)
        if self._failing:
            self._failing = False
            log.info("the held database writes have landed")
            if self.on_recovered is not None:
                self.on_recovered()

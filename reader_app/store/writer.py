"""The one writer: a thread that owns a connection and runs submitted writes in order.

The UI thread hands writes (the reading position, the boundary) to it and goes on at once; a
write that has to wait for another transaction waits here, never on the UI thread. A reader
that must see everything written so far (an answer reading the boundary) waits for its ticket
first, in its own worker thread.
"""

from __future__ import annotations

import logging
import queue
import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path

log = logging.getLogger(__name__)

Write = Callable[[sqlite3.Connection], object]


class Writer:
    """Runs `submit`ted writes one after another on its own thread and connection."""

    def __init__(self, home: Path) -> None:
        self.home = home
        self._queue: queue.SimpleQueue[tuple[int, Write] | None] = queue.SimpleQueue()
        self._done = threading.Condition()
        self._submitted = 0
        self._written = 0
        self._thread = threading.Thread(target=self._run, name="db-writer", daemon=True)
        self._thread.start()

    def submit(self, write: Write) -> int:
        """Queue `write(conn)`; returns its ticket for `wait_for`."""
        with self._done:
            self._submitted += 1
            ticket = self._submitted
        self._queue.put((ticket, write))
        return ticket

    @property
    def last_ticket(self) -> int:
        with self._done:
            return self._submitted

    def wait_for(self, ticket: int, timeout: float = 30.0) -> bool:
        """Wait until write `ticket` and all before it are done. Never call it on the UI thread."""
        with self._done:
            return self._done.wait_for(lambda: self._written >= ticket, timeout)

    def flush(self, timeout: float = 30.0) -> bool:
        return self.wait_for(self.last_ticket, timeout)

    def close(self, timeout: float = 30.0) -> None:
        """Finish what was submitted, then stop the thread."""
        self._queue.put(None)
        self._thread.join(timeout)

    def _run(self) -> None:
        from reader_app.store.db import connect

        conn = connect(self.home)
        try:
            while (item := self._queue.get()) is not None:
                ticket, write = item
                try:
                    write(conn)
                except Exception:  # one failed write must not stop the ones after it
                    log.exception("a database write failed")
                    if conn.in_transaction:
                        conn.rollback()
                with self._done:
                    self._written = ticket
                    self._done.notify_all()
        finally:
            conn.close()

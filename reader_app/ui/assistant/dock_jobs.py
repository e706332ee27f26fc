"""What the window lends every dock fed by background jobs, and a dock's own lanes on its workers.

One pattern for the assistant, character chat and X-Ray: the window builds one `DockShared` (its
`Workers`, its `Library` on the UI thread's connection, the one `Writer`) and each dock runs its
jobs through a `DockJobs` of its own: `DockJobs(shared, prefix="companion").submit("card", ...)`.
A dock's lanes are its own (`companion:card`), so no dock's job replaces another's, and every job
first waits for the reading-state writes queued before it: it never works at a boundary the
reader has left (a Reset just before a question counts), and none starts while a book's first
page is being drawn (`FirstPageGate`).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from PySide6.QtCore import QObject

from reader_app.books.shelf.library import Library
from reader_app.store.db import connect
from reader_app.store.writer import Writer
from reader_app.ui.workers import Job, Workers

T = TypeVar("T")

# The longest a dock's job waits for a first page: a window that is never drawn still gets them.
GATE_LIMIT_SECONDS = 3.0


class FirstPageGate:
    """Closed by the window while a book's first page is drawn, open otherwise. The docks learn
    of the book at once, but what their jobs read and compute (X-Ray's people, who may be talked
    to, the conversation) waits on a worker thread until the page is drawn, instead of taking
    the CPU and the GIL from it."""

    def __init__(self) -> None:
        self._open = threading.Event()
        self._open.set()

    def close(self) -> None:
        self._open.clear()

    def open(self) -> None:
        self._open.set()

    @property
    def is_open(self) -> bool:
        return self._open.is_set()

    def wait(self) -> None:
        """On a worker thread: until the gate opens, or GATE_LIMIT_SECONDS."""
        self._open.wait(GATE_LIMIT_SECONDS)


@dataclass(frozen=True)
class DockShared:
    """The window's workers, library (reads only, on the UI thread) and writer, and the gate
    the window closes while a first page is drawn."""

    workers: Workers
    library: Library
    writer: Writer
    first_page: FirstPageGate = field(default_factory=FirstPageGate)

    @classmethod
    def own(cls, home: Path, parent: QObject) -> DockShared:
        """A dock's own, for a dock used without a window (tests, benchmarks); `close` them."""
        return cls(Workers(parent, max_threads=2), Library(connect(home), home), Writer(home))

    def close(self) -> None:
        """Close what `own` opened, once its jobs are done."""
        self.writer.close()
        self.library.conn.close()


class DockJobs:
    """One dock's lanes on the shared workers; each job waits for the writes queued before it."""

    def __init__(self, shared: DockShared, *, prefix: str) -> None:
        self._workers = shared.workers
        self._writer = shared.writer
        self._gate = shared.first_page
        self._prefix = prefix
        self._lanes: set[str] = set()

    def submit(
        self,
        lane: str,
        work: Callable[[Job], T],
        *,
        on_done: Callable[[T], None],
        on_error: Callable[[BaseException], None],
        on_progress: Callable[[Any], None] | None = None,
    ) -> Job:
        """Run `work(job)` once the writes queued so far have landed; the lane's earlier job is
        cancelled and its replies are dropped."""
        writer, ticket, gate = self._writer, self._writer.last_ticket, self._gate

        def after_the_writes(job: Job) -> T:
            gate.wait()
            if not writer.wait_for(ticket):
                raise TimeoutError("the reading state was not written in time")
            return work(job)

        self._lanes.add(lane)
        return self._workers.submit(self._lane(lane), after_the_writes, on_done=on_done,
                                    on_error=on_error, on_progress=on_progress)

    def current(self, lane: str) -> Job | None:
        return self._workers.current(self._lane(lane))

    def drop(self, lane: str) -> None:
        """Cancel the lane's job, if any: nothing more of it arrives."""
        self._workers.drop(self._lane(lane))

    def drop_all(self) -> None:
        for lane in self._lanes:
            self.drop(lane)

    def wait(self, msecs: int = 30_000) -> bool:
        """Wait for every job of the shared workers (on quit)."""
        return self._workers.wait(msecs)

    def wait_idle(self, msecs: int = 30_000) -> bool:
        """Wait until the shared workers are idle and every reply has been handled (tests)."""
        return self._workers.wait_idle(msecs)

    def _lane(self, lane: str) -> str:
        return f"{self._prefix}:{lane}"

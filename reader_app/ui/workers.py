"""The one worker mechanism: every background job, with streaming progress, cancel and one rule
for stale replies.

    workers = Workers(parent, max_threads=2)
    job = workers.submit(lane, work, on_done=..., on_error=..., on_progress=...)

`work(job)` runs on a pool thread and returns the result. Inside it, `job(value)` streams a
progress value to `on_progress`; `job.cancelled` says the job should stop. A job is a
`CancelToken` (`reader_app/cancel.py`): hand it on as the `cancel` of the core's work. The
callbacks run on the UI thread.

- `job.cancel()` asks the job to stop. It is still awaited: its progress is dropped from then
  on, but its outcome (`on_done` or `on_error`) arrives, so the UI can show what was kept.
- `workers.submit` on a lane that already has a job cancels that job and stops awaiting it.
- `workers.drop(lane)` cancels the lane's job and stops awaiting it: nothing more arrives.
- `workers.wait(msecs)` waits for every job (on quit); `workers.wait_idle(msecs)` also
  handles the replies they sent, so a test can then assert that nothing more arrives.

The stale-reply rule, the only one: every reply carries its job id, and a reply is delivered
only while its job is the one awaited in its lane. A reply to a job no longer awaited is dropped.
"""

from __future__ import annotations

import contextlib
import itertools
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from PySide6.QtCore import QCoreApplication, QObject, QRunnable, QThreadPool, Signal, Slot

from reader_app.cancel import CancelToken

log = logging.getLogger(__name__)

T = TypeVar("T")
_PROGRESS, _DONE, _FAILED = "progress", "done", "failed"


class Job(CancelToken):
    """One submitted job, as the work and the UI see it: a cancel token that streams progress."""

    def __init__(self, job_id: int, lane: str, relay: _Relay) -> None:
        super().__init__()
        self.job_id = job_id
        self.lane = lane
        self._relay = relay

    def __call__(self, value: Any) -> None:
        """Stream a progress value to the UI (from the work's thread)."""
        self._reply(_PROGRESS, value)

    def _reply(self, kind: str, value: object) -> None:
        # RuntimeError: the owner was deleted while the job ran, and nobody is listening.
        with contextlib.suppress(RuntimeError):
            self._relay.reply.emit(self.job_id, kind, value)


class _Relay(QObject):
    """Lives on the UI thread; jobs emit through it, so the replies are handled there."""

    reply = Signal(int, str, object)  # job id, kind, value


@dataclass(frozen=True)
class _Awaited(Generic[T]):
    job: Job
    on_done: Callable[[T], object]
    on_error: Callable[[BaseException], object]
    on_progress: Callable[[Any], object] | None


class _Runnable(QRunnable):
    def __init__(self, job: Job, work: Callable[[Job], Any]) -> None:
        super().__init__()
        self.job, self.work = job, work
        self.setAutoDelete(True)

    def run(self) -> None:
        try:
            result = self.work(self.job)
        except BaseException as error:  # reported to the UI, which decides what the user sees
            self.job._reply(_FAILED, error)
        else:
            self.job._reply(_DONE, result)


class Workers(QObject):
    """Runs jobs in a thread pool of `max_threads`; at most one job is awaited per lane."""

    replyFailed = Signal(str, str)  # lane, what the callback raised (logged with its traceback)

    def __init__(self, parent: QObject | None = None, *, max_threads: int = 2) -> None:
        super().__init__(parent)
        self.pool = QThreadPool(self)
        self.pool.setMaxThreadCount(max_threads)
        self._ids = itertools.count(1)
        self._awaited: dict[str, _Awaited[Any]] = {}  # lane -> its job
        self._relay = _Relay(self)
        self._relay.reply.connect(self._on_reply)

    def submit(
        self,
        lane: str,
        work: Callable[[Job], T],
        *,
        on_done: Callable[[T], object],
        on_error: Callable[[BaseException], object],
        on_progress: Callable[[Any], object] | None = None,
    ) -> Job:
        """Run `work(job)` in the pool; the lane's earlier job is cancelled and becomes stale."""
        self.drop(lane)
        job = Job(next(self._ids), lane, self._relay)
        self._awaited[lane] = _Awaited(job, on_done, on_error, on_progress)
        self.pool.start(_Runnable(job, work))
        return job

    def current(self, lane: str) -> Job | None:
        awaited = self._awaited.get(lane)
        return awaited.job if awaited is not None else None

    def is_current(self, job_id: int) -> bool:
        return any(a.job.job_id == job_id for a in self._awaited.values())

    def drop(self, lane: str) -> None:
        """Cancel the lane's job, if any, and stop awaiting it."""
        awaited = self._awaited.pop(lane, None)
        if awaited is not None:
            awaited.job.cancel()

    def drop_all(self) -> None:
        for lane in list(self._awaited):
            self.drop(lane)

    def wait(self, msecs: int = 30_000) -> bool:
        return self.pool.waitForDone(msecs)

    def wait_idle(self, msecs: int = 30_000) -> bool:
        """Wait for every job and handle (or drop) every reply they sent, again for any job a
        reply submitted: after it, nothing more arrives. False if that took over `msecs`."""
        deadline = time.monotonic() + msecs / 1000
        while self.pool.waitForDone(max(round((deadline - time.monotonic()) * 1000), 0)):
            QCoreApplication.sendPostedEvents(self)  # the replies queued to this object
            if self.pool.activeThreadCount() == 0:
                return True
        return False

    @Slot(int, str, object)
    def _on_reply(self, job_id: int, kind: str, value: object) -> None:
        awaited = next((a for a in self._awaited.values() if a.job.job_id == job_id), None)
        if awaited is None:
            log.debug("dropping a stale %s reply of job %d", kind, job_id)
            return
        if kind == _PROGRESS:
            if awaited.on_progress is not None and not awaited.job.cancelled:
                self._deliver(awaited.job.lane, awaited.on_progress, value)
            return
        del self._awaited[awaited.job.lane]
        if kind == _DONE:
            self._deliver(awaited.job.lane, awaited.on_done, value)
        else:
            assert isinstance(value, BaseException)
            self._deliver(awaited.job.lane, awaited.on_error, value)

    def _deliver(self, lane: str, callback: Callable[[Any], object], value: object) -> None:
        """Run a reply's callback; if it raises, log it and say so (`replyFailed`), never
        leaving the exception to Qt (which would print it and go on with a half-done slot)."""
        try:
            callback(value)
        except Exception as error:
            log.error("the reply to the %r job failed", lane, exc_info=error)
            self.replyFailed.emit(lane, f"{type(error).__name__}: {error}")

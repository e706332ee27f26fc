"""Running work off the UI thread: results come back as queued signals tagged with a request id."""

from __future__ import annotations

import itertools
import logging
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal, Slot

log = logging.getLogger(__name__)


class _Relay(QObject):
    """Lives on the UI thread; the worker emits through it, so slots run on the UI thread."""

    finished = Signal(int, object)
    failed = Signal(int, object)
    progress = Signal(int, object)


class _Job(QRunnable):
    def __init__(
        self, relay: _Relay, request_id: int, work: Callable[[Callable[[Any], None]], Any]
    ) -> None:
        super().__init__()
        self.relay = relay
        self.request_id = request_id
        self.work = work
        self.setAutoDelete(True)

    def run(self) -> None:
        try:
            result = self.work(lambda value: self.relay.progress.emit(self.request_id, value))
        except BaseException as exc:  # reported to the UI, which decides what the user sees
            self.relay.failed.emit(self.request_id, exc)
        else:
            self.relay.finished.emit(self.request_id, result)


class TaskRunner(QObject):
    """Runs callables in a thread pool. Only the newest request of each `channel` is answered."""

    def __init__(self, parent: QObject | None = None, *, max_threads: int = 2) -> None:
        super().__init__(parent)
        self.pool = QThreadPool(self)
        self.pool.setMaxThreadCount(max_threads)
        self._ids = itertools.count(1)
        self._latest: dict[str, int] = {}
        self._handlers: dict[int, tuple[str, Callable[..., None], Callable[..., None], Any]] = {}
        self._relay = _Relay()
        self._relay.finished.connect(self._on_finished)
        self._relay.failed.connect(self._on_failed)
        self._relay.progress.connect(self._on_progress)

    def submit(
        self,
        channel: str,
        work: Callable[[Callable[[Any], None]], Any],
        *,
        on_done: Callable[[Any], None],
        on_error: Callable[[BaseException], None],
        on_progress: Callable[[Any], None] | None = None,
    ) -> int:
        """Run `work(report_progress)` in the pool; a newer submit on `channel` makes this stale."""
        request_id = next(self._ids)
        self._latest[channel] = request_id
        self._handlers[request_id] = (channel, on_done, on_error, on_progress)
        self.pool.start(_Job(self._relay, request_id, work))
        return request_id

    def is_current(self, request_id: int) -> bool:
        handler = self._handlers.get(request_id)
        return handler is not None and self._latest.get(handler[0]) == request_id

    def wait(self, msecs: int = 30_000) -> bool:
        return self.pool.waitForDone(msecs)

    @Slot(int, object)
    def _on_finished(self, request_id: int, result: object) -> None:
        handler = self._take(request_id)
        if handler is not None:
            handler[1](result)

    @Slot(int, object)
    def _on_failed(self, request_id: int, error: object) -> None:
        handler = self._take(request_id)
        if handler is not None:
            handler[2](error)

    @Slot(int, object)
    def _on_progress(self, request_id: int, value: object) -> None:
        if self.is_current(request_id):
            callback = self._handlers[request_id][3]
            if callback is not None:
                callback(value)

    def _take(
        self, request_id: int
    ) -> tuple[str, Callable[..., None], Callable[..., None], Any] | None:
        current = self.is_current(request_id)
        handler = self._handlers.pop(request_id, None)
        if handler is None or not current:
            log.debug("dropping stale reply %s", request_id)
            return None
        return handler

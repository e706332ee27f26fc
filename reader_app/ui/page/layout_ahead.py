"""Laying out the next section while the reader reads, in slices the page never waits on.

A section's layout (building its QTextDocument, Qt's line layout, the line boxes) costs 10 to
90 ms of the UI thread on War and Peace, more while a worker competes for the GIL. Done in one
go it is a stall the reader feels; here it runs `SectionDocument.step()` for at most
`BUDGET_MS` per turn of the event loop, and the view takes the finished document when the
reader turns into that section (`take` finishes it at once if the reader got there first).
"""

from __future__ import annotations

import time
from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer

from reader_app.ui.page.document import SectionDocument

BUDGET_MS = 4.0


class LayoutAhead(QObject):
    """One section laid out ahead at a time; `key` says what it was made for."""

    def __init__(self, parent: QObject | None = None, *, budget_ms: float = BUDGET_MS) -> None:
        super().__init__(parent)
        self.budget = budget_ms / 1000
        self._key: object = None
        self._doc: SectionDocument | None = None
        self._done = False
        self.slices = 0  # turns of the event loop the current document has taken so far
        self._timer = QTimer(self)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self._work)

    def start(self, key: object, make: Callable[[], SectionDocument]) -> None:
        """Lay out `make()` (a document made `in_steps`) in slices, unless it is under way."""
        if self._doc is not None and self._key == key:
            return
        self._key, self._doc, self._done = key, make(), False
        self.slices = 0
        self._timer.start()

    def take(self, key: object) -> SectionDocument | None:
        """The document made for `key`, finished now if it was not yet; None if there is none."""
        doc = self._doc
        if doc is None or self._key != key:
            return None
        self.cancel()
        doc.finish()
        return doc

    def cancel(self) -> None:
        self._timer.stop()
        self._key, self._doc, self._done = None, None, False

    def documents(self) -> list[SectionDocument]:
        """The document under way or waiting to be taken (an illustration may land in it)."""
        return [self._doc] if self._doc is not None else []

    @property
    def done(self) -> bool:
        return self._done

    def _work(self) -> None:
        doc = self._doc
        if doc is None:
            self._timer.stop()
            return
        deadline = time.perf_counter() + self.budget
        self.slices += 1
        while doc.step():
            if time.perf_counter() >= deadline:
                return
        self._done = True
        self._timer.stop()

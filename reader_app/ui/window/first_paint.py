"""Work that waits until a page has been drawn: what the first page does not need (the cover
thumbnail, the preparation child) starts after the first paint instead of racing it for the CPU
and the GIL."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QWidget

# A page that is never drawn (a window not shown, a view behind another) still gets its work.
FALLBACK_MS = 1500


class AfterFirstPaint(QObject):
    """Runs `work` once, just after `widget`'s next paint (or after FALLBACK_MS, or at once when
    the widget is not visible and so will not be painted)."""

    def __init__(self, widget: QWidget, work: Callable[[], None]) -> None:
        super().__init__(widget)
        self._widget = widget
        self._work: Callable[[], None] | None = work
        if not widget.isVisible():
            QTimer.singleShot(0, self, self._run)
            return
        widget.installEventFilter(self)
        QTimer.singleShot(FALLBACK_MS, self, self._run)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self._widget and event.type() == QEvent.Type.Paint:
            self._widget.removeEventFilter(self)
            QTimer.singleShot(0, self, self._run)  # after this paint has been drawn
        return False

    def _run(self) -> None:
        work, self._work = self._work, None
        if work is None:
            return
        self._widget.removeEventFilter(self)
        self.deleteLater()
        work()


def after_first_paint(widget: QWidget, work: Callable[[], None]) -> None:
    """Run `work` once `widget` has drawn its next paint (see `AfterFirstPaint`)."""
    AfterFirstPaint(widget, work)

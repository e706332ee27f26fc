"""A place marked for a moment after a jump to it (a note, a cited passage), then faded out.

Like a browser's flash of a link's target: the mark is quiet, skips headings, holds a little
while, fades, and is gone for good (Back and Forward do not bring it back).
"""

from __future__ import annotations

from PySide6.QtCore import QElapsedTimer, QObject, QPointF, QTimer
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import QWidget

from reader_app.books.model import BlockKind, Locator
from reader_app.ui.page.document import SectionDocument
from reader_app.ui.reader.page_marks import Mark
from reader_app.ui.reader.page_view import paint_selection

HOLD_MS = 1800  # shown at full strength
FADE_MS = 1200  # then faded out over this long
QUIET_COLOUR = QColor(255, 200, 60, 70)  # a soft highlighter yellow; the text stays readable
FRAME_MS = 50


class FlashMark(QObject):
    """The view's one flashed mark; `paint` draws it at its current strength."""

    def __init__(self, view: QWidget) -> None:
        super().__init__(view)
        self.view = view
        self.mark: Mark | None = None
        self.colour = QUIET_COLOUR
        self.hold_ms = HOLD_MS
        self.fade_ms = FADE_MS
        self._clock = QElapsedTimer()
        self._ticks = QTimer(self)
        self._ticks.setInterval(FRAME_MS)
        self._ticks.timeout.connect(self._tick)

    def flash(self, start: Locator, end: Locator) -> None:
        """Mark `[start, end)` now; it fades after `hold_ms` and is gone `fade_ms` later."""
        self.mark = Mark(start, end)
        self._clock.start()
        self._ticks.start()
        self.view.update()

    def clear(self) -> None:
        self.mark = None
        self._ticks.stop()
        self.view.update()

    def strength(self) -> float:
        """1 while held, falling to 0 over the fade."""
        if self.mark is None:
            return 0.0
        past = self._clock.elapsed() - self.hold_ms
        return 1.0 if past <= 0 else max(0.0, 1.0 - past / max(self.fade_ms, 1))

    def _tick(self) -> None:
        if self.strength() <= 0.0:
            self.clear()
        elif self._clock.elapsed() > self.hold_ms:
            self.view.update()  # the fade: repaint only while it changes

    def paint(
        self, painter: QPainter, doc: SectionDocument, pages: list[tuple[int, QPointF]]
    ) -> None:
        mark, strength = self.mark, self.strength()
        if mark is None or strength <= 0.0 or mark.start.section != doc.section_index:
            return
        colour = QColor(self.colour)
        colour.setAlpha(round(self.colour.alpha() * strength))
        start = doc.position_of(mark.start)
        end = doc.position_of(mark.end) if mark.end.section == mark.start.section else 1 << 30
        blocks = doc.section.blocks
        last = mark.end.block if mark.end.section == mark.start.section else len(blocks) - 1
        for index in range(mark.start.block, min(last, len(blocks) - 1) + 1):
            if blocks[index].kind == BlockKind.HEADING:
                continue  # a chapter's title is not part of the passage
            block_start = doc.position_of(Locator(doc.section_index, index, 0))
            block_end = doc.position_of(Locator(doc.section_index, index, len(blocks[index].text)))
            low, high = max(start, block_start), min(end, block_end)
            if high > low:
                paint_selection(painter, doc, (low, high), pages, colour)

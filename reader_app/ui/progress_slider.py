"""The progress slider: position by characters, chapter ticks, and a mark where the boundary is."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSlider, QStyle, QStyleOptionSlider, QWidget

RESOLUTION = 10_000


class ProgressSlider(QSlider):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(Qt.Orientation.Horizontal, parent)
        self.setObjectName("progressSlider")
        self.setRange(0, RESOLUTION)
        self.setPageStep(RESOLUTION // 50)
        self.setMinimumHeight(26)
        self.chapter_ticks: list[float] = []
        self.boundary: float | None = None  # fraction of the book the assistant may use
        self.setToolTip("Position in the book; the orange mark shows what the assistant knows")

    def set_fraction(self, fraction: float) -> None:
        self.blockSignals(True)
        self.setValue(round(min(max(fraction, 0.0), 1.0) * RESOLUTION))
        self.blockSignals(False)

    def fraction(self) -> float:
        return self.value() / RESOLUTION

    def set_marks(self, *, chapters: list[float], boundary: float | None) -> None:
        self.chapter_ticks = chapters
        self.boundary = boundary
        self.update()

    def _groove(self) -> QRectF:
        option = QStyleOptionSlider()
        self.initStyleOption(option)
        rect = self.style().subControlRect(
            QStyle.ComplexControl.CC_Slider, option, QStyle.SubControl.SC_SliderGroove, self
        )
        return QRectF(rect)

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        groove = self._groove()
        painter = QPainter(self)
        pen = QPen(self.palette().mid().color())
        pen.setWidthF(1)
        painter.setPen(pen)
        for tick in self.chapter_ticks:
            x = groove.left() + tick * groove.width()
            painter.drawLine(int(x), int(groove.bottom() + 2), int(x), int(groove.bottom() + 6))
        if self.boundary is not None:
            x = groove.left() + self.boundary * groove.width()
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor("#e07b00"))
            painter.drawRect(QRectF(x - 1.5, groove.top() - 6, 3, groove.height() + 12))
        painter.end()

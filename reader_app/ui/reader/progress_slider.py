"""The progress slider: position by characters, chapter ticks, and a mark where the boundary is."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QLocale, QPoint, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QMouseEvent, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import (
    QAbstractSlider,
    QSlider,
    QStyle,
    QStyleOptionSlider,
    QToolTip,
    QWidget,
)

from reader_app.ui.page.safe_paint import paint_safely

RESOLUTION = 10_000
SNAP_PIXELS = 4  # a click or hover this close to a chapter's tick means that chapter
# How much of the text colour is laid over the background for each part of the bar.
GROOVE_INK, GROOVE_EDGE_INK, TICK_INK = 0.12, 0.35, 0.5


class ProgressSlider(QSlider):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(Qt.Orientation.Horizontal, parent)
        self.setObjectName("progressSlider")
        self.setRange(0, RESOLUTION)
        self.setPageStep(RESOLUTION // 50)
        self.setMinimumHeight(26)
        # A click on the bar leaves the keyboard with the page: Right turns a page, it does not
        # nudge the bar a ten-thousandth (Tab still reaches it).
        self.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        self.chapter_ticks: list[float] = []
        self.part_ticks: list[float] = []  # the top level of nested contents: taller ticks
        self.boundary: float | None = None  # fraction of the book the assistant may use
        # "Chapter 3 · 42%" for a fraction of the book: shown while hovering and dragging.
        self.describe: Callable[[float], str] | None = None
        # The exact fraction the last click chose (a tick's own, not rounded to the bar's
        # steps), while the jump it triggers is made.
        self.clicked_fraction: float | None = None
        self.setMouseTracking(True)
        self.sliderMoved.connect(lambda value: self._show_place(self.snapped(value / RESOLUTION),
                                                                None))

    def set_fraction(self, fraction: float) -> None:
        self.blockSignals(True)
        self.setValue(round(min(max(fraction, 0.0), 1.0) * RESOLUTION))
        self.blockSignals(False)

    def fraction(self) -> float:
        return self.value() / RESOLUTION

    def snapped(self, fraction: float) -> float:
        """`fraction`, or the chapter tick within a few pixels of it: what the reader aimed at."""
        width = max(self._groove().width(), 1.0)
        ticks = [*self.chapter_ticks, *self.part_ticks]
        nearest = min(ticks, key=lambda tick: abs(tick - fraction), default=None)
        if nearest is not None and abs(nearest - fraction) * width <= SNAP_PIXELS:
            return nearest
        return fraction

    def set_marks(
        self, *, chapters: list[float], boundary: float | None, parts: list[float] | None = None
    ) -> None:
        self.chapter_ticks = chapters
        self.part_ticks = parts or []
        self.boundary = boundary
        self.update()

    def fraction_at(self, x: float) -> float:
        groove = self._groove()
        return min(max((x - groove.left()) / max(groove.width(), 1.0), 0.0), 1.0)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        """A click on the bar jumps there (not a page step), and the handle follows the mouse."""
        if event.button() == Qt.MouseButton.LeftButton and not self._on_handle(event.position()):
            fraction = self.snapped(self.fraction_at(event.position().x()))
            self.clicked_fraction = fraction
            try:
                self.setSliderPosition(round(fraction * RESOLUTION))
                self.triggerAction(QAbstractSlider.SliderAction.SliderMove)
            finally:
                self.clicked_fraction = None
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if not self.isSliderDown():
            fraction = self.snapped(self.fraction_at(event.position().x()))
            self._show_place(fraction, event.position().toPoint())
        super().mouseMoveEvent(event)

    def _on_handle(self, point: QPointF) -> bool:
        option = QStyleOptionSlider()
        self.initStyleOption(option)
        handle = self.style().subControlRect(
            QStyle.ComplexControl.CC_Slider, option, QStyle.SubControl.SC_SliderHandle, self
        )
        return handle.contains(point.toPoint())

    def place_text(self, fraction: float) -> str:
        if self.describe is None:
            return self.tr("{0}%").format(QLocale().toString(round(fraction * 100)))
        return self.describe(fraction)

    def _show_place(self, fraction: float, at: QPoint | None) -> None:
        self.setToolTip(self.place_text(fraction))
        if at is None:
            groove = self._groove()
            at = QPoint(int(groove.left() + fraction * groove.width()), 0)
        QToolTip.showText(self.mapToGlobal(at), self.toolTip(), self)

    def _groove(self) -> QRectF:
        option = QStyleOptionSlider()
        self.initStyleOption(option)
        rect = self.style().subControlRect(
            QStyle.ComplexControl.CC_Slider, option, QStyle.SubControl.SC_SliderGroove, self
        )
        return QRectF(rect)

    def paintEvent(self, event: QPaintEvent) -> None:
        paint_safely(self, self._paint)

    def _paint(self, painter: QPainter) -> None:
        """The groove and the ticks in colours drawn from the theme's text over its background
        (the style's own groove, and the palette's Mid, vanish on a dark page), then the
        style's handle over them."""
        groove = self._groove()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(self.ink(GROOVE_EDGE_INK), 1))
        painter.setBrush(self.ink(GROOVE_INK))
        painter.drawRoundedRect(groove.adjusted(0.5, 0.5, -0.5, -0.5), 2, 2)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        self._paint_marks(painter)
        option = QStyleOptionSlider()
        self.initStyleOption(option)
        option.subControls = QStyle.SubControl.SC_SliderHandle
        self.style().drawComplexControl(QStyle.ComplexControl.CC_Slider, option, painter, self)

    def ink(self, share: float) -> QColor:
        """The text colour laid over the window's at `share` opacity: visible on any theme."""
        text, ground = self.palette().windowText().color(), self.palette().window().color()
        return QColor.fromRgbF(
            *(t * share + g * (1 - share) for t, g in zip(
                (text.redF(), text.greenF(), text.blueF()),
                (ground.redF(), ground.greenF(), ground.blueF()), strict=True)))

    def _paint_marks(self, painter: QPainter) -> None:
        groove = self._groove()
        pen = QPen(self.ink(TICK_INK))
        pen.setWidthF(1)
        painter.setPen(pen)
        # One line per pixel column: a book of 40,000 headings draws a few hundred.
        for x in {int(groove.left() + tick * groove.width()) for tick in self.chapter_ticks}:
            painter.drawLine(x, int(groove.bottom() + 2), x, int(groove.bottom() + 5))
        for x in {int(groove.left() + tick * groove.width()) for tick in self.part_ticks}:
            painter.drawLine(x, int(groove.top() - 3), x, int(groove.bottom() + 8))
        if self.boundary is not None:
            at = groove.left() + self.boundary * groove.width()
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor("#e07b00"))
            painter.drawRect(QRectF(at - 1.5, groove.top() - 6, 3, groove.height() + 12))

"""The relationship map: who appears with whom up to the boundary, drawn with QPainter.

People sit on an ellipse that fills the view (`map_layout.py`); every name is placed where it
overlaps no other name and no person. Ctrl+wheel, +/- or the buttons zoom (the names keep their
size, so zooming in spreads them out), a drag pans, and "Open in Window" shows the same map in a
window of its own.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, QSize, QSizeF, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPen,
    QWheelEvent,
)
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from reader_app.rag.companion.xray import RelationshipMap
from reader_app.ui.companion.map_layout import Node, ellipse_nodes, place_labels
from reader_app.ui.page.safe_paint import paint_safely

NODE_MIN, NODE_MAX = 7.0, 20.0
ZOOM_MIN, ZOOM_MAX, ZOOM_STEP = 1.0, 4.0, 1.25
LABEL_PADDING = 2.0


class RelationshipView(QWidget):
    """People on an ellipse, most mentioned at the top; a tie's width is how often they meet."""

    nodeClicked = Signal(int)  # entry key

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("relationshipMap")
        self.setMinimumSize(200, 200)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
        self.setMouseTracking(True)
        self.map: RelationshipMap | None = None
        self.selected: int | None = None
        self.zoom = 1.0
        self.pan = QPointF(0, 0)
        self._drag: QPointF | None = None
        self._nodes: dict[int, Node] = {}
        self._labels: dict[int, QRectF] = {}

    def sizeHint(self) -> QSize:
        return QSize(320, 320)

    def set_map(self, relationships: RelationshipMap | None) -> None:
        self.map = relationships
        self.update()

    def select(self, key: int | None) -> None:
        self.selected = key
        self.update()

    def set_zoom(self, zoom: float) -> None:
        self.zoom = min(max(zoom, ZOOM_MIN), ZOOM_MAX)
        if self.zoom == ZOOM_MIN:
            self.pan = QPointF(0, 0)  # all of it in view again
        self.update()

    def zoom_in(self) -> None:
        self.set_zoom(self.zoom * ZOOM_STEP)

    def zoom_out(self) -> None:
        self.set_zoom(self.zoom / ZOOM_STEP)

    def node_at(self, point: QPointF) -> int | None:
        self._layout()
        for key, node in self._nodes.items():
            centre = node.centre
            if math.dist((centre.x(), centre.y()), (point.x(), point.y())) <= node.radius + 3:
                return key
        for key, rect in self._labels.items():  # a click on a name picks it too
            if rect.contains(point):
                return key
        return None

    def visible_ties(self) -> list[tuple[int, int, int]]:
        """(a, b, weight) of the ties drawn, for tests and accessibility."""
        if self.map is None:
            return []
        return [(t.a, t.b, t.weight) for t in self.map.ties]

    def label_rects(self) -> dict[int, QRectF]:
        """Where each name is drawn (widget coordinates), as laid out for the current size."""
        self._layout()
        return dict(self._labels)

    def _label_font(self) -> QFont:
        font = QFont(self.font())
        font.setPointSizeF(max(font.pointSizeF() - 1, 7))
        return font

    def _layout(self) -> None:
        self._nodes, self._labels = {}, {}
        if self.map is None or not self.map.entries:
            return
        entries = self.map.entries
        most = max(max(e.mentions for e in entries), 1)
        metrics = QFontMetricsF(self._label_font())
        sizes = {e.key: QSizeF(metrics.horizontalAdvance(e.name) + 2 * LABEL_PADDING,
                               metrics.height()) for e in entries}
        widest = max(size.width() for size in sizes.values())
        view = QRectF(self.rect())
        # The space the people use: the view, grown by the zoom about its centre, then panned.
        area = QRectF(0, 0, view.width() * self.zoom, view.height() * self.zoom)
        area.moveCenter(view.center() + self.pan)
        margin = QSizeF(min(widest / 2 + NODE_MAX, view.width() / 3),
                        metrics.height() + NODE_MAX + 4)
        radii = [NODE_MIN + (NODE_MAX - NODE_MIN) * math.sqrt(e.mentions / most)
                 for e in entries]
        nodes = ellipse_nodes([e.key for e in entries], radii, area=area, margin=margin)
        self._nodes = {node.key: node for node in nodes}
        # At full view every name stays inside it (none clipped); zoomed in, near its person.
        self._labels = place_labels(nodes, sizes, bounds=view if self.zoom == ZOOM_MIN else None)

    def paintEvent(self, event: QPaintEvent) -> None:
        paint_safely(self, self._paint)

    def _paint(self, painter: QPainter) -> None:
        self._layout()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        palette = self.palette()
        painter.fillRect(self.rect(), palette.base())
        if self.map is None or not self.map.entries:
            painter.setPen(palette.text().color())
            painter.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter,
                             self.tr("Nobody met yet.") if self.map is not None else "")
            return
        heaviest = max((t.weight for t in self.map.ties), default=1)
        for tie in self.map.ties:
            a, b = self._nodes.get(tie.a), self._nodes.get(tie.b)
            if a is None or b is None:
                continue
            strength = tie.weight / heaviest
            focus = self.selected in (tie.a, tie.b)
            colour = QColor(200, 90, 30) if focus else QColor(110, 120, 140)
            colour.setAlphaF(0.25 + 0.7 * strength if focus else 0.12 + 0.5 * strength)
            painter.setPen(QPen(colour, 0.8 + 5 * strength))
            painter.drawLine(a.centre, b.centre)
        for entry in self.map.entries:
            node = self._nodes[entry.key]
            fill = QColor(225, 120, 40) if entry.key == self.selected else QColor(70, 110, 170)
            painter.setPen(QPen(palette.base().color(), 1.5))
            painter.setBrush(fill)
            painter.drawEllipse(node.centre, node.radius, node.radius)
        painter.setFont(self._label_font())
        muted = QColor(palette.text().color())
        muted.setAlphaF(0.35)
        for entry in self.map.entries:
            node, label = self._nodes[entry.key], self._labels[entry.key]
            if _distance(node, label) > node.radius + 12:
                painter.setPen(QPen(muted, 0.8))  # a name placed further off: a leader line
                painter.drawLine(node.centre, _nearest_point(label, node.centre))
            backing = QColor(palette.base().color())
            backing.setAlphaF(0.85)  # the ties pass under a name, not through it
            painter.fillRect(label, backing)
            painter.setPen(palette.text().color())
            painter.drawText(label, Qt.AlignmentFlag.AlignCenter, entry.name)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        key = self.node_at(event.position())
        if key is not None:
            self.select(key)
            self.nodeClicked.emit(key)
        elif event.button() == Qt.MouseButton.LeftButton and self.zoom > ZOOM_MIN:
            self._drag = event.position()
            self.setCursor(Qt.CursorShape.ClosedHandCursor)
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self._drag is not None:
            self.pan += event.position() - self._drag
            self._drag = event.position()
            self.update()
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        self._drag = None
        self.unsetCursor()
        super().mouseReleaseEvent(event)

    def wheelEvent(self, event: QWheelEvent) -> None:
        if event.modifiers() & Qt.KeyboardModifier.ControlModifier or self.zoom > ZOOM_MIN:
            if event.angleDelta().y() > 0:
                self.zoom_in()
            elif event.angleDelta().y() < 0:
                self.zoom_out()
            event.accept()
            return
        super().wheelEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Plus, Qt.Key.Key_Equal):
            self.zoom_in()
        elif event.key() == Qt.Key.Key_Minus:
            self.zoom_out()
        elif event.key() == Qt.Key.Key_0:
            self.set_zoom(ZOOM_MIN)
        else:
            super().keyPressEvent(event)


class MapPanel(QWidget):
    """The map with its buttons: zoom in, zoom out, fit, and "Open in Window"."""

    def __init__(self, parent: QWidget | None = None, *, with_window_button: bool = True) -> None:
        super().__init__(parent)
        self.view = RelationshipView()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        row = QHBoxLayout()
        row.setContentsMargins(4, 2, 4, 0)
        self.buttons: dict[str, QToolButton] = {}
        for name, text, tip, slot in (
            ("mapZoomIn", "+", self.tr("Zoom in (Ctrl+wheel, +)"), self.view.zoom_in),
            ("mapZoomOut", "−", self.tr("Zoom out (Ctrl+wheel, −)"), self.view.zoom_out),
            ("mapFit", self.tr("Fit"), self.tr("Show everyone (0)"),
             lambda: self.view.set_zoom(ZOOM_MIN)),
        ):
            button = QToolButton()
            button.setObjectName(name)
            button.setText(text)
            button.setToolTip(tip)
            button.clicked.connect(slot)
            row.addWidget(button)
            self.buttons[name] = button
        row.addStretch(1)
        if with_window_button:
            window_button = QToolButton()
            window_button.setObjectName("mapOpenWindow")
            window_button.setText(self.tr("Open in Window"))
            row.addWidget(window_button)
            self.buttons["mapOpenWindow"] = window_button
        layout.addLayout(row)
        layout.addWidget(self.view, 1)


class MapWindow(QDialog):
    """The relationship map in a window of its own, kept in step with the dock's."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("relationshipMapWindow")
        self.setWindowTitle(self.tr("Relationship Map"))
        self.setModal(False)
        self.panel = MapPanel(self, with_window_button=False)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.panel)
        self.resize(820, 620)

    @property
    def view(self) -> RelationshipView:
        return self.panel.view


def _distance(node: Node, rect: QRectF) -> float:
    point = _nearest_point(rect, node.centre)
    return math.dist((point.x(), point.y()), (node.centre.x(), node.centre.y()))


def _nearest_point(rect: QRectF, point: QPointF) -> QPointF:
    return QPointF(min(max(point.x(), rect.left()), rect.right()),
                   min(max(point.y(), rect.top()), rect.bottom()))

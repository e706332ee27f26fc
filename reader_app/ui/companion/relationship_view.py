"""The relationship map: who appears with whom up to the boundary, drawn with QPainter."""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QMouseEvent, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from reader_app.rag.companion.xray import RelationshipMap
from reader_app.ui.page.safe_paint import paint_safely

NODE_MIN, NODE_MAX = 7.0, 20.0


class RelationshipView(QWidget):
    """People on a circle, most mentioned at the top; a tie's width is how often they meet."""

    nodeClicked = Signal(int)  # entry key

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("relationshipMap")
        self.setMinimumSize(260, 260)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMouseTracking(True)
        self.map: RelationshipMap | None = None
        self.selected: int | None = None
        self._nodes: dict[int, tuple[QPointF, float]] = {}

    def sizeHint(self) -> QSize:
        return QSize(320, 320)

    def set_map(self, relationships: RelationshipMap | None) -> None:
        self.map = relationships
        self.update()

    def select(self, key: int | None) -> None:
        self.selected = key
        self.update()

    def node_at(self, point: QPointF) -> int | None:
        for key, (centre, radius) in self._nodes.items():
            if math.dist((centre.x(), centre.y()), (point.x(), point.y())) <= radius + 3:
                return key
        return None

    def visible_ties(self) -> list[tuple[int, int, int]]:
        """(a, b, weight) of the ties drawn, for tests and accessibility."""
        if self.map is None:
            return []
        return [(t.a, t.b, t.weight) for t in self.map.ties]

    def _layout(self) -> None:
        self._nodes = {}
        if self.map is None or not self.map.entries:
            return
        entries = self.map.entries
        most = max(e.mentions for e in entries)
        margin = 60.0
        centre = QPointF(self.width() / 2, self.height() / 2)
        ring = max(min(self.width(), self.height()) / 2 - margin, 20.0)
        for n, entry in enumerate(entries):
            angle = -math.pi / 2 + 2 * math.pi * n / len(entries)
            radius = NODE_MIN + (NODE_MAX - NODE_MIN) * math.sqrt(entry.mentions / most)
            point = QPointF(centre.x() + ring * math.cos(angle),
                            centre.y() + ring * math.sin(angle))
            self._nodes[entry.key] = (point, radius)

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
                             "Nobody met yet." if self.map is not None else "")
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
            painter.drawLine(a[0], b[0])
        font = QFont(self.font())
        font.setPointSizeF(max(font.pointSizeF() - 1, 7))
        painter.setFont(font)
        for entry in self.map.entries:
            point, radius = self._nodes[entry.key]
            fill = QColor(225, 120, 40) if entry.key == self.selected else QColor(70, 110, 170)
            painter.setPen(QPen(palette.base().color(), 1.5))
            painter.setBrush(fill)
            painter.drawEllipse(point, radius, radius)
            painter.setPen(palette.text().color())
            label = QRectF(point.x() - 70, point.y() + radius + 1, 140, 16)
            painter.drawText(label, Qt.AlignmentFlag.AlignHCenter, entry.name)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        key = self.node_at(event.position())
        if key is not None:
            self.select(key)
            self.nodeClicked.emit(key)
        super().mousePressEvent(event)

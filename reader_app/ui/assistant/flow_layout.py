"""A layout that wraps its items into rows (Qt's flow layout example), and chips that shrink.

Follow-up questions are chips in a flow: however many and however long, they wrap to the dock's
width instead of widening it, and a chip longer than the whole row is cut at a word with an
ellipsis (the full question in its tooltip), so a dock never forces the book to shrink.
"""

from __future__ import annotations

from PySide6.QtCore import QMargins, QPoint, QRect, QSize, Qt
from PySide6.QtGui import QPainter, QPaintEvent
from PySide6.QtWidgets import (
    QLayout,
    QLayoutItem,
    QPushButton,
    QSizePolicy,
    QStyle,
    QStyleOptionButton,
    QStylePainter,
    QWidget,
)

from reader_app.ui.page.safe_paint import paint_safely

CHIP_MIN_WIDTH = 96
DOCK_MIN_WIDTH = 240  # a side panel narrower than this is of no use to read or type in


class FlowLayout(QLayout):
    """Items left to right, wrapping to a new row when the next one would not fit."""

    def __init__(
        self, parent: QWidget | None = None, *, spacing: int = 6, min_width: int = 0
    ) -> None:
        super().__init__(parent)
        self._items: list[QLayoutItem] = []
        self._gap = spacing
        self._min_width = min_width  # the row (and so its dock) is never narrower
        self.setContentsMargins(QMargins(0, 0, 0, 0))

    def addItem(self, item: QLayoutItem) -> None:
        self._items.append(item)

    def count(self) -> int:
        return len(self._items)

    def itemAt(self, index: int) -> QLayoutItem | None:
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int) -> QLayoutItem | None:
        return self._items.pop(index) if 0 <= index < len(self._items) else None

    def expandingDirections(self) -> Qt.Orientation:
        return Qt.Orientation(0)

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return self._arrange(QRect(0, 0, width, 0), place=False)

    def setGeometry(self, rect: QRect) -> None:
        super().setGeometry(rect)
        self._arrange(rect, place=True)

    def sizeHint(self) -> QSize:
        return self.minimumSize()

    def minimumSize(self) -> QSize:
        size = QSize(self._min_width, 0)
        for item in self._items:
            size = size.expandedTo(item.minimumSize())
        margins = self.contentsMargins()
        return size + QSize(margins.left() + margins.right(), margins.top() + margins.bottom())

    def _arrange(self, rect: QRect, *, place: bool) -> int:
        margins = self.contentsMargins()
        area = rect.adjusted(margins.left(), margins.top(), -margins.right(), -margins.bottom())
        x, y, row_height = area.x(), area.y(), 0
        for item in self._items:
            if item.isEmpty():
                continue
            hint = item.sizeHint()
            width = min(hint.width(), max(area.width(), item.minimumSize().width()))
            if x > area.x() and x + width > area.right() + 1:
                x, y, row_height = area.x(), y + row_height + self._gap, 0
            if place:
                item.setGeometry(QRect(QPoint(x, y), QSize(width, hint.height())))
            x += width + self._gap
            row_height = max(row_height, hint.height())
        return y + row_height - rect.y() + margins.bottom()


class Chip(QPushButton):
    """A flat button whose text is cut at a word with an ellipsis when the row is too narrow."""

    def __init__(self, text: str, parent: QWidget | None = None) -> None:
        super().__init__(text, parent)
        self.setFlat(True)
        self.setToolTip(text)
        self.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Fixed)

    def minimumSizeHint(self) -> QSize:
        hint = super().minimumSizeHint()
        return QSize(min(hint.width(), CHIP_MIN_WIDTH), hint.height())

    def shown_text(self) -> str:
        """The text as drawn at the chip's present width."""
        option = QStyleOptionButton()
        self.initStyleOption(option)
        contents = self.style().subElementRect(
            QStyle.SubElement.SE_PushButtonContents, option, self
        )
        return cut_at_word(self.text(), self, max(contents.width() - 8, 12))

    def paintEvent(self, event: QPaintEvent) -> None:
        paint_safely(self, self._paint, painter=QStylePainter(self))

    def _paint(self, painter: QPainter) -> None:
        option = QStyleOptionButton()
        self.initStyleOption(option)
        option.text = self.shown_text()
        assert isinstance(painter, QStylePainter)
        painter.drawControl(QStyle.ControlElement.CE_PushButton, option)


def cut_at_word(text: str, widget: QWidget, width: int) -> str:
    """`text` if it fits in `width` pixels, else as many whole words as fit, then "…"."""
    metrics = widget.fontMetrics()
    if metrics.horizontalAdvance(text) <= width:
        return text
    words = text.split()
    for count in range(len(words) - 1, 0, -1):
        shorter = " ".join(words[:count]).rstrip(",;:.") + "…"
        if metrics.horizontalAdvance(shorter) <= width:
            return shorter
    return metrics.elidedText(text, Qt.TextElideMode.ElideRight, width)

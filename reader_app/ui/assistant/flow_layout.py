"""Layouts that wrap rather than squeeze: a flow of items in rows (Qt's flow layout example) with
chips that shrink, and a header row whose label moves above its buttons when the dock is narrow.

Follow-up questions are chips in a flow: however many and however long, they wrap to the dock's
width instead of widening it, and a chip longer than the whole row is cut at a word with an
ellipsis (the full question in its tooltip), so a dock never forces the book to shrink.
"""

from __future__ import annotations

from PySide6.QtCore import QMargins, QPoint, QRect, QSize, Qt
from PySide6.QtGui import QPainter, QPaintEvent
from PySide6.QtWidgets import (
    QLabel,
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


class _ArrangedLayout(QLayout):
    """A layout that keeps its items in a list and places them by `_arrange`, whose height
    follows its width."""

    def __init__(self, parent: QWidget | None = None, *, spacing: int) -> None:
        super().__init__(parent)
        self._items: list[QLayoutItem] = []
        self._gap = spacing
        self.setContentsMargins(QMargins(0, 0, 0, 0))

    def addItem(self, item: QLayoutItem) -> None:
        self._items.append(item)

    def count(self) -> int:
        return len(self._items)

    def itemAt(self, index: int) -> QLayoutItem | None:
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int) -> QLayoutItem | None:
        return self._items.pop(index) if 0 <= index < len(self._items) else None

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return self._arrange(QRect(0, 0, width, 0), place=False)

    def setGeometry(self, rect: QRect) -> None:
        super().setGeometry(rect)
        self._arrange(rect, place=True)

    def _arrange(self, rect: QRect, *, place: bool) -> int:
        raise NotImplementedError


class FlowLayout(_ArrangedLayout):
    """Items left to right, wrapping to a new row when the next one would not fit."""

    def __init__(
        self, parent: QWidget | None = None, *, spacing: int = 6, min_width: int = 0
    ) -> None:
        super().__init__(parent, spacing=spacing)
        self._min_width = min_width  # the row (and so its dock) is never narrower

    def expandingDirections(self) -> Qt.Orientation:
        return Qt.Orientation(0)

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


class HeaderRow(_ArrangedLayout):
    """A label and buttons on one row, the label at the left and the buttons at the right; when
    the dock is too narrow for both, the label has the row above the buttons to itself, rather
    than being squeezed into a column of one word a line ("Knows up to: II (1%)" on four)."""

    def __init__(self, label: QLabel, buttons: list[QWidget], *, spacing: int = 6) -> None:
        super().__init__(spacing=spacing)
        self.label = label
        for widget in (label, *buttons):
            self.addWidget(widget)

    def expandingDirections(self) -> Qt.Orientation:
        return Qt.Orientation.Horizontal

    def sizeHint(self) -> QSize:
        # The label's own (wrapping) hint beside the buttons, as a plain row would ask: the
        # header never widens its dock to fit a long place; given the room, it takes one row.
        label, buttons = self._split()
        width = self._buttons_width(buttons)
        if label is not None:
            width += self._gap + label.sizeHint().width()
        return QSize(width, self.heightForWidth(width))

    def minimumSize(self) -> QSize:
        label, buttons = self._split()
        width = max(self._buttons_width(buttons),
                    label.minimumSize().width() if label is not None else 0)
        return QSize(width, self.heightForWidth(width))

    def _split(self) -> tuple[QLayoutItem | None, list[QLayoutItem]]:
        shown = [item for item in self._items if not item.isEmpty()]
        label = next((item for item in shown if item.widget() is self.label), None)
        return label, [item for item in shown if item is not label]

    def _one_line(self) -> int:
        """The label's width on one line (a wrapping label's size hint is narrower)."""
        margins = self.label.contentsMargins()
        return (self.label.fontMetrics().horizontalAdvance(self.label.text())
                + margins.left() + margins.right() + 2 * self.label.margin() + 1)

    def _buttons_width(self, buttons: list[QLayoutItem]) -> int:
        widths = [item.sizeHint().width() for item in buttons]
        return sum(widths) + self._gap * max(len(widths) - 1, 0)

    def _arrange(self, rect: QRect, *, place: bool) -> int:
        label, buttons = self._split()
        row = max((item.sizeHint().height() for item in buttons), default=0)
        used = self._buttons_width(buttons)
        one_row = label is None or used + self._gap + self._one_line() <= rect.width()
        y = rect.y()
        if label is not None:
            width = rect.width() - (used + self._gap if one_row and buttons else 0)
            height = label.heightForWidth(width) if label.hasHeightForWidth() else -1
            height = height if height > 0 else label.sizeHint().height()
            if place:
                label_y = y + (max(row - height, 0) // 2 if one_row else 0)
                label.setGeometry(QRect(rect.x(), label_y, width, height))
            if not one_row:
                y += height + (self._gap if buttons else 0)
            else:
                row = max(row, height)
        x = rect.x() + rect.width() - used
        for item in buttons:
            hint = item.sizeHint()
            if place:
                item.setGeometry(QRect(QPoint(x, y + (row - hint.height()) // 2), hint))
            x += hint.width() + self._gap
        return y + row - rect.y()


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

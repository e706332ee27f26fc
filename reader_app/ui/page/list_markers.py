"""List markers ("1.", "79.", "•") drawn in the margin before a list item's first line.

A marker is painted, not inserted into the text: the laid-out block holds exactly the book's
characters, so locators, selection and copying never see it (as a browser's `::marker`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor, QFontMetricsF, QPainter, QTextBlock

MARKER_GAP_EMS = 0.45  # between the marker's right edge and the item's text


@dataclass(frozen=True, slots=True)
class ListMarker:
    """The marker of the list item that begins at document position `position`."""

    position: int
    text: str


def paint_list_markers(
    painter: QPainter,
    markers: list[ListMarker],
    block_at: Callable[[int], tuple[QTextBlock, float]],
    *,
    top: float,
    bottom: float,
    colour: QColor,
) -> None:
    """Paint the markers of the items whose first line is in the column stretch `[top, bottom)`.
    `block_at(position)` gives the QTextBlock and its layout's column top (painter coordinates
    are column coordinates)."""
    for marker in markers:
        block, layout_top = block_at(marker.position)
        if not block.isValid():
            continue
        layout = block.layout()
        if layout.lineCount() == 0:
            continue
        line = layout.lineAt(0)
        line_top = layout_top + line.y()
        if not top - 0.5 <= line_top < bottom - 0.5:
            continue
        first, fmt = block.begin(), block.charFormat()
        if not first.atEnd() and first.fragment().isValid():
            fmt = first.fragment().charFormat()
        font = fmt.font().resolve(block.document().defaultFont())  # the item's own face and size
        font.setFamilies(font.families())  # set, so the painter's widget font cannot override it
        font.setUnderline(False)
        metrics = QFontMetricsF(font)
        gap = metrics.height() * MARKER_GAP_EMS
        # naturalTextRect, not x(): a centred or right-aligned line starts where its text does
        right = layout.position().x() + line.naturalTextRect().x() - gap
        painter.save()
        painter.setFont(font)
        painter.setPen(colour)
        baseline = line_top + line.ascent()
        painter.drawText(QPointF(right - metrics.horizontalAdvance(marker.text), baseline),
                         marker.text)
        painter.restore()

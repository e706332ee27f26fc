"""Underlines drawn below the descenders, for `text-underline-position: under`.

Qt's character formats have no underline position: `setFontUnderline` draws the line where the
font puts it, through the "g" and the "y". Text the book asks to underline "under" is marked
(`mark_under`) instead of underlined, and its line is painted after the text, below its line's
lowest descender.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QLineF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFontMetricsF,
    QPainter,
    QPen,
    QTextBlock,
    QTextCharFormat,
    QTextDocument,
    QTextFormat,
)

UNDER = QTextFormat.Property.UserProperty + 41  # bool: underline below the descenders


def mark_under(fmt: QTextCharFormat) -> None:
    """Underline `fmt`'s text below the descenders (painted by `paint_under_lines`)."""
    fmt.setFontUnderline(False)
    fmt.setProperty(UNDER, True)


def paint_under_lines(
    painter: QPainter,
    doc: QTextDocument,
    layout_top: Callable[[QTextBlock], float],
    *,
    top: float,
    bottom: float,
    colour: QColor,
) -> None:
    """Paint the under-lines of the blocks that reach into the column stretch `[top, bottom)`
    (painter coordinates are column coordinates; `layout_top(block)` is a block's column top)."""
    block = doc.begin()
    while block.isValid():
        layout = block.layout()
        block_top = layout_top(block)
        box = layout.boundingRect()
        if block_top + box.bottom() >= top and block_top + box.top() < bottom:
            _paint_block(painter, block, block_top, doc=doc, colour=colour)
        block = block.next()


def _paint_block(
    painter: QPainter, block: QTextBlock, block_top: float, *, doc: QTextDocument, colour: QColor
) -> None:
    layout = block.layout()
    x = layout.position().x()
    for run in block.textFormats():
        fmt = run.format
        if not fmt.boolProperty(UNDER):
            continue
        metrics = QFontMetricsF(fmt.font().resolve(doc.defaultFont()))
        brush: QBrush = fmt.foreground()
        ink = brush.color() if brush.style() != Qt.BrushStyle.NoBrush else colour
        pen = QPen(ink, max(metrics.lineWidth(), 1.0))
        pen.setCapStyle(Qt.PenCapStyle.FlatCap)
        for index in range(layout.lineCount()):
            line = layout.lineAt(index)
            first = max(run.start, line.textStart())
            last = min(run.start + run.length, line.textStart() + line.textLength())
            if first >= last:
                continue
            left, right = _x(line.cursorToX(first)), _x(line.cursorToX(last))
            # A stroke's width below the line's descent, which the deepest descender of the
            # font ("g", "j", "y") reaches: the line runs under them, touching none.
            y = block_top + line.y() + line.ascent() + line.descent() + pen.widthF() * 1.5
            painter.save()
            painter.setPen(pen)
            painter.drawLine(QLineF(x + min(left, right), y, x + max(left, right), y))
            painter.restore()


def _x(value: object) -> float:
    """cursorToX's x: PySide6 returns (x, position) where C++ fills a pointer."""
    return float(value[0] if isinstance(value, tuple) else value)  # type: ignore[arg-type]

"""Stretches of the book marked on the page: search matches, the passage a citation points to."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor, QPainter

from reader_app.books.model import Locator
from reader_app.ui.page.document import SectionDocument
from reader_app.ui.reader.page_view import paint_selection

MATCH_COLOUR = QColor(255, 214, 0, 80)
CURRENT_COLOUR = QColor(255, 140, 0, 150)


@dataclass(frozen=True, slots=True)
class Mark:
    """A stretch of the book marked on the page: a match, or a passage jumped to."""

    start: Locator
    end: Locator  # just after the last character marked
    strong: bool = False


def paint_marks(
    painter: QPainter,
    doc: SectionDocument,
    marks: tuple[Mark, ...],
    pages: list[tuple[int, QPointF]],
) -> None:
    """Paint the marks of `doc`'s section under the text of the pages shown."""
    for mark in marks:
        if mark.start.section != doc.section_index:
            continue
        start = doc.position_of(mark.start)
        end = doc.position_of(mark.end) if mark.end.section == mark.start.section else 1 << 30
        colour = CURRENT_COLOUR if mark.strong else MATCH_COLOUR
        paint_selection(painter, doc, (start, max(end, start + 1)), pages, colour)

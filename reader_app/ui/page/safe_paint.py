"""Painting that always ends its painter, and a note in place of what could not be drawn.

A `paintEvent` that raises leaves its QPainter active on the widget's backing store; Qt warns
("endPaint() called with active painter") and the next paint of that window can crash the
process. So every paint goes through `paint_safely`: the painter is ended whatever happens, and an
exception is logged once (with its traceback) and shown as a short note where the drawing would
have been, never left to Qt.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import QWidget

from reader_app.translatable import QT_TRANSLATE_NOOP
from reader_app.ui.translation import translate

log = logging.getLogger(__name__)

PAINT_FAILED_NOTE = QT_TRANSLATE_NOOP("Page",
                                      "This could not be drawn (the details are in the log).")


def paint_safely(
    widget: QWidget, paint: Callable[[QPainter], None], *, painter: QPainter | None = None
) -> None:
    """Run `paint` with a painter on `widget` (or the one given) and end it whatever happens."""
    active = painter if painter is not None else QPainter(widget)
    try:
        paint(active)
    except Exception as error:  # a bug or hostile input in a drawing must not reach Qt
        _report_once(widget, error)
        _draw_note(active, widget)
    finally:
        if active.isActive():
            active.end()


def _report_once(widget: QWidget, error: Exception) -> None:
    key = f"{type(error).__name__}: {error}"
    if widget.property("paintFault") != key:  # one log entry per fault, not one per frame
        widget.setProperty("paintFault", key)
        log.error("painting %s failed", type(widget).__name__, exc_info=error)


def _draw_note(painter: QPainter, widget: QWidget) -> None:
    try:
        painter.resetTransform()
        painter.setClipping(False)
        painter.setOpacity(1.0)
        painter.fillRect(widget.rect(), widget.palette().base())
        painter.setPen(QColor(widget.palette().text().color()))
        flags = Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap
        painter.drawText(widget.rect().adjusted(12, 12, -12, -12), int(flags),
                         translate("Page", PAINT_FAILED_NOTE))
    except Exception:  # the note is best effort; the painter is still ended by the caller
        log.debug("the note for a failed paint could not be drawn either", exc_info=True)

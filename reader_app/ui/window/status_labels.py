"""The status bar's two lines, where the reader is (left) and the assistant (right), each cut
with "…" to the room it has and kept apart by a gap, so the two never run into one another;
the whole text stays the label's own (text(), the tooltip)."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QSize, Qt
from PySide6.QtGui import QPainter, QPaintEvent
from PySide6.QtWidgets import QLabel, QStatusBar, QWidget

STATUS_GAP = 16  # pixels between the place line's end and the assistant line
MIN_STATUS_WIDTH = 80  # either line keeps at least this much: a few words and "…"
ASSISTANT_SHARE = 0.45  # the assistant line takes at most this share of the bar


class ElidedLabel(QLabel):
    """A one-line label drawn cut to its width with "…", never wider than the room given."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWordWrap(False)

    def minimumSizeHint(self) -> QSize:
        hint = super().minimumSizeHint()
        return QSize(min(hint.width(), MIN_STATUS_WIDTH), hint.height())

    def shown_text(self) -> str:
        """What is drawn: the text cut with "…" to the room there is."""
        room = self.contentsRect().width() - max(self.indent(), 0)
        return self.fontMetrics().elidedText(self.text(), Qt.TextElideMode.ElideRight, room)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        rect = self.contentsRect().adjusted(max(self.indent(), 0), 0, 0, 0)
        self.style().drawItemText(
            painter, rect, int(self.alignment() | Qt.AlignmentFlag.AlignVCenter), self.palette(),
            self.isEnabled(), self.shown_text(), self.foregroundRole(),
        )


class AssistantLabel(ElidedLabel):
    """The assistant's line: as wide as its text, but never more than its share of the bar."""

    def __init__(self, bar: QStatusBar) -> None:
        super().__init__(bar)
        self.bar = bar
        self.setContentsMargins(STATUS_GAP, 0, 4, 0)
        bar.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.bar and event.type() == QEvent.Type.Resize:
            self.updateGeometry()  # its share of the bar changed with the bar
        return False

    def sizeHint(self) -> QSize:
        hint = super().sizeHint()
        cap = max(int(self.bar.width() * ASSISTANT_SHARE), MIN_STATUS_WIDTH)
        return QSize(min(hint.width(), cap), hint.height())


def install_status_labels(bar: QStatusBar) -> tuple[ElidedLabel, AssistantLabel]:
    """The place line (taking the room left) and the assistant line, on `bar`."""
    position = ElidedLabel(bar)
    position.setObjectName("statusPosition")
    position.setIndent(8)  # the first glyph clear of the window's edge
    assistant = AssistantLabel(bar)
    assistant.setObjectName("statusAssistant")
    bar.addWidget(position, 1)
    bar.addPermanentWidget(assistant)
    return position, assistant

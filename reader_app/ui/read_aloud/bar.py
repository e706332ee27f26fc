"""Read aloud's place in the status bar (`ReadAloudBar`), kept narrow so that a long word never
widens the window."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QWidget

from reader_app.ui.reader.reading_ahead import notice_parts
from reader_app.ui.translation import decimal_text

BAR_TEXT_WIDTH = 420  # pixels: the status bar's word never sets the window's minimum width


def speed_words(rate: float) -> str:
    """The voice's rate (-1.0 to 1.0, 0.0 its normal speed) as a reader counts speed: "1.2×"
    for 0.2, "2×" at the fastest, "0.5×" at the slowest (half as fast); "1,2×" in German."""
    factor = 1.0 + rate if rate >= 0 else 1.0 + rate / 2
    return decimal_text(round(factor, 2)) + "×"


class ReadAloudBar(QWidget):
    """The status bar's word on Read aloud: what it is doing, or why it cannot, and the question
    asked before listening ahead of what the assistant knows."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.label = QLabel()
        self.label.setObjectName("readAloudText")
        self.label.setWordWrap(False)
        self.label.setMaximumWidth(BAR_TEXT_WIDTH)
        self.text = ""
        layout.addWidget(self.label)
        self.question = QFrame()
        self.question_label, (self.count_button, self.just_listen_button) = notice_parts(
            self.question, "readAloudAhead",
            ("readAloudAheadText", self.tr("Ahead of the assistant.")),
            ("countListening", self.tr("Let it know from here")),
            ("justListen", self.tr("Just listen")),
        )
        self.question.setToolTip(
            self.tr("You're listening ahead of what the assistant knows. Let it know the book up "
                    "to this sentence, so that what you hear counts as read? “Just listen” leaves "
                    "it where it is.")
        )
        layout.addWidget(self.question)
        self.question.hide()
        self.hide()

    def say(self, text: str) -> None:
        """Show `text`, cut to a width that never widens the window (the whole of it in the
        tooltip)."""
        self.text = text
        metrics = self.label.fontMetrics()
        self.label.setText(metrics.elidedText(text, Qt.TextElideMode.ElideRight, BAR_TEXT_WIDTH))
        self.label.setToolTip(text)
        self.setVisible(bool(text) or not self.question.isHidden())

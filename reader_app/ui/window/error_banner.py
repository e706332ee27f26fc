"""The window's banner for what the reader must know now: a book that cannot be opened, parts of a
book that were simplified, a library that cannot be written. Selectable text and Dismiss."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QWidget


class ErrorBanner(QFrame):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("errorBanner")
        self.setStyleSheet("#errorBanner { background: #fbe3e3; color: #5c1111; }")
        layout = QHBoxLayout(self)
        self.label = QLabel("")
        self.label.setObjectName("errorMessage")
        self.label.setWordWrap(True)
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.dismiss_button = QPushButton(self.tr("Dismiss"))
        self.dismiss_button.setObjectName("errorDismiss")
        self.dismiss_button.setFocusPolicy(Qt.FocusPolicy.TabFocus)  # a click keeps the keys
        self.dismiss_button.clicked.connect(self.hide)
        layout.addWidget(self.label, 1)
        layout.addWidget(self.dismiss_button)

    def show_message(self, text: str) -> None:
        self.label.setText(text)
        self.show()

    def reply_failed(self, lane: str, _error: str) -> None:
        """A job's reply could not be shown (`Workers.replyFailed`; logged with its traceback)."""
        self.show_message(
            self.tr("The book could not be shown because of a fault in Pagemate; the details are "
                    "in the log.") if lane == "open" else
            self.tr("Something could not be shown because of a fault in Pagemate; the details "
                    "are in the log."))

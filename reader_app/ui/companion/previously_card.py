"""The "Previously…" card shown above the page when a book is reopened after a break."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget


class PreviouslyCard(QFrame):
    storyRequested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("previouslyCard")
        self.setStyleSheet("#previouslyCard { background: #f3efe2; color: #2b2618; }")
        layout = QVBoxLayout(self)
        title = QLabel(self.tr("<b>Previously…</b>"))
        layout.addWidget(title)
        self.text = QLabel("")
        self.text.setObjectName("previouslyText")
        self.text.setWordWrap(True)
        self.text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(self.text)
        row = QHBoxLayout()
        row.addStretch(1)
        story = QPushButton(self.tr("The story so far"))
        story.setObjectName("previouslyShowStory")
        story.clicked.connect(self.storyRequested.emit)
        story.clicked.connect(self.hide)
        dismiss = QPushButton(self.tr("Dismiss"))
        dismiss.setObjectName("previouslyDismiss")
        dismiss.clicked.connect(self.hide)
        for button in (story, dismiss):
            button.setFocusPolicy(Qt.FocusPolicy.TabFocus)  # a click leaves the page's keys
            row.addWidget(button)
        self.buttons = (story, dismiss)
        layout.addLayout(row)
        self.hide()

    def offer(self, text: str) -> None:
        if text.strip():
            self.text.setText(text)
            self.show()

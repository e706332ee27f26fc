"""The quiet offer to move the boundary after a jump ahead, in a footer that never moves the page.

The offer sits beside the progress slider in a row of fixed height, so showing or hiding it never
changes the page's size: the text does not move, nothing is laid out again. "Not now" holds until
the reader jumps somewhere else or catches up with the boundary.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QSizePolicy, QWidget


class ReadingAheadBanner(QFrame):
    """"Let it know up to here" / "Not now", shown while the reader reads ahead of the boundary."""

    accepted = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("readingAheadBanner")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(8, 0, 4, 0)
        self.label = QLabel("Reading ahead of the assistant.")
        self.label.setObjectName("readingAheadText")
        layout.addWidget(self.label)
        self.move_here_button = QPushButton("Let it know up to here")
        self.move_here_button.setObjectName("moveBoundaryHere")
        self.move_here_button.clicked.connect(self.accepted.emit)
        self.dismiss_button = QPushButton("Not now")
        self.dismiss_button.setObjectName("dismissReadingAhead")
        self.dismiss_button.clicked.connect(self.dismiss)
        layout.addWidget(self.move_here_button)
        layout.addWidget(self.dismiss_button)
        self.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Fixed)
        self.dismissed = False
        self.hide()

    def offer(self, chapter: str) -> None:
        """Show the offer for `chapter`, unless the reader said "Not now" to it."""
        self.setToolTip(
            f"You're reading ahead of what the assistant knows. Let it use the book up to "
            f"“{chapter}”?"
        )
        if not self.dismissed:
            self.show()

    def dismiss(self) -> None:
        self.dismissed = True
        self.hide()

    def withdraw(self, *, forget_dismissal: bool) -> None:
        """Hide the offer; after a new jump or catching up, a later offer shows again."""
        if forget_dismissal:
            self.dismissed = False
        self.hide()


def footer_row(slider: QWidget, *notices: QWidget) -> QWidget:
    """The slider with notices beside it, in a row as tall as a notice whether shown or not."""
    row = QWidget()
    row.setObjectName("readerFooter")
    layout = QHBoxLayout(row)
    layout.setContentsMargins(12, 2, 12, 4)
    layout.addWidget(slider, 1)
    for notice in notices:
        layout.addWidget(notice)
    height = max(widget.sizeHint().height() for widget in (slider, *notices)) + 6
    row.setFixedHeight(height)
    return row

"""The quiet offer to move the boundary after a jump ahead, in a footer that never moves the page.

The offer sits beside the progress slider in a row of fixed height, so showing or hiding it never
changes the page's size: the text does not move, nothing is laid out again. "Not now" holds until
the reader jumps somewhere else or catches up with the boundary.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QSizePolicy, QWidget


class ReadingAheadBanner(QFrame):
    """"Let it know up to here" / "Not now", shown while the reader reads ahead of the boundary."""

    accepted = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.label, (self.move_here_button, self.dismiss_button) = notice_parts(
            self, "readingAheadBanner", ("readingAheadText", "Reading ahead of the assistant."),
            ("moveBoundaryHere", "Let it know up to here"), ("dismissReadingAhead", "Not now"),
        )
        self.move_here_button.clicked.connect(self.accepted.emit)
        self.dismiss_button.clicked.connect(self.dismiss)
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


def notice_parts(
    frame: QFrame, name: str, text: tuple[str, str], *buttons: tuple[str, str]
) -> tuple[QLabel, list[QPushButton]]:
    """Dress `frame` as a footer notice: a panel holding a label, then its buttons ((object
    name, text) each), never wider than it needs. Returns the label and the buttons."""
    frame.setObjectName(name)
    frame.setFrameShape(QFrame.Shape.StyledPanel)
    frame.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Fixed)
    layout = QHBoxLayout(frame)
    layout.setContentsMargins(8, 0, 4, 0)
    label = QLabel(text[1])
    label.setObjectName(text[0])
    layout.addWidget(label)
    made = []
    for object_name, caption in buttons:
        button = QPushButton(caption)
        button.setObjectName(object_name)
        # A click leaves the keyboard with the page (Right still turns it); Tab still reaches it.
        button.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        layout.addWidget(button)
        made.append(button)
    return label, made


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

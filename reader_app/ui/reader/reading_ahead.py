"""The quiet offer to move the boundary after a jump ahead, in a footer that never moves the page.

The offer sits beside the progress slider in a row of fixed height, so showing or hiding it never
changes the page's size: the text does not move, nothing is laid out again. "Not now" holds until
the reader jumps somewhere else or catches up with the boundary.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QSlider,
    QWidget,
)


class ReadingAheadBanner(QFrame):
    """"Let it know up to here" / "Not now", shown while the reader reads ahead of the boundary."""

    accepted = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.label, (self.move_here_button, self.dismiss_button) = notice_parts(
            self, "readingAheadBanner",
            ("readingAheadText", self.tr("Reading ahead of the assistant.")),
            ("moveBoundaryHere", self.tr("Let it know up to here")),
            ("dismissReadingAhead", self.tr("Not now")),
        )
        self.move_here_button.clicked.connect(self.accepted.emit)
        self.dismiss_button.clicked.connect(self.dismiss)
        self.dismissed = False
        self.hide()

    def offer(self, chapter: str) -> None:
        """Show the offer for `chapter`, unless the reader said "Not now" to it."""
        self.setToolTip(
            self.tr("You're reading ahead of what the assistant knows. Let it use the book up to "
                    "“{0}”?").format(chapter)
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


class FooterRow(QWidget):
    """The slider across the whole row, and the notices laid over its right end when shown: a
    notice never shrinks the slider nor moves anything (a toast, not a new column)."""

    def __init__(self, slider: QWidget, notices: tuple[QWidget, ...]) -> None:
        super().__init__()
        self.setObjectName("readerFooter")
        self.slider = slider
        self.notices = notices
        layout = QHBoxLayout(self)
        layout.setContentsMargins(12, 2, 12, 4)
        layout.addWidget(slider, 1)
        for notice in notices:
            notice.setParent(self)
            notice.setAutoFillBackground(True)  # opaque over the bar it covers
            notice.installEventFilter(self)
        height = max(widget.sizeHint().height() for widget in (slider, *notices)) + 6
        self.setFixedHeight(height)
        if isinstance(slider, QSlider):
            slider.valueChanged.connect(self._place)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() in (QEvent.Type.Show, QEvent.Type.LayoutRequest):
            self._place()
        return False

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._place()

    def _place(self) -> None:
        """Right-aligned, or left-aligned while the handle is in the right half: the reader's
        place on the bar stays in sight."""
        shown = [notice for notice in self.notices if not notice.isHidden()]
        widths = [min(n.sizeHint().width(), max(self.width() - 24, 0)) for n in shown]
        total = sum(widths) + 6 * max(len(shown) - 1, 0)
        slider = self.slider
        position = slider.value() / slider.maximum() if isinstance(slider, QSlider) else 0.0
        x = 12 if position > 0.5 else self.width() - 12 - total
        for notice, width in zip(shown, widths, strict=True):
            height = notice.sizeHint().height()
            notice.setGeometry(x, (self.height() - height) // 2, width, height)
            notice.raise_()
            x += width + 6


def footer_row(slider: QWidget, *notices: QWidget) -> QWidget:
    """The slider with notices over its right end, in a row as tall as a notice."""
    return FooterRow(slider, notices)

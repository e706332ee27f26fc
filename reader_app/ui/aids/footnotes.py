"""Footnote pop-ups: a note reference (`epub:type="noteref"`) or a short link to a short passage
shows the note over the page instead of jumping away; "Go to note" still jumps."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QPoint, QPointF, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from reader_app.books.model import BlockKind, Book, Locator
from reader_app.ui.page.internal_links import parse_internal_href
from reader_app.ui.reader.epub_view import EpubView

NOTE_MAX_CHARS = 1200  # a target longer than this is a passage to go to, not a note to show
SHORT_LINK_CHARS = 4  # "1", "[12]", "*", "†": the marks books use for notes
BACKLINKS = ("↩︎", "↩", "⮐", "[back]")


def note_text(book: Book, *, clicked: Locator, target: Locator) -> str | None:
    """The note a link at `clicked` leads to, when it should pop up rather than jump; else None.

    A link pops up when the book marks it as a note reference (drawn as superscript), or when its
    own text is a short mark and it leads to a short passage that is not a heading.
    """
    if not (0 <= clicked.section < len(book.sections)):
        return None
    blocks = book.sections[clicked.section].blocks
    if not 0 <= clicked.block < len(blocks):
        return None
    block = blocks[clicked.block]
    span = next(
        (s for s in block.spans if s.target == target and s.start <= clicked.char <= s.end), None
    )
    if span is None or not 0 <= target.section < len(book.sections):
        return None
    target_blocks = book.sections[target.section].blocks
    if not 0 <= target.block < len(target_blocks):
        return None
    first = target_blocks[target.block]
    if first.kind == BlockKind.HEADING:
        return None
    parts = [first.text.strip()]
    following = target.block + 1
    # A note whose first block is only its number ("12.") goes on in the next block.
    if len(parts[0]) < 8 and following < len(target_blocks):
        parts.append(target_blocks[following].text.strip())
    text = "\n".join(p for p in parts if p)
    for mark in BACKLINKS:
        text = text.replace(mark, "")
    text = text.strip()
    short_mark = len(block.text[span.start : span.end].strip()) <= SHORT_LINK_CHARS
    if not text or len(text) > NOTE_MAX_CHARS or not (span.superscript or short_mark):
        return None
    return text


def note_end(book: Book | None, target: Locator) -> Locator | None:
    """Where the note at `target` ends: its block, and the next one when the first holds only
    its number ("12.")."""
    if book is None or not 0 <= target.section < len(book.sections):
        return None
    blocks = book.sections[target.section].blocks
    if not 0 <= target.block < len(blocks):
        return None
    block = target.block
    if len(blocks[block].text.strip()) < 8 and block + 1 < len(blocks):
        block += 1
    return Locator(target.section, block, len(blocks[block].text))


class FootnotePopup(QFrame):
    """A small frame over the page with the note; a click on the page or Esc closes it."""

    goRequested = Signal(object)  # Locator

    def __init__(self, parent: QWidget | None = None) -> None:
        # A child of the page, not a window: nothing to grab, nothing for the desktop to place.
        super().__init__(parent)
        self.setObjectName("footnotePopup")
        self.setFrameShape(QFrame.Shape.Box)
        self.setAutoFillBackground(True)
        self.setMaximumWidth(460)
        self.hide()
        layout = QVBoxLayout(self)
        self.label = QLabel("")
        self.label.setObjectName("footnoteText")
        self.label.setMinimumWidth(280)
        self.label.setWordWrap(True)
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(self.label)
        row = QHBoxLayout()
        row.addStretch(1)
        self.go_button = QPushButton(self.tr("Go to note"))
        self.go_button.setObjectName("footnoteGo")
        self.go_button.setFocusPolicy(Qt.FocusPolicy.TabFocus)  # a click keeps the page's keys
        self.go_button.clicked.connect(self._go)
        row.addWidget(self.go_button)
        layout.addLayout(row)
        self.target: Locator | None = None

    def show_note(self, text: str, target: Locator, at: QPoint) -> None:
        """Show `text` near `at` (in the parent's coordinates), kept inside the parent."""
        self.target = target
        self.label.setText(text)
        self.adjustSize()
        parent = self.parentWidget()
        x, y = at.x() - 20, at.y() + 14
        if parent is not None:
            x = min(max(x, 4), max(parent.width() - self.width() - 4, 4))
            if y + self.height() > parent.height() - 4:
                y = max(at.y() - self.height() - 14, 4)
        self.move(x, y)
        self.show()
        self.raise_()

    def _go(self) -> None:
        self.hide()
        if self.target is not None:
            self.goRequested.emit(self.target)


class Footnotes:
    """Wires the pop-up to a page view: its link hook and the jump behind "Go to note"."""

    def __init__(self, view: EpubView) -> None:
        self.view = view
        self._closer: QObject | None = None
        self.popup = FootnotePopup(view)
        self.popup.goRequested.connect(self.go_to_note)
        view.link_hooks.append(self.link_clicked)
        view.installEventFilter(self.closer)

    @property
    def closer(self) -> QObject:
        if self._closer is None:
            self._closer = _Closer(self.popup)
        return self._closer

    def go_to_note(self, target: Locator) -> None:
        """Jump to the note and mark it for a moment, so the eye finds it among the others."""
        self.view.go_to(target)
        self.view.flash_place(target, note_end(self.view.book, target))
        self.view.setFocus()  # the button has gone: the reading keys go back to the page

    def link_clicked(self, href: str, clicked: Locator, at: QPointF) -> bool:
        """Show a note instead of following `href`; False to let the link be followed."""
        target = parse_internal_href(href)
        book = self.view.book
        if target is None or book is None:
            return False
        text = note_text(book, clicked=clicked, target=target)
        if text is None:
            return False
        self.popup.show_note(text, target, self.view.mapFromGlobal(at.toPoint()))
        return True


class _Closer(QObject):
    """Hides the pop-up when the page is clicked, turned by a key, or Esc is pressed."""

    def __init__(self, popup: FootnotePopup) -> None:
        super().__init__(popup)
        self.popup = popup

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if self.popup.isVisible() and event.type() in (
            QEvent.Type.MouseButtonPress, QEvent.Type.KeyPress, QEvent.Type.Resize
        ):
            self.popup.hide()
            if isinstance(event, QKeyEvent) and event.key() == Qt.Key.Key_Escape:
                return True
        return False

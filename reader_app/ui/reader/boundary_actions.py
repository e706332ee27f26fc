"""Moving the boundary by hand, said out loud: "Mark as read" and "Reset" are confirmed where
they take knowledge away, and every change can be undone from a quiet notice by the slider.

"Mark as read up to here" moves the boundary forward at once ("Marked as read up to Chapter 12 ·
Undo"). Behind the boundary it asks first and moves it back only if the reader says so. Reset
always asks first, and can be undone.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QFrame, QWidget

from reader_app.books.model import Book, Locator
from reader_app.books.shelf.library import ReadingState
from reader_app.books.shelf.reading import BoundaryMove, Known, known_after, next_boundary
from reader_app.ui.reader.reading_ahead import notice_parts
from reader_app.ui.translation import translate

NOTICE_MS = 15_000  # how long "… · Undo" stays


class BoundaryHost(Protocol):
    """The reader page, as these actions need it (it owns the boundary)."""

    book: Book | None
    state: ReadingState | None

    def place_on_screen(self) -> Known | None: ...

    def set_boundary_by_hand(self, *, boundary: Locator, finished: bool) -> None: ...


class BoundaryNotice(QFrame):
    """A one-line notice with up to two buttons: a question to confirm, or news with Undo."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.label, (self.confirm_button, self.cancel_button) = notice_parts(
            self, "boundaryNotice", ("boundaryNoticeText", ""), ("boundaryConfirm", ""),
            ("boundaryCancel", ""),
        )
        self.confirm_button.clicked.connect(self._confirmed)
        self.cancel_button.clicked.connect(self.hide)
        self._action: Callable[[], None] | None = None
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self.hide)
        self.hide()

    def ask(self, text: str, *, confirm: str, cancel: str, action: Callable[[], None]) -> None:
        """A question: nothing happens until the reader presses `confirm`."""
        self._timer.stop()
        self._show(text, confirm, cancel, action)

    def tell(self, text: str, *, undo: Callable[[], None] | None = None) -> None:
        """News of a change, with Undo (when it can be undone) for a while."""
        self._show(text, self.tr("Undo") if undo else "", "", undo)
        self._timer.start(NOTICE_MS)

    def _show(
        self, text: str, confirm: str, cancel: str, action: Callable[[], None] | None
    ) -> None:
        self.label.setText(text)
        self.confirm_button.setText(confirm)
        self.confirm_button.setVisible(bool(confirm))
        self.cancel_button.setText(cancel)
        self.cancel_button.setVisible(bool(cancel))
        self._action = action
        self.show()

    def _confirmed(self) -> None:
        action, self._action = self._action, None
        self.hide()
        if action is not None:
            action()


class BoundaryActions:
    """The reader page's hand-made boundary changes, through the notice."""

    def __init__(self, page: BoundaryHost, notice: BoundaryNotice) -> None:
        self.page = page
        self.notice = notice

    def known(self) -> Known | None:
        state = self.page.state
        return Known(state.boundary, state.finished) if state is not None else None

    def place(self, known: Known) -> str:
        book = self.page.book
        if known.finished:
            return translate("Places", "the end")
        if book is None or known.boundary.section < 0:
            return translate("Places", "nothing yet")
        name = book.chapter_title(known.boundary)
        title = book.metadata.title.strip()
        # A half-title is named like the book: "Back to War and Peace" reads as the whole book,
        # not a place in it.
        if title and name.strip().casefold() == title.casefold():
            return translate("BoundaryActions", "the start of “{0}”").format(title)
        return name or translate("BoundaryActions", "here")

    def mark_read_here(self) -> None:
        """Forward: done, with Undo. Behind what it already knows: asked first."""
        book, before, here = self.page.book, self.known(), self.page.place_on_screen()
        if book is None or before is None or here is None:
            return
        update = next_boundary(book, before, BoundaryMove.MARK, end=here.boundary)
        if not update.moved and not update.behind:
            self.notice.tell(translate(
                "BoundaryActions", "Already marked as read up to {0}").format(self.place(here)))
            return
        if update.behind:
            self.notice.ask(
                translate("BoundaryActions", "The assistant already knows up to {0}. Move it back "
                          "to {1}?").format(self.place(before), self.place(here)),
                confirm=translate("BoundaryActions", "Move back"),
                cancel=translate("BoundaryActions", "Keep"),
                action=lambda: self._change(
                    here, before, translate("BoundaryActions", "Moved back to {0}")),
            )
            return
        self._change(known_after(book, before, BoundaryMove.MARK, update), before,
                     translate("BoundaryActions", "Marked as read up to {0}"))

    def ask_reset(self) -> None:
        before = self.known()
        if self.page.book is None or before is None:
            return
        self.notice.ask(
            translate("BoundaryActions", "Make the assistant forget this book (it knows up to "
                      "{0})?").format(self.place(before)),
            confirm=translate("BoundaryActions", "Reset"),
            cancel=translate("BoundaryActions", "Cancel"),
            action=self.reset,
        )

    def reset(self) -> None:
        book, before = self.page.book, self.known()
        if book is None or before is None:
            return
        move = BoundaryMove.RESET
        self._change(known_after(book, before, move, next_boundary(book, before, move)), before, "")

    def _change(self, to: Known, before: Known, saying: str) -> None:
        self.page.set_boundary_by_hand(boundary=to.boundary, finished=to.finished)
        text = (saying.format(self.place(to)) if saying
                else translate("BoundaryActions", "The assistant forgot this book"))
        self.notice.tell(text, undo=lambda: self._undo(before))

    def _undo(self, before: Known) -> None:
        self.page.set_boundary_by_hand(boundary=before.boundary, finished=before.finished)
        self.notice.tell(translate("BoundaryActions", "Back to {0}").format(self.place(before)))

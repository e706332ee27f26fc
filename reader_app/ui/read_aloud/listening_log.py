"""What Read aloud heard in full of the open book, counted apart from reading: the time the voice
spent on each sentence, its words; held in memory for the place line and the book's details, and
written behind through the writer (books/shelf/listening.py), never on the UI thread."""

from __future__ import annotations

import time
from collections.abc import Callable

from PySide6.QtCore import QObject, Signal

from reader_app.books.model import Book
from reader_app.books.shelf.listening import Listened, add_listened, heard, listened_to
from reader_app.ui.reader.reader_page import ReaderPage

WRITE_EVERY = 20  # sentences heard between two writes (and at every stop)


class ListeningLog(QObject):
    changed = Signal()

    def __init__(
        self,
        reader: ReaderPage,
        *,
        clock: Callable[[], float] = time.monotonic,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.reader = reader
        self.clock = clock
        self.book_id: str | None = None
        self.total = Listened()  # the open book's, written or not
        self._pending = Listened()
        self._spoken: float | None = None  # seconds of the sentence in hand said so far
        self._began: float | None = None  # when the voice last began or went on with it

    def book_changed(self, book: Book | None) -> None:
        """Write what is left of the book before; read the new book's totals (one row)."""
        self.write()
        self.book_id = book.book_id if book is not None else None
        self.interrupted()
        self.total = (listened_to(self.reader.library.conn, book.book_id)
                      if book is not None else Listened())
        self.changed.emit()

    def began(self) -> None:
        """The voice begins a sentence."""
        self._spoken, self._began = 0.0, self.clock()

    def paused(self) -> None:
        if self._spoken is not None and self._began is not None:
            self._spoken += self.clock() - self._began
        self._began = None

    def resumed(self) -> None:
        """The voice goes on with the sentence in hand (Qt's engines say it again from its
        start: that time is spent listening too)."""
        if self._spoken is not None:
            self._began = self.clock()

    def interrupted(self) -> None:
        """The sentence in hand will not be heard in full: it counts for nothing."""
        self._spoken = self._began = None

    def heard_in_full(self, text: str) -> None:
        if self._spoken is None or self.book_id is None:
            return
        running = self.clock() - self._began if self._began is not None else 0.0
        sentence = heard(text, seconds=self._spoken + running)
        self.interrupted()
        self.total = self.total.plus(sentence)
        self._pending = self._pending.plus(sentence)
        if self._pending.sentences >= WRITE_EVERY:
            self.write()
        self.changed.emit()

    def write(self) -> None:
        """Queue what was heard since the last write, for the writer to add to the book's row."""
        pending, self._pending = self._pending, Listened()
        writer, book_id = self.reader.writer, self.book_id
        if pending.sentences <= 0 or book_id is None:
            return
        if writer is None:
            # A reader page with no writer (a test's): at once, as its reading state is.
            add_listened(self.reader.library.conn, book_id, pending)
        else:
            writer.submit(lambda conn: add_listened(conn, book_id, pending))

"""The status bar's place line: where the reader is ("Book I › Part I › Chapter I · 12 min left
in chapter · 34%"), with the reading speed measured from the reader's own page turns; what was
heard through Read aloud is counted apart and said in its tooltip. (The assistant's line beside
it is ui/assistant/assistant_line.py.)"""

from __future__ import annotations

import time
from collections.abc import Callable

from PySide6.QtCore import QObject

from reader_app.books.model import Book
from reader_app.books.shelf.listening import Listened, listening_text
from reader_app.books.shelf.reading import Navigation
from reader_app.books.shelf.reading_time import ReadingSpeed, status_text
from reader_app.settings import SettingsStore
from reader_app.store.writer import Writer
from reader_app.ui.reader.page_view import PageShown
from reader_app.ui.translation import number_text, translate


class PlaceLine(QObject):
    """Times each page the reader turns on from, and says where they are and how long is left."""

    def __init__(
        self,
        *,
        settings: SettingsStore,
        writer: Writer,
        clock: Callable[[], float] = time.monotonic,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.settings = settings
        self.writer = writer
        self.clock = clock
        self.speed = ReadingSpeed(prior=float(settings.get("reading.chars_per_minute")))
        self._shown_at: float | None = None
        # The open book's listening (Read aloud's), shown apart from the reading speed; the
        # pages the voice turns (Navigation.VOICE) are never timed as reading.
        self.listened: Callable[[], Listened] = Listened

    def page_shown(self, book: Book, shown: PageShown) -> tuple[str, str]:
        """Note the page shown; the status line and its tooltip for it."""
        now = self.clock()
        if (
            shown.navigation == Navigation.TURN_FORWARD
            and shown.previous_start is not None
            and self._shown_at is not None
            and not book.is_comic
        ):
            chars = book.char_offset(shown.start) - book.char_offset(shown.previous_start)
            if self.speed.page_turned(chars=chars, seconds=now - self._shown_at):
                self._remember()
        # A page the voice turned to is listened to, not read: the turn on from it is not timed.
        self._shown_at = None if shown.navigation == Navigation.VOICE else now
        text = status_text(book, shown.start, speed=self.speed, end=shown.end,
                           say=lambda words: translate("ReadingTime", words), number=number_text)
        heard = listening_text(self.listened(), number=number_text,
                               say=lambda words: translate("ReadingTime", words))
        if not heard:
            return text.line, text.detail
        listening = self.tr("Listening, counted apart from reading: {0}.").format(heard)
        return text.line, f"{text.detail}\n{listening}" if text.detail else listening

    def _remember(self) -> None:
        """Keep the measured speed for next time: written behind, like the reading position."""
        if self.speed.measured:
            speed = round(self.speed.chars_per_minute(), 1)
            self.writer.submit(
                lambda conn: SettingsStore(conn).set("reading.chars_per_minute", speed)
            )

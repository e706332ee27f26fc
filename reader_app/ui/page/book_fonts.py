"""The open book's embedded fonts, registered with Qt while the book is open and removed after.

Fonts come from the book's @font-face rules (books/typography/embedded_fonts.py),
de-obfuscated and size capped there. Qt's font database is application-wide, so a book's fonts are
added when the view shows it and removed when another book (or none) is shown: one book never
draws with another's.
A font Qt cannot read (damaged, or a format this Qt build lacks) is skipped with a log line.
"""

from __future__ import annotations

import logging

from PySide6.QtCore import QByteArray
from PySide6.QtGui import QFontDatabase

from reader_app.books.model import Book
from reader_app.books.typography.embedded_fonts import MAX_FONT_BYTES, deobfuscate

log = logging.getLogger(__name__)


class BookFonts:
    """@font-face family (lower-cased) -> the Qt family registered for it, for one book."""

    def __init__(self) -> None:
        self.book_id: str | None = None
        self.families: dict[str, str] = {}
        self._ids: list[int] = []

    def load(self, book: Book | None) -> None:
        if book is not None and book.book_id == self.book_id:
            return
        self.unload()
        if book is None:
            return
        self.book_id = book.book_id
        for font in book.fonts:
            try:
                data = book.resource(font.member)
            except Exception as error:  # a damaged member costs the font, never the book
                log.warning("font %s unreadable in %s: %s", font.member, book.path.name, error)
                continue
            if len(data) > MAX_FONT_BYTES:
                log.warning("font %s skipped: %d bytes", font.member, len(data))
                continue
            font_id = QFontDatabase.addApplicationFontFromData(QByteArray(deobfuscate(data, font)))
            if font_id < 0:
                log.warning("font %s in %s could not be read by Qt", font.member, book.path.name)
                continue
            self._ids.append(font_id)
            names = QFontDatabase.applicationFontFamilies(font_id)
            if names:
                self.families.setdefault(font.family, names[0])

    def unload(self) -> None:
        for font_id in self._ids:
            QFontDatabase.removeApplicationFont(font_id)
        self._ids.clear()
        self.families = {}
        self.book_id = None

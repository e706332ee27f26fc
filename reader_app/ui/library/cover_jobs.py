"""The window's book jobs that run in a worker: covers (opening is in `book_opening`)."""

from __future__ import annotations

import logging
from collections.abc import Callable

from reader_app.books.model import Book
from reader_app.errors import BookError
from reader_app.ui.translation import Plurals, said, translate
from reader_app.ui.workers import Workers

log = logging.getLogger(__name__)


def submit_cover(tasks: Workers, book: Book, *, on_done: Callable[[bytes | None], None]) -> None:
    """Make the book's cover thumbnail (for the library grid) in a worker."""
    tasks.submit(
        f"cover:{book.book_id}",
        lambda _job: cover_work(book),
        on_done=on_done,
        on_error=lambda error: log.warning("no cover for %s: %s", book.path.name, error),
    )


def reading_notes_text(book: Book) -> str:
    """What the reader must know about how the file was read (parts skipped or simplified), in
    the window's language: each note is a sentence translated as it is shown (an English one,
    from an older cache, as it is)."""
    if not book.notes:
        return ""
    told = " ".join(said(note) for note in book.notes[:3])
    if len(book.notes) > 3:
        told += Plurals().more_notes(len(book.notes) - 3)
    return translate("ReadingNotes", "“{0}” opened, but: {1}").format(book.path.name, told)


def cover_work(book: Book) -> bytes | None:
    """A PNG thumbnail of the book's cover; SVG covers are rendered with Qt's SVG renderer."""
    from reader_app.books.pictures.covers import cover_thumbnail_png
    from reader_app.books.pictures.picture_decode import picture_format

    try:
        png = cover_thumbnail_png(book)
        member = book.resource(book.cover) if png is None and book.cover else b""
    except (BookError, KeyError, OSError):
        return None
    if png is not None or book.cover is None or picture_format(member) not in ("svg", "svgz"):
        return png
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QSize

    from reader_app.ui.page.images import decode_image

    image = decode_image(member, name=book.cover, target=QSize(300, 450))
    if image is None:
        return None
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")  # type: ignore[call-overload]  # the stub wants bytes; Qt wants str
    return bytes(data.data())

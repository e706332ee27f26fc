"""Audio and video in a book: Pagemate does not play them inside the page, but the line naming
one is a link, and a click hands the file to the system's own player.

The file is copied out of the book (in the page's worker, never on the UI thread) into a private
temporary folder that lives as long as the window, under its own base name only, and opened there
with `QDesktopServices`. The click is the reader's consent, as for a web link; nothing is fetched.
"""

from __future__ import annotations

import logging
import tempfile
from pathlib import Path, PurePosixPath
from urllib.parse import unquote

from PySide6.QtCore import QObject, QPointF, QUrl, Signal
from PySide6.QtGui import QDesktopServices

from reader_app.books.content.xhtml_parts import MEDIA_HREF_PREFIX
from reader_app.books.model import Book, Locator
from reader_app.ui.reader.epub_view import EpubView

log = logging.getLogger(__name__)
MAX_MEDIA_BYTES = 512 * 1024 * 1024  # a file larger than this is not copied out


class MediaLinks(QObject):
    """The page view's link hook for `pagemate-media:` links."""

    opened = Signal(str)  # the local file handed to the system's player
    failed = Signal(str)  # what went wrong, in words

    def __init__(self, view: EpubView) -> None:
        super().__init__(view)
        self.view = view
        self.workers = view.workers  # the page's own worker, beside its drawings
        self._folder: tempfile.TemporaryDirectory[str] | None = None
        view.link_hooks.append(self.link_clicked)

    def link_clicked(self, href: str, _clicked: Locator, _at: QPointF) -> bool:
        if not href.startswith(MEDIA_HREF_PREFIX):
            return False
        book = self.view.book
        if book is not None:
            self.play(book, unquote(href.removeprefix(MEDIA_HREF_PREFIX)))
        return True

    def play(self, book: Book, member: str) -> None:
        """Copy `member` out of the book in a worker, then open it with the system's player."""
        if self._folder is None:
            self._folder = tempfile.TemporaryDirectory(prefix="pagemate-media-")
        folder = Path(self._folder.name)
        self.workers.submit(
            "media",
            lambda _job: copy_out(book, member, folder),
            on_done=self._open,
            on_error=lambda error: self._failed(member, error),
        )

    def _open(self, path: Path) -> None:
        QDesktopServices.openUrl(QUrl.fromLocalFile(str(path)))
        self.opened.emit(str(path))

    def _failed(self, member: str, error: BaseException) -> None:
        message = f"Can't play “{PurePosixPath(member).name}”: {error}"
        log.warning("%s", message)
        self.failed.emit(message)


def copy_out(book: Book, member: str, folder: Path) -> Path:
    """`member`'s bytes written to `folder` under its base name (never a path from the book)."""
    data = book.resource(member)
    if len(data) > MAX_MEDIA_BYTES:
        raise ValueError(f"it is over {MAX_MEDIA_BYTES // (1024 * 1024)} MB")
    name = PurePosixPath(member).name.lstrip(".") or "media"
    path = folder / name
    path.write_bytes(data)
    return path

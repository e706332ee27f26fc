"""A PDF's pages for the comic view: drawn by PDFium in a worker thread at the size they are
shown (the window's size times the screen's density and the zoom), a few kept, the next ones
drawn ahead; their links, read with the drawing."""

from __future__ import annotations

import logging
from collections import OrderedDict
from collections.abc import Iterator
from dataclasses import dataclass

from PySide6.QtCore import QObject, QPointF, QRectF, QSize, Qt, QUrl, Signal
from PySide6.QtGui import QColor, QDesktopServices, QImage

from reader_app.books.opening.hyphens import Vocabulary
from reader_app.books.opening.pdf import (
    SCREEN_DPI,
    PdfLink,
    PdfPages,
    page_links,
    render_size,
)
from reader_app.books.opening.pdf_text import (
    PageLayer,
    Paragraph,
    book_words,
    paragraphs,
    read_layer,
    running_lines,
)
from reader_app.errors import BookError
from reader_app.ui.workers import Job, Workers

log = logging.getLogger(__name__)

CACHE_PAGES = 8  # the pages on screen, the ones drawn ahead, and a turn back
NEAR_PAGES = 3  # drawings asked for further from the page asked now are dropped
POINTS_PER_INCH = 72.0


@dataclass(frozen=True, slots=True)
class _Drawn:
    image: QImage
    links: tuple[PdfLink, ...]


class PdfPictures(QObject):
    """Pages drawn on demand: `image()` answers at once, with the drawing when it is ready and a
    stand-in of the same size (an earlier drawing of the page scaled, or a blank page) while it
    is drawn; `ready` is emitted when a drawing arrives."""

    ready = Signal()

    def __init__(self, pages: PdfPages, parent: QObject | None = None, *,
                 names: tuple[str, ...] = ()) -> None:
        super().__init__(parent)
        self.pages = pages
        self.names = names  # the book's title and authors: running heads when at a page's edge
        # The words on the pages, for selection: read once the running heads and feet and the
        # book's words are known (a pass over every page, in the background), then page by page
        # as they are shown.
        self._reading = Workers(self, max_threads=1)
        self._book: tuple[frozenset[tuple[int, int]], Vocabulary] | None = None
        self._paragraphs: dict[int, tuple[Paragraph, ...]] = {}
        self._workers = Workers(self, max_threads=1)  # PDFium draws one page at a time anyway
        self._drawn: OrderedDict[tuple[int, int, int], _Drawn] = OrderedDict()
        self._pending: set[tuple[int, int, int]] = set()
        self._failed: set[int] = set()
        self._links: dict[int, tuple[PdfLink, ...]] = {}

    def natural_size(self, page: int, device_ratio: float = 1.0) -> QSize:
        """The page's size in device pixels at actual size (a point is 1/72 inch)."""
        width, height = self.pages.page_size(page)
        factor = SCREEN_DPI / POINTS_PER_INCH * device_ratio
        return QSize(max(round(width * factor), 1), max(round(height * factor), 1))

    def fitted(self, page: int, target: QSize) -> QSize:
        """The page's shape fitted into `target` (within the render caps)."""
        width, height = self.pages.page_size(page)
        scale = min(target.width() / width, target.height() / height)
        fitted = render_size(round(width * scale), round(height * scale))
        return QSize(*fitted)

    def image(self, page: int, target: QSize, *, background: QColor) -> QImage:
        """Page `page` as large as fits `target`: drawn, or a stand-in while it is drawn."""
        size = self.fitted(page, target)
        key = (page, size.width(), size.height())
        drawn = self._drawn.get(key)
        if drawn is not None:
            self._drawn.move_to_end(key)
            return drawn.image
        self.request(page, size)
        earlier = next((d.image for (p, _w, _h), d in reversed(self._drawn.items()) if p == page),
                       None)
        if earlier is not None:
            return earlier.scaled(size, Qt.AspectRatioMode.IgnoreAspectRatio,
                                  Qt.TransformationMode.FastTransformation)
        blank = QImage(size, QImage.Format.Format_RGB32)
        blank.fill(QColor("white") if page not in self._failed else background.lighter(130))
        return blank

    def failed(self, page: int) -> bool:
        """Whether PDFium could not draw the page (damaged)."""
        return page in self._failed

    def is_drawn(self, page: int, target: QSize) -> bool:
        size = self.fitted(page, target)
        return (page, size.width(), size.height()) in self._drawn

    @property
    def busy(self) -> bool:
        """Whether a page is being drawn."""
        return bool(self._pending)

    def request(self, page: int, size: QSize) -> None:
        """Draw `page` at `size` in the worker, unless it is drawn or being drawn."""
        key = (page, size.width(), size.height())
        if key in self._drawn or key in self._pending or page in self._failed:
            return
        for stale in [k for k in self._pending if abs(k[0] - page) > NEAR_PAGES]:
            self._workers.drop(f"page-{stale}")  # turned past quickly: not drawn for nothing
            self._pending.discard(stale)
        self._pending.add(key)
        width, height = size.width(), size.height()
        pages, known = self.pages, page in self._links

        def work(job: Job) -> _Drawn | None:
            if job.cancelled:
                return None
            drawn = pages.render(page, width=width, height=height)
            image = QImage(drawn.pixels, drawn.width, drawn.height, drawn.stride,
                           QImage.Format.Format_RGBX8888).copy()  # its own pixels
            return _Drawn(image, () if known else page_links(pages, page))

        self._workers.submit(f"page-{key}", work,
                             on_done=lambda drawn: self._arrived(key, drawn),
                             on_error=lambda error: self._refused(key, error))

    def link_under(self, shown: list[tuple[int, QRectF]], point: QPointF) -> PdfLink | None:
        """The link under `point` of the view, given where each page is drawn in it."""
        for page, rect in shown:
            if rect.contains(point) and rect.width() > 0 and rect.height() > 0:
                return self.links_at(page, QPointF((point.x() - rect.left()) / rect.width(),
                                                   (point.y() - rect.top()) / rect.height()))
        return None

    def links_at(self, page: int, point: QPointF) -> PdfLink | None:
        """The link under `point` (a fraction of the page's width and height), if any."""
        width, height = self.pages.page_size(page)
        x, y = point.x() * width, point.y() * height
        for link in self._links.get(page, ()):
            left, top, right, bottom = link.box
            if left <= x <= right and top <= y <= bottom:
                return link
        return None

    def wait(self, msecs: int = 10_000) -> bool:
        """Wait for every drawing asked for (tests; closing)."""
        return self._workers.wait_idle(msecs)

    def close(self) -> None:
        self._workers.drop_all()
        self._reading.drop_all()
        self._drawn.clear()

    def paragraphs(self, page: int) -> tuple[Paragraph, ...] | None:
        """Page `page`'s paragraphs with their words' places, as the book's blocks 1, 2, ...
        hold them (the index's); None while they are read (`ready` tells when)."""
        found = self._paragraphs.get(page)
        if found is not None:
            return found
        pages, book, names = self.pages, self._book, self.names
        if book is None:
            if self._reading.current("edges") is None:
                self._reading.submit("edges", lambda _job: _edges(pages, names),
                                     on_done=self._edges_known, on_error=self._unreadable)
            return None
        skip, words = book
        if self._reading.current(f"text-{page}") is None:
            self._reading.submit(
                f"text-{page}",
                lambda _job: tuple(paragraphs(read_layer(pages, page), skip=skip, words=words)),
                on_done=lambda found: self._text_arrived(page, found), on_error=self._unreadable)
        return None

    def _edges_known(self, book: tuple[frozenset[tuple[int, int]], Vocabulary]) -> None:
        self._book = book
        self.ready.emit()

    def _text_arrived(self, page: int, found: tuple[Paragraph, ...]) -> None:
        self._paragraphs[page] = found
        self.ready.emit()

    def _unreadable(self, error: BaseException) -> None:
        log.warning("the text of %s cannot be read: %s", self.pages.path.name, error,
                    exc_info=not isinstance(error, BookError))

    def _arrived(self, key: tuple[int, int, int], drawn: _Drawn | None) -> None:
        self._pending.discard(key)
        if drawn is None:
            return
        if key[0] not in self._links:
            self._links[key[0]] = drawn.links
        self._drawn[key] = drawn
        while len(self._drawn) > CACHE_PAGES:
            self._drawn.popitem(last=False)
        self.ready.emit()

    def _refused(self, key: tuple[int, int, int], error: BaseException) -> None:
        self._pending.discard(key)
        self._failed.add(key[0])
        log.warning("page %d of %s cannot be shown: %s", key[0] + 1, self.pages.path.name, error,
                    exc_info=not isinstance(error, BookError))
        self.ready.emit()


def open_address(uri: str) -> None:
    """A link's web or mail address, opened only on the reader's click (pdf.py keeps no other)."""
    url = QUrl(uri)
    if url.scheme() in ("http", "https", "mailto"):
        QDesktopServices.openUrl(url)


def _edges(
    pages: PdfPages, names: tuple[str, ...]
) -> tuple[frozenset[tuple[int, int]], Vocabulary]:
    """The running heads and feet of every page and the book's words (as the index reads its
    paragraphs with them: pdf_text.with_text_layer)."""

    def layers() -> Iterator[PageLayer]:
        for index in range(len(pages)):
            try:
                yield read_layer(pages, index)
            except BookError:
                continue  # a damaged page: no text from it, as for the index

    return frozenset(running_lines(layers(), names=names)), book_words(pages)

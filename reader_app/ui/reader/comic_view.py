"""The comic page view: fit modes, two-page spreads, right-to-left reading, a small page cache."""

from __future__ import annotations

import logging
from collections import OrderedDict
from collections.abc import Callable

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QPointF, QRectF, QSize, Qt, QTimer
from PySide6.QtGui import QColor, QImage, QImageReader, QPainter, QPaintEvent
from PySide6.QtWidgets import QWidget

from reader_app.books.model import Book, Locator
from reader_app.books.opening.pdf import RESOURCE_LONG_SIDE, pdf_pages
from reader_app.books.shelf.reading import Navigation
from reader_app.errors import BookError
from reader_app.translatable import QT_TRANSLATE_NOOP
from reader_app.ui.page.images import decode_image
from reader_app.ui.page.safe_paint import paint_safely
from reader_app.ui.reader.page_view import PageShown
from reader_app.ui.reader.pdf_pictures import PdfPictures
from reader_app.ui.reader.pdf_selection import PdfTextView
from reader_app.ui.translation import translate

log = logging.getLogger(__name__)

FIT_MODES = ("page", "width", "height", "actual")
ZOOM_MIN, ZOOM_MAX, ZOOM_STEP = 1.0, 4.0, 1.25  # over the fit mode
CACHE_PAGES = 8
HEADER_BYTES = 64 * 1024  # where an image file says how big it is
PICTURE_NOT_SHOWN = QT_TRANSLATE_NOOP("ComicView", "This picture could not be shown.")


def unshown_page(target: QSize, *, background: QColor) -> QImage:
    """A page-shaped stand-in that says the picture could not be shown (bounded in size)."""
    height = max(min(target.height(), 1500), 60)
    width = max(min(target.width(), height * 2 // 3), 40)
    image = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(background.lighter(130))
    painter = QPainter(image)
    try:
        painter.setPen(QColor("#e0e0e0"))
        font = painter.font()
        font.setPixelSize(max(min(width // 14, 28), 8))
        painter.setFont(font)
        flags = Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap
        painter.drawText(image.rect().adjusted(8, 8, -8, -8), int(flags),
                         translate("ComicView", PICTURE_NOT_SHOWN))
    finally:
        painter.end()
    return image


def spread_views(
    book: Book, *, spread: bool, wide: Callable[[int], bool] | None = None
) -> list[tuple[int, ...]]:
    """Pages grouped as they are shown: the cover, double pages and wide pages (a header strip,
    a landscape page: `wide(page)`) alone, the rest in pairs."""
    count = len(book.sections)
    if not spread:
        return [(i,) for i in range(count)]

    def single(page: int) -> bool:
        return book.sections[page].double_page or (wide is not None and wide(page))

    views: list[tuple[int, ...]] = []
    i = 0
    while i < count:
        alone = i == 0 or single(i)
        if alone or i + 1 >= count or single(i + 1):
            views.append((i,))
            i += 1
        else:
            views.append((i, i + 1))
            i += 2
    return views


def page_size(book: Book, page: int) -> QSize | None:
    """A page's size in pixels, read from the start of its image file (nothing decoded)."""
    name = next((b.image for b in book.sections[page].blocks if b.image), None)
    if name is None:
        return None
    try:
        head = book.resource_head(name, HEADER_BYTES)
    except Exception:  # a damaged page: shown (or not) like any other, paired as usual
        return None
    buffer = QBuffer()
    buffer.setData(QByteArray(head))
    buffer.open(QIODevice.OpenModeFlag.ReadOnly)
    size = QImageReader(buffer).size()
    return size if size.isValid() and not size.isEmpty() else None


class ComicView(PdfTextView):
    """Pages drawn as images; a page taller than the window (fit to width) scrolls before it
    turns. A comic has no text to select and no text menu; a PDF's drawn words have both
    (`PdfTextView`)."""

    has_text = False  # a PDF's pages have (set_book)
    sideways_wheel_turns = False

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("comicView")
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMinimumSize(320, 320)
        self.book: Book | None = None
        self.fit = "page"
        self.spread_enabled = True
        self._right_to_left = False
        self.background = QColor("#2b2b2b")
        self.view_index = 0
        self.scroll_offset = QPointF(0, 0)
        self.zoom = ZOOM_MIN  # over the fit: +/-/0, Ctrl+wheel; a drag pans a zoomed page
        self._views: list[tuple[int, ...]] = []
        self._cache: OrderedDict[tuple[int, int, int], QImage] = OrderedDict()
        self._unreadable: set[str] = set()  # pages already logged as unreadable
        self._sizes: dict[int, QSize | None] = {}  # page -> its picture's size (file header)
        self.pdf: PdfPictures | None = None  # a PDF's pages, drawn in a worker thread
        # Drawn over the pages shown (Read aloud's balloon outline), after the pictures.
        self.overlays: list[Callable[[QPainter], None]] = []
        self._prefetch_timer = QTimer(self)
        self._prefetch_timer.setSingleShot(True)
        self._prefetch_timer.setInterval(0)
        self._prefetch_timer.timeout.connect(self._prefetch)

    # -- public API -------------------------------------------------------------------------

    def set_book(self, book: Book | None, position: Locator | None = None) -> None:
        self.book = book
        self._cache.clear()
        self._unreadable.clear()
        self._sizes = {}
        if self.pdf is not None:
            self.pdf.close()
            self.pdf.deleteLater()
        pages = pdf_pages(book) if book is not None else None
        self._pdf_selected = None
        self.flash.clear()
        self.pdf = PdfPictures(pages, self, names=(book.metadata.title, *book.metadata.authors)) \
            if pages is not None and book is not None else None
        self.has_text = self.pdf is not None
        if self.pdf is not None:
            self.pdf.ready.connect(self.update)
        if book is None:
            self._views = []
            self.update()
            return
        self._right_to_left = book.metadata.right_to_left
        self._rebuild_views()
        self.go_to(position or Locator(0, 0, 0), navigation=Navigation.OPEN)

    def set_options(self, *, fit: str, spread: bool, right_to_left: bool | None = None) -> None:
        first_page = self.current_pages()[0] if self._views else 0
        self.fit = fit if fit in FIT_MODES else "page"
        self.spread_enabled = spread
        if right_to_left is not None:
            self._right_to_left = right_to_left
        self._cache.clear()
        if self.book is not None:
            self._rebuild_views()
            self._show(self._view_of_page(first_page), Navigation.RELAYOUT)

    def right_to_left(self) -> bool:
        return self._right_to_left

    def set_zoom(self, zoom: float) -> None:
        """Zoom the page over its fit, keeping the middle of the view where it was."""
        zoom = min(max(zoom, ZOOM_MIN), ZOOM_MAX)
        if zoom == self.zoom:
            return
        middle = self.scroll_offset + QPointF(self.width() / 2, self.height() / 2)
        factor = zoom / self.zoom
        self.zoom = zoom
        self.scroll_offset = middle * factor - QPointF(self.width() / 2, self.height() / 2)
        self._clamp_scroll()
        self.update()

    def zoom_in(self) -> None:
        self.set_zoom(self.zoom * ZOOM_STEP)

    def zoom_out(self) -> None:
        self.set_zoom(self.zoom / ZOOM_STEP)

    def is_spread(self) -> bool:
        return self.spread_enabled and self.width() > self.height() * 1.1

    def current_pages(self) -> tuple[int, ...]:
        if not self._views:
            return (0,)
        return self._views[min(self.view_index, len(self._views) - 1)]

    def current_start(self) -> Locator:
        return Locator(self.current_pages()[0], 0, 0)

    def current_end(self) -> Locator:
        assert self.book is not None
        # The page is the unit: the whole page is read, including text found on it later by OCR.
        return Locator.end_of_section(self.current_pages()[-1])

    def go_to(self, locator: Locator, *, navigation: Navigation = Navigation.JUMP) -> None:
        if self.book is None or not self._views:
            return
        self._show(self._view_of_page(locator.section), navigation)

    def next_page(self, *, navigation: Navigation = Navigation.TURN_FORWARD) -> bool:
        if self.view_index + 1 >= len(self._views):
            return False
        self._show(self.view_index + 1, navigation)
        return True

    def previous_page(self) -> bool:
        if self.view_index == 0:
            return False
        self._show(self.view_index - 1, Navigation.TURN_BACK)
        return True

    def go_home(self) -> None:
        if self._views:
            self._show(0, Navigation.JUMP)

    def go_end(self) -> None:
        if self._views:
            self._show(len(self._views) - 1, Navigation.JUMP)

    # -- internals --------------------------------------------------------------------------

    def _rebuild_views(self) -> None:
        assert self.book is not None
        self._views = spread_views(self.book, spread=self.is_spread(), wide=self._is_wide)

    def _is_wide(self, page: int) -> bool:
        """Wider than tall: shown alone in a spread, as its shape asks."""
        size = self.page_pixels(page)
        return size is not None and size.width() > size.height()

    def page_pixels(self, page: int) -> QSize | None:
        """The size of page `page`'s picture in its file (OCR's boxes are in its pixels)."""
        if self.pdf is not None:  # the page as drawn for OCR (books/opening/pdf.py)
            return self.pdf.fitted(page, QSize(RESOURCE_LONG_SIDE, RESOURCE_LONG_SIDE))
        if page not in self._sizes and self.book is not None:
            self._sizes[page] = page_size(self.book, page)
        return self._sizes.get(page)

    def page_rects(self) -> list[tuple[int, QRectF]]:
        """Each page on screen and where it is drawn, in the view's coordinates."""
        return [(page, rect) for page, _image, rect in self._placements()]

    def _view_of_page(self, page: int) -> int:
        for index, pages in enumerate(self._views):
            if page in pages:
                return index
        return max(len(self._views) - 1, 0)

    def _show(self, view_index: int, navigation: Navigation) -> None:
        previous = self.current_start() if self._views else None
        self.view_index = min(max(view_index, 0), len(self._views) - 1)
        self.scroll_offset = QPointF(0, 0)
        self.update()
        pages = self.current_pages()
        self.pageShown.emit(
            PageShown(
                section=pages[0],
                page=0,
                page_count=1,
                start=self.current_start(),
                end=self.current_end(),
                navigation=navigation,
                previous_start=previous if navigation == Navigation.TURN_FORWARD else None,
            )
        )
        self._prefetch_timer.start()

    def _prefetch(self) -> None:
        if self.view_index + 1 < len(self._views):
            for page in self._views[self.view_index + 1]:
                self._page_image(page, self._target_size(len(self._views[self.view_index + 1])))

    def _target_size(self, pages_in_view: int) -> QSize:
        ratio = self.devicePixelRatioF() * self.zoom  # sharp when zoomed in
        return QSize(int(self.width() * ratio / pages_in_view), int(self.height() * ratio))

    def _page_image(self, page: int, target: QSize) -> QImage | None:
        assert self.book is not None
        if self.fit in ("width", "actual"):
            target = QSize(target.width() * (4 if self.fit == "actual" else 1), 100_000)
        if self.pdf is not None:  # drawn at the size shown; "actual": a point is 1/72 inch
            if self.fit == "actual":
                target = self.pdf.natural_size(page, self.devicePixelRatioF() * self.zoom)
            if self.pdf.failed(page):  # a damaged page says so in its place; the others show
                return unshown_page(self.pdf.fitted(page, target), background=self.background)
            return self.pdf.image(page, target, background=self.background)
        key = (page, target.width(), target.height())
        image = self._cache.get(key)
        if image is not None:
            self._cache.move_to_end(key)
            return image
        section = self.book.sections[page]
        name = next((b.image for b in section.blocks if b.image), None)
        if name is None:
            return None
        try:
            data = self.book.load_resource(name)
        except Exception as error:  # a damaged page: the others are still shown
            if name not in self._unreadable:
                self._unreadable.add(name)
                log.warning("page %d (%s) of %s cannot be shown: %s", page + 1, name,
                            self.book.path.name, error, exc_info=not isinstance(error, BookError))
            return unshown_page(target, background=self.background)
        bounded = QSize(min(target.width(), 8000), min(target.height(), 12000))
        image = decode_image(data, name=name, target=bounded)
        if image is None:  # logged by decode_image; the page says so in its place
            image = unshown_page(bounded, background=self.background)
        self._cache[key] = image
        while len(self._cache) > CACHE_PAGES:
            self._cache.popitem(last=False)
        return image

    def _placements(self) -> list[tuple[int, QImage, QRectF]]:
        pages = list(self.current_pages())
        if self._right_to_left:
            pages.reverse()
        images = [(p, self._page_image(p, self._target_size(len(pages)))) for p in pages]
        shown = [(page, img) for page, img in images if img is not None]
        if not shown:
            return []
        ratio = self.devicePixelRatioF()
        total_w = sum(img.width() / ratio for _page, img in shown)
        max_h = max(img.height() / ratio for _page, img in shown)
        if self.fit == "page":
            scale = min(self.width() / total_w, self.height() / max_h)
        elif self.fit == "width":
            scale = self.width() / total_w
        elif self.fit == "height":
            scale = self.height() / max_h
        else:
            scale = 1.0
        scale *= self.zoom
        width = total_w * scale
        height = max_h * scale
        x = (self.width() - width) / 2 if width < self.width() else -self.scroll_offset.x()
        y = (self.height() - height) / 2 if height < self.height() else -self.scroll_offset.y()
        placements = []
        for page, img in shown:
            w = img.width() / ratio * scale
            h = img.height() / ratio * scale
            placements.append((page, img, QRectF(x, y + (height - h) / 2, w, h)))
            x += w
        return placements

    def _content_size(self) -> tuple[float, float]:
        rects = [r for _page, _image, r in self._placements()]
        if not rects:
            return 0.0, 0.0
        return (
            max(r.right() for r in rects) - min(r.left() for r in rects),
            max(r.bottom() for r in rects) - min(r.top() for r in rects),
        )

    def paintEvent(self, event: QPaintEvent) -> None:
        paint_safely(self, self._paint)

    def _paint(self, painter: QPainter) -> None:
        painter.fillRect(self.rect(), self.background)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        for _page, image, rect in self._placements():
            painter.drawImage(rect, image)
        self.paint_pdf_selection(painter)
        for overlay in self.overlays:
            overlay(painter)

    def resizeEvent(self, event: object) -> None:
        if self.book is not None:
            first = self.current_pages()[0]
            self._rebuild_views()
            self.view_index = self._view_of_page(first)
        self.update()

    def _scroll_by(self, dy: float, dx: float = 0.0) -> bool:
        before = QPointF(self.scroll_offset)
        self.scroll_offset = self.scroll_offset + QPointF(dx, dy)
        self._clamp_scroll()
        if self.scroll_offset == before:
            return False
        self.update()
        return True

    def _clamp_scroll(self) -> None:
        width, height = self._content_size()
        self.scroll_offset = QPointF(
            min(max(self.scroll_offset.x(), 0.0), max(width - self.width(), 0.0)),
            min(max(self.scroll_offset.y(), 0.0), max(height - self.height(), 0.0)),
        )

    def pan_by(self, delta: QPointF) -> bool:
        """A drag on a page bigger than the view moves it under the mouse."""
        return self._scroll_by(-delta.y(), -delta.x())

    def pannable(self) -> bool:
        width, height = self._content_size()
        return width > self.width() + 0.5 or height > self.height() + 0.5

    def reset_zoom(self) -> None:
        self.set_zoom(ZOOM_MIN)

    def screen_forward(self) -> None:
        if not self._scroll_by(self.height() * 0.9):
            self.next_page()

    def screen_back(self) -> None:
        if not self._scroll_by(-self.height() * 0.9):
            self.previous_page()

    def line_down(self) -> None:
        self._scroll_by(60)

    def line_up(self) -> None:
        self._scroll_by(-60)

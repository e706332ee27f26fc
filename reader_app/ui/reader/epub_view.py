"""The paginated view of reflowable books: one or two pages, laid out near the reader, the place
kept across relayouts (keys, clicks, links and selection: `page_view.py`)."""

from __future__ import annotations

from collections import OrderedDict

from PySide6.QtCore import QPointF, Qt, QTimer
from PySide6.QtGui import QColor, QHideEvent, QImage, QPainter, QPaintEvent, QPen, QResizeEvent
from PySide6.QtWidgets import QMenu, QWidget

from reader_app.books.model import Book, Locator
from reader_app.books.shelf.reading import Navigation, note_return
from reader_app.ui.page.appearance import Appearance
from reader_app.ui.page.book_fonts import BookFonts
from reader_app.ui.page.document import PageGeometry, SectionDocument
from reader_app.ui.page.images import ImageCache
from reader_app.ui.page.layout_ahead import LayoutAhead
from reader_app.ui.page.math_render import MathJobs
from reader_app.ui.page.safe_paint import paint_safely
from reader_app.ui.reader.flash_mark import FlashMark
from reader_app.ui.reader.media_players import MediaPlayers
from reader_app.ui.reader.page_marks import Mark, paint_marks
from reader_app.ui.reader.page_view import PageShown, PageView, paint_selection
from reader_app.ui.reader.selection_menu import build_context_menu
from reader_app.ui.workers import Workers

SPREAD_MIN_WIDTH = 1000
SPREAD_MIN_RATIO = 1.25
GUTTER = 24
CACHE_SECTIONS = 5
READABLE_MIN_WIDTH = 360


class EpubView(PageView):
    """Paints pages of `SectionDocument`s; only the sections near the reader are laid out."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("pageView")
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMouseTracking(True)
        self.setMinimumSize(READABLE_MIN_WIDTH, 320)  # docks never squeeze the page below
        self.book: Book | None = None
        self.appearance = Appearance()
        self.section_index = 0
        self.page_index = 0
        self._documents: OrderedDict[int, SectionDocument] = OrderedDict()
        self.workers = Workers(self, max_threads=1)  # the page's worker: SVG, formulas, media
        self.images = ImageCache(runner=self.workers)  # drawn images, kept across relayouts
        self.images.on_ready = self._image_ready
        self._ahead = LayoutAhead(self)  # the next section, laid out in slices
        self.math_jobs = MathJobs(self.images, self._math_ready)  # formulas typeset in the worker
        self.fonts = BookFonts()  # the shown book's embedded fonts
        self.media = MediaPlayers(self, self)  # audio and video played over their boxes
        # Queued: it may be found while a page is being shown, which a new layout must not cut.
        self.media.unplayable_found.connect(self.lay_out_again, Qt.ConnectionType.QueuedConnection)
        self._geometry_key: tuple[int, int, bool] | None = None
        self._anchor: Locator | None = None  # the place to keep on screen across relayouts
        self._return_to: Locator | None = None  # where a link into a non-linear item came from
        self._last_start: Locator | None = None
        # search matches, a cited passage (ui/reader/page_marks.py)
        self.marks: tuple[Mark, ...] = ()
        self.flash = FlashMark(self)  # a note or cited passage jumped to, for a moment
        self._relayout_timer = QTimer(self)
        self._relayout_timer.setSingleShot(True)
        self._relayout_timer.setInterval(60)
        self._relayout_timer.timeout.connect(self._relayout)
        self._prefetch_timer = QTimer(self)
        self._prefetch_timer.setSingleShot(True)
        self._prefetch_timer.setInterval(0)
        self._prefetch_timer.timeout.connect(self._prefetch)

    # -- public API -------------------------------------------------------------------------

    def set_book(self, book: Book | None, position: Locator | None = None) -> None:
        self.media.close_book()
        self.book = book
        self._return_to = None
        self.fonts.load(book)
        self._documents.clear()
        self._selection = None
        self._last_start = None
        self.flash.clear()
        if book is None:
            self.update()
            return
        self._show_locator(position or Locator(0, 0, 0), Navigation.OPEN)

    def set_marks(self, marks: tuple[Mark, ...]) -> None:
        self.marks = marks
        self.update()

    def flash_place(self, start: Locator, end: Locator | None = None) -> None:
        if self.book is None or not 0 <= start.section < len(self.book.sections):
            return
        blocks = self.book.sections[start.section].blocks
        if end is None and 0 <= start.block < len(blocks):
            end = Locator(start.section, start.block, len(blocks[start.block].text))
        self.flash.flash(start, end or start)

    def _image_ready(self, name: str, image: QImage) -> None:
        for doc in [*self._documents.values(), *self._ahead.documents()]:
            doc.replace_image(name, image)
        self.update()

    def _math_ready(self, section: int) -> None:
        """The section's formulas are typeset: lay it out again, keeping the place."""
        self.lay_out_again(section)

    def lay_out_again(self, section: int) -> None:
        """Lay `section` out again, keeping the place (typeset formulas, a fallback to show)."""
        if self.book is None or section not in self._documents:
            return
        keep = self._anchor or (self.current_start() if section == self.section_index else None)
        del self._documents[section]
        if keep is not None:
            self._show_locator(keep, Navigation.RELAYOUT)
            self._anchor = keep

    def set_appearance(self, appearance: Appearance) -> None:
        if appearance == self.appearance:
            return
        # The place to keep is taken from the old layout, before it is thrown away.
        keep = self.current_start() if self.book is not None else None
        if self._anchor is not None:
            keep = self._anchor
        self.appearance = appearance
        self._documents.clear()
        if keep is not None:
            self._show_locator(keep, Navigation.RELAYOUT)
            self._anchor = keep

    def is_spread(self) -> bool:
        return self.width() >= SPREAD_MIN_WIDTH and self.width() / max(self.height(), 1) >= (
            SPREAD_MIN_RATIO
        )

    def pages_per_view(self) -> int:
        return 2 if self.is_spread() else 1

    def current_document(self) -> SectionDocument | None:
        if self.book is None:
            return None
        return self._document(self.section_index)

    def current_start(self) -> Locator:
        doc = self.current_document()
        if doc is None:
            return Locator(0, 0, 0)
        return doc.first_locator_on_page(self.page_index)

    def current_end(self) -> Locator:
        doc = self.current_document()
        if doc is None:
            return Locator(0, 0, 0)
        last = min(self.page_index + self.pages_per_view() - 1, doc.page_count - 1)
        return doc.end_locator_on_page(last)

    def visible_text(self) -> str:
        doc = self.current_document()
        if doc is None:
            return ""
        first = doc.page_text_range(self.page_index)[0]
        last_page = min(self.page_index + self.pages_per_view() - 1, doc.page_count - 1)
        end = doc.page_text_range(last_page)[1]
        return doc.text_between(first, end)

    def go_to(self, locator: Locator, *, navigation: Navigation = Navigation.JUMP) -> None:
        if self.book is not None:
            self._return_to = note_return(self.book, self.current_start(), locator, self._return_to)
            self._show_locator(locator, navigation)

    def _leave_note(self) -> bool:
        """Back from a non-linear item (a note reached by a link) to where the link was."""
        back, self._return_to = self._return_to, None
        if back is None:
            return False
        self._show_locator(back, Navigation.JUMP)
        return True

    def next_page(self, *, navigation: Navigation = Navigation.TURN_FORWARD) -> bool:
        self.relayout_now()  # a turn counts from the page on screen, never a stale index
        doc = self.current_document()
        if doc is None or self.book is None:
            return False
        step = self.pages_per_view()
        previous = self.current_start()
        if self.page_index + step < doc.page_count:
            self._show(self.section_index, self.page_index + step, navigation)
        elif not self.book.sections[self.section_index].linear:
            return self._leave_note()
        elif self.section_index + 1 < len(self.book.reading_sections):
            # The next section as it was last cut (from its top, unless the reader was there
            # before): turning back and forth always meets the same pages.
            self._show(self.section_index + 1, 0, navigation, previous)
        else:
            return False
        return True

    def previous_page(self) -> bool:
        self.relayout_now()  # a turn counts from the page on screen, never a stale index
        doc = self.current_document()
        if doc is None or self.book is None:
            return False
        step = self.pages_per_view()
        if self.page_index > 0:
            self._show(self.section_index, max(self.page_index - step, 0), Navigation.TURN_BACK)
        elif not self.book.sections[self.section_index].linear:
            return self._leave_note()
        elif self.section_index > 0:
            prev = self._document(self.section_index - 1)  # cut as when the reader left it
            last = prev.page_count - 1
            last -= last % step
            self._show(self.section_index - 1, last, Navigation.TURN_BACK)
        else:
            return False
        return True

    def go_home(self) -> None:
        if self.book is not None:
            self._document(0).repaginate(None, even=self.is_spread())
            self._show(0, 0, Navigation.JUMP)

    def go_end(self) -> None:
        if self.book is None:
            return
        last_section = len(self.book.reading_sections) - 1
        doc = self._document(last_section)
        doc.repaginate(None, even=self.is_spread())
        last = doc.page_count - 1
        self._show(last_section, last - last % self.pages_per_view(), Navigation.JUMP)

    def build_context_menu(self) -> QMenu:
        return build_context_menu(self)

    def selected_text(self) -> str:
        doc = self.current_document()
        if doc is None or self._selection is None:
            return ""
        return doc.text_between(*self._selection).strip()

    # -- layout -----------------------------------------------------------------------------

    def _page_geometry(self) -> PageGeometry:
        width = float(self.width())
        if self.is_spread():
            width = (width - GUTTER) / 2
        return PageGeometry(
            float(max(width, 200)), float(max(self.height(), 200)), self.devicePixelRatioF()
        )

    def _document(self, section: int) -> SectionDocument:
        if self._relayout_timer.isActive() and section in self._documents:
            # Until the pending relayout, the page on screen and everything asked of it stay
            # those of the layout that is shown (a resize drag relays out once, at its end).
            return self._documents[section]
        key = (self.width(), self.height(), self.is_spread())
        if key != self._geometry_key:
            self._documents.clear()
            self._geometry_key = key
        doc = self._documents.get(section)
        if doc is None:
            doc = self._ahead.take(self._recipe(section)) or self._new_document(section)
            self._documents[section] = doc
            self.math_jobs.request(section, doc.maths.missing)
            while len(self._documents) > CACHE_SECTIONS:
                self._documents.popitem(last=False)
        else:
            self._documents.move_to_end(section)
        return doc

    def _new_document(self, section: int, in_steps: bool = False) -> SectionDocument:
        assert self.book is not None
        return SectionDocument(self.book, section, self.appearance, self._page_geometry(),
                               images=self.images, fonts=self.fonts.families,
                               unplayable=dict(self.media.unplayable), in_steps=in_steps)

    def _recipe(self, section: int) -> object:
        return (self.book and self.book.book_id, section, self._geometry_key, self.appearance,
                len(self.media.unplayable))  # the record only grows while a book is open

    def _show_locator(self, locator: Locator, navigation: Navigation) -> None:
        assert self.book is not None
        if not self.book.sections:
            return
        section = min(max(locator.section, 0), len(self.book.sections) - 1)
        doc = self._document(section)
        # The page is cut to begin with the line that holds the place: after a relayout, an
        # open or a jump, the place asked for is on the first line, not somewhere down the page.
        doc.repaginate(locator, even=self.is_spread())
        page = doc.page_of(locator)
        page -= page % self.pages_per_view()
        self._show(section, page, navigation)

    def _show(
        self,
        section: int,
        page: int,
        navigation: Navigation,
        previous_start: Locator | None = None,
    ) -> None:
        if previous_start is None and navigation == Navigation.TURN_FORWARD:
            previous_start = self._last_start
        self.section_index = section
        self.page_index = page
        self._selection = None
        doc = self._document(section)
        start = doc.first_locator_on_page(page)
        if navigation != Navigation.RELAYOUT:
            self._anchor = start
        self._last_start = start
        self.update()
        self.media.place()
        self.pageShown.emit(
            PageShown(
                section=section,
                page=page,
                page_count=doc.page_count,
                start=start,
                end=self.current_end(),
                navigation=navigation,
                previous_start=previous_start,
            )
        )
        self._prefetch_timer.start()

    def _prefetch(self) -> None:
        # Lay out the next section while the reader reads, so turning into it is instant.
        if self.book is not None and self.section_index + 1 < len(self.book.sections):
            self._document(self.section_index)  # kept; and the geometry key is current
            if (after := self.section_index + 1) not in self._documents:  # ui/page/layout_ahead.py
                self._ahead.start(self._recipe(after), lambda: self._new_document(after, True))

    def _relayout(self) -> None:
        if self.book is not None and self._anchor is not None:
            anchor = self._anchor
            self._show_locator(anchor, Navigation.RELAYOUT)
            self._anchor = anchor

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self.book is not None:
            if self._anchor is None:
                self._anchor = self._last_start
            self._relayout_timer.start()

    def hideEvent(self, event: QHideEvent) -> None:
        super().hideEvent(event)
        # Not a spontaneous hide (the window minimised): a clip may play on there, as in a
        # browser; the page put away for the library is the reader leaving it.
        if not event.spontaneous():
            self.media.pause_all()

    def relayout_now(self) -> None:
        """Apply a pending resize at once (tests and screenshots)."""
        if self._relayout_timer.isActive():
            self._relayout_timer.stop()
            self._relayout()

    # -- painting ---------------------------------------------------------------------------

    def shown_pages(self) -> list[tuple[int, QPointF]]:
        """(page index, origin) of each page on screen."""
        return self._origins_by_page()

    def _origins_by_page(self) -> list[tuple[int, QPointF]]:
        return [(self.page_index + i, o) for i, o in enumerate(self._page_origins())]

    def _page_origins(self) -> list[QPointF]:
        if self.is_spread():
            width = (self.width() - GUTTER) / 2
            origins = [QPointF(0, 0), QPointF(width + GUTTER, 0)]
            # A right-to-left book's first page of a spread is the right-hand one.
            return origins[::-1] if self.right_to_left() else origins
        return [QPointF(0, 0)]

    def right_to_left(self) -> bool:
        return self.book is not None and self.book.metadata.right_to_left

    def paintEvent(self, event: QPaintEvent) -> None:
        if "appearance" not in self.__dict__:  # Python side already cleared, widget still shown
            return  # (seen once as a test's view was torn down): nothing to paint with
        paint_safely(self, self._paint)  # the painter ended and a fault noted, whatever happens

    def _paint(self, painter: QPainter) -> None:
        theme = self.appearance.resolved_theme()
        painter.fillRect(self.rect(), QColor(theme.background))
        doc = self.current_document() if self.book is not None else None
        if doc is None:
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        paint_marks(painter, doc, self.marks, self._origins_by_page())
        self.flash.paint(painter, doc, self._origins_by_page())
        for underlay in self.underlays:
            underlay(painter, doc)
        if self._selection is not None:
            colour = QColor(self.appearance.resolved_theme().selection)
            paint_selection(painter, doc, self._selection, self._origins_by_page(), colour)
        for offset, origin in enumerate(self._page_origins()):
            page = self.page_index + offset
            if 0 <= page < doc.page_count:
                doc.paint_page(painter, page, origin)
        if self.is_spread():
            pen = QPen(QColor(theme.muted))
            pen.setWidthF(0.5)
            painter.setPen(pen)
            x = (self.width() - GUTTER) / 2 + GUTTER / 2
            painter.drawLine(QPointF(x, 40), QPointF(x, self.height() - 40))

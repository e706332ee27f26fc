"""The paginated view of reflowable books: one or two pages, keys, clicks, links, selection."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt, QTimer, QUrl, Signal
from PySide6.QtGui import (
    QAction,
    QColor,
    QContextMenuEvent,
    QDesktopServices,
    QGuiApplication,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPen,
    QResizeEvent,
    QTextLine,
    QWheelEvent,
)
from PySide6.QtWidgets import QMenu, QWidget

from reader_app.books.model import Book, Locator
from reader_app.books.reading import Navigation
from reader_app.ui.appearance import Appearance
from reader_app.ui.document import PageGeometry, SectionDocument, parse_internal_href

SPREAD_MIN_WIDTH = 1000
SPREAD_MIN_RATIO = 1.25
GUTTER = 24
EDGE_FRACTION = 0.18
CACHE_SECTIONS = 5


@dataclass(frozen=True, slots=True)
class PageShown:
    """What the view put on screen, and how the reader got there."""

    section: int
    page: int  # first page index shown within the section
    page_count: int  # pages in the section
    start: Locator  # first visible character
    end: Locator  # just after the last fully visible character
    navigation: Navigation
    previous_start: Locator | None


class EpubView(QWidget):
    """Paints pages of `SectionDocument`s; only the sections near the reader are laid out."""

    pageShown = Signal(object)  # PageShown
    askAbout = Signal(str, str)  # selected text, mode: ask / explain / who
    markReadHere = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("pageView")
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMouseTracking(True)
        self.setMinimumSize(320, 320)
        self.book: Book | None = None
        self.appearance = Appearance()
        self.section_index = 0
        self.page_index = 0
        self._documents: OrderedDict[int, SectionDocument] = OrderedDict()
        self._geometry_key: tuple[int, int, bool] | None = None
        self._anchor: Locator | None = None  # the place to keep on screen across relayouts
        self._last_start: Locator | None = None
        self._press: QPointF | None = None
        # Whether a place is within what the assistant may read (set by the reader page).
        self.is_read: Callable[[Locator], bool] = lambda _locator: False
        self._selection: tuple[int, int] | None = None  # document positions in current section
        self._selection_page: int = 0
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
        self.book = book
        self._documents.clear()
        self._selection = None
        self._last_start = None
        if book is None:
            self.update()
            return
        self._show_locator(position or Locator(0, 0, 0), Navigation.OPEN)

    def set_appearance(self, appearance: Appearance) -> None:
        if appearance == self.appearance:
            return
        self.appearance = appearance
        self._documents.clear()
        if self.book is not None:
            self._show_locator(self.current_start(), Navigation.RELAYOUT)

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
            self._show_locator(locator, navigation)

    def next_page(self) -> bool:
        self.relayout_now()  # a turn counts from the page on screen, never a stale index
        doc = self.current_document()
        if doc is None or self.book is None:
            return False
        step = self.pages_per_view()
        previous = self.current_start()
        if self.page_index + step < doc.page_count:
            self._show(self.section_index, self.page_index + step, Navigation.TURN_FORWARD)
        elif self.section_index + 1 < len(self.book.sections):
            self._show(self.section_index + 1, 0, Navigation.TURN_FORWARD, previous)
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
        elif self.section_index > 0:
            prev = self._document(self.section_index - 1)
            last = prev.page_count - 1
            last -= last % step
            self._show(self.section_index - 1, last, Navigation.TURN_BACK)
        else:
            return False
        return True

    def go_home(self) -> None:
        if self.book is not None:
            self._show(0, 0, Navigation.JUMP)

    def go_end(self) -> None:
        if self.book is None:
            return
        last_section = len(self.book.sections) - 1
        doc = self._document(last_section)
        last = doc.page_count - 1
        self._show(last_section, last - last % self.pages_per_view(), Navigation.JUMP)

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
        return PageGeometry(float(max(width, 200)), float(max(self.height(), 200)))

    def _document(self, section: int) -> SectionDocument:
        key = (self.width(), self.height(), self.is_spread())
        if key != self._geometry_key:
            self._documents.clear()
            self._geometry_key = key
        doc = self._documents.get(section)
        if doc is None:
            assert self.book is not None
            doc = SectionDocument(self.book, section, self.appearance, self._page_geometry())
            self._documents[section] = doc
            while len(self._documents) > CACHE_SECTIONS:
                self._documents.popitem(last=False)
        else:
            self._documents.move_to_end(section)
        return doc

    def _show_locator(self, locator: Locator, navigation: Navigation) -> None:
        assert self.book is not None
        if not self.book.sections:
            return
        section = min(max(locator.section, 0), len(self.book.sections) - 1)
        doc = self._document(section)
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
            self._document(self.section_index + 1)
            self._document(self.section_index)

    def _relayout(self) -> None:
        if self.book is not None and self._anchor is not None:
            anchor = self._anchor
            self._show_locator(anchor, Navigation.RELAYOUT)
            self._anchor = anchor

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self.book is not None:
            if self._anchor is None:
                self._anchor = self.current_start()
            self._relayout_timer.start()

    def relayout_now(self) -> None:
        """Apply a pending resize at once (tests and screenshots)."""
        if self._relayout_timer.isActive():
            self._relayout_timer.stop()
            self._relayout()

    # -- painting ---------------------------------------------------------------------------

    def _page_origins(self) -> list[QPointF]:
        if self.is_spread():
            width = (self.width() - GUTTER) / 2
            return [QPointF(0, 0), QPointF(width + GUTTER, 0)]
        return [QPointF(0, 0)]

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        theme = self.appearance.resolved_theme()
        painter.fillRect(self.rect(), QColor(theme.background))
        doc = self.current_document() if self.book is not None else None
        if doc is None:
            painter.end()
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        if self._selection is not None:
            self._paint_selection(painter, doc)
        for offset, origin in enumerate(self._page_origins()):
            page = self.page_index + offset
            if page < doc.page_count:
                doc.paint_page(painter, page, origin)
        if self.is_spread():
            pen = QPen(QColor(theme.muted))
            pen.setWidthF(0.5)
            painter.setPen(pen)
            x = (self.width() - GUTTER) / 2 + GUTTER / 2
            painter.drawLine(QPointF(x, 40), QPointF(x, self.height() - 40))
        painter.end()

    def _paint_selection(self, painter: QPainter, doc: SectionDocument) -> None:
        assert self._selection is not None
        start, end = sorted(self._selection)
        color = QColor(self.appearance.resolved_theme().selection)
        for offset, origin in enumerate(self._page_origins()):
            page = self.page_index + offset
            block = doc.doc.findBlock(start)
            while block.isValid() and block.position() <= end:
                layout = block.layout()
                for i in range(layout.lineCount()):
                    line = layout.lineAt(i)
                    line_start = block.position() + line.textStart()
                    line_end = line_start + line.textLength()
                    if line_end <= start or line_start >= end:
                        continue
                    x0 = _cursor_x(line, max(start, line_start) - block.position())
                    x1 = _cursor_x(line, min(end, line_end) - block.position())
                    y = layout.position().y() + line.y() - page * doc.page.height
                    if -line.height() < y < doc.page.height:
                        painter.fillRect(
                            QRectF(
                                origin.x() + layout.position().x() + x0,
                                origin.y() + y,
                                x1 - x0,
                                line.height(),
                            ),
                            color,
                        )
                block = block.next()

    # -- input ------------------------------------------------------------------------------

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        shift = bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
        if key in (Qt.Key.Key_Right, Qt.Key.Key_PageDown, Qt.Key.Key_Down) or (
            key == Qt.Key.Key_Space and not shift
        ):
            self.next_page()
        elif key in (Qt.Key.Key_Left, Qt.Key.Key_PageUp, Qt.Key.Key_Up) or (
            key == Qt.Key.Key_Space and shift
        ):
            self.previous_page()
        elif key == Qt.Key.Key_Home:
            self.go_home()
        elif key == Qt.Key.Key_End:
            self.go_end()
        else:
            super().keyPressEvent(event)

    def wheelEvent(self, event: QWheelEvent) -> None:
        delta = event.angleDelta().y() or -event.angleDelta().x()
        if delta < 0:
            self.next_page()
        elif delta > 0:
            self.previous_page()
        event.accept()

    def _hit(self, point: QPointF) -> tuple[int, QPointF] | None:
        origins = self._page_origins()
        for offset, origin in reversed(list(enumerate(origins))):
            if point.x() >= origin.x():
                return self.page_index + offset, origin
        return None

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self._press = event.position()
            self._selection = None
            self.update()
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        doc = self.current_document()
        if self._press is not None and doc is not None:
            if (event.position() - self._press).manhattanLength() > 6:
                first = self._hit(self._press)
                second = self._hit(event.position())
                if first and second:
                    a = doc.position_at(self._press, *first)
                    b = doc.position_at(event.position(), *second)
                    self._selection = (min(a, b), max(a, b))
                    self.update()
        elif doc is not None:
            hit = self._hit(event.position())
            anchor = doc.anchor_at(event.position(), *hit) if hit else ""
            self.setCursor(
                Qt.CursorShape.PointingHandCursor if anchor else Qt.CursorShape.ArrowCursor
            )
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        press, self._press = self._press, None
        if event.button() != Qt.MouseButton.LeftButton or press is None:
            return
        if self._selection is not None and self._selection[0] != self._selection[1]:
            clipboard = QGuiApplication.clipboard()
            clipboard.setText(self.selected_text(), clipboard.Mode.Selection)
            return
        self._selection = None
        doc = self.current_document()
        hit = self._hit(event.position())
        if doc is not None and hit is not None:
            href = doc.anchor_at(event.position(), *hit)
            if href:
                self._follow_link(href)
                return
        x = event.position().x()
        if x < self.width() * EDGE_FRACTION:
            self.previous_page()
        elif x > self.width() * (1 - EDGE_FRACTION):
            self.next_page()

    def _follow_link(self, href: str) -> None:
        target = parse_internal_href(href)
        if target is not None:
            self.go_to(target, navigation=Navigation.JUMP)
            return
        url = QUrl(href)
        # External links open only on the reader's click, and only for web and mail addresses.
        if url.scheme() in ("http", "https", "mailto"):
            QDesktopServices.openUrl(url)

    def selection_end(self) -> Locator | None:
        doc = self.current_document()
        if doc is None or self._selection is None:
            return None
        return doc.locator_at(max(self._selection))

    def build_context_menu(self) -> QMenu:
        menu = QMenu(self)
        menu.setObjectName("pageContextMenu")
        selected = self.selected_text()
        end = self.selection_end()
        # A selection past the boundary would carry unread text to the model: not offered.
        askable = bool(selected) and end is not None and self.is_read(end)
        for label, mode in (
            ("Ask about this", "ask"),
            ("Explain", "explain"),
            ("Who is this?", "who"),
        ):
            action = QAction(label, menu)
            action.setObjectName(f"askAbout_{mode}")
            action.setEnabled(askable)
            if selected and not askable:
                action.setToolTip("The assistant hasn't read this far: mark it as read first.")
            action.triggered.connect(lambda _=False, m=mode: self.askAbout.emit(selected, m))
            menu.addAction(action)
        menu.setToolTipsVisible(True)
        menu.addSeparator()
        copy = menu.addAction("Copy")
        copy.setEnabled(bool(selected))
        copy.triggered.connect(lambda: QGuiApplication.clipboard().setText(selected))
        mark = menu.addAction("Mark as read up to here")
        mark.triggered.connect(self.markReadHere.emit)
        return menu

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        self.build_context_menu().exec(event.globalPos())


def _cursor_x(line: QTextLine, position: int) -> float:
    # PySide6 returns (x, position) for this overload.
    result = line.cursorToX(position)
    return float(result[0] if isinstance(result, tuple) else result)  # type: ignore[arg-type]

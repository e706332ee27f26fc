"""The page view's base: the moves every page view offers (`EpubView`, `ComicView`), and the input
they share: keys, the wheel, edge clicks; on pages with text, selection, links and the context menu.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt, QTime, QUrl, Signal
from PySide6.QtGui import (
    QColor,
    QContextMenuEvent,
    QDesktopServices,
    QGuiApplication,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QTextLine,
    QWheelEvent,
)
from PySide6.QtWidgets import QMenu, QWidget

from reader_app.books.model import Book, Locator
from reader_app.books.shelf.reading import Navigation
from reader_app.ui.page.document import SectionDocument
from reader_app.ui.page.internal_links import parse_internal_href
from reader_app.ui.reader.text_selection import sentence_at, snapped, word_at

EDGE_FRACTION = 0.18


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


class PageView(QWidget):
    """A page view: a book shown a page (or a spread) at a time, and moved through.

    A view supplies the abstract moves below; keys, the wheel and clicks at the page's edges are
    the same in every view. A view whose page can be taller than the window (a comic fit to its
    width) scrolls it before turning (`screen_forward`, `line_down`...). A view with a text layout
    (`has_text`, `current_document`) also gets selection, links and the context menu; one without
    (a comic) has nothing to select and no text menu.
    """

    pageShown = Signal(object)  # PageShown
    askAbout = Signal(str, str)  # selected text, mode: ask / explain / who
    markReadHere = Signal()
    # Whether the view lays out text: selection, links and the context menu are for text.
    has_text = True
    # Whether a sideways wheel (a touchpad's swipe) turns the page like the vertical one.
    sideways_wheel_turns = True

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.page_index = 0
        self._press: QPointF | None = None
        self._selection: tuple[int, int] | None = None  # document positions, current section
        # Whether a place is within what the assistant may read (the reader page says).
        self._read_check: Callable[[Locator], bool] = lambda _locator: False
        # Painted under the text of each page (highlights); entries added to the context menu.
        self.underlays: list[Callable[[QPainter, SectionDocument], None]] = []
        self.menu_hooks: list[Callable[[QMenu], None]] = []
        # Asked before a link is followed (href, the place clicked, the global point): True if
        # one handled it (a footnote shown in a pop-up).
        self.link_hooks: list[Callable[[str, Locator, QPointF], bool]] = []
        self.context_locator: Locator | None = None  # where the context menu was asked for
        self._double_click: tuple[QPointF, QTime] | None = None  # for a triple-click
        self._panned = False  # the press being held has dragged a zoomed page

    def set_read_check(self, check: Callable[[Locator], bool]) -> None:
        """How to tell whether a place is within what the assistant may read."""
        self._read_check = check

    def is_read(self, locator: Locator) -> bool:
        return self._read_check(locator)

    # -- what every view supplies ------------------------------------------------------------

    @abstractmethod
    def set_book(self, book: Book | None, position: Locator | None = None) -> None:
        """Show `book` at `position` (its start if None); None shows nothing."""
        raise NotImplementedError

    @abstractmethod
    def current_start(self) -> Locator:
        """The first place on screen."""
        raise NotImplementedError

    @abstractmethod
    def current_end(self) -> Locator:
        """Just after the last place fully on screen."""
        raise NotImplementedError

    @abstractmethod
    def go_to(self, locator: Locator, *, navigation: Navigation = Navigation.JUMP) -> None:
        raise NotImplementedError

    @abstractmethod
    def next_page(self, *, navigation: Navigation = Navigation.TURN_FORWARD) -> bool:
        """Turn forward; False at the end of the book. Read aloud turns with `Navigation.VOICE`."""
        raise NotImplementedError

    @abstractmethod
    def previous_page(self) -> bool:
        """Turn back; False at the start of the book."""
        raise NotImplementedError

    @abstractmethod
    def go_home(self) -> None:
        raise NotImplementedError

    @abstractmethod
    def go_end(self) -> None:
        raise NotImplementedError

    @abstractmethod
    def right_to_left(self) -> bool:
        """Whether the next page lies to the left (manga, page-progression-direction="rtl")."""
        raise NotImplementedError

    # -- what a view may change ---------------------------------------------------------------

    def screen_forward(self) -> None:
        """Space, Page Down, the wheel: on a page taller than the window, its rest first."""
        self.next_page()

    def screen_back(self) -> None:
        self.previous_page()

    def line_down(self) -> None:
        """The Down arrow: a view that scrolls its page moves it a little; a paginated one turns."""
        self.next_page()

    def line_up(self) -> None:
        self.previous_page()

    def zoom_in(self) -> None:
        """+, Ctrl+wheel up: a view that zooms its page (a comic) does; text has its own size."""

    def zoom_out(self) -> None:
        """-, Ctrl+wheel down."""

    def reset_zoom(self) -> None:
        """0: back to the fit."""

    def pannable(self) -> bool:
        """Whether a drag moves the page (a zoomed comic page) rather than selecting."""
        return False

    def pan_by(self, delta: QPointF) -> bool:
        """Move the page by `delta` under the mouse; False if it cannot move that way."""
        return False

    def current_document(self) -> SectionDocument | None:
        """The laid-out text on screen; None where the page has no text layout (a comic)."""
        return None

    def _page_origins(self) -> list[QPointF]:
        """Where each text page on screen begins (widget coordinates)."""
        return []

    def selected_text(self) -> str:
        return ""

    def flash_place(self, start: Locator, end: Locator | None = None) -> None:
        """Mark a place jumped to for a moment (`end` None: to the end of its block); a view
        with no text has nothing to mark."""

    # -- keys, wheel, clicks ------------------------------------------------------------------

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        shift = bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
        plain = not event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        if plain and key in (Qt.Key.Key_Plus, Qt.Key.Key_Equal):
            self.zoom_in()
            return
        if plain and key in (Qt.Key.Key_Minus, Qt.Key.Key_0):
            self.zoom_out() if key == Qt.Key.Key_Minus else self.reset_zoom()
            return
        if self.right_to_left() and key in (Qt.Key.Key_Left, Qt.Key.Key_Right):
            # page-progression-direction="rtl": the next page lies to the left.
            key = Qt.Key.Key_Right if key == Qt.Key.Key_Left else Qt.Key.Key_Left
        if key == Qt.Key.Key_Right:
            self.next_page()
        elif key == Qt.Key.Key_Left:
            self.previous_page()
        elif key == Qt.Key.Key_PageDown or (key == Qt.Key.Key_Space and not shift):
            self.screen_forward()
        elif key == Qt.Key.Key_PageUp or (key == Qt.Key.Key_Space and shift):
            self.screen_back()
        elif key == Qt.Key.Key_Down:
            self.line_down()
        elif key == Qt.Key.Key_Up:
            self.line_up()
        elif key == Qt.Key.Key_Home:
            self.go_home()
        elif key == Qt.Key.Key_End:
            self.go_end()
        else:
            super().keyPressEvent(event)

    def wheelEvent(self, event: QWheelEvent) -> None:
        delta = event.angleDelta().y()
        if event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            if delta:
                (self.zoom_in if delta > 0 else self.zoom_out)()
            event.accept()
            return
        if not delta and self.sideways_wheel_turns:
            delta = -event.angleDelta().x()
        if delta < 0:
            self.screen_forward()
        elif delta > 0:
            self.screen_back()
        event.accept()

    def _hit(self, point: QPointF) -> tuple[int, QPointF] | None:
        origins = list(enumerate(self._page_origins()))
        for offset, origin in sorted(origins, key=lambda item: -item[1].x()):
            if point.x() >= origin.x():
                return self.page_index + offset, origin
        return None

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            if self._triple_click(event):
                return
            self._press = event.position()
            self._selection = None
            self.update()
        super().mousePressEvent(event)

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        """A double-click selects the word under the mouse."""
        self._double_click = None
        if event.button() != Qt.MouseButton.LeftButton:
            return
        self._press = None
        self._double_click = (event.position(), QTime.currentTime())
        self._select_at(event.position(), word_at)

    def _triple_click(self, event: QMouseEvent) -> bool:
        """A third click soon after a double-click, near it: the sentence."""
        last, self._double_click = self._double_click, None
        if last is None:
            return False
        near = (event.position() - last[0]).manhattanLength() <= 8
        interval = QGuiApplication.styleHints().mouseDoubleClickInterval()
        soon = last[1].msecsTo(QTime.currentTime()) <= interval
        if not (near and soon):
            return False
        self._press = None
        self._select_at(event.position(), sentence_at)
        return True

    def _select_at(
        self, point: QPointF, unit: Callable[[SectionDocument, int], tuple[int, int] | None]
    ) -> None:
        doc, hit = self.current_document(), self._hit(point)
        if doc is None or hit is None:
            return
        span = unit(doc, doc.position_at(point, *hit))
        if span is not None and span[0] < span[1]:
            self._selection = span
            clipboard = QGuiApplication.clipboard()
            clipboard.setText(self.selected_text(), clipboard.Mode.Selection)
            self.update()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        doc = self.current_document()
        if self._press is not None and self.pannable():
            moved = event.position() - self._press
            if self._panned or moved.manhattanLength() > 6:
                self._panned = True  # a drag moves the page under the mouse, not a click
                self.pan_by(moved)
                self._press = event.position()
        elif self._press is not None and doc is not None:
            if (event.position() - self._press).manhattanLength() > 6:
                first = self._hit(self._press)
                second = self._hit(event.position())
                if first and second:
                    a = doc.position_at(self._press, *first)
                    b = doc.position_at(event.position(), *second)
                    self._selection = snapped(doc, min(a, b), max(a, b))  # whole words
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
        panned, self._panned = self._panned, False
        if event.button() != Qt.MouseButton.LeftButton or press is None or panned:
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
                here = doc.locator_at(doc.position_at(event.position(), *hit))
                if not any(h(href, here, event.globalPosition()) for h in self.link_hooks):
                    self._follow_link(href)
                return
        x = event.position().x()
        backward, forward = self.previous_page, self.next_page
        if self.right_to_left():
            backward, forward = forward, backward
        if x < self.width() * EDGE_FRACTION:
            backward()
        elif x > self.width() * (1 - EDGE_FRACTION):
            forward()

    def _follow_link(self, href: str) -> None:
        target = parse_internal_href(href)
        if target is not None:
            self.go_to(target, navigation=Navigation.JUMP)
            self.flash_place(target)
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
        """The menu for the selection; a view with text supplies it (`selection_menu.py`)."""
        return QMenu(self)

    def clear_selection(self) -> None:
        self._selection = None
        self.update()

    def selection_range(self) -> tuple[Locator, Locator] | None:
        doc = self.current_document()
        if doc is None or self._selection is None or self._selection[0] == self._selection[1]:
            return None
        return doc.locator_at(min(self._selection)), doc.locator_at(max(self._selection))

    def locator_at_point(self, point: QPointF) -> Locator | None:
        """The place in the book under `point` (widget coordinates), if a page is there."""
        doc, hit = self.current_document(), self._hit(point)
        if doc is None or hit is None:
            return None
        return doc.locator_at(doc.position_at(point, *hit))

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        if not self.has_text:
            super().contextMenuEvent(event)  # nothing to ask about or copy: no menu
            return
        self.context_locator = self.locator_at_point(event.pos().toPointF())
        self.build_context_menu().exec(event.globalPos())


def paint_selection(
    painter: QPainter,
    doc: SectionDocument,
    selection: tuple[int, int],
    pages: list[tuple[int, QPointF]],
    color: QColor,
) -> None:
    """Highlight document positions `selection` on each shown (page, origin)."""
    start, end = sorted(selection)
    for page, origin in pages:
        if not 0 <= page < doc.page_count:
            continue  # the empty right-hand page of a spread at a section's end
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
                column_top = doc.layout_top(block) + line.y()
                top, bottom = doc.page_span(page)
                y = doc.view_y(page, column_top)
                if top - 0.5 <= column_top < bottom - 0.5:
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


def _cursor_x(line: QTextLine, position: int) -> float:
    # PySide6 returns (x, position) for this overload.
    result = line.cursorToX(position)
    return float(result[0] if isinstance(result, tuple) else result)  # type: ignore[arg-type]

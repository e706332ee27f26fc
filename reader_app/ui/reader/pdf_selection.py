"""The words drawn on a PDF's pages as text: a drag or a double-click selects them (whole words,
on one page), the selection is painted over the drawing, copied, and asked about from the page's
menu; a click on a link follows it; Find's matches and a cited passage are marked over them. The
comic view is one of these: without a PDF it is not."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QGuiApplication, QMouseEvent, QPainter
from PySide6.QtWidgets import QMenu, QWidget

from reader_app.books.model import Book, Locator
from reader_app.books.opening.pdf_text import Box, Paragraph
from reader_app.books.shelf.reading import Navigation
from reader_app.ui.reader.flash_mark import FlashMark
from reader_app.ui.reader.page_marks import CURRENT_COLOUR, MATCH_COLOUR, Mark
from reader_app.ui.reader.page_view import PageShown, PageView
from reader_app.ui.reader.pdf_pictures import PdfPictures, open_address

SELECTION_COLOUR = QColor(51, 153, 255, 90)
DRAG_START = 6  # pixels the mouse moves before a press becomes a drag
# A word: (page, block, first character, just after its last), blocks as the book holds them
Word = tuple[int, int, int, int]


class PdfTextView(PageView):
    """A page view whose pages may be a PDF's (`pdf`): their words select, copy and ask."""

    book: Book | None
    pdf: PdfPictures | None
    _pdf_selected: tuple[Word, Word] | None = None
    _pdf_anchor: Word | None = None
    pdf_marks: tuple[Mark, ...] = ()  # Find in Book's matches, on a PDF's words

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.flash = FlashMark(self)  # a cited passage jumped to, for a moment
        self._flashed_pages: set[int] = set()  # the pages its mark has been shown on
        self.pageShown.connect(self._flash_on_new_page)

    def page_rects(self) -> list[tuple[int, QRectF]]:
        raise NotImplementedError

    # -- the words under the mouse ---------------------------------------------------------

    def word_at(self, point: QPointF, *, nearest: bool = False) -> Word | None:
        """The word drawn under `point`; with `nearest`, the closest one on that line (a drag
        past a line's end still reaches its last word)."""
        if self.pdf is None:
            return None
        for page, rect in self.page_rects():
            if not rect.contains(point) or rect.width() <= 0:
                continue
            found = self.pdf.paragraphs(page)
            if not found:
                return None
            width, height = self.pdf.pages.page_size(page)
            x = (point.x() - rect.left()) / rect.width() * width
            y = (point.y() - rect.top()) / rect.height() * height
            return _word_in(page, found, x, y, nearest=nearest)
        return None

    # -- the selection ---------------------------------------------------------------------

    def selection_range(self) -> tuple[Locator, Locator] | None:
        if self.pdf is None:
            return super().selection_range()
        if self._pdf_selected is None:
            return None
        first, last = self._pdf_selected
        return Locator(first[0], first[1], first[2]), Locator(last[0], last[1], last[3])

    def selection_end(self) -> Locator | None:
        chosen = self.selection_range() if self.pdf is not None else None
        return chosen[1] if chosen is not None else super().selection_end()

    def selected_text(self) -> str:
        if self.pdf is None or self._pdf_selected is None:
            return super().selected_text() if self.pdf is None else ""
        first, last = self._pdf_selected
        found = self.pdf.paragraphs(first[0]) or ()
        parts = []
        for block in range(first[1], last[1] + 1):
            if 1 <= block <= len(found):
                text = found[block - 1].text
                start = first[2] if block == first[1] else 0
                end = last[3] if block == last[1] else len(text)
                parts.append(text[start:end])
        return "\n".join(parts)

    def clear_selection(self) -> None:
        self._pdf_selected = None
        super().clear_selection()

    def build_context_menu(self) -> QMenu:
        if self.pdf is None:
            return super().build_context_menu()
        from reader_app.ui.reader.selection_menu import build_context_menu

        return build_context_menu(self)

    def set_marks(self, marks: tuple[Mark, ...]) -> None:
        """Find in Book's matches, marked on the words of the PDF's pages shown."""
        self.pdf_marks = marks
        self.update()

    def flash_place(self, start: Locator, end: Locator | None = None) -> None:
        """A place jumped to (a cited passage) marked over its drawn words for a moment (`end`
        None: to the end of its paragraph). A passage may run on from one page to the next: its
        part on a page not on screen now is marked afresh when that page comes on screen."""
        if self.pdf is None:
            return
        self._flashed_pages = set(_pages_of(self.current_start(), self.current_end()))
        self.flash.flash(start, end or Locator(start.section, start.block + 1, 0))

    def _flash_on_new_page(self, shown: PageShown) -> None:
        mark = self.flash.mark
        if mark is None or self.flash.strength() <= 0.0:
            return
        new = {page for page in _pages_of(shown.start, shown.end)
               if mark.start.section <= page <= mark.end.section} - self._flashed_pages
        if new:
            self._flashed_pages |= new
            self.flash.flash(mark.start, mark.end)

    def paint_pdf_selection(self, painter: QPainter) -> None:
        """The matches found, a cited passage and the selected words, painted over the page's
        drawing."""
        flashed, strength = self.flash.mark, self.flash.strength()
        if flashed is not None and strength > 0.0:
            colour = QColor(self.flash.colour)
            colour.setAlpha(round(colour.alpha() * strength))
            self.paint_span(painter, flashed.start, flashed.end, colour, headings=False)
        for mark in self.pdf_marks if self.pdf is not None else ():
            self.paint_span(painter, mark.start, mark.end,
                            CURRENT_COLOUR if mark.strong else MATCH_COLOUR)
        chosen = self.selection_range() if self.pdf is not None else None
        if chosen is not None:
            self.paint_span(painter, *chosen, SELECTION_COLOUR)

    def paint_span(self, painter: QPainter, start: Locator, end: Locator, colour: QColor, *,
                   headings: bool = True) -> None:
        """The words from `start` to `end` painted in `colour` where they are drawn, on each
        page shown whose words are read (a match, or a sentence, may run on to the next page);
        without `headings`, a heading's words are left unmarked."""
        if self.pdf is None:
            return
        for page, rect in self.page_rects():
            found = self.pdf.paragraphs(page) if start.section <= page <= end.section else None
            if not found:
                continue
            first = (start.block, start.char) if page == start.section else (0, 0)
            last = (end.block, end.char) if page == end.section else (len(found) + 1, 0)
            width, height = self.pdf.pages.page_size(page)
            sx, sy = rect.width() / width, rect.height() / height
            for block in range(max(first[0], 1), min(last[0], len(found)) + 1):
                if not headings and found[block - 1].heading:
                    continue
                for low, high, box in found[block - 1].pieces:
                    if (block, high) <= first or (block, low) >= last:
                        continue
                    painter.fillRect(QRectF(rect.left() + box[0] * sx, rect.top() + box[1] * sy,
                                            (box[2] - box[0]) * sx, (box[3] - box[1]) * sy),
                                     colour)

    def locator_at_point(self, point: QPointF) -> Locator | None:
        if self.pdf is None:
            return super().locator_at_point(point)
        word = self.word_at(point)
        return Locator(word[0], word[1], word[2]) if word is not None else None

    # -- the mouse -------------------------------------------------------------------------

    def mousePressEvent(self, event: QMouseEvent) -> None:
        super().mousePressEvent(event)
        if self.pdf is not None and event.button() == Qt.MouseButton.LeftButton:
            self._pdf_anchor = None if self.pannable() else self.word_at(event.position())
            if self._pdf_selected is not None:
                self._pdf_selected = None
                self.update()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        anchor, press = self._pdf_anchor, self._press
        if self.pdf is None or anchor is None or press is None:
            super().mouseMoveEvent(event)
            return
        if (event.position() - press).manhattanLength() > DRAG_START:
            here = self.word_at(event.position(), nearest=True)
            if here is not None and here[0] == anchor[0]:
                self._pdf_selected = (min(anchor, here), max(anchor, here))
                self.update()

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        word = self.word_at(event.position()) if event.button() == Qt.MouseButton.LeftButton \
            else None
        if self.pdf is None or word is None:
            super().mouseDoubleClickEvent(event)
            return
        self._press, self._pdf_anchor, self._pdf_selected = None, None, (word, word)
        self._to_selection_clipboard()
        self.update()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        """A drag ends its selection; a click on a link follows it (another page of the book,
        or a web address); any other click is the page's (a turn at its edges)."""
        self._pdf_anchor = None
        if self.pdf is not None and self._pdf_selected is not None and self._press is not None:
            self._press = None
            self._to_selection_clipboard()
            return
        link = None
        if (self.pdf is not None and self._press is not None and not self._panned
                and event.button() == Qt.MouseButton.LeftButton):
            link = self.pdf.link_under(self.page_rects(), event.position())
        if link is None:
            super().mouseReleaseEvent(event)
            return
        self._press = None
        if link.page is not None and self.book is not None and link.page < len(self.book.sections):
            self.go_to(Locator(link.page, 0, 0), navigation=Navigation.JUMP)
        else:
            open_address(link.uri)

    def _to_selection_clipboard(self) -> None:
        clipboard = QGuiApplication.clipboard()
        clipboard.setText(self.selected_text(), clipboard.Mode.Selection)


def _pages_of(start: Locator, end: Locator) -> range:
    """The pages from `start`'s to `end`'s."""
    return range(start.section, end.section + 1)


def _word_in(
    page: int, found: tuple[Paragraph, ...], x: float, y: float, *, nearest: bool
) -> Word | None:
    best: tuple[float, Word] | None = None
    for block, paragraph in enumerate(found, start=1):
        for index, (_start, _end, (left, top, right, bottom)) in enumerate(paragraph.pieces):
            if left <= x <= right and top <= y <= bottom:
                return (page, block, *_whole(paragraph.pieces, index))
            if nearest and top <= y <= bottom:
                distance = min(abs(x - left), abs(x - right))
                if best is None or distance < best[0]:
                    best = (distance, (page, block, *_whole(paragraph.pieces, index)))
    return best[1] if best is not None else None


def _whole(pieces: tuple[tuple[int, int, Box], ...], index: int) -> tuple[int, int]:
    """The characters of the word whose piece is `pieces[index]`: a word broken at a line's end
    ("inter-" / "esting", "well-" / "known") is drawn as two pieces, the first ending where the
    second begins."""
    first = last = index
    while first > 0 and pieces[first - 1][1] == pieces[first][0]:
        first -= 1
    while last + 1 < len(pieces) and pieces[last + 1][0] == pieces[last][1]:
        last += 1
    return pieces[first][0], pieces[last][1]

"""One section laid out by Qt's text engine: a QTextDocument built block by block, cut into pages.

Each model block becomes exactly one QTextBlock (tables aside), so a locator (block, char) is a
QTextCursor position and back: positions stay exact whatever the font or window size.
"""

from __future__ import annotations

import bisect
import itertools
import logging
from collections.abc import Iterator, Mapping

from PySide6.QtCore import QPointF, QRectF, QSizeF, Qt, QUrl
from PySide6.QtGui import (
    QAbstractTextDocumentLayout,
    QColor,
    QFont,
    QImage,
    QPainter,
    QPalette,
    QTextBlock,
    QTextCharFormat,
    QTextCursor,
    QTextDocument,
    QTextFormat,
)

from reader_app.books.model import Block, BlockKind, Book, Locator, Span
from reader_app.books.typography.hyphenation import SOFT_HYPHEN, with_soft_hyphens
from reader_app.ui.page.appearance import Appearance
from reader_app.ui.page.doc_blocks import insert_image, insert_table
from reader_app.ui.page.doc_positions import PositionMap
from reader_app.ui.page.images import ImageCache
from reader_app.ui.page.internal_links import internal_href
from reader_app.ui.page.kinsoku import WORD_JOINER
from reader_app.ui.page.list_markers import ListMarker, paint_list_markers
from reader_app.ui.page.math_render import MathSetter
from reader_app.ui.page.media_blocks import RestingPictures, insert_media
from reader_app.ui.page.page_formats import PageFormats
from reader_app.ui.page.pagination import EPSILON, LineBox, PageGeometry, page_of_top, page_tops
from reader_app.ui.page.text_effects import ZERO_WIDTH_SPACE, transformed
from reader_app.ui.page.underlines import paint_under_lines

log = logging.getLogger(__name__)
LINE_SEPARATOR = "\u2028"  # a line break inside a block that keeps it one QTextBlock
_MINIMUM_HEIGHT = 3  # QTextBlockFormat.LineHeightTypes.MinimumHeight


class SectionDocument:
    """A laid-out section: paint pages, map positions to locators and back.

    Soft hyphens (justified text) and typeset formulas exist only in this document:
    `position_of` and `locator_at` map over them (ui/page/doc_positions.py), and `text_between`
    leaves
    the hyphens out and gives a formula's text, so locators, selection and copying see the book's.
    """

    def __init__(
        self,
        book: Book,
        section_index: int,
        appearance: Appearance,
        page: PageGeometry,
        *,
        images: ImageCache | None = None,
        fonts: Mapping[str, str] | None = None,
        unplayable: Mapping[str, str] | None = None,
        in_steps: bool = False,
    ) -> None:
        self.book = book
        self.section_index = section_index
        self.section = book.sections[section_index]
        self.appearance = appearance
        self.theme = appearance.resolved_theme()
        self.page = page
        self.images = images if images is not None else ImageCache()
        self.fonts = fonts
        self.doc = QTextDocument()
        self.doc.setUndoRedoEnabled(False)
        self.block_starts: list[int] = []
        self.list_markers: list[ListMarker] = []  # painted in the margin (ui/page/list_markers.py)
        # Audio and video: the blocks drawn as a player's box; the members that failed to play
        # (-> why), whose blocks show their fallback text instead (ui/page/media_blocks.py).
        self.media_blocks: list[int] = []
        self.unplayable: Mapping[str, str] = unplayable or {}
        self.resting = RestingPictures(self.doc, theme=self.theme,
                                       font_size=appearance.font_size)
        self.positions = PositionMap()
        self._joiner = SOFT_HYPHEN  # or a zero-width space (word-break: break-all)
        # Keep lines to a comfortable measure on wide pages by widening the side margins.
        measure = appearance.font_size * appearance.measure * 1.33
        side = (page.width - measure) / 2 if appearance.measure > 0 else 0.0
        self.side_margin = max(float(appearance.margin), side)
        self.maths = MathSetter(self.doc, self.images, self.positions, colour=self.theme.text,
                                pixel_ratio=page.pixel_ratio, book=book,
                                width=page.width - 2 * self.side_margin,
                                enabled=appearance.typeset_math)  # fmt: skip
        # The column is laid out once; pages are cut from it between lines (ui/page/pagination.py).
        self.page_margin = appearance.margin * 0.6
        self.content_height = max(page.height - 2 * self.page_margin, 1.0)
        self.tops: list[float] = [0.0]  # where each page begins in the column
        self._steps = self._layout_steps()
        if not in_steps:
            self.finish()

    # -- building ---------------------------------------------------------------------------

    def step(self) -> bool:
        """One piece of the building and layout (a block or so); False once it is all done.
        With `in_steps`, the document may be used only after this said False or `finish()`."""
        return next(self._steps, False)

    def finish(self) -> None:
        for _ in self._steps:
            pass

    def _layout_steps(self) -> Iterator[bool]:
        yield from self._build()
        self.doc.setTextWidth(self.page.width)
        yield True
        self.lines: list[LineBox] = []
        yield from self._line_boxes(self.lines)
        self._line_starts = [line.start for line in self.lines]
        self._by_top = sorted(self.lines, key=lambda line: (line.top, line.start))
        self._line_tops = [line.top for line in self._by_top]
        self.repaginate(None)

    def _build(self) -> Iterator[bool]:
        appearance = self.appearance
        font = QFont(appearance.resolved_family())
        font.setPointSizeF(appearance.font_size)
        font.setStyleHint(QFont.StyleHint.Serif)
        self.doc.setDefaultFont(font)
        self.doc.setDocumentMargin(0)
        self.formats = PageFormats(appearance, self.theme, font, fonts=self.fonts)
        root = self.doc.rootFrame().frameFormat()
        root.setTopMargin(0)
        root.setBottomMargin(0)
        root.setLeftMargin(self.side_margin)
        root.setRightMargin(self.side_margin)
        self.doc.rootFrame().setFrameFormat(root)
        language = self.book.metadata.language
        cursor = QTextCursor(self.doc)
        previous_bottom = 0.0
        for index, block in enumerate(self.section.blocks):
            if index > 0:
                cursor.movePosition(QTextCursor.MoveOperation.End)
                cursor.insertBlock()
            self.block_starts.append(cursor.position())
            fmt = self.formats.block_format(block, previous_bottom if index else 0.0)
            if index == 0:
                fmt.setPageBreakPolicy(QTextFormat.PageBreakFlag.PageBreak_Auto)
            previous_bottom = fmt.bottomMargin()
            cursor.setBlockFormat(fmt)
            breaks, self._joiner = self.formats.breaks(block, language)
            if breaks:
                self.positions.hyphens[index] = breaks
            if block.kind == BlockKind.LIST_ITEM and block.marker:
                self.list_markers.append(ListMarker(cursor.position(), block.marker))
            # One edit: Qt lays the block out again after every insertion otherwise, quadratic
            # in its pieces (a paragraph of 10,000 links took 17 s to insert, in one edit 0.05 s).
            cursor.beginEditBlock()
            self._insert_block(cursor, block, index)
            cursor.endEditBlock()
            if index in self.positions.maths:  # a typeset formula may be taller than a line
                fmt.setLineHeight(fmt.lineHeight(), _MINIMUM_HEIGHT)
                cursor.setBlockFormat(fmt)
            yield True
        if not self.section.blocks:
            self.block_starts.append(0)

    def _insert_block(self, cursor: QTextCursor, block: Block, index: int) -> None:
        base = self.formats.base_format(block)
        if block.kind == BlockKind.IMAGE:
            area_h = self.page.height - 1.2 * self.appearance.margin - self.appearance.font_size * 3
            area = QSizeF(self.page.width - 2 * self.side_margin, area_h)
            ratio = self.page.pixel_ratio
            insert_image(
                self.doc, cursor, block, self.book, self.images, area, ratio, theme=self.theme
            )
            return
        if block.kind == BlockKind.MEDIA and block.media is not None:
            area = QSizeF(self.page.width - 2 * self.side_margin, self.content_height)
            if insert_media(self.doc, cursor, block, area=area, theme=self.theme,
                            font_size=self.appearance.font_size, pictures=self.resting,
                            unplayable=self.unplayable):
                self.media_blocks.append(index)
            return
        if block.kind == BlockKind.RULE:
            cursor.insertText("⁂", base)
            return
        if block.kind == BlockKind.TABLE and block.rows:
            insert_table(cursor, block, base, QColor(self.theme.muted))
            return
        self._insert_text(cursor, block, base, index)

    def _insert_text(
        self, cursor: QTextCursor, block: Block, base: QTextCharFormat, index: int
    ) -> None:
        breaks = self.positions.hyphens.get(index, [])
        text = transformed(block, styled=self.formats.styled(block)).replace("\n", LINE_SEPARATOR)
        # Split the text at every span edge and give each piece the union of its spans' styles.
        for start, end, covering in _pieces(len(text), block.spans):
            fmt = base
            if covering:
                fmt = QTextCharFormat(base)
                for span in covering:
                    self._apply_span(fmt, span, block)
                math = next(
                    (s for s in covering if s.math and (s.start, s.end) == (start, end)), None
                )
                if math is not None and self.maths.insert(cursor, math, fmt, index, text):
                    continue
            cursor.insertText(with_soft_hyphens(text, start, end, breaks, self._joiner), fmt)

    def _apply_span(self, fmt: QTextCharFormat, span: Span, block: Block) -> None:
        self.formats.apply_span(fmt, span, block)
        href = internal_href(span.target) if span.target else span.href
        if href:
            fmt.setAnchor(True)
            fmt.setAnchorHref(href)
            fmt.setForeground(QColor(self.theme.link))
            if span.href:
                fmt.setFontUnderline(True)

    def replace_image(self, name: str, image: QImage) -> None:
        """Swap in a finished raster for `name`: the image format fixes the drawn size, so the
        layout stands and only a repaint is needed."""
        if name in self.maths.names or any(block.image == name for block in self.section.blocks):
            url = QUrl(f"img:{name}")
            self.doc.addResource(QTextDocument.ResourceType.ImageResource, url, image)

    def _line_boxes(self, boxes: list[LineBox]) -> Iterator[bool]:
        """Every line of the column in document order (table cells in cell order)."""
        self.doc.documentLayout().documentSize()  # lays the column out
        yield True
        block = self.doc.begin()
        while block.isValid():
            text_layout = block.layout()
            origin_y = self.layout_top(block)
            policy = block.blockFormat().pageBreakPolicy()
            forced = bool(policy & QTextFormat.PageBreakFlag.PageBreak_AlwaysBefore)
            for i in range(text_layout.lineCount()):
                line = text_layout.lineAt(i)
                top = origin_y + line.y()
                start = block.position() + line.textStart()
                end = start + line.textLength()
                boxes.append(LineBox(top, top + line.height(), start, end, forced and i == 0))
            block = block.next()
            yield True

    # -- pages ------------------------------------------------------------------------------

    def repaginate(self, anchor: Locator | None, *, even: bool = False) -> None:
        """Cut the pages so that one begins with the line holding `anchor` (None: from the top).

        `even`: two pages are shown side by side, and the anchored one must be the left one."""
        anchor_top = None
        if anchor is not None:
            line = self._line_at(self.position_of(anchor))
            anchor_top = line.top if line is not None else None
        self.tops = page_tops(
            self._by_top,
            page_height=self.content_height,
            anchor_top=anchor_top,
            even_before_anchor=even,
        )

    @property
    def page_count(self) -> int:
        return len(self.tops)

    def page_span(self, page_index: int) -> tuple[float, float]:
        """The part of the column page `page_index` shows: `[top, bottom)`."""
        page_index = min(max(page_index, 0), len(self.tops) - 1)  # a stale index stays in range
        top = self.tops[page_index]
        limit = top + self.content_height + EPSILON
        if page_index + 1 < len(self.tops):
            return top, min(self.tops[page_index + 1], limit)
        return top, limit

    def view_y(self, page_index: int, column_y: float) -> float:
        """Where column coordinate `column_y` is drawn on page `page_index` (page coordinates)."""
        return column_y - self.tops[page_index] + self.page_margin

    def layout_top(self, block: QTextBlock) -> float:
        """The column coordinate of `block`'s layout (blocks in table cells sit in their cell)."""
        return self.doc.documentLayout().blockBoundingRect(block).top()

    def paint_page(self, painter: QPainter, page_index: int, origin: QPointF) -> None:
        top, bottom = self.page_span(page_index)
        # Glyphs may overhang their line into the page margins, but never show a neighbour's line.
        above = bisect.bisect_left(self._line_tops, top - EPSILON) - 1
        previous_bottom = self._by_top[above].bottom if above >= 0 else -1e9
        clip_top = min(top, max(top - self.page_margin, previous_bottom))
        later = bisect.bisect_left(self._line_tops, bottom - EPSILON)
        clip_bottom = bottom + self.page_margin
        if later < len(self._line_tops):
            clip_bottom = min(clip_bottom, self._line_tops[later])
        painter.save()
        painter.translate(origin.x(), origin.y() + self.page_margin - top)
        context = QAbstractTextDocumentLayout.PaintContext()
        context.clip = QRectF(0, clip_top, self.page.width, clip_bottom - clip_top)
        palette = QPalette()
        palette.setColor(QPalette.ColorRole.Text, QColor(self.theme.text))
        context.palette = palette
        painter.setClipRect(context.clip)
        self.doc.documentLayout().draw(painter, context)
        paint_list_markers(painter, self.list_markers, self._block_at, top=top, bottom=bottom,
                           colour=QColor(self.theme.text))
        if self.formats.under_lines:
            paint_under_lines(painter, self.doc, self.layout_top, top=top, bottom=bottom,
                              colour=QColor(self.theme.text))
        painter.restore()

    def media_boxes(self, page_index: int) -> list[tuple[int, QRectF]]:
        """The player boxes drawn on page `page_index`: (block index, rectangle in the page's
        coordinates), each wholly on the page (a box is one line, never cut by a page end)."""
        top, bottom = self.page_span(page_index)
        boxes = []
        for index in self.media_blocks:
            block = self.doc.findBlock(self.block_starts[index])
            layout = block.layout()
            if layout.lineCount() == 0:
                continue
            line = layout.lineAt(0)
            y = self.layout_top(block) + line.y()
            if not top - EPSILON <= y < bottom - EPSILON:
                continue
            image = block.begin().fragment().charFormat().toImageFormat()
            width, height = image.width(), image.height()
            x = layout.position().x() + line.naturalTextRect().x()  # aligned, as drawn
            y += line.ascent() - height  # the picture stands on the line's baseline
            boxes.append((index, QRectF(x, self.view_y(page_index, y), width, height)))
        return boxes

    def _block_at(self, position: int) -> tuple[QTextBlock, float]:
        block = self.doc.findBlock(position)
        return block, self.layout_top(block)

    def position_of(self, locator: Locator) -> int:
        if not self.block_starts:
            return 0
        block = min(max(locator.block, 0), len(self.block_starts) - 1)
        start = self.block_starts[block]
        length = len(self.section.blocks[block].text) if self.section.blocks else 0
        limit = self.block_starts[block + 1] - 1 if block + 1 < len(self.block_starts) else None
        char = min(max(locator.char, 0), length)
        position = start + self.positions.to_document(block, char)
        if limit is not None:
            position = min(position, max(limit, start))
        return min(position, max(self.doc.characterCount() - 1, 0))

    def locator_at(self, position: int) -> Locator:
        block = max(bisect.bisect_right(self.block_starts, position) - 1, 0)
        if not self.section.blocks:
            return Locator(self.section_index, 0, 0)
        model_block = self.section.blocks[block]
        offset = self.positions.to_model(block, max(position - self.block_starts[block], 0))
        char = min(offset, len(model_block.text))
        if model_block.kind == BlockKind.TABLE:
            char = 0
        return Locator(self.section_index, block, char)

    def _line_at(self, position: int) -> LineBox | None:
        index = bisect.bisect_right(self._line_starts, position) - 1
        return self.lines[max(index, 0)] if self.lines else None

    def page_of(self, locator: Locator) -> int:
        """The page on which the character at `locator` is drawn."""
        line = self._line_at(self.position_of(locator))
        if line is None:
            return 0
        return min(page_of_top(self.tops, line.top), self.page_count - 1)

    def page_text_range(self, page_index: int) -> tuple[int, int]:
        """Document positions of the first and just-after-last characters on the page."""
        top, bottom = self.page_span(page_index)
        first = bisect.bisect_left(self._line_tops, top - EPSILON)
        last = bisect.bisect_left(self._line_tops, bottom - EPSILON)
        shown = self._by_top[first:last]
        if not shown:
            at = self._by_top[first].start if first < len(self._by_top) else 0
            return at, at
        return min(line.start for line in shown), max(line.end for line in shown)

    def first_locator_on_page(self, page_index: int) -> Locator:
        return self.locator_at(self.page_text_range(page_index)[0])

    def end_locator_on_page(self, page_index: int) -> Locator:
        """The place just after the last character fully shown on the page."""
        if page_index >= self.page_count - 1 and self.section.blocks:
            last = len(self.section.blocks) - 1
            return Locator(self.section_index, last, len(self.section.blocks[last].text))
        return self.locator_at(self.page_text_range(page_index)[1])

    def anchor_at(self, point: QPointF, page_index: int, origin: QPointF) -> str:
        y = point.y() - origin.y() - self.page_margin + self.tops[page_index]
        return self.doc.documentLayout().anchorAt(QPointF(point.x() - origin.x(), y))

    def position_at(self, point: QPointF, page_index: int, origin: QPointF) -> int:
        y = point.y() - origin.y() - self.page_margin + self.tops[page_index]
        point = QPointF(point.x() - origin.x(), y)
        return self.doc.documentLayout().hitTest(point, Qt.HitTestAccuracy.FuzzyHit)

    def text_between(self, start: int, end: int) -> str:
        cursor = QTextCursor(self.doc)
        cursor.setPosition(min(start, end))
        cursor.setPosition(max(start, end), QTextCursor.MoveMode.KeepAnchor)
        text = cursor.selectedText()
        low = min(start, end)
        if self.maths.texts and "\ufffc" in text:  # a typeset formula: its text
            texts = self.maths.texts
            text = "".join(
                texts.get(low + i, char) if char == "\ufffc" else char
                for i, char in enumerate(text)
            )
        text = text.replace(SOFT_HYPHEN, "").replace(ZERO_WIDTH_SPACE, "").replace(WORD_JOINER, "")
        return text.replace(LINE_SEPARATOR, "\n").replace("\u2029", "\n")


def _pieces(length: int, spans: tuple[Span, ...]) -> Iterator[tuple[int, int, list[Span]]]:
    """The text (`length` characters) cut at every span edge: each piece with the spans that
    cover it, in their order. One sweep: a scan of every span for every piece was quadratic in
    a paragraph's links."""
    edges = sorted({0, length, *(s.start for s in spans), *(s.end for s in spans)})
    by_start = sorted(range(len(spans)), key=lambda i: spans[i].start)
    active: dict[int, Span] = {}  # span index -> span begun and not yet ended
    begun = 0
    for start, end in itertools.pairwise(edges):
        while begun < len(by_start) and spans[by_start[begun]].start <= start:
            active[by_start[begun]] = spans[by_start[begun]]
            begun += 1
        active = {i: span for i, span in active.items() if span.end > start}
        if start < end and start < length:
            yield start, end, [span for _, span in sorted(active.items()) if end <= span.end]

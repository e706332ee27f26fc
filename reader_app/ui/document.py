"""One section laid out by Qt's text engine: a paginated QTextDocument built block by block.

Each model block becomes exactly one QTextBlock (tables aside), so a locator (block, char) is a
QTextCursor position and back: positions stay exact whatever the font or window size.
"""

from __future__ import annotations

import bisect
import itertools
import logging
from dataclasses import dataclass

from PySide6.QtCore import QByteArray, QPointF, QRectF, QSize, QSizeF, Qt, QUrl
from PySide6.QtGui import (
    QAbstractTextDocumentLayout,
    QColor,
    QFont,
    QImage,
    QImageReader,
    QPainter,
    QPalette,
    QTextBlockFormat,
    QTextCharFormat,
    QTextCursor,
    QTextDocument,
    QTextImageFormat,
    QTextLength,
    QTextTableFormat,
)
from PySide6.QtSvg import QSvgRenderer

from reader_app.books.covers import check_image_size
from reader_app.books.model import Block, BlockKind, Book, Locator, Span
from reader_app.errors import UnsafeBookError
from reader_app.ui.appearance import Appearance

log = logging.getLogger(__name__)

LINE_SEPARATOR = "\u2028"  # a line break inside a block that keeps it one QTextBlock
MAX_IMAGE_PIXELS = 40_000_000
INTERNAL_SCHEME = "pagemate"
MEASURE_EMS = 36  # longest line, in ems of the body font


def internal_href(target: Locator) -> str:
    return f"{INTERNAL_SCHEME}:{target.section}/{target.block}/{target.char}"


def parse_internal_href(href: str) -> Locator | None:
    if not href.startswith(INTERNAL_SCHEME + ":"):
        return None
    try:
        section, block, char = (int(p) for p in href.split(":", 1)[1].split("/"))
    except ValueError:
        return None
    return Locator(section, block, char)


@dataclass(frozen=True, slots=True)
class PageGeometry:
    width: float
    height: float


class SectionDocument:
    """A laid-out section: paint pages, map positions to locators and back."""

    def __init__(
        self, book: Book, section_index: int, appearance: Appearance, page: PageGeometry
    ) -> None:
        self.book = book
        self.section_index = section_index
        self.section = book.sections[section_index]
        self.appearance = appearance
        self.theme = appearance.resolved_theme()
        self.page = page
        self.doc = QTextDocument()
        self.doc.setUndoRedoEnabled(False)
        self.block_starts: list[int] = []
        # Keep lines to a comfortable measure on wide pages by widening the side margins.
        measure = appearance.font_size * MEASURE_EMS * 1.33
        self.side_margin = max(float(appearance.margin), (page.width - measure) / 2)
        self._build()
        self.doc.setPageSize(QSizeF(page.width, page.height))
        self._page_count = max(1, self.doc.pageCount())

    # -- building ---------------------------------------------------------------------------

    def _build(self) -> None:
        appearance = self.appearance
        font = QFont(appearance.font_family)
        font.setPointSizeF(appearance.font_size)
        font.setStyleHint(QFont.StyleHint.Serif)
        self.doc.setDefaultFont(font)
        self.doc.setDocumentMargin(0)
        root = self.doc.rootFrame().frameFormat()
        root.setTopMargin(appearance.margin * 0.6)
        root.setBottomMargin(appearance.margin * 0.6)
        root.setLeftMargin(self.side_margin)
        root.setRightMargin(self.side_margin)
        self.doc.rootFrame().setFrameFormat(root)

        cursor = QTextCursor(self.doc)
        for index, block in enumerate(self.section.blocks):
            if index > 0:
                cursor.movePosition(QTextCursor.MoveOperation.End)
                cursor.insertBlock()
            self.block_starts.append(cursor.position())
            self._insert_block(cursor, block)
        if not self.section.blocks:
            self.block_starts.append(0)

    def _block_format(self, block: Block) -> QTextBlockFormat:
        a = self.appearance
        fmt = QTextBlockFormat()
        fmt.setLineHeight(a.line_spacing * 100, 1)  # 1 = ProportionalHeight
        para_gap = a.font_size * 0.55
        if block.kind == BlockKind.HEADING:
            fmt.setTopMargin(a.font_size * (2.2 if block.level <= 2 else 1.4))
            fmt.setBottomMargin(a.font_size * 0.9)
            fmt.setAlignment(Qt.AlignmentFlag.AlignCenter)
            fmt.setHeadingLevel(max(1, min(block.level, 6)))
        elif block.kind == BlockKind.QUOTE:
            fmt.setLeftMargin(a.font_size * 2 * max(block.level, 1))
            fmt.setRightMargin(a.font_size * 2)
            fmt.setBottomMargin(para_gap)
        elif block.kind == BlockKind.LIST_ITEM:
            fmt.setLeftMargin(a.font_size * 1.6 * max(block.level, 1))
            fmt.setBottomMargin(para_gap * 0.5)
        elif block.kind == BlockKind.PREFORMATTED:
            fmt.setNonBreakableLines(True)
            fmt.setLeftMargin(a.font_size)
            fmt.setBottomMargin(para_gap)
        elif block.kind in (BlockKind.IMAGE, BlockKind.RULE):
            fmt.setAlignment(Qt.AlignmentFlag.AlignCenter)
            fmt.setTopMargin(para_gap)
            fmt.setBottomMargin(para_gap)
        else:
            fmt.setBottomMargin(para_gap)
        if block.kind in (BlockKind.PARAGRAPH, BlockKind.QUOTE, BlockKind.LIST_ITEM) or (
            block.align and block.kind != BlockKind.HEADING
        ):
            fmt.setAlignment(_alignment(block.align, justify=a.justify))
        return fmt

    def _insert_block(self, cursor: QTextCursor, block: Block) -> None:
        fmt = self._block_format(block)
        cursor.setBlockFormat(fmt)
        base = QTextCharFormat()
        base.setForeground(QColor(self.theme.text))
        if block.kind == BlockKind.HEADING:
            base.setFontWeight(QFont.Weight.Bold)
            base.setFontPointSize(self.appearance.font_size * _heading_scale(block.level))
        elif block.kind == BlockKind.PREFORMATTED:
            base.setFontFamilies(["DejaVu Sans Mono", "monospace"])
        if block.kind == BlockKind.IMAGE:
            self._insert_image(cursor, block)
            return
        if block.kind == BlockKind.RULE:
            cursor.insertText("⁂", base)
            return
        if block.kind == BlockKind.TABLE and block.rows:
            self._insert_table(cursor, block, base)
            return
        if block.kind == BlockKind.LIST_ITEM and block.marker:
            fmt.setTextIndent(-self.appearance.font_size * 1.2)
            cursor.setBlockFormat(fmt)
        self._insert_text(cursor, block.text, block.spans, base)

    def _insert_text(
        self, cursor: QTextCursor, text: str, spans: tuple[Span, ...], base: QTextCharFormat
    ) -> None:
        text = text.replace("\n", LINE_SEPARATOR)
        if not spans:
            cursor.insertText(text, base)
            return
        # Split the text at every span edge and give each piece the union of its spans' styles.
        edges = sorted({0, len(text), *(s.start for s in spans), *(s.end for s in spans)})
        for start, end in itertools.pairwise(edges):
            if start >= end or start >= len(text):
                continue
            fmt = QTextCharFormat(base)
            for span in spans:
                if span.start <= start and end <= span.end:
                    self._apply_span(fmt, span)
            cursor.insertText(text[start:end], fmt)

    def _apply_span(self, fmt: QTextCharFormat, span: Span) -> None:
        if span.bold:
            fmt.setFontWeight(QFont.Weight.Bold)
        if span.italic:
            fmt.setFontItalic(True)
        if span.underline:
            fmt.setFontUnderline(True)
        if span.monospace:
            fmt.setFontFamilies(["DejaVu Sans Mono", "monospace"])
        if span.small_caps:
            fmt.setFontCapitalization(QFont.Capitalization.SmallCaps)
        if span.superscript:
            fmt.setVerticalAlignment(QTextCharFormat.VerticalAlignment.AlignSuperScript)
        if span.subscript:
            fmt.setVerticalAlignment(QTextCharFormat.VerticalAlignment.AlignSubScript)
        href = internal_href(span.target) if span.target else span.href
        if href:
            fmt.setAnchor(True)
            fmt.setAnchorHref(href)
            fmt.setForeground(QColor(self.theme.link))
            if span.href:
                fmt.setFontUnderline(True)

    def _insert_table(self, cursor: QTextCursor, block: Block, base: QTextCharFormat) -> None:
        columns = max(len(row) for row in block.rows)
        table_format = QTextTableFormat()
        table_format.setCellPadding(4)
        table_format.setCellSpacing(0)
        table_format.setBorder(0.5)
        table_format.setBorderBrush(QColor(self.theme.muted))
        table_format.setWidth(QTextLength(QTextLength.Type.PercentageLength, 100))
        table = cursor.insertTable(len(block.rows), columns, table_format)
        for r, row in enumerate(block.rows):
            for c, cell in enumerate(row):
                cell_cursor = table.cellAt(r, c).firstCursorPosition()
                cell_cursor.insertText(cell, base)
        cursor.movePosition(QTextCursor.MoveOperation.End)

    def _insert_image(self, cursor: QTextCursor, block: Block) -> None:
        image = self._load_image(block.image) if block.image else None
        if image is None or image.isNull():
            base = QTextCharFormat()
            base.setForeground(QColor(self.theme.muted))
            base.setFontItalic(True)
            cursor.insertText("[image]" if not block.text else block.text, base)
            return
        name = f"img:{block.image}"
        self.doc.addResource(QTextDocument.ResourceType.ImageResource, QUrl(name), image)
        fmt = QTextImageFormat()
        fmt.setName(name)
        # Fit inside the text area of one page, never upscaled past 2x.
        area_w = self.page.width - 2 * self.side_margin
        area_h = self.page.height - 1.2 * self.appearance.margin - self.appearance.font_size * 3
        scale = min(area_w / image.width(), area_h / image.height(), 2.0)
        fmt.setWidth(max(1.0, image.width() * scale))
        fmt.setHeight(max(1.0, image.height() * scale))
        cursor.insertImage(fmt)

    def _load_image(self, name: str) -> QImage | None:
        try:
            data = self.book.load_resource(name)
        except (KeyError, OSError, ValueError) as exc:
            log.warning("image %s missing from %s: %s", name, self.book.path.name, exc)
            return None
        except Exception as exc:  # a hostile resource must not take the page down with it
            log.warning("image %s unreadable in %s: %s", name, self.book.path.name, exc)
            return None
        return decode_image(data, name=name, target=self._image_target_size())

    def _image_target_size(self) -> QSize:
        return QSize(int(self.page.width * 2), int(self.page.height * 2))

    # -- pages ------------------------------------------------------------------------------

    @property
    def page_count(self) -> int:
        return self._page_count

    def paint_page(self, painter: QPainter, page_index: int, origin: QPointF) -> None:
        height = self.page.height
        painter.save()
        painter.translate(origin.x(), origin.y() - page_index * height)
        context = QAbstractTextDocumentLayout.PaintContext()
        context.clip = QRectF(0, page_index * height, self.page.width, height)
        palette = QPalette()
        palette.setColor(QPalette.ColorRole.Text, QColor(self.theme.text))
        context.palette = palette
        painter.setClipRect(context.clip)
        self.doc.documentLayout().draw(painter, context)
        painter.restore()

    def position_of(self, locator: Locator) -> int:
        if not self.block_starts:
            return 0
        block = min(max(locator.block, 0), len(self.block_starts) - 1)
        start = self.block_starts[block]
        length = len(self.section.blocks[block].text) if self.section.blocks else 0
        limit = self.block_starts[block + 1] - 1 if block + 1 < len(self.block_starts) else None
        position = start + min(max(locator.char, 0), length)
        if limit is not None:
            position = min(position, max(limit, start))
        return min(position, max(self.doc.characterCount() - 1, 0))

    def locator_at(self, position: int) -> Locator:
        block = max(bisect.bisect_right(self.block_starts, position) - 1, 0)
        if not self.section.blocks:
            return Locator(self.section_index, 0, 0)
        model_block = self.section.blocks[block]
        char = min(max(position - self.block_starts[block], 0), len(model_block.text))
        if model_block.kind == BlockKind.TABLE:
            char = 0
        return Locator(self.section_index, block, char)

    def page_of(self, locator: Locator) -> int:
        """The page on which the character at `locator` is drawn."""
        y = self._y_of_position(self.position_of(locator))
        return min(max(int(y // self.page.height), 0), self.page_count - 1)

    def _y_of_position(self, position: int) -> float:
        text_block = self.doc.findBlock(position)
        if not text_block.isValid():
            return 0.0
        layout = text_block.layout()
        line = layout.lineForTextPosition(position - text_block.position())
        if line.isValid():
            return layout.position().y() + line.y() + line.height() / 2
        return self.doc.documentLayout().blockBoundingRect(text_block).top()

    def page_text_range(self, page_index: int) -> tuple[int, int]:
        """Document positions of the first and just-after-last characters fully on the page."""
        top = page_index * self.page.height
        bottom = top + self.page.height
        first: int | None = None
        last = 0
        layout = self.doc.documentLayout()
        block = self.doc.begin()
        while block.isValid():
            rect = layout.blockBoundingRect(block)
            if rect.bottom() < top:
                block = block.next()
                continue
            if rect.top() > bottom:
                break
            text_layout = block.layout()
            origin_y = text_layout.position().y()
            for i in range(text_layout.lineCount()):
                line = text_layout.lineAt(i)
                y0 = origin_y + line.y()
                y1 = y0 + line.height()
                if y1 <= top + 0.5 or y0 >= bottom - 0.5:
                    continue
                start = block.position() + line.textStart()
                if first is None:
                    first = start
                if y1 <= bottom + 0.5:
                    last = start + line.textLength()
            if block.length() <= 1 and first is None and rect.top() >= top:
                first = block.position()
            block = block.next()
        if first is None:
            first = last
        return first, max(last, first)

    def first_locator_on_page(self, page_index: int) -> Locator:
        return self.locator_at(self.page_text_range(page_index)[0])

    def end_locator_on_page(self, page_index: int) -> Locator:
        """The place just after the last character fully shown on the page."""
        if page_index >= self.page_count - 1 and self.section.blocks:
            last = len(self.section.blocks) - 1
            return Locator(self.section_index, last, len(self.section.blocks[last].text))
        return self.locator_at(self.page_text_range(page_index)[1])

    def anchor_at(self, point: QPointF, page_index: int, origin: QPointF) -> str:
        doc_point = QPointF(
            point.x() - origin.x(), point.y() - origin.y() + page_index * self.page.height
        )
        return self.doc.documentLayout().anchorAt(doc_point)

    def position_at(self, point: QPointF, page_index: int, origin: QPointF) -> int:
        doc_point = QPointF(
            point.x() - origin.x(), point.y() - origin.y() + page_index * self.page.height
        )
        return self.doc.documentLayout().hitTest(doc_point, Qt.HitTestAccuracy.FuzzyHit)

    def text_between(self, start: int, end: int) -> str:
        cursor = QTextCursor(self.doc)
        cursor.setPosition(min(start, end))
        cursor.setPosition(max(start, end), QTextCursor.MoveMode.KeepAnchor)
        return cursor.selectedText().replace(LINE_SEPARATOR, "\n").replace("\u2029", "\n")


def decode_image(data: bytes, *, name: str, target: QSize) -> QImage | None:
    """Decode a book image safely: SVG rendered to a bounded raster, pixel caps on bitmaps."""
    try:
        # Header-only check: refuses giant bitmaps and SVGs that declare entities.
        check_image_size(data, name=name)
    except UnsafeBookError as error:
        log.warning("image %s refused: %s", name, error)
        return None
    if name.lower().endswith((".svg", ".svgz")) or data.lstrip()[:5] in (b"<?xml", b"<svg "):
        renderer = QSvgRenderer(QByteArray(data))
        if not renderer.isValid():
            return None
        size = renderer.defaultSize()
        if size.isEmpty():
            size = QSize(800, 1000)
        size.scale(target, Qt.AspectRatioMode.KeepAspectRatio)
        image = QImage(size, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(Qt.GlobalColor.white)
        painter = QPainter(image)
        renderer.render(painter)
        painter.end()
        return image
    buffer = QByteArray(data)
    from PySide6.QtCore import QBuffer, QIODevice

    device = QBuffer(buffer)
    device.open(QIODevice.OpenModeFlag.ReadOnly)
    reader = QImageReader(device)
    size = reader.size()
    if not size.isValid() or size.width() * size.height() > MAX_IMAGE_PIXELS:
        log.warning("image %s refused: %sx%s pixels", name, size.width(), size.height())
        return None
    if size.width() > target.width() or size.height() > target.height():
        scaled = QSize(size)
        scaled.scale(target, Qt.AspectRatioMode.KeepAspectRatio)
        reader.setScaledSize(scaled)
    image = reader.read()
    return None if image.isNull() else image


def _alignment(align: str, *, justify: bool) -> Qt.AlignmentFlag:
    if align == "center":
        return Qt.AlignmentFlag.AlignHCenter
    if align == "right":
        return Qt.AlignmentFlag.AlignRight
    if align == "left":
        return Qt.AlignmentFlag.AlignLeft
    return Qt.AlignmentFlag.AlignJustify if justify else Qt.AlignmentFlag.AlignLeft


def _heading_scale(level: int) -> float:
    return {1: 1.6, 2: 1.4, 3: 1.2, 4: 1.1}.get(level, 1.0)

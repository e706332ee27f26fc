"""Pictures and tables inserted into a section's QTextDocument (ui/page/document.py)."""

from __future__ import annotations

from PySide6.QtCore import QSize, QSizeF, QUrl
from PySide6.QtGui import (
    QColor,
    QTextCharFormat,
    QTextCursor,
    QTextDocument,
    QTextImageFormat,
    QTextLength,
    QTextTableFormat,
)

from reader_app.books.model import Block, Book
from reader_app.ui.page.appearance import Theme
from reader_app.ui.page.images import ImageCache
from reader_app.ui.translation import translate


def insert_table(cursor: QTextCursor, block: Block, base: QTextCharFormat, rule: QColor) -> None:
    columns = max(len(row) for row in block.rows)
    table_format = QTextTableFormat()
    table_format.setCellPadding(4)
    table_format.setCellSpacing(0)
    table_format.setBorder(0.5)
    table_format.setBorderBrush(rule)
    table_format.setWidth(QTextLength(QTextLength.Type.PercentageLength, 100))
    table = cursor.insertTable(len(block.rows), columns, table_format)
    for r, row in enumerate(block.rows):
        for c, cell in enumerate(row):
            cell_cursor = table.cellAt(r, c).firstCursorPosition()
            cell_cursor.insertText(cell, base)
    cursor.movePosition(QTextCursor.MoveOperation.End)


def insert_image(
    doc: QTextDocument,
    cursor: QTextCursor,
    block: Block,
    book: Book,
    images: ImageCache,
    area: QSizeF,
    pixel_ratio: float,
    *,
    theme: Theme,
) -> None:
    """The block's picture fitted inside `area` (one page's text area), never upscaled past 2x."""
    area_w, area_h = area.width(), area.height()
    image = None
    if block.image:
        image = images.image(
            book,
            block.image,
            target=QSize(max(int(area_w), 1), max(int(area_h), 1)),
            pixel_ratio=pixel_ratio,
            dark=theme.name == "dark",
        )
    if image is None or image.isNull():
        base = QTextCharFormat()
        base.setForeground(QColor(theme.muted))
        base.setFontItalic(True)
        # The alt text first, as the book wrote it (its offsets are the block's); then the note.
        note = (translate("Page", "[this picture could not be shown]") if block.image
                else translate("Page", "[image]"))
        cursor.insertText(f"{block.text} {note}" if block.text else note, base)
        return
    name = f"img:{block.image}"
    doc.addResource(QTextDocument.ResourceType.ImageResource, QUrl(name), image)
    fmt = QTextImageFormat()
    fmt.setName(name)
    width = image.width() / image.devicePixelRatio()
    height = image.height() / image.devicePixelRatio()
    scale = min(area_w / width, area_h / height, 2.0)
    fmt.setWidth(max(1.0, width * scale))
    fmt.setHeight(max(1.0, height * scale))
    cursor.insertImage(fmt)

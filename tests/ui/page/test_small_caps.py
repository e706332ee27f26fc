"""`font-variant: small-caps` is drawn with the font's own small capitals where it has them."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QFont, QImage, QPainter, QTextCharFormat
from pytestqt.qtbot import QtBot

from reader_app.books.model import Book
from reader_app.books.opening.formats import read_book
from reader_app.ui.page.appearance import BOOK_FONT, Appearance, register_book_fonts
from reader_app.ui.page.document import PageGeometry, SectionDocument
from reader_app.ui.page.font_features import SMALL_CAPS, FontFeatures, gsub_features
from tests.unit.books.epubgen import make_epub, xhtml

CSS = ".sc { font-variant: small-caps } p { margin: 0 }"
HEAD = '<link rel="stylesheet" href="book.css"/>'


def _book(tmp_path: Path) -> Book:
    chapter = xhtml('<p class="sc">Mr Darcy said nothing</p><p>Mr Darcy said nothing</p>').replace(
        "</head>", HEAD + "</head>"
    )
    path = make_epub(tmp_path / "sc.epub", {"c1.xhtml": chapter}, extra={"OEBPS/book.css": CSS})
    return read_book(path)


def _first_format(document: SectionDocument, block: int) -> QTextCharFormat:
    text_block = document.doc.findBlockByNumber(block)
    return text_block.begin().fragment().charFormat()


def _draw(document: SectionDocument) -> QImage:
    image = QImage(500, 300, QImage.Format.Format_RGB32)
    image.fill(Qt.GlobalColor.white)
    painter = QPainter(image)
    document.paint_page(painter, 0, QPointF(0, 0))
    painter.end()
    return image


def _right_edge(image: QImage, top: int, bottom: int) -> int:
    """The rightmost inked column between two rows."""
    return max(
        (
            x
            for y in range(top, bottom)
            for x in range(image.width())
            if image.pixelColor(x, y).lightness() < 128
        ),
        default=0,
    )


def test_the_bundled_face_uses_its_own_small_capitals(qtbot: QtBot, tmp_path: Path) -> None:
    register_book_fonts()
    assert SMALL_CAPS in FontFeatures().features(BOOK_FONT)
    book = _book(tmp_path)
    appearance = Appearance(font_family=BOOK_FONT, font_size=14, theme="light")
    document = SectionDocument(book, 0, appearance, PageGeometry(500, 300))
    small = _first_format(document, 0)
    plain = _first_format(document, 1)
    assert small.fontFeatures() == {QFont.Tag(SMALL_CAPS): 1}
    assert small.fontCapitalization() == QFont.Capitalization.MixedCase  # not Qt's imitation
    assert not plain.fontFeatures()
    # Drawn: small capitals are wider than the same words in lower case.
    page = _draw(document)
    page.save(str(tmp_path / "small-caps.png"))
    line = round(document.formats.line_height(1.0))
    top = round(appearance.margin * 0.6)
    plain_edge = _right_edge(page, top + line, top + 2 * line)
    assert plain_edge > 150
    assert _right_edge(page, top, top + line) > plain_edge + 10


def test_a_face_without_small_capitals_gets_qts_imitation(qtbot: QtBot, tmp_path: Path) -> None:
    assert SMALL_CAPS not in FontFeatures().features("DejaVu Serif")
    book = _book(tmp_path)
    appearance = Appearance(font_family="DejaVu Serif", font_size=14, theme="light")
    document = SectionDocument(book, 0, appearance, PageGeometry(500, 300))
    small = _first_format(document, 0)
    assert small.fontCapitalization() == QFont.Capitalization.SmallCaps
    assert not small.fontFeatures()


def test_damaged_gsub_tables_list_no_features() -> None:
    assert gsub_features(b"") == frozenset()
    assert gsub_features(b"\x00\x01\x00\x00\x00\x0a\xff\xff") == frozenset()

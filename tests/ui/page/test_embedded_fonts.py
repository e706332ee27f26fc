"""@font-face fonts from the book are drawn, de-obfuscated (IDPF and Adobe) and scoped to it."""

from __future__ import annotations

import hashlib
import uuid
from pathlib import Path

import pytest
from PySide6.QtGui import QColor, QImage
from pytestqt.qtbot import QtBot

from reader_app.books.model import Book, EmbeddedFont
from reader_app.books.opening.formats import read_book
from reader_app.books.typography.embedded_fonts import ADOBE, IDPF, deobfuscate
from reader_app.ui.page.appearance import Appearance
from reader_app.ui.reader.epub_view import EpubView
from tests.unit.books.epubgen import make_epub, package_document, xhtml

# A face every test machine has (scripts/install-system-deps.sh) but that the page never uses
# unless the book's @font-face rule loaded: the reader's face here is DejaVu Serif.
FONT_FILE = Path("/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf")
IDENTIFIER = "urn:uuid:12345678-9abc-def0-1234-56789abcdef0"
CSS = (
    "@font-face { font-family: 'Book Face'; src: url(../fonts/face.ttf) format('truetype') }\n"
    ".odd { font-family: 'Book Face', serif }\n"
    "body { font-family: 'Book Face' }\n"  # the body's face: the reader's choice wins there
)
LINE = "illicit lilies"


def _xor(data: bytes, key: bytes, count: int) -> bytes:
    head = bytes(b ^ key[i % len(key)] for i, b in enumerate(data[:count]))
    return head + data[count:]


def _encryption(algorithm: str) -> str:
    return (
        '<?xml version="1.0"?><encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container"'
        ' xmlns:enc="http://www.w3.org/2001/04/xmlenc#"><enc:EncryptedData>'
        f'<enc:EncryptionMethod Algorithm="{algorithm}"/><enc:CipherData>'
        '<enc:CipherReference URI="OEBPS/fonts/face.ttf"/></enc:CipherData>'
        "</enc:EncryptedData></encryption>"
    )


def _book(tmp_path: Path, obfuscation: str) -> Book:
    font = FONT_FILE.read_bytes()
    extra: dict[str, bytes | str] = {"OEBPS/css/book.css": CSS}
    if obfuscation == "idpf":
        # The identifier with its whitespace removed is the key's source (EPUB 3 OCF 4.2).
        font = _xor(font, hashlib.sha1(IDENTIFIER.encode()).digest(), 1040)
        extra["META-INF/encryption.xml"] = _encryption(IDPF)
    elif obfuscation == "adobe":
        font = _xor(font, uuid.UUID(IDENTIFIER.removeprefix("urn:uuid:")).bytes, 1024)
        extra["META-INF/encryption.xml"] = _encryption(ADOBE)
    extra["OEBPS/fonts/face.ttf"] = font
    chapter = xhtml(f'<p>{LINE}</p><p class="odd">{LINE}</p>').replace(
        "</head>", '<link rel="stylesheet" href="../css/book.css"/></head>'
    )
    opf = package_document(["text/c1.xhtml"]).replace(
        "urn:test:1", f"  {IDENTIFIER}\n"  # whitespace around it is not part of the key
    )
    path = make_epub(
        tmp_path / f"{obfuscation}.epub", {"text/c1.xhtml": chapter}, opf=opf, extra=extra
    )
    return read_book(path)


def _line_widths(page: QImage, background: QColor) -> list[int]:
    """Inked width of each band of rows that has ink, top to bottom."""
    widths: list[int] = []
    inked_rows: list[tuple[int, int]] = []
    for y in range(page.height()):
        xs = [
            x
            for x in range(0, page.width(), 1)
            if abs(page.pixelColor(x, y).lightness() - background.lightness()) > 60
        ]
        if xs:
            inked_rows.append((min(xs), max(xs)))
        elif inked_rows:
            widths.append(max(r for _, r in inked_rows) - min(left for left, _ in inked_rows))
            inked_rows = []
    return widths


@pytest.mark.parametrize("obfuscation", ["plain", "idpf", "adobe"])
def test_an_embedded_font_draws_the_text_that_names_it(
    qtbot: QtBot, tmp_path: Path, obfuscation: str
) -> None:
    assert FONT_FILE.exists()
    book = _book(tmp_path, obfuscation)
    assert [(f.family, f.member) for f in book.fonts] == [("book face", "OEBPS/fonts/face.ttf")]
    appearance = Appearance(font_family="DejaVu Serif", font_size=14, theme="light")
    view = EpubView()
    qtbot.addWidget(view)
    view.resize(500, 400)
    view.set_appearance(appearance)
    view.set_book(book)
    view.show()
    qtbot.waitExposed(view)
    view.relayout_now()
    assert view.fonts.families == {"book face": "DejaVu Sans Mono"}
    page = view.grab().toImage()
    page.save(str(tmp_path / f"{obfuscation}.png"))
    serif, embedded = _line_widths(page, QColor(appearance.resolved_theme().background))[:2]
    # The same words: narrow in the reader's serif, much wider in the monospaced book face.
    assert embedded > serif * 1.3, (serif, embedded)
    view.set_book(None)
    assert view.fonts.families == {}  # gone with the book


def test_a_wrong_key_leaves_the_font_unreadable_and_the_book_readable(
    qtbot: QtBot, tmp_path: Path
) -> None:
    book = _book(tmp_path, "idpf")
    font = book.fonts[0]
    wrong = EmbeddedFont(font.family, font.member, key=b"\x01" * 20, obfuscated=1040)
    assert deobfuscate(book.resource(font.member), wrong)[:4] != FONT_FILE.read_bytes()[:4]
    assert deobfuscate(book.resource(font.member), font) == FONT_FILE.read_bytes()

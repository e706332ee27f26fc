"""The book's `text-transform` and `word-break` (and their `-epub-` names), its underlines, the
`hidden` attribute and picture-only TOC entries, through real Qt (the W3C css-epub and nav
tests)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from PySide6.QtGui import QImage, QTextDocument
from pytestqt.qtbot import QtBot

from reader_app.books.model import Locator
from reader_app.books.opening.formats import read_book
from reader_app.books.typography.hyphenation import SOFT_HYPHEN
from reader_app.ui.page.appearance import Appearance
from reader_app.ui.page.text_effects import ZERO_WIDTH_SPACE
from tests.ui.page.test_book_typography import view_of
from tests.unit.books.epubgen import image_bytes, make_epub, xhtml

LIGHT = Appearance(font_family="DejaVu Serif", font_size=12, theme="light")
WORDS = "Notwithstanding extraordinary circumstances, correspondence continued. " * 6


def test_text_transform_is_drawn_but_the_book_keeps_its_letters(
    qtbot: QtBot, tmp_path: Path
) -> None:
    body = (
        '<p style="text-transform: uppercase">Straße and <i>quiet</i> words</p>'
        '<p class="c">the old man’s hat</p>'
        '<p style="-epub-text-transform: -epub-fullwidth">abc 123!</p>'
        '<p style="text-transform: lowercase">LOUD <span style="text-transform: none">KEPT'
        "</span></p>"
    )
    css = "<style>.c { text-transform: capitalize }</style>"
    chapter = xhtml(body).replace("</head>", css + "</head>")
    book = read_book(make_epub(tmp_path / "tt.epub", {"c1.xhtml": chapter}))
    texts = [b.text for b in book.sections[0].blocks]
    assert texts == ["Straße and quiet words", "the old man’s hat", "abc 123!", "LOUD KEPT"]
    view = view_of(qtbot, book, LIGHT, (600, 800))
    doc = view.current_document()
    assert doc is not None
    shown = [doc.doc.findBlock(start).text() for start in doc.block_starts]
    # "ß" has a two-letter capital: it is left as it is, so offsets stay the book's.
    assert shown == [
        "STRAßE AND QUIET WORDS",
        "The Old Man’s Hat",
        "ａｂｃ\u3000１２３！",
        "loud KEPT",
    ]
    # Locators, search and copying see the book's text.
    start, end = doc.position_of(Locator(0, 0, 0)), doc.position_of(Locator(0, 0, 8))
    assert doc.locator_at(end) == Locator(0, 0, 8)
    assert len(doc.text_between(start, end)) == 8
    # Publisher styles off: the book's letters as they are.
    view.set_appearance(
        Appearance(font_family="DejaVu Serif", font_size=12, publisher_styles=False)
    )
    doc = view.current_document()
    assert doc is not None
    assert doc.doc.findBlock(doc.block_starts[0]).text() == texts[0]


def test_word_break_keep_all_and_break_all(qtbot: QtBot, tmp_path: Path) -> None:
    body = (
        f"<p>{WORDS}</p>"
        f'<p style="-epub-word-break: keep-all">{WORDS}</p>'
        f'<p style="word-break: break-all">{WORDS}</p>'
    )
    book = read_book(make_epub(tmp_path / "wb.epub", {"c1.xhtml": xhtml(body)}))
    view = view_of(qtbot, book, LIGHT, (380, 900))  # justified and hyphenated by default
    doc = view.current_document()
    assert doc is not None
    blocks = [doc.doc.findBlock(start) for start in doc.block_starts]
    assert SOFT_HYPHEN in blocks[0].text()
    assert SOFT_HYPHEN not in blocks[1].text() and ZERO_WIDTH_SPACE not in blocks[1].text()
    assert ZERO_WIDTH_SPACE in blocks[2].text() and SOFT_HYPHEN not in blocks[2].text()
    # break-all: some line ends inside a word, with no hyphen drawn.
    layout = blocks[2].layout()
    text = book.sections[0].blocks[2].text
    mid_word = 0
    for i in range(layout.lineCount() - 1):
        line = layout.lineAt(i)
        end = doc.locator_at(blocks[2].position() + line.textStart() + line.textLength()).char
        if 0 < end < len(text) and text[end - 1].isalpha() and text[end].isalpha():
            mid_word += 1
    assert mid_word > 0
    # Every position still maps to the book's offsets and back; copying leaves the breaks out.
    for char in range(0, len(text) + 1, 5):
        locator = Locator(0, 2, char)
        assert doc.locator_at(doc.position_of(locator)) == locator
    whole = doc.text_between(
        doc.position_of(Locator(0, 2, 0)), doc.position_of(Locator(0, 2, len(text)))
    )
    assert whole == text


def test_hidden_attribute_hides_and_a_picture_entry_is_named_by_its_alt(tmp_path: Path) -> None:
    chapter = xhtml(
        '<p>Shown.</p><p hidden="">Never shown.</p><div hidden="hidden"><p>No</p></div>'
    )
    nav = xhtml(
        '<nav epub:type="toc"><ol><li><a href="c1.xhtml">Start</a></li>'
        '<li><a href="c2.xhtml"><img src="p.png" alt="  The   Abbey " title="t"/></a></li>'
        '<li><a href="c2.xhtml#x"><img src="p.png" title="Only a title"/></a></li></ol></nav>'
    )
    path = make_epub(
        tmp_path / "nav.epub",
        {"c1.xhtml": chapter, "c2.xhtml": xhtml('<p id="x">Two.</p>')},
        extra={"OEBPS/nav.xhtml": nav, "OEBPS/p.png": image_bytes()},
    )
    book = read_book(path)
    assert [b.text for b in book.sections[0].blocks] == ["Shown."]
    assert [entry.title for entry in book.toc] == ["Start", "The Abbey", "Only a title"]


def test_a_css_underline_is_drawn_and_reaches_what_is_inside(qtbot: QtBot, tmp_path: Path) -> None:
    # The W3C css-epub-text-underline-position test's first page: a class that underlines.
    body = (
        '<p>Lo! the <span class="underline">Spear-Danes’ <em>glory</em></span> through '
        '<span class="underline"><span style="text-decoration: none">splendid</span></span> '
        "achievements</p>"
    )
    css = "<style>.underline { text-decoration: underline }</style>"
    chapter = xhtml(body).replace("</head>", css + "</head>")
    book = read_book(make_epub(tmp_path / "u.epub", {"c1.xhtml": chapter}))
    view = view_of(qtbot, book, LIGHT, (600, 800))
    doc = view.current_document()
    assert doc is not None
    underlined = "".join(text for text, underline in _runs(doc.doc) if underline)
    # "none" inside an underlined element cannot take its underline away
    assert underlined.replace(SOFT_HYPHEN, "") == "Spear-Danes’ glorysplendid"


def _runs(document: QTextDocument) -> list[tuple[str, bool]]:
    """The laid-out section's text in runs of one format, with whether each is underlined, block
    by block (the block's own list of format ranges: no iterator to step)."""
    runs: list[tuple[str, bool]] = []
    block = document.begin()
    while block.isValid():
        text = block.text()
        for run in block.textFormats():
            runs.append((text[run.start:run.start + run.length], run.format.fontUnderline()))
        block = block.next()
    return runs


def _underline_rows(qtbot: QtBot, tmp_path: Path, position: str) -> tuple[int, list[int]]:
    """The lowest row of the glyphs' ink for a big underlined "gjpqy", and the rows the underline
    adds to the page (pixels dark with the underline and light without it) across the word."""
    images = []
    for underline in (False, True):
        style = f"text-underline-position: {position}; -epub-text-underline-position: {position}"
        decoration = "text-decoration: underline" if underline else ""
        chapter = xhtml(f'<p><span style="{decoration}">gjpqy gjpqy</span></p>').replace(
            "</head>", f"<style>html {{ {style} }}</style></head>")
        book = read_book(make_epub(tmp_path / f"{position}-{underline}.epub", {"c.xhtml": chapter}))
        view = view_of(qtbot, book, replace(LIGHT, font_size=40), (700, 500))
        images.append(view.grab().toImage())
    plain, underlined = images

    def dark(image: QImage, x: int, y: int) -> bool:
        return image.pixelColor(x, y).lightness() < 128

    width, height = plain.width(), plain.height()
    glyph_bottom = max(y for y in range(height) for x in range(width) if dark(plain, x, y))
    ink_left = min(x for x in range(width) for y in range(height) if dark(plain, x, y))
    ink_right = max(x for x in range(width) for y in range(height) if dark(plain, x, y))
    span = ink_right - ink_left
    added = []
    for y in range(height):
        new = sum(1 for x in range(ink_left, ink_right + 1)
                  if dark(underlined, x, y) and not dark(plain, x, y))
        across = sum(1 for x in range(ink_left, ink_right + 1) if dark(underlined, x, y))
        if new and across > 0.8 * span:  # a line across the whole word, not a glyph's stroke
            added.append(y)
    return glyph_bottom, added


def test_text_underline_position_under_runs_below_the_descenders(
    qtbot: QtBot, tmp_path: Path
) -> None:
    # The W3C css-epub-text-underline-position test's second page: `under` on the root element.
    glyph_bottom, rows = _underline_rows(qtbot, tmp_path, "under")
    assert rows, "no underline drawn"
    assert min(rows) > glyph_bottom  # clear of the descenders of g, j, p, q and y


def test_text_underline_position_auto_stays_where_the_font_puts_it(
    qtbot: QtBot, tmp_path: Path
) -> None:
    glyph_bottom, rows = _underline_rows(qtbot, tmp_path, "auto")
    assert rows, "no underline drawn"
    assert min(rows) <= glyph_bottom  # the font's position: through the descenders, as before

"""Pages that look like a book: publisher styles, hyphenation and even lines, through real Qt."""

from __future__ import annotations

import itertools
from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QFont, QFontInfo, QImage, QTextCharFormat, QTextCursor
from pytestqt.qtbot import QtBot

from reader_app.books.model import Book, Locator
from reader_app.books.opening.formats import read_book
from reader_app.books.shelf.reading import Navigation
from reader_app.books.typography.hyphenation import SOFT_HYPHEN
from reader_app.ui.page.appearance import BOOK_FONT, Appearance
from reader_app.ui.page.document import PageGeometry, SectionDocument
from reader_app.ui.page.pagination import page_of_top
from reader_app.ui.reader.epub_view import EpubView
from tests.conftest import corpus_epub
from tests.unit.books.epubgen import make_epub, package_document, xhtml

PRIDE = "jane-austen_pride-and-prejudice.epub"
LIGHT = Appearance(font_family="DejaVu Serif", font_size=12, theme="light")
LONG_WORDS = (
    "Notwithstanding the extraordinary circumstances, the correspondence between "
    "the representatives continued uninterruptedly; their considerations, "
    "recommendations and understandings multiplied incomprehensibly. "
)


def view_of(qtbot: QtBot, book: Book, appearance: Appearance, size: tuple[int, int]) -> EpubView:
    view = EpubView()
    qtbot.addWidget(view)
    view.resize(*size)
    view.set_appearance(appearance)
    view.set_book(book)
    view.show()
    qtbot.waitExposed(view)
    view.relayout_now()
    return view


def ink_box(image: QImage, background: QColor) -> tuple[int, int, int, int]:
    """Left, top, right, bottom of the pixels that differ from the page colour."""
    xs: list[int] = []
    ys: list[int] = []
    for y in range(0, image.height(), 2):
        for x in range(0, image.width(), 2):
            color = image.pixelColor(x, y)
            if abs(color.lightness() - background.lightness()) > 40:
                xs.append(x)
                ys.append(y)
    assert xs, "the page is blank"
    return min(xs), min(ys), max(xs), max(ys)


def test_pride_and_prejudice_title_page_shows_its_title_once_and_centred(qtbot: QtBot) -> None:
    book = read_book(corpus_epub(PRIDE))
    title_page = next(s for s in book.sections if s.name.endswith("titlepage.xhtml"))
    # The heading and byline the book's CSS moves off the page are not in the text at all:
    # the title image carries them.
    assert [b.kind.value for b in title_page.blocks] == ["image"]
    view = view_of(qtbot, book, LIGHT, (600, 800))
    view.go_to(Locator(title_page.index, 0, 0), navigation=Navigation.JUMP)
    assert "Pride" not in view.visible_text()
    qtbot.waitUntil(lambda: not view.images.pending, timeout=30_000)  # drawn in a worker
    image = view.grab().toImage()
    left, top, right, bottom = ink_box(image, QColor(LIGHT.resolved_theme().background))
    assert bottom - top > 100  # the title drawing is there
    assert abs(left - (image.width() - 1 - right)) <= image.width() * 0.03


def test_publisher_styles_indent_small_caps_and_can_be_turned_off(
    qtbot: QtBot, tmp_path: Path
) -> None:
    css = "p { margin: 0; text-indent: 2em } h1 + p { text-indent: 0 } "
    css += "b { font-variant: small-caps; font-weight: normal } .c { text-align: center }"
    head = '<link rel="stylesheet" href="s.css"/>'
    chapter = xhtml(
        "<h1>One</h1><p>First <b>Name</b> here.</p><p>Second.</p><p class='c'>Centred</p>"
    ).replace("<title>t</title>", f"<title>t</title>{head}")
    path = make_epub(tmp_path / "s.epub", {"c1.xhtml": chapter}, extra={"OEBPS/s.css": css})
    book = read_book(path)
    view = view_of(qtbot, book, LIGHT, (600, 700))
    doc = view.current_document()
    assert doc is not None
    blocks = [doc.doc.findBlock(start) for start in doc.block_starts]
    assert blocks[1].blockFormat().textIndent() == 0
    assert blocks[2].blockFormat().textIndent() == pytest.approx(24)  # 2em of 12 pt
    assert blocks[2].blockFormat().bottomMargin() == 0
    name = blocks[1].position() + len("First ") + 1
    caps = _format_at(doc, name)
    assert caps.fontCapitalization() == QFont.Capitalization.SmallCaps
    assert caps.fontWeight() == QFont.Weight.Normal

    view.set_appearance(replace(LIGHT, publisher_styles=False))
    doc = view.current_document()
    assert doc is not None
    blocks = [doc.doc.findBlock(start) for start in doc.block_starts]
    assert blocks[2].blockFormat().textIndent() == 0
    plain = _format_at(doc, name)
    assert plain.fontWeight() == QFont.Weight.Bold  # <b> as the tag means it
    assert plain.fontCapitalization() != QFont.Capitalization.SmallCaps
    # The same text either way: locators do not depend on the setting.
    assert [b.text() for b in blocks] == ["One", "First Name here.", "Second.", "Centred"]


def _format_at(doc: SectionDocument, position: int) -> QTextCharFormat:
    cursor = QTextCursor(doc.doc)
    cursor.setPosition(position + 1)  # the format of the character before the cursor
    return cursor.charFormat()


def long_book(tmp_path: Path) -> Book:
    paragraphs = "".join(f"<p>{i}. {LONG_WORDS * 3}</p>" for i in range(12))
    # Things that push a line down when its height follows its tallest glyph: a fallback glyph,
    # a footnote mark, a word the book sets larger.
    paragraphs += (
        "<p>A dash ⸺ and ⸻ and a rare sign ꙮ sit here among ordinary words, with a note"
        '<sup>12</sup> and a <span style="font-size: 1.6em">larger</span> word. '
        + LONG_WORDS * 2
        + "</p>"
    )
    path = make_epub(tmp_path / "long.epub", {"c1.xhtml": xhtml(paragraphs)})
    return read_book(path)


def test_every_line_of_a_justified_page_has_the_same_baseline_spacing(
    qtbot: QtBot, tmp_path: Path
) -> None:
    book = long_book(tmp_path)
    view = view_of(qtbot, book, LIGHT, (420, 900))
    doc = view.current_document()
    assert doc is not None
    heights = set()
    block = doc.doc.begin()
    while block.isValid():
        layout = block.layout()
        lines = [layout.lineAt(i) for i in range(layout.lineCount())]
        for a, b in itertools.pairwise(lines):
            top = layout.position().y()
            if page_of_top(doc.tops, top + a.y()) != page_of_top(doc.tops, top + b.y()):
                continue  # a page ends between them
            heights.add(round((b.y() + b.ascent()) - (a.y() + a.ascent()), 2))
        block = block.next()
    assert len(heights) == 1, heights


def test_hyphenation_lives_only_in_the_laid_out_page(qtbot: QtBot, tmp_path: Path) -> None:
    book = long_book(tmp_path)
    plain = replace(LIGHT, hyphenate=False)
    view = view_of(qtbot, book, plain, (380, 700))
    target = Locator(0, 5, 40)
    view.go_to(target, navigation=Navigation.JUMP)
    before_start = view.current_start()
    doc = view.current_document()
    assert doc is not None and SOFT_HYPHEN not in doc.doc.toPlainText()

    view.set_appearance(LIGHT)  # hyphenation on (justified by default)
    doc = view.current_document()
    assert doc is not None and SOFT_HYPHEN in doc.doc.toPlainText()
    # Locators count the book's characters: every position maps there and back.
    for block_index, block in enumerate(book.sections[0].blocks):
        for char in range(0, len(block.text) + 1, 7):
            locator = Locator(0, block_index, char)
            assert doc.locator_at(doc.position_of(locator)) == locator
    # The same place stays on screen, and what the reader copies has no soft hyphens.
    assert view.current_start() <= before_start < view.current_end()
    visible = view.visible_text()
    assert SOFT_HYPHEN not in visible
    first_words = book.sections[0].blocks[before_start.block].text[before_start.char :][:25]
    assert first_words in visible.replace("\n", " ")
    start = doc.position_of(Locator(0, 3, 0))
    end = doc.position_of(Locator(0, 3, len(book.sections[0].blocks[3].text)))
    assert doc.text_between(start, end) == book.sections[0].blocks[3].text


def test_a_bundled_book_face_and_a_readable_measure_by_default(
    qtbot: QtBot, tmp_path: Path
) -> None:
    book = long_book(tmp_path)
    assert Appearance().resolved_family() == BOOK_FONT
    assert Appearance(font_family="No Such Face").resolved_family() == BOOK_FONT
    wide = PageGeometry(1600, 900)
    doc = SectionDocument(book, 0, Appearance(), wide)
    assert QFontInfo(doc.doc.defaultFont()).family() == BOOK_FONT
    text_width = wide.width - 2 * doc.side_margin
    assert text_width < 13 * 36 * 1.4  # about 36 ems of 13 pt, however wide the window
    unlimited = SectionDocument(book, 0, Appearance(measure=0), wide)
    assert unlimited.side_margin == Appearance().margin


def test_right_to_left_books_turn_with_the_left_key_and_mirror_the_spread(
    qtbot: QtBot, tmp_path: Path
) -> None:
    paragraphs = "".join(f"<p>{i}. {LONG_WORDS * 3}</p>" for i in range(30))
    opf = package_document(["c1.xhtml"], spine_attributes='page-progression-direction="rtl"')
    path = make_epub(tmp_path / "rtl.epub", {"c1.xhtml": xhtml(paragraphs)}, opf=opf)
    book = read_book(path)
    view = view_of(qtbot, book, LIGHT, (1300, 700))
    assert view.is_spread()
    origins = view._page_origins()
    assert origins[0].x() > origins[1].x()  # the first page of the spread is on the right
    qtbot.keyClick(view, Qt.Key.Key_Left)
    assert view.page_index == 2
    qtbot.keyClick(view, Qt.Key.Key_Right)
    assert view.page_index == 0


def test_an_arabic_book_with_no_progression_attribute_turns_right_to_left(
    qtbot: QtBot, tmp_path: Path
) -> None:
    paragraphs = "".join(f"<p>{i}. {LONG_WORDS * 3}</p>" for i in range(30))
    opf = package_document(["c1.xhtml"], language="ar")  # no page-progression-direction
    path = make_epub(tmp_path / "ar.epub", {"c1.xhtml": xhtml(paragraphs)}, opf=opf)
    view = view_of(qtbot, read_book(path), LIGHT, (1300, 700))
    assert view.right_to_left()
    origins = view._page_origins()
    assert origins[0].x() > origins[1].x()  # the first page of the spread is on the right
    qtbot.keyClick(view, Qt.Key.Key_Left)
    assert view.page_index == 2


def test_quotations_on_the_page_take_the_marks_of_their_language(
    qtbot: QtBot, tmp_path: Path
) -> None:
    chapter = xhtml(
        '<p xml:lang="fr">Il a dit <q>le mieux est l’ennemi du bien</q>.</p>'
        '<p lang="en">She said <q>never <q>quite</q> yet</q>.</p>'
    )
    path = make_epub(tmp_path / "q.epub", {"c1.xhtml": chapter})
    view = view_of(qtbot, read_book(path), LIGHT, (900, 700))
    doc = view.current_document()
    assert doc is not None
    shown = doc.doc.toPlainText().replace(SOFT_HYPHEN, "")
    assert "Il a dit «le mieux est l’ennemi du bien»." in shown
    assert "She said “never ‘quite’ yet”." in shown

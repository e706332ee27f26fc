"""Ordered lists keep their numbers (War and Peace's endnotes, `start` and `value`), and the note a
reader jumps to is marked for a moment, then fades."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QImage
from PySide6.QtTest import QTest
from pytestqt.qtbot import QtBot

from reader_app.books.model import Book, Locator
from reader_app.books.opening.formats import read_book
from reader_app.ui.page.appearance import Appearance
from reader_app.ui.page.document import PageGeometry, SectionDocument
from reader_app.ui.reader.epub_view import EpubView
from reader_app.ui.window.main_window import MainWindow
from tests.conftest import WAR_AND_PEACE, corpus_epub
from tests.ui.aids.test_footnotes import point_of
from tests.ui.conftest import open_file
from tests.unit.books.epubgen import make_epub, xhtml

LIGHT = Appearance(font_family="DejaVu Serif", font_size=12, theme="light")


def line_row(view: EpubView, locator: Locator) -> tuple[int, int, int]:
    """The first line of `locator`'s block on screen: its text's left edge, top and bottom."""
    doc = view.current_document()
    assert doc is not None
    block = doc.doc.findBlock(doc.position_of(locator))
    layout = block.layout()
    line = layout.lineAt(0)
    top = doc.view_y(view.page_index, doc.layout_top(block) + line.y())
    return int(layout.position().x() + line.x()), int(top), int(top + line.height())


def ink_between(image: QImage, *, left: int, right: int, top: int, bottom: int) -> int:
    """Pixels clearly darker than the page in the rectangle."""
    page = image.pixelColor(2, 2).lightness()
    return sum(
        1
        for y in range(max(top, 0), min(bottom, image.height()))
        for x in range(max(left, 0), min(right, image.width()))
        if page - image.pixelColor(x, y).lightness() > 80
    )


def tinted(image: QImage, *, left: int, right: int, top: int, bottom: int) -> int:
    """Pixels of the highlighter's yellow (not page white, not ink grey)."""
    count = 0
    for y in range(max(top, 0), min(bottom, image.height()), 2):
        for x in range(max(left, 0), min(right, image.width()), 2):
            colour = image.pixelColor(x, y)
            if colour.red() - colour.blue() > 12 and colour.lightness() > 150:
                count += 1
    return count


def note_79(book: Book) -> tuple[Locator, Locator]:
    """Book III › Part I › IV's reference to note 79, and the note."""
    section = next(i for i, s in enumerate(book.sections) if s.name.endswith("chapter-3-1-4.xhtml"))
    for index, block in enumerate(book.sections[section].blocks):
        for span in block.spans:
            if span.superscript and span.target and block.text[span.start : span.end] == "79":
                return Locator(section, index, span.start), span.target
    raise AssertionError("no reference to note 79")


def test_go_to_note_shows_numbered_endnotes_and_marks_the_note_briefly(
    qtbot: QtBot, window: MainWindow
) -> None:
    book = open_file(qtbot, window, corpus_epub(WAR_AND_PEACE))
    reference, note = note_79(book)
    window.jump_to(reference)
    view = window.reader.epub_view
    view.flash.hold_ms, view.flash.fade_ms = 400, 400
    QTest.mouseClick(view, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     point_of(view, reference))
    popup = window.aids.footnotes.popup
    qtbot.waitUntil(popup.isVisible)
    qtbot.mouseClick(popup.go_button, Qt.MouseButton.LeftButton)
    assert view.current_start().section == note.section

    doc = view.current_document()
    assert doc is not None
    shown = [m.text for m in doc.list_markers]
    assert "79." in shown and "78." in shown, "the endnotes lost their numbers"
    left, top, bottom = line_row(view, note)
    image = view.grab().toImage()
    size = round(LIGHT.font_size * 3)
    assert ink_between(image, left=left - size, right=left - 2, top=top, bottom=bottom) > 20, (
        "no number is drawn before note 79"
    )
    assert tinted(image, left=left, right=view.width(), top=top, bottom=bottom) > 20, (
        "the note jumped to is not marked"
    )
    qtbot.waitUntil(lambda: view.flash.mark is None, timeout=3000)
    image = view.grab().toImage()
    assert tinted(image, left=left, right=view.width(), top=top, bottom=bottom) == 0, (
        "the mark did not fade"
    )


def test_ordered_lists_keep_start_and_value(qtbot: QtBot, tmp_path: Path) -> None:
    body = (
        '<ol start="5"><li>five</li><li>six</li><li value="10">ten</li><li>eleven</li></ol>'
        "<ul><li>plain</li></ul>"
    )
    path = make_epub(tmp_path / "lists.epub", {"one.xhtml": xhtml(body)})
    book = read_book(path)
    doc = SectionDocument(book, 0, LIGHT, PageGeometry(600, 800, 1.0))
    assert [m.text for m in doc.list_markers] == ["5.", "6.", "10.", "11.", "•"]
    assert doc.text_between(0, doc.doc.characterCount() - 1).split("\n")[:2] == ["five", "six"], (
        "a marker crept into the text, where locators and copying would see it"
    )


def test_a_centred_list_items_bullet_stands_beside_its_text(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    body = '<ul style="text-align: center"><li>The Family</li></ul><p>After.</p>'
    book = open_file(qtbot, window, make_epub(tmp_path / "c.epub", {"one.xhtml": xhtml(body)}))
    view = window.reader.epub_view
    view.go_to(Locator(0, 0, 0))
    doc = view.current_document()
    assert doc is not None and [m.text for m in doc.list_markers] == ["•"]
    block = doc.doc.findBlock(doc.position_of(Locator(0, 0, 0)))
    line = block.layout().lineAt(0)
    text_left = int(block.layout().position().x() + line.naturalTextRect().x())
    top = int(doc.view_y(view.page_index, doc.layout_top(block) + line.y()))
    bottom = int(top + line.height())
    assert book.sections[0].blocks[0].style.align == "center"  # type: ignore[union-attr]
    image = view.grab().toImage()
    size = round(LIGHT.font_size * 3)
    assert ink_between(image, left=text_left - size, right=text_left - 2, top=top,
                       bottom=bottom) > 5, "no bullet beside the centred item"
    assert ink_between(image, left=0, right=text_left - size, top=top, bottom=bottom) == 0, (
        "a bullet is stranded at the left, away from its centred text"
    )

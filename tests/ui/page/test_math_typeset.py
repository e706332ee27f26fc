"""MathML drawn typeset (ziamath → SVG → resvg), while the book's text keeps the linear form."""

from __future__ import annotations

import logging
from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QCheckBox
from pytestqt.qtbot import QtBot

from reader_app.books.model import Book, Locator
from reader_app.books.opening.formats import read_book
from reader_app.rag.index.sentences import split_book
from reader_app.settings import SettingsStore
from reader_app.store.db import connect
from reader_app.ui.page import math_render
from reader_app.ui.page.appearance import Appearance
from reader_app.ui.page.doc_positions import PositionMap
from reader_app.ui.page.document import PageGeometry, SectionDocument
from reader_app.ui.reader.epub_view import EpubView
from reader_app.ui.window.settings_dialog import AppearancePage
from tests.unit.books.epubgen import make_epub, xhtml

MATHML = 'xmlns="http://www.w3.org/1998/Math/MathML"'
QUADRATIC = (
    f"<math {MATHML}{{display}}><mi>x</mi><mo>=</mo><mfrac><mrow><mo>-</mo><mi>b</mi><mo>±</mo>"
    "<msqrt><msup><mi>b</mi><mn>2</mn></msup><mo>-</mo><mn>4</mn><mi>a</mi><mi>c</mi></msqrt>"
    "</mrow><mrow><mn>2</mn><mi>a</mi></mrow></mfrac></math>"
)
SQUARE = f"<math {MATHML}><msup><mi>x</mi><mn>2</mn></msup></math>"
FRACTION = f'<math {MATHML} display="block"><mfrac><mi>A</mi><mi>B</mi></mfrac></math>'
DISPLAY = ' display="block"'
LIGHT = Appearance(font_family="DejaVu Serif", font_size=13, theme="light")
WORDS = "Justified text runs on around every formula so that lines wrap and hyphenate well. "


def _book(tmp_path: Path, body: str) -> Book:
    return read_book(make_epub(tmp_path / "math.epub", {"c1.xhtml": xhtml(body)}))


def _formulas_book(tmp_path: Path) -> Book:
    body = (
        f"<p>{WORDS}The roots are {QUADRATIC.format(display='')} as taught, and the square "
        f"{SQUARE} is never negative. {WORDS * 3}</p>"
        f"<p>Displayed:</p>{QUADRATIC.format(display=DISPLAY)}<p>After it. {WORDS}</p>"
    )
    return _book(tmp_path, body)


def _view(qtbot: QtBot, book: Book, appearance: Appearance) -> EpubView:
    view = EpubView()
    qtbot.addWidget(view)
    view.resize(520, 640)
    view.set_appearance(appearance)
    view.set_book(book)
    view.show()
    qtbot.waitExposed(view)
    view.relayout_now()
    _settle(qtbot, view)
    return view


def _settle(qtbot: QtBot, view: EpubView) -> None:
    """Wait for the worker: formulas typeset (then a relayout), then their rasters."""
    qtbot.waitUntil(lambda: not view.math_jobs.pending, timeout=60_000)
    qtbot.waitUntil(lambda: not view.images.pending, timeout=60_000)
    view.repaint()


def _dark(image: QImage, x: int, y: int) -> bool:
    return image.pixelColor(x, y).lightness() < 110


def test_a_displayed_fraction_is_drawn_with_ink_above_and_below_its_bar(
    qtbot: QtBot, tmp_path: Path
) -> None:
    book = _book(tmp_path, f"<p>Before the formula.</p>{FRACTION}<p>After the formula.</p>")
    assert [b.text for b in book.sections[0].blocks] == [
        "Before the formula.",
        "A/B",
        "After the formula.",
    ]
    page = _view(qtbot, book, LIGHT).grab().toImage()
    page.save(str(tmp_path / "fraction.png"))
    # The bar: the longest run of dark pixels on one row, in the middle of the page.
    bar_y, bar_left, bar_right = -1, 0, 0
    for y in range(page.height()):
        run, start = 0, 0
        for x in range(page.width()):
            if _dark(page, x, y):
                run += 1
                if run > bar_right - bar_left:
                    bar_y, bar_left, bar_right = y, start, x
            else:
                run, start = 0, x + 1
    assert bar_right - bar_left >= 8, "no fraction bar was drawn"
    middle = (bar_left + bar_right) / 2
    assert abs(middle - page.width() / 2) < 12, "the displayed formula is not centred"

    def ink(rows: range) -> int:
        return sum(_dark(page, x, y) for y in rows for x in range(bar_left, bar_right + 1))

    assert ink(range(bar_y - 22, bar_y - 2)) > 15, "nothing above the bar (the numerator)"
    assert ink(range(bar_y + 3, bar_y + 23)) > 15, "nothing below the bar (the denominator)"


def test_locators_copying_and_the_sentence_table_are_the_same_typeset_or_not(
    qtbot: QtBot, tmp_path: Path
) -> None:
    book = _formulas_book(tmp_path)
    sentences = split_book(book)
    formula = "x = (-b ± √(b² - 4ac))/(2a)"
    assert formula in book.sections[0].blocks[0].text
    assert any(formula in sentence.text for sentence in sentences)
    page = PageGeometry(420, 640)
    typeset = SectionDocument(book, 0, replace(LIGHT, hyphenate=True), page)
    linear = SectionDocument(book, 0, replace(LIGHT, typeset_math=False), page)
    assert typeset.maths.texts and not linear.maths.texts  # three formulas drawn, none drawn
    assert len(typeset.maths.texts) == 3
    assert typeset.positions.hyphens  # hyphens and formulas share the block
    for doc in (typeset, linear):
        for index, block in enumerate(book.sections[0].blocks):
            inside = {  # a place inside a formula -> the formula's start
                char: span.start
                for span in block.spans
                if span.math
                for char in range(span.start + 1, span.end)
            }
            for char in range(len(block.text) + 1):
                locator = Locator(0, index, char)
                back = doc.locator_at(doc.position_of(locator))
                if char in inside and doc is typeset:
                    assert back == Locator(0, index, inside[char])
                else:
                    assert back == locator, (doc is typeset, locator, back)
            start = doc.position_of(Locator(0, index, 0))
            end = doc.position_of(Locator(0, index, len(block.text)))
            assert doc.text_between(start, end) == block.text  # copying gives the linear text
    assert typeset.doc.characterCount() < linear.doc.characterCount()  # one object a formula
    assert split_book(book) == sentences


def test_formulas_are_typeset_off_the_ui_thread_and_the_place_stays_on_screen(
    qtbot: QtBot, tmp_path: Path
) -> None:
    math_render.forget_typeset()
    book = _formulas_book(tmp_path)
    view = EpubView()
    qtbot.addWidget(view)
    view.resize(520, 640)
    view.set_appearance(LIGHT)
    view.set_book(book)
    doc = view.current_document()
    # First drawn as text (nothing typeset yet on the UI thread), the worker typesets them ...
    # (checked before any event is processed: the worker's answer arrives through the loop)
    assert doc is not None and not doc.maths.texts and doc.maths.missing
    assert view.math_jobs.pending == {0}
    view.show()
    qtbot.waitExposed(view)
    target = Locator(0, 3, 3)  # "After it."
    view.go_to(target)
    _settle(qtbot, view)
    # ... and the section is laid out again with them, the same place on screen.
    doc = view.current_document()
    assert doc is not None and len(doc.maths.texts) == 3 and not doc.maths.missing
    assert view.current_start() <= target < view.current_end()
    assert "After it." in view.visible_text()
    view.set_appearance(replace(LIGHT, typeset_math=False))
    view.relayout_now()
    doc = view.current_document()
    assert doc is not None and not doc.maths.texts
    assert view.current_start() <= target < view.current_end()
    assert "After it." in view.visible_text()


def test_malformed_or_huge_formulas_are_shown_as_text_with_a_log_note(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    broken = f"<math {MATHML}><mfrac><mi>x</mi></mfrac></math>"  # a fraction of one part
    huge = f"<math {MATHML}><mrow>" + "<mi>y</mi><mo>+</mo>" * 1500 + "<mn>1</mn></mrow></math>"
    deep = f"<math {MATHML}>" + "<mrow>" * 100 + "<mi>z</mi>" + "</mrow>" * 100 + "</math>"
    with caplog.at_level(logging.INFO):
        body = f"<p>Broken {broken} here.</p><p>Huge {huge} there.</p><p>Deep {deep}.</p>"
        book = _book(tmp_path, body)
        doc = SectionDocument(book, 0, LIGHT, PageGeometry(420, 640))
    blocks = book.sections[0].blocks
    assert blocks[0].text == "Broken x here."
    assert blocks[1].text.startswith("Huge y + y + y")
    assert not doc.maths.texts  # neither was typeset ...
    assert "Broken x here." in doc.doc.toPlainText()  # ... both are drawn as their text
    assert "Huge y + y" in doc.doc.toPlainText()
    notes = caplog.text
    assert "could not be typeset" in notes and "shown as text" in notes
    assert "elements in OEBPS/c1.xhtml is shown as text" in notes
    assert "nested 102 deep in OEBPS/c1.xhtml is shown as text" in notes
    assert "Deep z." in doc.doc.toPlainText()


def test_position_map_steps_over_hyphens_and_formulas() -> None:
    positions = PositionMap()
    # Model "ab[formula 4..9)cdefgh": hyphens before 2, 4 (the formula's start), 9 and 11.
    positions.hyphens[0] = [2, 4, 6, 9, 11]
    positions.maths[0] = [(4, 9)]
    positions.drop_hyphens_inside(0, [(4, 9)])
    assert positions.hyphens[0] == [2, 4, 9, 11]
    # Document: a b - c d - F - c d - e f  (F the formula object)
    expected = {0: 0, 1: 1, 2: 3, 3: 4, 4: 6, 5: 6, 8: 6, 9: 8, 10: 9, 11: 11, 12: 12}
    for char, offset in expected.items():
        assert positions.to_document(0, char) == offset, char
    for char in (0, 1, 2, 3, 4, 9, 10, 11, 12):
        assert positions.to_model(0, positions.to_document(0, char)) == char
    assert positions.to_model(0, 7) == 9  # just after the formula object: the formula's end


def test_typesetting_is_a_saved_setting_with_a_checkbox(qtbot: QtBot, tmp_path: Path) -> None:
    dialog = AppearancePage(LIGHT)
    qtbot.addWidget(dialog)
    box = dialog.findChild(QCheckBox, "appearanceTypesetMath")
    assert box is not None and box.isChecked()
    with qtbot.waitSignal(dialog.appearanceChanged) as changed:
        box.setChecked(False)
    assert changed.args[0].typeset_math is False
    settings = SettingsStore(connect(tmp_path))
    replace(LIGHT, typeset_math=False).save(settings)
    assert Appearance.load(settings).typeset_math is False

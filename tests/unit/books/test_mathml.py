"""MathML reads as one line: fractions, scripts and roots stay readable, in the book's text."""

from __future__ import annotations

from pathlib import Path

import pytest
from lxml import etree

from reader_app.books.content.mathml import MAX_DEPTH, linear_math
from reader_app.books.opening.formats import read_book
from tests.unit.books.epubgen import make_epub, xhtml

NS = 'xmlns="http://www.w3.org/1998/Math/MathML"'
QUADRATIC = (
    f"<math {NS}><mi>x</mi><mo>=</mo><mfrac><mrow><mo>-</mo><mi>b</mi><mo>±</mo><msqrt>"
    "<msup><mi>b</mi><mn>2</mn></msup><mo>-</mo><mn>4</mn><mi>a</mi><mi>c</mi></msqrt></mrow>"
    "<mrow><mn>2</mn><mi>a</mi></mrow></mfrac></math>"
)


@pytest.mark.parametrize(
    ("markup", "expected"),
    [
        (QUADRATIC, "x = (-b ± √(b² - 4ac))/(2a)"),
        (
            "<mrow><mi>x</mi><mo>=</mo><msup><mfenced><mrow><mi>a</mi><mo>+</mo><mi>b</mi>"
            "</mrow></mfenced><mn>2</mn></msup></mrow>",
            "x = (a + b)²",
        ),
        ("<mfrac><mn>1</mn><mn>2</mn></mfrac>", "1/2"),
        (
            "<msub><mi>x</mi><mi>i</mi></msub><mo>+</mo><mroot><mi>y</mi><mn>3</mn></mroot>",
            "xᵢ + ³√y",
        ),
        ("<msup><mi>e</mi><mrow><mi>π</mi><mi>i</mi></mrow></msup>", "e^(πi)"),
        ("<msubsup><mo>∑</mo><mn>1</mn><mi>n</mi></msubsup><mi>k</mi>", "∑₁ⁿk"),
        (
            "<mtable><mtr><mtd><mn>1</mn></mtd><mtd><mn>0</mn></mtd></mtr>"
            "<mtr><mtd><mn>0</mn></mtd><mtd><mn>1</mn></mtd></mtr></mtable>",
            "[1, 0; 0, 1]",
        ),
        ("<semantics><mi>z</mi><annotation>z_{TeX}</annotation></semantics>", "z"),
    ],
)
def test_math_becomes_one_readable_line(markup: str, expected: str) -> None:
    if not markup.startswith("<math"):
        markup = f"<math {NS}>{markup}</math>"
    assert linear_math(etree.fromstring(markup)) == expected


def test_deep_or_empty_math_keeps_its_plain_text() -> None:
    deep = f"<math {NS}>" + "<mrow>" * (MAX_DEPTH * 2) + "<mi>q</mi>" + "</mrow>" * (MAX_DEPTH * 2)
    assert linear_math(etree.fromstring(deep + "</math>")) == "q"
    empty = f'<math {NS} alttext="x squared"><mrow/></math>'
    assert linear_math(etree.fromstring(empty)) == "x squared"


def test_math_in_a_chapter_is_part_of_the_paragraph_text(tmp_path: Path) -> None:
    body = f"<p>The roots are {QUADRATIC} for any a.</p>"
    book = read_book(make_epub(tmp_path / "math.epub", {"c1.xhtml": xhtml(body)}))
    (block,) = book.sections[0].blocks
    assert block.text == "The roots are x = (-b ± √(b² - 4ac))/(2a) for any a."

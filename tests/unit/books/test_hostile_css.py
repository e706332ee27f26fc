"""One stylesheet line cannot close a book: a number tinycss2 cannot turn into an int (over 4,300
digits) or a control character in an attribute selector drops its declaration or rule, with a note
in the log; the rest of the sheet still applies."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from lxml import etree

from reader_app.books.model import Book
from reader_app.books.opening.formats import read_book
from reader_app.books.typography.css import Attribute, Compound, Rule, Selector, parse_stylesheet
from reader_app.books.typography.selectors import RuleIndex
from tests.unit.books.epubgen import make_epub, xhtml

DIGITS = "9" * 5000
KEPT = "p.kept { text-align: center }"
SHEETS = {
    "a length": f"p {{ margin: {DIGITS}px }}",
    "a font-face weight": f"@font-face {{ font-family: x; font-weight: {DIGITS}; src: url(f) }}",
    "nth-child(An+B)": f"p:nth-child({DIGITS}n+1) {{ color: red }}",
    "nth-child(B)": f"p:nth-child({DIGITS}) {{ color: red }}",
    "an exponent": f"p {{ font-size: 1e{DIGITS}px }}",
    "a control character in an attribute selector": "section[\\2 type]{left:0}",
}
BODY = '<section type="x"><p class="kept">Still here.</p></section>'


def _book(
    tmp_path: Path, *, sheet: str = "", style_element: str = "", style_attribute: str = ""
) -> Book:
    head = '<link rel="stylesheet" href="style.css"/>'
    if style_element:
        head += f"<style>{style_element}</style>"
    body = BODY.replace('class="kept"', f'class="kept" style="{style_attribute}"')
    page = xhtml(body).replace("<title>t</title>", f"<title>t</title>{head}")
    path = make_epub(tmp_path / "b.epub", {"c0.xhtml": page}, extra={"OEBPS/style.css": sheet})
    return read_book(path)


@pytest.mark.parametrize("rule", SHEETS.values(), ids=SHEETS.keys())
def test_a_hostile_rule_in_a_stylesheet_drops_itself_with_a_note_not_the_book(
    rule: str, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.WARNING, logger="reader_app.books.typography.css"):
        book = _book(tmp_path, sheet=f"{rule}\n{KEPT}")
    block = book.sections[0].blocks[0]
    # the next rule still applies
    assert block.text == "Still here." and block.style and block.style.align == "center"
    assert caplog.records, "the dropped rule is noted in the log"


def test_a_hostile_number_in_a_style_element_or_attribute_opens(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.WARNING, logger="reader_app.books.typography.css"):
        book = _book(
            tmp_path, sheet=KEPT, style_element=f"p {{ margin: {DIGITS}px }}",
            style_attribute=f"margin-top: {DIGITS}px; font-style: italic",
        )  # fmt: skip
    block = book.sections[0].blocks[0]
    assert block.text == "Still here." and block.style and block.style.align == "center"
    assert len(caplog.records) >= 2


def test_only_the_declaration_with_the_long_number_is_dropped(tmp_path: Path) -> None:
    sheet = f"p.kept {{ margin-top: {DIGITS}px; text-align: center; margin-bottom: 2em }}"
    block = _book(tmp_path, sheet=sheet).sections[0].blocks[0]
    assert block.style is not None
    assert (block.style.margin_top, block.style.align, block.style.margin_bottom) == (
        None, "center", 2.0)  # fmt: skip
    assert parse_stylesheet(f"h1 {{ margin: 1.{'5' * 900}em }}", where="t")  # under the cap


def test_a_rule_lxml_refuses_to_match_is_dropped_once_with_a_note(
    caplog: pytest.LogCaptureFixture,
) -> None:
    bad = Compound("section", attributes=(Attribute("\x02type", "", ""),))
    good = Compound("p")
    rules = [
        Rule(Selector((bad,), (), (0, 1, 1)), (("left", "0", False),), 0),
        Rule(Selector((good,), (), (0, 0, 1)), (("left", "1", False),), 1),
    ]
    index = RuleIndex(rules)
    section = etree.fromstring('<section type="x"><p/></section>')
    with caplog.at_level(logging.WARNING, logger="reader_app.books.typography.selectors"):
        assert index.matching(section) == []
        assert index.matching(section) == []
        assert index.matching(section[0]) == [rules[1]]
    assert len(caplog.records) == 1

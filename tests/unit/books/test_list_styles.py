"""A book's list-style reaches its list items' markers: Standard Ebooks' Dramatis Personae in War
and Peace (`[epub|type~="z3998:dramatis-personae"] ul { list-style: none }`) shows no bullets."""

from __future__ import annotations

import zipfile
from pathlib import Path

from reader_app.books.model import Block, BlockKind
from reader_app.books.opening.formats import read_book
from tests.conftest import WAR_AND_PEACE, corpus_epub
from tests.unit.books.epubgen import make_epub
from tests.unit.books.test_stylesheets import blocks, styled_book


def dramatis_personae(tmp_path: Path) -> tuple[Block, ...]:
    """The corpus page with the book's own stylesheets, as Standard Ebooks ship them."""
    with zipfile.ZipFile(corpus_epub(WAR_AND_PEACE)) as source:
        page = source.read("epub/text/dramatis-personae.xhtml").decode()
        sheets = {f"OEBPS/css/{name}": source.read(f"epub/css/{name}")
                  for name in ("core.css", "local.css")}
    assert b'[epub|type~="z3998:dramatis-personae"] ul' in sheets["OEBPS/css/local.css"]
    path = make_epub(tmp_path / "dp.epub", {"text/dramatis-personae.xhtml": page}, extra=sheets)
    return read_book(path).sections[0].blocks


def test_dramatis_personae_lists_show_no_bullets(tmp_path: Path) -> None:
    found = dramatis_personae(tmp_path)
    items = [b for b in found if b.kind is BlockKind.LIST_ITEM]
    assert len(items) > 30
    assert [b.marker for b in items if b.marker] == [], "list-style: none was ignored"
    family = next(b for b in items if b.text == "The Bezúkhovs")
    # The namespaced selectors match: centred, and the `> ul > li` families in small capitals.
    assert family.style is not None and family.style.align == "center"
    assert family.style.look.small_caps


def test_list_style_types_are_inherited_and_reset_by_a_nested_list(tmp_path: Path) -> None:
    css = "ol.roman { list-style-type: upper-roman } ul.square { list-style: square inside }"
    body = (
        '<ol class="roman"><li>one</li><li>two<ul><li>inner</li></ul></li>'
        '<li style="list-style-type: none">three</li><li>four</li></ol>'
        '<ul class="square"><li>boxed</li></ul><ol><li>plain</li></ol>'
    )
    markers = [(b.text, b.marker) for b in blocks(styled_book(tmp_path, css, body))]
    assert markers == [
        ("one", "I."), ("two", "II."), ("inner", "•"), ("three", ""), ("four", "IV."),
        ("boxed", "▪"), ("plain", "1."),
    ]  # fmt: skip

"""The package document: metadata, series rules, spine linearity, NCX fallback."""

from __future__ import annotations

from pathlib import Path

import pytest

from reader_app.books.model import Locator, Series
from reader_app.books.opening.formats import read_book
from tests.unit.books.epubgen import CONTAINER_XML, make_epub, package_document, write_zip, xhtml


def test_metadata_fields_and_description_without_html(tmp_path: Path) -> None:
    extra = (
        '<dc:title id="sub">A Subtitle</dc:title>'
        '<meta refines="#main" property="title-type">main</meta>'
        "<dc:publisher>Small Press</dc:publisher>"
        "<dc:description>&lt;p&gt;A &lt;i&gt;fine&lt;/i&gt; tale &amp;amp; more.&lt;/p&gt;"
        "</dc:description>"
    )
    opf = package_document(["c.xhtml"], metadata_extra=extra).replace(
        "<dc:title>A Generated Book", '<dc:title id="main">The Real Title'
    )
    book = read_book(make_epub(tmp_path / "m.epub", {"c.xhtml": xhtml("<p>x</p>")}, opf=opf))
    meta = book.metadata
    assert meta.title == "The Real Title"
    assert meta.authors == ("First Author", "Second Author")
    assert meta.description == "A fine tale & more."
    assert (meta.publisher, meta.identifier, meta.language) == ("Small Press", "urn:test:1", "en")


def test_a_set_collection_is_not_a_series_but_a_series_collection_is(tmp_path: Path) -> None:
    collections = (
        '<meta id="s1" property="belongs-to-collection">Great Books</meta>'
        '<meta refines="#s1" property="collection-type">set</meta>'
        '<meta refines="#s1" property="group-position">7</meta>'
        '<meta id="s2" property="belongs-to-collection">The Saga</meta>'
        '<meta refines="#s2" property="collection-type">series</meta>'
        '<meta refines="#s2" property="group-position">2.5</meta>'
    )
    chapters = {"c.xhtml": xhtml("<p>x</p>")}
    only_set = package_document(
        ["c.xhtml"], metadata_extra=collections[: collections.index('<meta id="s2"')]
    )
    book = read_book(make_epub(tmp_path / "set.epub", chapters, opf=only_set))
    assert book.metadata.series is None
    both = package_document(["c.xhtml"], metadata_extra=collections)
    book = read_book(make_epub(tmp_path / "series.epub", chapters, opf=both))
    assert book.metadata.series == Series("The Saga", 2.5)


def test_non_linear_spine_items_follow_the_reading_order(tmp_path: Path) -> None:
    opf = package_document(["a.xhtml", "notes.xhtml", "b.xhtml"]).replace(
        '<itemref idref="c1"/>', '<itemref idref="c1" linear="no"/>'
    )
    chapters = {
        "a.xhtml": xhtml('<p>A<a href="notes.xhtml#n">*</a> <a href="b.xhtml">next</a></p>'),
        "notes.xhtml": xhtml('<p id="n">A note.</p>'),
        "b.xhtml": xhtml("<p>B</p>"),
    }
    book = read_book(make_epub(tmp_path / "nl.epub", chapters, opf=opf))
    assert [s.name for s in book.sections] == [
        "OEBPS/a.xhtml",
        "OEBPS/b.xhtml",
        "OEBPS/notes.xhtml",
    ]
    assert [s.linear for s in book.sections] == [True, True, False]
    assert book.reading_sections == book.sections[:2]
    spans = {
        book.sections[0].blocks[0].text[s.start : s.end]: s
        for s in book.sections[0].blocks[0].spans
    }
    assert spans["*"].target == Locator(2, 0, 0)  # the note, after the reading order
    assert spans["next"].target == Locator(1, 0, 0)


def test_epub2_ncx_table_of_contents(tmp_path: Path) -> None:
    ncx = (
        '<?xml version="1.0"?><ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1">'
        "<navMap><navPoint id='p1'><navLabel><text>Part One</text></navLabel>"
        "<content src='a.xhtml'/><navPoint id='p2'><navLabel><text>Scene</text></navLabel>"
        "<content src='a.xhtml#s'/></navPoint></navPoint></navMap></ncx>"
    )
    opf = (
        package_document(["a.xhtml"], nav=None)
        .replace("<spine >", '<spine toc="ncx">')
        .replace(
            "</manifest>",
            '<item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/></manifest>',
        )
        .replace('version="3.0"', 'version="2.0"')
    )
    members = {
        "META-INF/container.xml": CONTAINER_XML.format(opf="OEBPS/content.opf"),
        "OEBPS/content.opf": opf,
        "OEBPS/toc.ncx": ncx,
        "OEBPS/a.xhtml": xhtml('<h1>Part One</h1><p>x</p><p id="s">scene</p>'),
    }
    book = read_book(write_zip(tmp_path / "two.epub", members))
    (part,) = book.toc
    assert (part.title, part.target) == ("Part One", Locator(0, 0, 0))
    assert [(c.title, c.target) for c in part.children] == [("Scene", Locator(0, 2, 0))]
    assert book.sections[0].title == "Part One"


def test_html_named_entities_of_epub2_files_are_understood(tmp_path: Path) -> None:
    chapter = xhtml("<p>caf&eacute;&nbsp;au&nbsp;lait &mdash; &amp; more</p>")
    book = read_book(make_epub(tmp_path / "ent.epub", {"c.xhtml": chapter}))
    assert book.sections[0].blocks[0].text == "café\u00a0au\u00a0lait — & more"


def test_sloppy_html_chapters_still_open(tmp_path: Path) -> None:
    chapter = "<html><body><p>Unclosed paragraph<p>Second <b>bold</p></body></html>"
    book = read_book(make_epub(tmp_path / "sloppy.epub", {"c.xhtml": chapter}))
    assert [b.text for b in book.sections[0].blocks] == ["Unclosed paragraph", "Second bold"]


def test_a_book_without_navigation_gets_a_toc_from_its_headings(tmp_path: Path) -> None:
    opf = package_document(["a.xhtml", "b.xhtml"], nav=None)
    chapters = {"a.xhtml": xhtml("<h1>First</h1><p>x</p>"), "b.xhtml": xhtml("<p>no heading</p>")}
    book = read_book(make_epub(tmp_path / "nonav.epub", chapters, opf=opf))
    assert [(e.title, e.target) for e in book.toc] == [("First", Locator(0, 0, 0))]


@pytest.mark.parametrize(
    ("language", "spine", "right_to_left"),
    [
        ("ar", "", True),  # W3C pkg-spine-progression-default: no attribute, an Arabic book
        ("he-IL", 'page-progression-direction="default"', True),
        ("fa", "", True),
        ("ar", 'page-progression-direction="ltr"', False),  # the attribute wins
        ("en", 'page-progression-direction="rtl"', True),
        ("en", "", False),
        ("ja", "", False),
        ("az-Arab", "", True),  # a script subtag decides before the language
        ("ku-Latn", "", False),
    ],
)
def test_pages_turn_by_the_progression_and_else_by_the_language(
    tmp_path: Path, language: str, spine: str, right_to_left: bool
) -> None:
    opf = package_document(["c1.xhtml"], language=language, spine_attributes=spine)
    path = make_epub(tmp_path / "b.epub", {"c1.xhtml": xhtml("<p>نص</p>")}, opf=opf)
    assert read_book(path).metadata.right_to_left is right_to_left

"""A paragraph of thousands of links is laid out in work linear in them (issue 38's fuzzer class
found it once the parse was linear: 10,000 links took 27 s to paint 12 pages). Its pieces are
inserted in one edit (Qt laid the paragraph out again after every insertion), and its spans are
swept once (every piece scanned all of them). Counted, not timed."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

from pytestqt.qtbot import QtBot

from reader_app.books.model import Book, Span
from reader_app.books.opening.formats import read_book
from reader_app.ui.page.appearance import Appearance
from reader_app.ui.page.document import SectionDocument
from reader_app.ui.page.pagination import PageGeometry
from tests.unit.books.epubgen import make_epub, xhtml

LINKS = 500


class _WalkedSpans(tuple[Span, ...]):
    """A block's spans that count how often something walks all of them."""

    walks = 0

    def __iter__(self) -> Iterator[Span]:
        self.walks += 1
        return super().__iter__()


def _linked_paragraph(tmp_path: Path) -> tuple[Book, _WalkedSpans]:
    links = "".join(f'<a href="#n{i}">{i}</a> ' for i in range(LINKS))
    notes = "".join(f'<p id="n{i}">Note {i}.</p>' for i in range(0, LINKS, 25))
    book = read_book(make_epub(tmp_path / "links.epub",
                               {"c0.xhtml": xhtml(f"<p>See {links}</p>{notes}")}))  # fmt: skip
    section = book.sections[0]
    spans = _WalkedSpans(section.blocks[0].spans)
    blocks = (replace(section.blocks[0], spans=spans), *section.blocks[1:])
    return replace(book, sections=(replace(section, blocks=blocks),)), spans


def test_a_paragraph_of_many_links_is_inserted_in_one_edit_and_its_spans_swept_once(
    qtbot: QtBot, tmp_path: Path
) -> None:
    book, spans = _linked_paragraph(tmp_path)
    appearance = Appearance(font_family="DejaVu Serif", font_size=12, theme="light")
    document = SectionDocument(book, 0, appearance, PageGeometry(600, 800), in_steps=True)
    changes: list[int] = []  # each a layout of the changed paragraph, once there is a layout
    document.doc.documentLayout()
    document.doc.contentsChange.connect(lambda *_: changes.append(1))
    document.finish()
    blocks = len(book.sections[0].blocks)
    assert len(changes) <= 4 * blocks, (len(changes), blocks)  # not one per piece of text
    assert spans.walks <= 4, spans.walks  # not once per piece
    assert _linked_pieces(document) == LINKS  # and each link is still a link on the page


def _linked_pieces(document: SectionDocument) -> int:
    pieces = document.doc.begin().begin()
    linked = 0
    while not pieces.atEnd():
        linked += bool(pieces.fragment().charFormat().anchorHref())
        pieces += 1
    return linked

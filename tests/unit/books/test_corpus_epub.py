"""Every corpus EPUB parses into the model the reader and the assistant rely on."""

from __future__ import annotations

import re
import zipfile
from functools import cache
from pathlib import Path

import pytest

from reader_app.books.model import BlockKind, Book, Series
from reader_app.books.opening.formats import read_book
from reader_app.digest import file_sha256
from tests.conftest import ALICE, JEKYLL, OZ1, OZ2, PRIDE, WAR_AND_PEACE, corpus_epub

pytestmark = pytest.mark.slow

# (file, spine items, words "all", series) from the corpus README. The corpus books have no
# linear="no" itemrefs, so every spine item is a section.
CORPUS = [
    (WAR_AND_PEACE, 393, 565_515, None),
    (PRIDE, 65, 122_691, None),
    (JEKYLL, 14, 26_392, None),
    (OZ1, 30, 40_185, Series("Oz", 1.0)),
    (OZ2, 31, 42_338, Series("Oz", 2.0)),
    (ALICE, 20, 28_064, None),
]
NAMES = [row[0] for row in CORPUS]


@cache
def parsed(name: str) -> Book:
    return read_book(corpus_epub(name))


def spine_members(path: Path) -> list[str]:
    """The spine, read independently of our parser with plain regexes over the OPF."""
    with zipfile.ZipFile(path) as archive:
        opf = archive.read("epub/content.opf").decode()
    hrefs = dict(re.findall(r'<item href="([^"]+)" id="([^"]+)"', opf))
    by_id = {item_id: href for href, item_id in hrefs.items()}
    return ["epub/" + by_id[idref] for idref in re.findall(r'<itemref idref="([^"]+)"', opf)]


@pytest.mark.parametrize(("name", "spine_count", "words", "series"), CORPUS, ids=NAMES)
def test_sections_follow_the_spine_in_order(
    name: str, spine_count: int, words: int, series: Series | None
) -> None:
    book = parsed(name)
    assert len(book.sections) == spine_count
    assert [s.name for s in book.sections] == spine_members(corpus_epub(name))
    assert [s.index for s in book.sections] == list(range(spine_count))


@pytest.mark.parametrize(("name", "spine_count", "words", "series"), CORPUS, ids=NAMES)
def test_word_count_is_within_one_percent_of_the_corpus_figure(
    name: str, spine_count: int, words: int, series: Series | None
) -> None:
    # Words are whitespace-separated runs over every block's text. The README's "all" figure
    # also counts the navigation document, which is not a spine item, so ours runs 0.1-0.7 %
    # below it; the "main text" figure excludes front and back matter, which we keep.
    book = parsed(name)
    counted = sum(len(block.text.split()) for s in book.sections for block in s.blocks)
    assert abs(counted - words) / words < 0.01, (counted, words)


@pytest.mark.parametrize(("name", "spine_count", "words", "series"), CORPUS, ids=NAMES)
def test_series_comes_only_from_series_collections_not_sets(
    name: str, spine_count: int, words: int, series: Series | None
) -> None:
    assert parsed(name).metadata.series == series


@pytest.mark.parametrize("name", NAMES)
def test_metadata_cover_and_identity(name: str) -> None:
    book = parsed(name)
    assert book.book_id == file_sha256(corpus_epub(name))
    assert book.format == "epub"
    assert book.metadata.title and book.metadata.authors
    assert book.metadata.language.startswith("en")
    assert book.metadata.publisher == "Standard Ebooks"
    assert book.cover == "epub/images/cover.svg"
    assert book.load_resource(book.cover).lstrip().startswith(b"<")


@pytest.mark.parametrize("name", NAMES)
def test_toc_is_nested_and_every_target_points_at_a_real_block(name: str) -> None:
    book = parsed(name)
    entries = [entry for top in book.toc for _, entry in top.walk()]
    assert len(entries) >= 5
    for entry in entries:
        section = book.sections[entry.target.section]
        assert 0 <= entry.target.block < max(len(section.blocks), 1), entry
        assert entry.title.strip()
    # Every chapter file is reachable from the TOC, in reading order.
    targets = [entry.target for entry in entries]
    assert targets == sorted(targets)


@pytest.mark.parametrize("name", NAMES)
def test_sections_are_titled_from_the_toc_or_their_heading(name: str) -> None:
    book = parsed(name)
    titled = [s for s in book.sections if s.title]
    assert len(titled) >= len(book.sections) - 2


def test_pride_and_prejudice_opens_with_its_first_sentence() -> None:
    book = parsed(PRIDE)
    chapter_one = next(s for s in book.sections if s.name.endswith("chapter-1.xhtml"))
    texts = [b.text for b in chapter_one.blocks if b.kind is BlockKind.PARAGRAPH]
    assert texts[0].startswith("It is a truth universally acknowledged, that a single man")
    assert chapter_one.title == "I"  # from the nav document


def test_alice_svg_illustrations_are_image_blocks_whose_resources_load() -> None:
    book = parsed(ALICE)
    images = [b.image for s in book.sections for b in s.blocks if b.kind is BlockKind.IMAGE]
    illustrations = [name for name in images if name and "illustration-" in name]
    assert len(set(illustrations)) == 42
    first = book.load_resource(illustrations[0])
    assert b"<svg" in first[:2000]
    chapter_one = next(s for s in book.sections if s.name.endswith("chapter-1.xhtml"))
    kinds = [b.kind for b in chapter_one.blocks]
    # The rabbit illustration sits between the third and fourth paragraphs.
    assert kinds[:6] == [BlockKind.HEADING, BlockKind.HEADING] + [BlockKind.PARAGRAPH] * 3 + [
        BlockKind.IMAGE
    ]
    assert chapter_one.blocks[5].anchors == ("illustration-2",)


def test_poetry_line_breaks_stay_inside_one_block() -> None:
    book = parsed(ALICE)
    epigraph = next(s for s in book.sections if s.name.endswith("epigraph.xhtml"))
    first = epigraph.blocks[0]
    assert first.kind is BlockKind.QUOTE
    assert first.text.split("\u2028")[:2] == [
        "All in the golden afternoon",
        "Full leisurely we glide;",
    ]
    assert "\n" not in first.text


def test_external_links_keep_their_url_and_internal_links_resolve() -> None:
    book = parsed(ALICE)
    spans = [span for s in book.sections for b in s.blocks for span in b.spans]
    assert any(span.href == "https://standardebooks.org" for span in spans)
    internal = [span for span in spans if span.target is not None]
    assert internal, "the imprint links to the Uncopyright"
    last = book.sections[-1]
    assert any(span.target.section == last.index for span in internal if span.target)


@pytest.mark.parametrize("name", NAMES)
def test_block_text_is_clean_and_spans_stay_inside_it(name: str) -> None:
    for section in parsed(name).sections:
        for block in section.blocks:
            text = block.text
            assert text == text.strip(" "), (section.name, text[:60])
            if block.kind is not BlockKind.TABLE:
                assert "\n" not in text, (section.name, text[:60])  # would split a QTextBlock
            if block.kind is not BlockKind.PREFORMATTED:
                assert "  " not in text, (section.name, text[:60])
            for span in block.spans:
                assert 0 <= span.start < span.end <= len(text)
            if block.kind is BlockKind.IMAGE:
                assert text == "" and block.image

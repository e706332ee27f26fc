"""Find in Book over a PDF's page breaks: a phrase whose words run from the foot of one page onto
the next is found, from its start on the first page to its end on the second, as is a word
hyphenated over the break; where the sentence table does not join the pages (a chapter starts, a
heading), neither does Find; an EPUB's blocks are searched one by one as before."""

from __future__ import annotations

from reader_app.books.model import Block, BlockKind, Locator
from reader_app.books.opening.formats import read_book
from reader_app.books.opening.pdf import pdf_pages
from reader_app.books.opening.pdf_text import with_text_layer
from reader_app.books.text.search import TextHit, find_text, searchable_runs
from tests.e2e.test_pdf_companion import CALIBRE
from tests.unit.books.test_page_breaks import paged, para


def spans(hits: list[TextHit]) -> list[tuple[Locator, Locator]]:
    return [(hit.locator, hit.end) for hit in hits]


def test_a_phrase_over_a_page_break_is_found_from_the_first_page_to_the_second() -> None:
    foot = "The keeper woke early. He said the key lay under the"
    book = paged([para(foot)], [para("old mill by the river.")])
    hits = find_text(book, "under the OLD   mill")
    assert spans(hits) == [(Locator(0, 1, foot.index("under")), Locator(1, 1, 8))]
    assert hits[0].context.endswith("under the old mill by the river.")
    assert hits[0].chapter == "Chapter 1"
    # Words on one page are found as before, each within its block.
    at = foot.index("the key")
    assert spans(find_text(book, "the key")) == [(Locator(0, 1, at), Locator(0, 1, at + 7))]
    assert spans(find_text(book, "river")) == [(Locator(1, 1, 16), Locator(1, 1, 21))]
    kept = searchable_runs(book)  # as Find keeps them for the searches after the first
    for query in ("under the OLD   mill", "the key", "river"):
        assert find_text(book, query, runs=kept) == find_text(book, query)


def test_a_word_hyphenated_over_the_page_break_is_found_whole() -> None:
    book = paged([para("It was an inter-")], [para("esting stone, Anglo-")],
                 [para("Saxon in make.")])
    assert spans(find_text(book, "interesting")) == [(Locator(0, 1, 10), Locator(1, 1, 6))]
    assert spans(find_text(book, "anglo-saxon")) == [(Locator(1, 1, 14), Locator(2, 1, 5))]
    assert find_text(book, "inter-esting") == []  # the hyphen was the line's, not the word's


def test_no_match_across_a_chapters_start_a_heading_or_in_an_epub() -> None:
    chapter = paged([para("under the")], [para("mill in the dark.")], chapters=(0, 1))
    heading = paged([para("under the")], [Block(BlockKind.HEADING, "mill"), para("dark.")])
    epub = paged([para("under the")], [para("mill in the dark.")], fmt="epub")
    for book in (chapter, heading, epub):
        assert find_text(book, "the mill") == []
        assert len(find_text(book, "mill")) == 1


def test_a_calibre_pdfs_phrase_over_its_page_break_is_found() -> None:
    """ebook-convert's PDF of Jekyll: page 5 ends "…Mr. Richard Enfield, his", page 6 begins
    "distant kinsman, the well-known man about town"."""
    book = read_book(CALIBRE)
    pages = pdf_pages(book)
    assert pages is not None
    texted = with_text_layer(book, pages).book
    assert texted is not None
    hits = find_text(texted, "Enfield, his distant kinsman")
    assert len(hits) == 1
    start, end = hits[0].locator, hits[0].end
    assert (start.section, end.section) == (4, 5)
    first = texted.sections[4].blocks[start.block].text
    assert first[start.char:] == "Enfield, his"
    assert texted.sections[5].blocks[end.block].text[:end.char] == "distant kinsman"


def test_a_match_at_the_end_of_a_block_ends_there() -> None:
    book = paged([para("A door.")], [para("A window.")])
    assert spans(find_text(book, "door.")) == [(Locator(0, 1, 2), Locator(0, 1, 7))]

"""A PDF's text read across its page breaks: a sentence running on to the next page is one run of
text, stored where it ends; a word hyphenated over the break is joined when it is one word; never
across a chapter's start, into a heading, or where a sentence ends at the break."""

from __future__ import annotations

from pathlib import Path

from reader_app.books.model import Block, BlockKind, Book, Locator, Metadata, Section, TocEntry
from reader_app.books.text.page_breaks import Place, sentence_spans, text_runs

PICTURE = Block(BlockKind.IMAGE, image="page")


def _missing(name: str) -> bytes:
    raise KeyError(name)


def paged(*pages: list[Block], chapters: tuple[int, ...] = (0,), fmt: str = "pdf") -> Book:
    """A PDF as its preparation reads it: each page its picture, then its paragraphs."""
    return Book(
        book_id="b" * 64, path=Path("paged.pdf"), format=fmt,  # type: ignore[arg-type]
        metadata=Metadata(title="Paged"),
        sections=tuple(Section(i, f"pdf-page/{i}", f"Page {i + 1}", (PICTURE, *blocks))
                       for i, blocks in enumerate(pages)),
        toc=tuple(TocEntry(f"Chapter {n + 1}", Locator(p, 0, 0)) for n, p in enumerate(chapters)),
        cover=None, load_resource=_missing)


def para(text: str) -> Block:
    return Block(BlockKind.PARAGRAPH, text)


def sentences(book: Book) -> list[tuple[Place, str]]:
    return [found for run in text_runs(book) for found in sentence_spans(run)]


def test_a_sentence_run_on_to_the_next_page_is_one_sentence_placed_where_it_ends() -> None:
    book = paged([para("The keeper woke early. He said the key lay under the")],
                 [para("old mill by the river. Nobody believed him.")])
    assert sentences(book) == [
        (Place(0, 1, 0, 22), "The keeper woke early."),
        (Place(1, 1, 0, 22), "He said the key lay under the old mill by the river."),
        (Place(1, 1, 23, 43), "Nobody believed him."),
    ]


def test_a_sentence_that_ends_at_the_foot_of_the_page_stays_on_it() -> None:
    book = paged([para("The keeper woke early.")], [para("Then he climbed the stairs.")])
    assert [place for place, _text in sentences(book)] == [Place(0, 1, 0, 22), Place(1, 1, 0, 27)]


def test_an_abbreviation_at_the_foot_of_the_page_runs_on() -> None:
    book = paged([para("At noon he met Mr.")], [para("Hyde at the door.")])
    assert sentences(book) == [(Place(1, 1, 0, 17), "At noon he met Mr. Hyde at the door.")]


def test_a_word_hyphenated_over_the_break_is_one_word_and_a_compound_keeps_its_hyphen() -> None:
    book = paged([para("It was an inter-")], [para("esting stone, Anglo-")],
                 [para("Saxon in make.")])
    assert [text for _place, text in sentences(book)] == [
        "It was an interesting stone, Anglo-Saxon in make."]
    assert sentences(book)[0][0] == Place(2, 1, 0, 14)  # ends on the third page


def test_a_compound_the_book_writes_elsewhere_keeps_its_hyphen_before_a_lowercase_word() -> None:
    book = paged([para("It was a well-")], [para("known tale.")], [para("A well-known tale.")])
    assert sentences(book)[0][1] == "It was a well-known tale."
    broken = paged([para("It was a well-")], [para("known tale.")])
    assert sentences(broken)[0][1] == "It was a wellknown tale."


def test_a_book_whose_hyphens_at_page_ends_are_compounds_keeps_an_unknown_ones_hyphen() -> None:
    """Its words tell that "well-" / "known" is a compound, and nothing tells of a word broken:
    so is "self-" / "reliant", which a book that breaks words would have joined."""
    plain = [[para(f"Page {n} of the tale goes on.")] for n in range(4)]
    book = paged([para("It was a well-")], [para("known tale. He was a self-")],
                 [para("reliant man.")], [para("A well-known tale.")], *plain)
    assert [text for _place, text in sentences(book)][:2] == [
        "It was a well-known tale.", "He was a self-reliant man."]
    hyphenating = paged([para("It was a well-")], [para("known tale. He was a self-")],
                        [para("reliant man, interesting.")], [para("An inter-")],
                        [para("esting tale.")], *plain)
    assert [text for _place, text in sentences(hyphenating)][:2] == [
        "It was a wellknown tale.", "He was a selfreliant man, interesting."]
def test_no_run_across_a_chapter_a_heading_or_into_matter_outside_the_story() -> None:
    chapter = paged([para("He said the key lay under the")], [para("mill in the dark.")],
                    chapters=(0, 1))
    heading = paged([para("He said the key lay under the")],
                    [Block(BlockKind.HEADING, "the mill"), para("in the dark.")])
    for book in (chapter, heading):
        assert sentences(book)[0][0].section == 0
    outside = paged([para("He said the key lay under the")], [para("mill in the dark.")])
    runs = list(text_runs(outside, outside=frozenset({(1, 1)})))
    assert len(runs) == 2


def test_an_epub_is_read_block_by_block() -> None:
    book = paged([para("He said the key lay under the")], [para("mill in the dark.")],
                 fmt="epub")
    assert [place for place, _text in sentences(book)] == [Place(0, 1, 0, 29), Place(1, 1, 0, 17)]

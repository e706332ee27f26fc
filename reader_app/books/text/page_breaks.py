"""A paged book's text read across its page breaks: a PDF's sentence that runs from the foot of
one page onto the next is one sentence, and a word hyphenated over the break is one word.

A book's text is read as runs: a run is one block's text, or, in a PDF, the last paragraph of a
page and the first paragraph of the next page joined where the page break falls inside a
paragraph (`joins_across`). The sentence splitter then decides, as it does inside a paragraph,
whether a sentence ends at the break ("...the door." / "Then"), or runs on ("...the old" /
"mill.", "Mr." / "Hyde"). Where a sentence of a run lies (`TextRun.place`) is the block it ends
in: a sentence begun on one page and finished on the next belongs to the next page, so it is read
(and may be used) only once the page where it ends has been seen. Find in Book searches the same
runs, so a phrase over a page break is found, from where it starts (`TextRun.locator`).
"""

from __future__ import annotations

import bisect
import dataclasses
import itertools
from collections.abc import Iterator
from collections.abc import Set as AbstractSet
from dataclasses import dataclass

from reader_app.books.model import Block, BlockKind, Book, Locator, Section
from reader_app.books.opening.hyphens import Vocabulary, breaks_word
from reader_app.books.opening.pdf_text import is_page_number
from reader_app.books.text.segment import split_sentences

# Bump when joining changes: a PDF's stored sentence table is built again (text_units digest).
# 2: a book that breaks no words at lines' ends keeps an unknown compound's hyphen over a page
# break ("good-" / "nature"), which changes sentences whose paragraphs' text stays the same.
PAGE_BREAKS_VERSION = "page-breaks-2"
_NO_SPACE_AFTER = ("-", "—", "–", "/")  # as lines are joined inside a page (pdf_text._joined)


@dataclass(frozen=True, slots=True)
class Piece:
    """A block's text inside a run: its place in the book, and where it starts in the run."""

    section: int
    block: int
    at: int


@dataclass(frozen=True, slots=True)
class Place:
    """Where a sentence of a run is stored: the block it ends in, and its characters there (from
    0 when it began in an earlier block)."""

    section: int
    block: int
    char_start: int
    char_end: int


@dataclass(frozen=True, slots=True)
class TextRun:
    text: str
    pieces: tuple[Piece, ...]

    def place(self, start: int, end: int) -> Place:
        """Where the sentence `text[start:end]` (not empty) is stored: see the module doc."""
        first = self.pieces[bisect.bisect_right(self.pieces, start, key=_at) - 1]
        last = self.pieces[bisect.bisect_right(self.pieces, end - 1, key=_at) - 1]
        begin = start - last.at if first is last else 0
        return Place(last.section, last.block, begin, end - last.at)

    def locator(self, offset: int, *, after: bool = False) -> Locator:
        """Where the run's character `offset` is in its block; with `after`, the place just
        after character `offset - 1` (the end of a stretch that ends there)."""
        inside = max(offset - 1, 0) if after else offset
        piece = self.pieces[bisect.bisect_right(self.pieces, inside, key=_at) - 1]
        return Locator(piece.section, piece.block, offset - piece.at)


def _at(piece: Piece) -> int:
    return piece.at


def text_runs(
    book: Book, *, outside: AbstractSet[tuple[int, int]] = frozenset()
) -> Iterator[TextRun]:
    """Every text block of `book` in reading order as runs (see the module doc). `outside`: the
    (section, block) pairs that are not the story; a sentence never runs into or out of them."""
    joins = joins_across(book, outside=outside) if book.format == "pdf" else {}
    vocabulary: Vocabulary | None = None
    text, at = "", 0
    pieces: list[Piece] = []
    for section in book.sections:
        for index, block in enumerate(section.blocks):
            if not _has_text(block):
                continue
            if pieces and joins.get((pieces[-1].section, pieces[-1].block)) == (
                    section.index, index):
                if text.endswith("-") and vocabulary is None:
                    vocabulary = Vocabulary.of(
                        b.text for s in book.sections for b in s.blocks)
                text, at = _joined(text, block.text, vocabulary)
            else:
                if pieces:
                    yield TextRun(text, tuple(pieces))
                text, pieces, at = block.text, [], 0
            pieces.append(Piece(section.index, index, at))
    if pieces:
        yield TextRun(text, tuple(pieces))


def joins_across(
    book: Book, *, outside: AbstractSet[tuple[int, int]] = frozenset()
) -> dict[tuple[int, int], tuple[int, int]]:
    """(section, block) of a page's last paragraph -> that of the next page's first paragraph,
    where the text may run on from one to the other: both are the story's plain paragraphs (not
    a heading, a page number or an empty page), the pages follow each other in the reading order,
    and no contents entry (a chapter, a part) starts on the second page."""
    starts = {entry.target.section for top in book.toc for _, entry in top.walk()}
    found: dict[tuple[int, int], tuple[int, int]] = {}
    sections = [s for s in book.sections if s.linear]
    for page, following in itertools.pairwise(sections):
        if following.index != page.index + 1 or following.index in starts:
            continue
        last = _edge_paragraph(page.blocks, reverse=True)
        first = _edge_paragraph(following.blocks, reverse=False)
        if last is None or first is None:
            continue
        here, there = (page.index, last), (following.index, first)
        if here not in outside and there not in outside:
            found[here] = there
    return found


def _edge_paragraph(blocks: tuple[Block, ...], *, reverse: bool) -> int | None:
    """The page's last (or first) text block, if it is a paragraph of the text."""
    order = range(len(blocks) - 1, -1, -1) if reverse else range(len(blocks))
    for index in order:
        block = blocks[index]
        if not _has_text(block):
            continue
        plain = block.kind is BlockKind.PARAGRAPH and not is_page_number(block.text)
        return index if plain else None
    return None


def _has_text(block: Block) -> bool:
    return not (block.kind in (BlockKind.IMAGE, BlockKind.RULE) and not block.text.strip())


def _joined(text: str, after: str, vocabulary: Vocabulary | None) -> tuple[str, int]:
    """`text` with `after` (the next page's paragraph) joined on, and where `after` starts."""
    if vocabulary is not None and breaks_word(text, after, vocabulary):
        text = text[:-1]
    elif not text.endswith(_NO_SPACE_AFTER):
        text += " "
    return text + after, len(text)


@dataclass(frozen=True, slots=True)
class RunOn:
    """A sentence that runs on from one page to the next: where it starts on the first page
    (block, character) and ends on the next (block, character), and its whole text."""

    block: int
    start: int
    next_block: int
    end: int
    text: str


def run_on(book: Book, page: Section, following: Section) -> RunOn | None:
    """The sentence that runs on from `page` to `following` (the next page of `book`), if one
    does (the same rule as the sentence table's)."""
    two = dataclasses.replace(book, sections=(page, following))
    for run in text_runs(two):
        if run.pieces[0].section == run.pieces[-1].section:
            continue
        for start, end in split_sentences(run.text):
            first = run.pieces[bisect.bisect_right(run.pieces, start, key=_at) - 1]
            place = run.place(start, end)
            if first.section == page.index and place.section == following.index:
                return RunOn(first.block, start - first.at, place.block, place.char_end,
                             run.text[start:end])
    return None


def sentence_spans(run: TextRun) -> Iterator[tuple[Place, str]]:
    """Each sentence of `run`: where it is stored, and its text."""
    for start, end in split_sentences(run.text):
        yield run.place(start, end), run.text[start:end]

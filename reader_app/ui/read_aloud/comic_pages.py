"""A comic's pages read for Read aloud: each page's OCR text in panel order
(comics/reading_order.py), page after page from the one on screen, read on a worker just ahead of
the voice and handed to the comic's source (sources.py): a page OCR has read before comes from its
cache at once, a new one is read then (and cached for the assistant). A PDF's page is read from
its text layer, paragraph by paragraph; only a page without one (scanned) goes to OCR. A PDF's
sentence that runs on from the foot of a page to the next is said whole with the next page, where
it ends (as the sentence table keeps it: books/text/page_breaks.py)."""

from __future__ import annotations

import dataclasses
import sqlite3
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from reader_app.books.model import Block, BlockKind, Book, Section
from reader_app.books.text.page_breaks import run_on
from reader_app.cancel import CancelToken
from reader_app.errors import BookError
from reader_app.store.db import connect
from reader_app.ui.workers import Job

if TYPE_CHECKING:  # the OCR and its numpy load on the worker, never before the first page
    from reader_app.comics.ocr import OcrEngine
    from reader_app.comics.text import PageText

# (book, first page, cancel) -> the pages' texts in order, from the first; runs on a worker.
PageReader = Callable[[Book, int, CancelToken], Iterator["PageText"]]
# A page's text, and which of its blocks are headings (a sentence never runs on into one).
HeadedPage = tuple["PageText", frozenset[int]]
_SENTENCE_END = tuple(".!?…\"'’”)»")


def ocr_page_reader(
    home: Path, *, engine: Callable[[], OcrEngine] | None = None
) -> PageReader:
    """Pages read through the library's OCR cache, on the worker's own connection (with
    RapidOCR unless `engine` makes another)."""

    def read(book: Book, first: int, cancel: CancelToken) -> Iterator[PageText]:
        conn = connect(home)
        try:
            pages = _pages(conn, book, first, cancel)
            if book.format == "pdf":
                yield from joined_over_page_breaks(book, pages)
            else:
                yield from (page for page, _headings in pages)
        finally:
            conn.close()

    def _pages(conn: sqlite3.Connection, book: Book, first: int,
               cancel: CancelToken) -> Iterator[HeadedPage]:
        from reader_app.comics.ocr import RapidOcrEngine
        from reader_app.comics.text import PageText, ocr_book

        ocr = (engine or RapidOcrEngine)()
        for section in book.sections[first:]:
            if cancel.cancelled:
                return
            layered = pdf_layer_page(book, section.index)
            if layered is not None:
                yield layered
                continue
            one = dataclasses.replace(book, sections=(section,))
            found = ocr_book(conn, home, one, engine=ocr, cancel=cancel).page(section.index)
            yield (found if found is not None else PageText(section.index, "", ())), frozenset()

    return read


def joined_over_page_breaks(book: Book, pages: Iterable[HeadedPage]) -> Iterator[PageText]:
    """The PDF's pages, a sentence that runs on from one to the next moved whole to the next.
    A page whose text ends a sentence is handed on at once; one that may run on waits for the
    next page to be read."""
    held: HeadedPage | None = None
    for page, headings in pages:
        if held is not None:
            before, page = _moved_on(book, held, (page, headings))
            yield before
            held = None
        blocks = page.blocks
        if blocks and not blocks[-1].text.rstrip().endswith(_SENTENCE_END):
            held = (page, headings)
        else:
            yield page
    if held is not None:
        yield held[0]


def _moved_on(book: Book, held: HeadedPage, following: HeadedPage) -> tuple[PageText, PageText]:
    """The held page without the start of the sentence that runs on, and the next page with
    that sentence whole in its first paragraph (both as they were if none runs on)."""
    page, after = held[0], following[0]
    found = run_on(book, _as_section(*held), _as_section(*following))
    if found is None:
        return page, after
    blocks, next_blocks = list(page.blocks), list(after.blocks)
    cut = blocks[found.block].text[:found.start].rstrip()
    if cut:
        blocks[found.block] = dataclasses.replace(blocks[found.block], text=cut)
    else:
        del blocks[found.block]
    target = next_blocks[found.next_block]
    next_blocks[found.next_block] = dataclasses.replace(
        target, text=found.text + target.text[found.end:])
    return (dataclasses.replace(page, blocks=tuple(blocks)),
            dataclasses.replace(after, blocks=tuple(next_blocks)))


def _as_section(page: PageText, headings: frozenset[int]) -> Section:
    return Section(page.page, f"page {page.page}", "", tuple(
        Block(BlockKind.HEADING if index in headings else BlockKind.PARAGRAPH, block.text)
        for index, block in enumerate(page.blocks)))


def pdf_layer_page(book: Book, page: int) -> HeadedPage | None:
    """A PDF page's paragraphs from its text layer, each with its place in the page's picture
    (the pixels of the page as drawn for OCR, which the balloon outline expects), and which of
    them are headings; None for a page without text, and for any book that is not a PDF."""
    from reader_app.books.opening.pdf import RESOURCE_LONG_SIDE, pdf_pages
    from reader_app.books.opening.pdf_text import (
        book_words,
        paragraphs,
        read_layer,
        running_lines,
    )
    from reader_app.comics.reading_order import Box, TextBlock
    from reader_app.comics.text import PageText

    pages = pdf_pages(book)
    if pages is None:
        return None
    try:
        layer = read_layer(pages, page)
    except BookError:
        return None  # a damaged page: OCR tries its picture
    if not layer.has_text:
        return None
    skip = running_lines([layer], names=(book.metadata.title, *book.metadata.authors))
    scale = RESOURCE_LONG_SIDE / max(layer.width, layer.height)
    # The book's words, as the sentence table's: a word broken at a line's end is said as it
    # is stored ("interesting", "well-known"), whatever page tells which it is.
    found = paragraphs(layer, skip=skip, words=book_words(pages))
    blocks = tuple(TextBlock(p.text, Box(*(v * scale for v in p.box)), ()) for p in found)
    headings = frozenset(index for index, p in enumerate(found) if p.heading)
    return PageText(page, "", blocks), headings


def stream_pages(reader: PageReader, book: Book, first: int) -> Callable[[Job], None]:
    """The worker's job: each page's text sent to the UI as it is read (`job(page)`)."""

    def work(job: Job) -> None:
        for page in reader(book, first, job):
            job(page)

    return work

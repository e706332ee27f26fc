"""A comic's pages read for Read aloud: each page's OCR text in panel order
(comics/reading_order.py), page after page from the one on screen, read on a worker just ahead of
the voice and handed to the comic's source (sources.py): a page OCR has read before comes from its
cache at once, a new one is read then (and cached for the assistant). A PDF's page is read from
its text layer, paragraph by paragraph; only a page without one (scanned) goes to OCR."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from reader_app.books.model import Book
from reader_app.cancel import CancelToken
from reader_app.errors import BookError
from reader_app.store.db import connect
from reader_app.ui.workers import Job

if TYPE_CHECKING:  # the OCR and its numpy load on the worker, never before the first page
    from reader_app.comics.ocr import OcrEngine
    from reader_app.comics.text import PageText

# (book, first page, cancel) -> the pages' texts in order, from the first; runs on a worker.
PageReader = Callable[[Book, int, CancelToken], Iterator["PageText"]]


def ocr_page_reader(
    home: Path, *, engine: Callable[[], OcrEngine] | None = None
) -> PageReader:
    """Pages read through the library's OCR cache, on the worker's own connection (with
    RapidOCR unless `engine` makes another)."""

    def read(book: Book, first: int, cancel: CancelToken) -> Iterator[PageText]:
        from reader_app.comics.ocr import RapidOcrEngine
        from reader_app.comics.text import PageText, ocr_book

        conn = connect(home)
        try:
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
                yield found if found is not None else PageText(section.index, "", ())
        finally:
            conn.close()

    return read


def pdf_layer_page(book: Book, page: int) -> PageText | None:
    """A PDF page's paragraphs from its text layer, each with its place in the page's picture
    (the pixels of the page as drawn for OCR, which the balloon outline expects); None for a
    page without text, and for any book that is not a PDF."""
    from reader_app.books.opening.pdf import RESOURCE_LONG_SIDE, pdf_pages
    from reader_app.books.opening.pdf_text import paragraphs, read_layer, running_lines
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
    blocks = tuple(
        TextBlock(p.text, Box(*(v * scale for v in p.box)), ())
        for p in paragraphs(layer, skip=skip))
    return PageText(page, "", blocks)


def stream_pages(reader: PageReader, book: Book, first: int) -> Callable[[Job], None]:
    """The worker's job: each page's text sent to the UI as it is read (`job(page)`)."""

    def work(job: Job) -> None:
        for page in reader(book, first, job):
            job(page)

    return work

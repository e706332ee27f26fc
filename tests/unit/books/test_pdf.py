"""PDF books: opened from the catalogue alone (no page loaded), outline, labels, metadata; the
text layer where the words are drawn, in paragraphs without running heads or page numbers;
password-protected and damaged files refused with one sentence."""

from __future__ import annotations

import contextlib
import random
from pathlib import Path

import numpy as np
import pypdfium2
import pytest

from reader_app.books.model import BlockKind, Locator
from reader_app.books.opening.formats import read_book, sniff_format
from reader_app.books.opening.pdf import pdf_pages
from reader_app.books.opening.pdf_text import read_layer, with_text_layer
from reader_app.errors import BookError, BookTooLargeError
from tests.unit.books.pdfgen import many_pages_spec, sample_spec, write_pdf

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "pdf"
PROTECTED = FIXTURES / "password-protected.pdf"  # qpdf --encrypt (AES-256) of sample_spec()
CALIBRE = FIXTURES / "jekyll-calibre-first-24-pages.pdf"  # ebook-convert, cut with qpdf --pages


def test_a_thousand_page_pdf_opens_without_loading_a_page(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = write_pdf(tmp_path / "long.pdf", many_pages_spec(1000))
    loaded: list[int] = []
    real = pypdfium2.PdfDocument.get_page  # what `document[i]` calls too
    monkeypatch.setattr(pypdfium2.PdfDocument, "get_page",
                        lambda self, i: (loaded.append(i), real(self, i))[1])
    book = read_book(path)
    assert len(book.sections) == 1000 and book.format == "pdf"
    assert loaded == []  # no page's content was parsed to open the book
    pages = pdf_pages(book)
    assert pages is not None
    pages.render(0, width=200, height=300)
    assert loaded == [0]  # the first page, when it is shown


def test_outline_labels_and_metadata(tmp_path: Path) -> None:
    book = read_book(write_pdf(tmp_path / "sample.pdf", sample_spec()))
    assert sniff_format(book.path) == "pdf"
    assert [(e.title, e.target) for e in book.toc] == [
        ("Chapter 1", Locator(2, 0, 0)), ("Chapter 2", Locator(4, 0, 0)),
        ("Chapter 3", Locator(6, 0, 0))]
    assert book.toc[2].children[0].target == Locator(7, 0, 0)
    assert [s.title for s in book.sections] == [
        "Page i", "Page ii", *(f"Page {n}" for n in range(1, 7))]
    assert (book.metadata.title, book.metadata.authors, book.metadata.language) == (
        "A Sample Book", ("Ann Author",), "en-GB")
    assert book.is_comic  # read page by page: the page is the unit of the boundary


def test_calibre_pdf_outline_becomes_the_contents() -> None:
    book = read_book(CALIBRE)
    titles = [entry.title for entry in book.toc]
    assert titles[:4] == ["Titlepage", "Imprint", "Story of the Door", "Search for Mr. Hyde"]
    assert book.toc[2].target == Locator(3, 0, 0)
    assert book.metadata.title == "The Strange Case of Dr. Jekyll and Mr. Hyde"


def _rotated_and_cropped(tmp_path: Path) -> Path:
    """The sample with each page turned a quarter and cropped away from its corner."""
    data = write_pdf(tmp_path / "plain.pdf", sample_spec()).read_bytes().replace(
        b"/MediaBox [0 0 420 595]", b"/Rotate 90 /CropBox [20 30 420 595] /MediaBox [0 0 420 595]")
    path = tmp_path / "turned.pdf"
    path.write_bytes(data)
    return path


@pytest.mark.parametrize("which", ["calibre", "turned"])
def test_the_text_layers_words_lie_where_they_are_drawn(tmp_path: Path, which: str) -> None:
    book = read_book(CALIBRE if which == "calibre" else _rotated_and_cropped(tmp_path))
    pages = pdf_pages(book)
    assert pages is not None
    layer = read_layer(pages, 4)
    assert len(layer.words) > (100 if which == "calibre" else 30)
    drawn = pages.render(4, width=round(layer.width * 2), height=round(layer.height * 2))
    pixels = np.frombuffer(drawn.pixels, np.uint8).reshape(drawn.height, drawn.stride // 4, 4)
    ink = pixels[:, : drawn.width, :3].max(axis=2) < 110
    covered = np.zeros_like(ink)
    scale = drawn.width / layer.width
    for word in layer.words:
        left, top, right, bottom = (round(v * scale) for v in word.box)
        box = ink[top:bottom + 1, left:right + 1]
        assert box.any(), word  # every word has ink in its box
        covered[max(top - 2, 0):bottom + 3, max(left - 2, 0):right + 3] = True
    assert ink[covered].sum() / ink.sum() > 0.98  # and the ink lies in the words' boxes


def test_paragraphs_leave_out_running_heads_and_page_numbers(tmp_path: Path) -> None:
    book = read_book(write_pdf(tmp_path / "sample.pdf", sample_spec()))
    pages = pdf_pages(book)
    assert pages is not None
    texted = with_text_layer(book, pages).book
    assert texted is not None
    texts = [b.text for s in texted.sections for b in s.blocks if b.kind is not BlockKind.IMAGE]
    assert not any("A Sample Book" in t for t in texts)  # the running head
    assert not any(t.strip().isdigit() or t.strip() in ("i", "ii") for t in texts)
    page = texted.sections[2].blocks
    assert page[0].kind is BlockKind.IMAGE
    assert (page[1].kind, page[1].text) == (BlockKind.HEADING, "Chapter 1")
    assert page[2].text.startswith("The lighthouse keeper counted the ships")


def test_calibre_page_numbers_are_left_out_and_lines_joined() -> None:
    book = read_book(CALIBRE)
    pages = pdf_pages(book)
    assert pages is not None
    texted = with_text_layer(book, pages).book
    assert texted is not None
    blocks = [b.text for b in texted.sections[3].blocks[1:]]
    assert blocks[0] == "Story of the Door"
    assert blocks[1].startswith("Mr. Utterson the lawyer was a man of a rugged countenance that "
                                "was never lighted by a smile;")
    assert not any(b.strip() == "4" for b in blocks)


def test_a_password_protected_pdf_says_so() -> None:
    with pytest.raises(BookError) as caught:
        read_book(PROTECTED)
    assert "password" in str(caught.value) and PROTECTED.name in str(caught.value)


@pytest.mark.parametrize("cut", [9, 200])
def test_a_pdf_cut_short_is_one_clear_error(tmp_path: Path, cut: int) -> None:
    whole = write_pdf(tmp_path / "whole.pdf", sample_spec()).read_bytes()
    path = tmp_path / "cut.pdf"
    path.write_bytes(whole[:cut])
    with pytest.raises(BookError) as caught:
        read_book(path)
    assert "damaged" in str(caught.value) and "cut.pdf" in str(caught.value)


def test_damaged_pdfs_open_or_fail_with_a_book_error_never_anything_else(tmp_path: Path) -> None:
    whole = bytearray(write_pdf(tmp_path / "whole.pdf", sample_spec()).read_bytes())
    chance = random.Random(42)
    for case in range(40):
        data = bytearray(whole)
        for _ in range(chance.randint(1, 30)):
            data[chance.randrange(len(data))] = chance.randrange(256)
        if case % 4 == 0:
            del data[chance.randrange(len(data)):]
        path = tmp_path / f"damaged{case}.pdf"
        path.write_bytes(bytes(data))
        try:
            book = read_book(path)
            pages = pdf_pages(book)
            assert pages is not None
            with_text_layer(book, pages)
            for index in range(len(book.sections)):
                with contextlib.suppress(BookError):
                    pages.render(index, width=100, height=140)
        except BookError as error:
            assert path.name in str(error)


def test_a_page_is_never_drawn_beyond_the_render_cap(tmp_path: Path) -> None:
    book = read_book(write_pdf(tmp_path / "sample.pdf", sample_spec()))
    pages = pdf_pages(book)
    assert pages is not None
    drawn = pages.render(0, width=100_000, height=140_000)
    assert drawn.width * drawn.height <= 40_000_000


def test_too_many_pages_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from reader_app.books.opening import pdf

    monkeypatch.setattr(pdf, "MAX_PAGES", 50)
    with pytest.raises(BookTooLargeError):
        read_book(write_pdf(tmp_path / "long.pdf", many_pages_spec(60)))


def test_chapter_headings_on_running_pages_are_kept_and_words_map_to_their_text(
    tmp_path: Path,
) -> None:
    from tests.unit.books.pdfgen import STORY, PdfChapter, PdfSpec

    spec = PdfSpec(title="Tales", running_head="Tales", chapters=tuple(
        PdfChapter(f"Chapter {n}", [[STORY[n]]])
        for n in range(1, 6)))  # a heading at the same place on five pages running
    book = read_book(write_pdf(tmp_path / "tales.pdf", spec))
    pages = pdf_pages(book)
    assert pages is not None
    read = with_text_layer(book, pages)
    assert read.book is not None
    for number, section in enumerate(read.book.sections, start=1):
        assert [(b.kind, b.text) for b in section.blocks[1:]] == [
            (BlockKind.HEADING, f"Chapter {number}"),
            (BlockKind.PARAGRAPH, STORY[number])]
    from reader_app.books.opening.pdf_text import paragraphs

    for paragraph in paragraphs(read_layer(pages, 0), skip=read.skip, words=read.words):
        words = [paragraph.text[start:end] for start, end, _box in paragraph.pieces]
        assert words == paragraph.text.split()

"""Pictures that make a decoder raise (any type, from any Pillow plugin) are pictures not shown,
never a book that does not open: comic pages, covers, headers read before decoding."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image

from reader_app.books.opening.formats import read_book
from reader_app.books.pictures.covers import check_image_size, cover_thumbnail_png, image_dimensions
from reader_app.books.pictures.jxl_header import register_jxl
from reader_app.books.pictures.picture_decode import picture_format, pillow_formats, pillow_picture
from tests.unit.books.epubgen import image_bytes
from tests.unit.books.hostile_pictures import (
    MALFORMED_JXL,
    comic_with_page,
    epub_with_pictures,
    psd_header,
)

HOSTILE = {"malformed JPEG XL": MALFORMED_JXL, "PSD with huge dimensions": psd_header()}


@pytest.mark.parametrize("data", HOSTILE.values(), ids=HOSTILE.keys())
def test_a_decoder_that_raises_anything_is_a_picture_not_shown(data: bytes) -> None:
    register_jxl()
    with pytest.raises((RuntimeError, OverflowError)), Image.open(io.BytesIO(data)) as image:
        image.load()  # the plugins' own types, which no list of decoder errors named
    assert pillow_picture(data, name="001.png", target=(100, 100), max_pixels=10**6) is None


def test_a_psd_header_overflowing_pillow_has_no_readable_size_and_passes_to_the_decoder() -> None:
    assert image_dimensions(psd_header()) is None
    check_image_size(psd_header(), name="001.png")  # no OverflowError: the decoder refuses it


@pytest.mark.parametrize("data", HOSTILE.values(), ids=HOSTILE.keys())
def test_a_comic_whose_page_or_cover_breaks_its_decoder_opens(data: bytes, tmp_path: Path) -> None:
    for at in (0, 1):
        path = comic_with_page(tmp_path / f"at{at}.cbz", data, at=at)
        book = read_book(path)
        assert len(book.sections) == 3
        if at == 0:
            assert book.cover == "001.png"
            assert cover_thumbnail_png(book) is None  # no cover drawn; the book is unharmed


@pytest.mark.parametrize("data", HOSTILE.values(), ids=HOSTILE.keys())
def test_an_epub_whose_cover_breaks_its_decoder_opens_without_a_cover(
    data: bytes, tmp_path: Path
) -> None:
    path = epub_with_pictures(tmp_path / "b.epub", {"cover.png": data}, cover="cover.png")
    book = read_book(path)
    assert book.cover == "OEBPS/cover.png" or book.cover.endswith("cover.png")
    assert cover_thumbnail_png(book) is None


def test_pictures_are_identified_by_their_bytes_not_their_names() -> None:
    assert picture_format(MALFORMED_JXL) == "jxl"
    assert picture_format(psd_header()) == "psd"
    assert picture_format(image_bytes(fmt="PNG")) == "png"
    assert picture_format(image_bytes(fmt="JPEG")) == "jpeg"
    assert picture_format(image_bytes(fmt="GIF")) == "gif"
    assert picture_format(image_bytes(fmt="WEBP")) == "webp"
    assert picture_format(image_bytes(fmt="TIFF")) == "tiff"
    assert picture_format(b"\xef\xbb\xbf  <svg xmlns='http://www.w3.org/2000/svg'/>") == "svg"
    assert picture_format(b"not a picture") is None


def test_a_postscript_picture_is_never_handed_to_ghostscript() -> None:
    out = io.BytesIO()
    Image.new("RGB", (8, 8), "red").save(out, format="EPS")  # writing needs no Ghostscript
    with Image.open(io.BytesIO(out.getvalue())) as opened:
        assert opened.format == "EPS"  # what Pillow alone would have picked, and then run gs on
    assert "EPS" not in pillow_formats() and "PNG" in pillow_formats()
    assert pillow_picture(out.getvalue(), name="a.png", target=(9, 9), max_pixels=100) is None

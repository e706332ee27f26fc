"""AVIF and JPEG XL pictures are drawn on the page, under the same size caps as other images."""

from __future__ import annotations

import io
import logging
from pathlib import Path

import pytest
from PIL import Image
from PySide6.QtGui import QImage
from pytestqt.qtbot import QtBot

from reader_app.books.opening.formats import read_book
from reader_app.books.pictures.covers import check_image_size
from reader_app.books.pictures.jxl_header import CONTAINER, jxl_size, register_jxl
from reader_app.books.pictures.picture_decode import is_avif, pillow_picture
from reader_app.errors import UnsafeBookError
from reader_app.ui.page.appearance import Appearance
from reader_app.ui.reader.epub_view import EpubView
from tests.unit.books.epubgen import make_epub, xhtml


def _encoded(fmt: str, size: tuple[int, int], color: str) -> bytes:
    register_jxl()
    out = io.BytesIO()
    Image.new("RGB", size, color).save(out, format=fmt)
    return out.getvalue()


def _boxed(codestream: bytes) -> bytes:
    """A JPEG XL codestream inside the ISO BMFF container, as some encoders write it."""
    ftyp = b"\x00\x00\x00\x14ftypjxl \x00\x00\x00\x00jxl "
    jxlc = (8 + len(codestream)).to_bytes(4, "big") + b"jxlc" + codestream
    return CONTAINER + ftyp + jxlc


def _claiming(width: int, height: int) -> bytes:
    """A JPEG XL codestream whose header claims `width` x `height`, with no picture after it."""
    bits = [0]  # not a multiple-of-8 small size
    for value in (height, None, width):
        if value is None:
            bits += [0, 0, 0]  # no aspect ratio: the width follows
            continue
        bits += [0, 1]  # selector 2: 18 bits
        bits += [(value - 1) >> i & 1 for i in range(18)]
    number = sum(bit << i for i, bit in enumerate(bits))
    return b"\xff\x0a" + number.to_bytes((len(bits) + 7) // 8 + 4, "little") + b"\x00" * 64


def _count_colour(page: QImage, red: bool) -> int:
    found = 0
    for y in range(0, page.height(), 2):
        for x in range(0, page.width(), 2):
            colour = page.pixelColor(x, y)
            channel = colour.red() if red else colour.green()
            others = (colour.green(), colour.blue()) if red else (colour.red(), colour.blue())
            if channel > 150 and max(others) < 90:
                found += 1
    return found


def test_jpeg_xl_sizes_come_from_the_header() -> None:
    for size in [(3, 2), (100, 37), (64, 48), (640, 480), (1000, 1)]:
        data = _encoded("JXL", size, "red")
        assert jxl_size(data) == size
        assert jxl_size(_boxed(data)) == size
    assert jxl_size(_claiming(20_000, 25_000)) == (20_000, 25_000)
    assert jxl_size(b"\xff\x0a") is None  # cut short: unreadable, not a guess
    assert is_avif(_encoded("AVIF", (8, 8), "red"))


def test_giant_pictures_are_refused_before_decoding(caplog: pytest.LogCaptureFixture) -> None:
    giant = _claiming(20_000, 25_000)
    with pytest.raises(UnsafeBookError, match="20,000"):
        check_image_size(giant, name="giant.jxl")
    with caplog.at_level(logging.WARNING):
        refused = pillow_picture(giant, name="giant.jxl", target=(99, 99), max_pixels=40_000_000)
    assert refused is None
    assert "giant.jxl" in caplog.text
    avif = _encoded("AVIF", (300, 200), "red")
    assert pillow_picture(avif, name="a.avif", target=(100, 100), max_pixels=1000) is None
    decoded = pillow_picture(avif, name="a.avif", target=(90, 90), max_pixels=100_000)
    assert decoded is not None and decoded[1:] == (90, 60)  # scaled to fit, aspect kept


def test_avif_and_jpeg_xl_are_drawn_on_the_page(qtbot: QtBot, tmp_path: Path) -> None:
    body = (
        '<p>AVIF:</p><img src="red.avif" alt="red"/>'
        '<p>JPEG XL:</p><img src="green.jxl" alt="green"/><p>Boxed:</p><img src="boxed.jxl"/>'
    )
    path = make_epub(
        tmp_path / "modern.epub",
        {"c1.xhtml": xhtml(body)},
        extra={
            "OEBPS/red.avif": _encoded("AVIF", (60, 40), "#e00000"),
            "OEBPS/green.jxl": _encoded("JXL", (60, 40), "#00c000"),
            "OEBPS/boxed.jxl": _boxed(_encoded("JXL", (60, 40), "#00c000")),
        },
    )
    book = read_book(path)
    images = [b.image for b in book.sections[0].blocks if b.image]
    assert images == ["OEBPS/red.avif", "OEBPS/green.jxl", "OEBPS/boxed.jxl"]
    view = EpubView()
    qtbot.addWidget(view)
    view.resize(420, 1400)
    view.set_appearance(Appearance(font_family="DejaVu Serif", font_size=11, theme="light"))
    view.set_book(book)
    view.show()
    qtbot.waitExposed(view)
    view.relayout_now()
    qtbot.waitUntil(lambda: not view.images.pending, timeout=60_000)
    view.repaint()
    page = view.grab().toImage()
    page.save(str(tmp_path / "modern.png"))
    assert _count_colour(page, red=True) > 500, "the AVIF picture was not drawn"
    assert _count_colour(page, red=False) > 1000, "the JPEG XL pictures were not drawn"

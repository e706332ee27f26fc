"""Illustrations render whole (against an independent renderer) and line art suits dark pages."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from PIL import Image
from PySide6.QtCore import QByteArray, QSize, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtSvg import QSvgRenderer
from pytestqt.qtbot import QtBot

from reader_app.books.model import BlockKind, Locator
from reader_app.books.opening.formats import read_book
from reader_app.books.shelf.reading import Navigation
from reader_app.ui.page.appearance import Appearance
from reader_app.ui.page.images import ImageCache, render_svg
from reader_app.ui.reader.epub_view import EpubView
from tests.conftest import corpus_epub
from tests.unit.books.epubgen import make_epub, xhtml

ALICE = "lewis-carroll_alices-adventures-in-wonderland.epub"
WIDTH = 360


def ink(image: QImage) -> float:
    """Fraction of pixels drawn dark on white (alpha composited onto white)."""
    flat = QImage(image.size(), QImage.Format.Format_RGB32)
    flat.fill(Qt.GlobalColor.white)
    painter = QPainter(flat)
    painter.drawImage(0, 0, image)
    painter.end()
    small = flat.scaled(120, 120 * flat.height() // max(flat.width(), 1))
    dark = sum(
        1
        for y in range(small.height())
        for x in range(small.width())
        if small.pixelColor(x, y).lightness() < 160
    )
    return dark / (small.width() * small.height())


def reference(svg: bytes, tmp_path: Path) -> QImage:
    tool = shutil.which("rsvg-convert")
    if tool is None:
        pytest.fail("rsvg-convert (Debian librsvg2-bin, scripts/install-system-deps.sh) is missing")
    source, out = tmp_path / "in.svg", tmp_path / "out.png"
    source.write_bytes(svg)
    subprocess.run([tool, "-w", str(WIDTH), "-o", str(out), str(source)], check=True, timeout=120)
    return QImage(str(out))


def qt_tiny(svg: bytes, size: QSize) -> QImage:
    renderer = QSvgRenderer(QByteArray(svg))
    image = QImage(size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    renderer.render(painter)
    painter.end()
    return image


@pytest.mark.qt_log_ignore("Invalid path data")  # Qt's SVG Tiny renderer, the comparison
@pytest.mark.parametrize("name", ["illustration-1.svg", "illustration-2.svg"])
def test_alice_frontispiece_and_white_rabbit_render_whole(
    qtbot: QtBot, tmp_path: Path, name: str
) -> None:
    book = read_book(corpus_epub(ALICE))
    member = next(
        b.image for s in book.sections for b in s.blocks if (b.image or "").endswith(name)
    )
    assert member is not None
    svg = book.load_resource(member)
    expected = reference(svg, tmp_path)
    ours = render_svg(svg, target=QSize(WIDTH, 4000))
    assert ours is not None and ours.width() == WIDTH
    assert abs(ours.height() - expected.height()) <= 2
    expected_ink, our_ink = ink(expected), ink(ours)
    assert expected_ink > 0.05  # an engraving, not a blank
    assert abs(our_ink - expected_ink) <= 0.03 * max(expected_ink, 0.1) + 0.005, (
        our_ink,
        expected_ink,
    )
    # Qt's SVG Tiny renderer, the old path, loses much of the engraving: the test can tell.
    assert abs(ink(qt_tiny(svg, ours.size())) - expected_ink) > 0.1 * expected_ink


def test_white_rabbit_is_whole_on_the_page_and_cached(qtbot: QtBot) -> None:
    book = read_book(corpus_epub(ALICE))
    chapter = next(s for s in book.sections if s.name.endswith("chapter-1.xhtml"))
    index = next(i for i, b in enumerate(chapter.blocks) if b.kind is BlockKind.IMAGE)
    view = EpubView()
    qtbot.addWidget(view)
    view.resize(600, 800)
    view.set_appearance(Appearance(font_family="DejaVu Serif", font_size=12, theme="light"))
    view.set_book(book)
    view.show()
    qtbot.waitExposed(view)
    view.relayout_now()
    view.go_to(Locator(chapter.index, index, 0), navigation=Navigation.JUMP)
    assert view.images.pending  # drawn in a worker: the page is up before the engraving
    qtbot.waitUntil(lambda: not view.images.pending, timeout=60_000)
    page = view.grab().toImage()
    assert ink(page) > 0.05  # the engraving is drawn, not a few faint strokes
    misses = view.images.misses
    view.set_appearance(
        Appearance(font_family="DejaVu Serif", font_size=12, line_spacing=1.7, theme="light")
    )
    view.go_to(Locator(chapter.index, index, 0), navigation=Navigation.JUMP)
    assert view.images.misses == misses  # same text area: the raster is reused


def test_black_on_transparent_logo_is_light_on_the_dark_theme(qtbot: QtBot, tmp_path: Path) -> None:
    logo = Image.new("RGBA", (200, 100), (0, 0, 0, 0))
    for x in range(40, 160):
        for y in range(30, 70):
            logo.putpixel((x, y), (0, 0, 0, 255))
    logo_path = tmp_path / "logo.png"
    logo.save(logo_path)
    chapter = xhtml('<p>Before.</p><img src="logo.png" alt=""/><p>After.</p>')
    path = make_epub(
        tmp_path / "logo.epub",
        {"c1.xhtml": chapter},
        extra={"OEBPS/logo.png": logo_path.read_bytes()},
    )
    book = read_book(path)
    dark = Appearance(font_family="DejaVu Serif", font_size=12, theme="dark")
    view = EpubView()
    qtbot.addWidget(view)
    view.resize(500, 600)
    view.set_appearance(dark)
    view.set_book(book)
    view.show()
    qtbot.waitExposed(view)
    view.relayout_now()
    page = view.grab().toImage()
    background = QColor(dark.resolved_theme().background).lightness()
    light = sum(
        1
        for y in range(0, page.height(), 3)
        for x in range(0, page.width(), 3)
        if page.pixelColor(x, y).lightness() > 200
    )
    assert light > 300, "the logo was not drawn light"
    assert background < 60
    # The decision is made on the image, not the theme alone: a photo would be left alone.
    photo = ImageCache().image(
        book, "OEBPS/logo.png", target=QSize(200, 100), pixel_ratio=1.0, dark=False
    )
    assert photo is not None and photo.pixelColor(100, 50).lightness() < 40


def test_a_big_drawing_is_drawn_in_a_child_process_exactly_as_in_process(qtbot: QtBot) -> None:
    # resvg holds the GIL while it draws (240 ms for War and Peace's cover): big drawings are
    # drawn by a child process (ui/page/svg_child.py), pixel for pixel what resvg draws here.
    import resvg_py

    from reader_app.paths import assets_dir
    from reader_app.ui.page.svg_child import can_render_in_child, render_in_child

    book = read_book(corpus_epub(ALICE))
    svg = book.load_resource("epub/images/illustration-2.svg")
    assert can_render_in_child(svg)
    options = {"width": 200, "font_dirs": [str(assets_dir() / "fonts")]}
    child = render_in_child(svg, **options)
    assert child is not None
    here = bytes(resvg_py.svg_to_bytes(svg_string=svg.decode(), width=200,
                                       font_dirs=[str(assets_dir() / "fonts")]))
    child_image, here_image = QImage.fromData(child), QImage.fromData(here)
    assert child_image.width() == 200
    assert child_image == here_image
    small = read_book(corpus_epub(ALICE)).load_resource("epub/images/logo.svg")
    assert not can_render_in_child(small, 200 * 200)  # a few milliseconds: drawn in process
    assert can_render_in_child(small, 800 * 800)  # drawn big, it holds the GIL for 50 ms


def test_a_child_that_cannot_draw_says_none_and_the_drawing_is_made_in_process(
    qtbot: QtBot,
) -> None:
    from reader_app.ui.page.svg_child import CHILD_MIN_BYTES, render_in_child

    broken = b"<svg xmlns='http://www.w3.org/2000/svg'" + b" " * CHILD_MIN_BYTES  # never closed
    assert render_in_child(broken, width=100) is None
    assert render_svg(broken, target=QSize(100, 100)) is None  # refused in process too

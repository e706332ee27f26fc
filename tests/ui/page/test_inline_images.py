"""Inline `<svg>` and `data:` images are drawn on the page; hostile ones are refused, with why."""

from __future__ import annotations

import base64
import random
from pathlib import Path

from PySide6.QtGui import QImage
from pytestqt.qtbot import QtBot

from reader_app.books.content.inline_images import MAX_INLINE_IMAGE_BYTES, is_inline_name
from reader_app.books.model import BlockKind, Book
from reader_app.books.opening.cache import load_book
from reader_app.books.opening.formats import read_book
from reader_app.ui.page.appearance import Appearance
from reader_app.ui.reader.epub_view import EpubView
from tests.unit.books.epubgen import image_bytes, make_epub, xhtml

RED_CIRCLE = (
    '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120" viewBox="0 0 200 200">'
    '<rect width="200" height="200" fill="white"/>'
    '<circle cx="100" cy="100" r="90" fill="#d00000"/>'
    '<text x="100" y="110" font-size="30" text-anchor="middle">SVG</text></svg>'
)
BLUE_PNG_URI = "data:image/png;base64," + base64.b64encode(
    image_bytes(size=(120, 80), color="blue")
).decode("ascii")


def _book(tmp_path: Path, body: str, name: str = "inline.epub") -> Path:
    return make_epub(tmp_path / name, {"c1.xhtml": xhtml(body)})


def _count(page: QImage, wanted: str) -> int:
    found = 0
    for y in range(0, page.height(), 2):
        for x in range(0, page.width(), 2):
            color = page.pixelColor(x, y)
            red, green, blue = color.red(), color.green(), color.blue()
            if wanted == "red" and red > 180 and green < 60 and blue < 60:
                found += 1
            if wanted == "blue" and blue > 180 and red < 60 and green < 60:
                found += 1
            if wanted == "dark" and red < 60 and green < 60 and blue < 60:
                found += 1
    return found


def _pages(qtbot: QtBot, book: Book, count: int) -> list[QImage]:
    view = EpubView()
    qtbot.addWidget(view)
    view.resize(520, 700)
    view.set_appearance(Appearance(font_family="DejaVu Serif", font_size=12, theme="light"))
    view.set_book(book)
    view.show()
    qtbot.waitExposed(view)
    view.relayout_now()
    pages = []
    for _ in range(count):
        qtbot.waitUntil(lambda: not view.images.pending, timeout=60_000)
        view.repaint()
        pages.append(view.grab().toImage())
        view.next_page()
    return pages


def test_inline_svg_and_data_uri_images_are_drawn(qtbot: QtBot, tmp_path: Path) -> None:
    body = f'<p>Before.</p>{RED_CIRCLE}<p>Between.</p><img src="{BLUE_PNG_URI}" alt=""/><p>End.</p>'
    book = read_book(_book(tmp_path, body))
    images = [b.image for b in book.sections[0].blocks if b.kind is BlockKind.IMAGE]
    assert len(images) == 2 and all(name and is_inline_name(name) for name in images)
    assert images[0] and images[0].endswith(".svg") and images[1] and images[1].endswith(".png")
    text = " ".join(b.text for b in book.sections[0].blocks)
    assert "SVG" not in text  # the drawing's own text is in the picture, not the book's text
    first, second = _pages(qtbot, book, 2)  # the drawing fills the first page's width
    first.save(str(tmp_path / "inline-1.png"))
    second.save(str(tmp_path / "inline-2.png"))
    assert _count(first, "red") > 500, "the inline SVG circle was not drawn"
    assert _count(first, "dark") > 20, "the SVG's own text was not drawn"
    assert _count(second, "blue") > 500, "the data: PNG was not drawn"
    assert not book.notes


def test_inline_images_survive_the_model_cache(tmp_path: Path) -> None:
    path = _book(tmp_path, f'<p>x</p>{RED_CIRCLE}<img src="{BLUE_PNG_URI}"/>')
    home = tmp_path / "home"
    home.mkdir()
    first = load_book(path, home)
    again = load_book(path, home)  # from the cache file
    names = [b.image for b in again.sections[0].blocks if b.kind is BlockKind.IMAGE]
    assert names and all(name for name in names)
    for name in names:
        assert name is not None and again.resource(name) == first.resource(name)
    assert b"<circle" in again.resource(str(names[0]))


def test_svg_wrapping_a_book_image_still_shows_that_image(tmp_path: Path) -> None:
    cover = (
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
        'viewBox="0 0 40 60"><image width="40" height="60" xlink:href="cover.png"/></svg>'
    )
    path = make_epub(
        tmp_path / "cover.epub",
        {"c1.xhtml": xhtml(cover)},
        extra={"OEBPS/cover.png": image_bytes()},
    )
    block = read_book(path).sections[0].blocks[0]
    assert block.kind is BlockKind.IMAGE and block.image == "OEBPS/cover.png"


def test_hostile_data_uris_are_refused_with_a_reason(tmp_path: Path) -> None:
    noise = random.Random(16).randbytes(MAX_INLINE_IMAGE_BYTES + 1024)  # no zip-bomb ratio
    giant = "data:image/png;base64," + base64.b64encode(noise).decode("ascii")
    body = (
        f'<p>One.</p><img src="{giant}"/>'
        '<img src="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=="/>'
        '<img src="data:image/png;base64,@@not base64@@"/>'
        '<img src="data:image/png;base64,"/>'
        f'<p>Two.</p><img src="{BLUE_PNG_URI}"/>'
    )
    book = read_book(_book(tmp_path, body))
    blocks = book.sections[0].blocks
    assert [b.text for b in blocks if b.kind is not BlockKind.IMAGE] == ["One.", "Two."]
    assert sum(1 for b in blocks if b.kind is BlockKind.IMAGE) == 1  # only the good one
    assert len(book.notes) == 1
    note = str(book.notes[0])
    assert "not shown" in note and "MB limit" in note and "(and 3 more)" in note
    assert sum(len(data) for data in book.inline_resources.values()) < 10_000


def test_the_pages_style_rules_colour_an_included_svg_but_nothing_is_fetched(
    qtbot: QtBot, tmp_path: Path
) -> None:
    style = (
        "<style>@import url(http://127.0.0.1:9/never.css); .fil { fill: #0000e0 } "
        "@font-face { font-family: x; src: url(http://127.0.0.1:9/x.ttf) }</style>"
    )
    svg = (
        '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120" viewBox="0 0 200 200">'
        '<circle class="fil" cx="100" cy="100" r="90" fill="#d00000"/></svg>'
    )
    chapter = xhtml(f"<p>Included.</p>{svg}").replace("</head>", style + "</head>")
    book = read_book(make_epub(tmp_path / "css.epub", {"c1.xhtml": chapter}))
    name = next(b.image for b in book.sections[0].blocks if b.kind is BlockKind.IMAGE)
    markup = book.resource(str(name))
    assert b".fil" in markup and b"@import" not in markup and b"font-face" not in markup
    (page,) = _pages(qtbot, book, 1)
    assert _count(page, "blue") > 500, "the page's CSS did not colour the drawing"
    assert _count(page, "red") == 0

"""CBZ comics: pages in natural order, ComicInfo metadata, spreads, right-to-left, covers."""

from __future__ import annotations

from pathlib import Path

import pytest

from reader_app.books.model import BlockKind, Locator, Series
from reader_app.books.opening.cbz import natural_key
from reader_app.books.opening.formats import read_book, sniff_format
from reader_app.books.pictures.covers import check_image_size, cover_thumbnail_png
from tests.conftest import COMICS, PEPPER1, PEPPER2
from tests.unit.books.epubgen import image_bytes, write_zip


def corpus_comic(name: str) -> Path:
    path = COMICS / name
    if not path.exists():
        pytest.skip(f"corpus file missing: {path}")
    return path


@pytest.mark.parametrize(
    ("name", "pages", "title", "number"),
    [(PEPPER1, 5, "Potion of Flight", 1.0), (PEPPER2, 8, "Rainbow potions", 2.0)],
)
def test_pepper_and_carrot_pages_and_comicinfo(
    name: str, pages: int, title: str, number: float
) -> None:
    book = read_book(corpus_comic(name))
    assert book.format == "cbz"
    assert [s.name for s in book.sections] == [f"{n:03d}.jpg" for n in range(pages)]
    assert [s.title for s in book.sections][:2] == ["Page 1", "Page 2"]
    for section in book.sections:
        (block,) = section.blocks
        assert block.kind is BlockKind.IMAGE and block.text == "" and block.image == section.name
    meta = book.metadata
    assert meta.title == title
    assert meta.series == Series("Pepper&Carrot", number)
    assert meta.authors == ("David Revoy",)
    assert meta.language == "en"
    assert not meta.right_to_left
    assert book.cover == "000.jpg"
    page = book.load_resource(book.sections[2].name)
    check_image_size(page)
    assert page.startswith(b"\xff\xd8\xff")
    assert book.toc[-1].target == Locator(pages - 1, 0, 0)


def test_cover_thumbnail_of_a_comic_fits_the_box() -> None:
    from io import BytesIO

    from PIL import Image

    book = read_book(corpus_comic(PEPPER1))
    png = cover_thumbnail_png(book, max_size=(300, 450))
    assert png is not None
    with Image.open(BytesIO(png)) as image:
        assert image.format == "PNG"
        assert image.width == 300 and image.height <= 450  # the cover is 992x690


def test_natural_sort_orders_numbers_by_value_folder_by_folder() -> None:
    names = ["p10.jpg", "p2.jpg", "P1.jpg", "ch2/1.jpg", "ch10/1.jpg", "ch2/10.jpg", "ch2/9.jpg"]
    assert sorted(names, key=natural_key) == [
        "ch2/1.jpg",
        "ch2/9.jpg",
        "ch2/10.jpg",
        "ch10/1.jpg",
        "P1.jpg",
        "p2.jpg",
        "p10.jpg",
    ]


def test_generated_comic_in_natural_order_with_spreads_and_manga(tmp_path: Path) -> None:
    info = (
        "<ComicInfo><Title>Tiny</Title><Series>Shorts</Series><Number>3.5</Number>"
        "<Writer>A. One, B. Two</Writer><Manga>YesAndRightToLeft</Manga><Pages>"
        '<Page Image="0"/><Page Image="1" Type="FrontCover"/>'
        '<Page Image="2" DoublePage="True"/></Pages></ComicInfo>'
    )
    pages = {name: image_bytes(fmt="PNG") for name in ["10.png", "2.png", "1.png", ".hidden.png"]}
    path = write_zip(
        tmp_path / "tiny.zip",  # the extension is no help: the content decides
        {**pages, "__MACOSX/._1.png": b"junk", "ComicInfo.xml": info},
        epub=False,
    )
    assert sniff_format(path) == "cbz"
    book = read_book(path)
    assert [s.name for s in book.sections] == ["1.png", "2.png", "10.png"]
    assert [s.double_page for s in book.sections] == [False, False, True]
    assert book.cover == "2.png"
    assert book.metadata.right_to_left
    assert book.metadata.series == Series("Shorts", 3.5)
    assert book.metadata.authors == ("A. One", "B. Two")


def test_comic_without_comicinfo_uses_the_file_name_and_first_page(tmp_path: Path) -> None:
    path = write_zip(
        tmp_path / "untitled-comic.cbz",
        {"a/001.jpg": image_bytes(fmt="JPEG"), "a/002.jpg": image_bytes(fmt="JPEG")},
        epub=False,
    )
    book = read_book(path)
    assert book.metadata.title == "untitled-comic"
    assert book.metadata.series is None
    assert book.cover == "a/001.jpg"
    with pytest.raises(KeyError):
        book.load_resource("a/003.jpg")

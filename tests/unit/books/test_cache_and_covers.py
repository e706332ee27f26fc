"""The parsed-model cache and EPUB cover thumbnails."""

from __future__ import annotations

import pickle
import shutil
import zipfile
from pathlib import Path

import pytest

from reader_app.books.opening import cache
from reader_app.books.opening.cache import (
    PARSER_VERSION,
    cache_path,
    forget_cached_model,
    load_book,
)
from reader_app.books.opening.formats import read_book
from reader_app.books.pictures.covers import cover_thumbnail_png
from reader_app.digest import file_sha256
from tests.conftest import JEKYLL, WAR_AND_PEACE, corpus_epub
from tests.unit.books.epubgen import image_bytes, make_epub, package_document, xhtml


def test_reopening_uses_the_cache_and_a_moved_file_is_the_same_book(
    tmp_path: Path, library_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    original = tmp_path / "jekyll.epub"
    shutil.copy(corpus_epub(JEKYLL), original)
    first = load_book(original, library_home)
    cached = cache_path(library_home, first.book_id)
    assert cached.exists()
    moved = tmp_path / "renamed.epub"
    original.rename(moved)

    def no_parsing(path: Path) -> None:
        raise AssertionError("the cached model should have been used")

    monkeypatch.setattr(cache, "read_book", no_parsing)
    again = load_book(moved, library_home)
    assert again.path == moved
    assert again.sections == first.sections and again.toc == first.toc
    assert again.metadata == first.metadata
    with zipfile.ZipFile(corpus_epub(JEKYLL)) as archive:
        assert again.load_resource("epub/text/chapter-1.xhtml") == archive.read(
            "epub/text/chapter-1.xhtml"
        )


def test_a_corrupt_or_stale_cache_file_is_ignored_and_rewritten(
    tmp_path: Path, library_home: Path
) -> None:
    path = make_epub(tmp_path / "small.epub", {"c.xhtml": xhtml("<p>Hello there.</p>")})
    book_id = file_sha256(path)
    target = cache_path(library_home, book_id)
    target.write_bytes(b"\x80\x05 not a pickle at all")
    book = load_book(path, library_home)
    assert book.sections[0].blocks[0].text == "Hello there."
    version, stored = pickle.loads(target.read_bytes())
    assert version == PARSER_VERSION and stored.book_id == book_id
    # A cache written by an older parser is not trusted either.
    target.write_bytes(pickle.dumps((PARSER_VERSION - 1, "old model")))
    assert load_book(path, library_home).sections == book.sections
    assert pickle.loads(target.read_bytes())[0] == PARSER_VERSION
    assert not list(target.parent.glob("*.tmp"))


def test_epub_raster_cover_becomes_a_png_thumbnail(tmp_path: Path) -> None:
    opf = package_document(["c.xhtml"]).replace(
        "</manifest>",
        '<item id="cov" href="cover.jpg" media-type="image/jpeg"/></manifest>',
    )
    opf = opf.replace("</metadata>", '<meta name="cover" content="cov"/></metadata>')
    path = make_epub(
        tmp_path / "covered.epub",
        {"c.xhtml": xhtml("<p>x</p>")},
        opf=opf,
        extra={"OEBPS/cover.jpg": image_bytes(size=(600, 900), fmt="JPEG")},
    )
    book = read_book(path)
    assert book.cover == "OEBPS/cover.jpg"
    png = cover_thumbnail_png(book, max_size=(100, 150))
    assert png is not None and png.startswith(b"\x89PNG")


def test_svg_cover_leaves_the_thumbnail_to_the_ui() -> None:
    book = read_book(corpus_epub(JEKYLL))
    assert book.cover is not None and book.cover.endswith(".svg")
    assert cover_thumbnail_png(book) is None


def test_calibre_series_and_epub2_guide_cover(tmp_path: Path) -> None:
    opf = package_document(["cover.xhtml", "c.xhtml"])
    opf = opf.replace(
        "</metadata>",
        '<meta name="calibre:series" content="Saga"/>'
        '<meta name="calibre:series_index" content="4"/></metadata>',
    )
    opf = opf.replace(
        "</spine>",
        '</spine><guide><reference type="cover" href="cover.xhtml"/></guide>',
    ).replace("<spine >", '<spine page-progression-direction="rtl">')
    path = make_epub(
        tmp_path / "saga.epub",
        {"cover.xhtml": xhtml('<img src="img/front.png"/>'), "c.xhtml": xhtml("<p>x</p>")},
        opf=opf,
        extra={"OEBPS/img/front.png": image_bytes()},
    )
    book = read_book(path)
    assert book.metadata.series is not None
    assert (book.metadata.series.name, book.metadata.series.index) == ("Saga", 4.0)
    assert book.cover == "OEBPS/img/front.png"
    assert book.metadata.right_to_left


def test_forgetting_a_book_removes_its_cached_model(tmp_path: Path, library_home: Path) -> None:
    path = make_epub(tmp_path / "gone.epub", {"c.xhtml": xhtml("<p>x</p>")})
    book = load_book(path, library_home)
    assert cache_path(library_home, book.book_id).exists()
    forget_cached_model(library_home, book.book_id)
    forget_cached_model(library_home, book.book_id)  # twice is fine
    assert not cache_path(library_home, book.book_id).exists()


def test_the_head_of_a_resource_is_read_without_the_rest(tmp_path: Path) -> None:
    # The page asks only for an SVG's size, on the UI thread: War and Peace's 1.9 MB cover
    # must not be inflated whole for its first 8 KB.
    book = load_book(corpus_epub(WAR_AND_PEACE), tmp_path)
    assert book.cover is not None
    whole = book.resource(book.cover)
    assert len(whole) > 1_000_000
    assert book.resource_head(book.cover, 8192) == whole[:8192]
    assert book.load_resource.peek(book.cover, 100) == whole[:100]  # type: ignore[attr-defined]

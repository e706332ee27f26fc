"""CBR (RAR 4 and 5), CB7 and CBT comics: the same pages, order, ComicInfo and cache as the CBZ."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from reader_app.books.model import Series
from reader_app.books.opening.cache import load_book
from reader_app.books.opening.formats import read_book, sniff_format
from reader_app.errors import BookError
from tests.conftest import PEPPER1, PEPPER2, corpus_comic
from tests.unit.books.archive_comics import CONTAINERS, FIXTURES, TWIN_CBZ, repack, twin

FORMATS = {"cbr": "cbr", "cbr4": "cbr", "cb7": "cb7", "cbt": "cbt"}


@pytest.mark.parametrize("container", CONTAINERS)
@pytest.mark.parametrize("episode", [PEPPER1, PEPPER2])
def test_a_repacked_episode_has_the_cbz_pages_in_order_and_its_comicinfo(
    tmp_path: Path, container: str, episode: str
) -> None:
    cbz = read_book(corpus_comic(episode))
    path = repack(cbz.path, container, tmp_path)
    book = read_book(path)
    assert book.format == FORMATS[container]
    assert [s.name for s in book.sections] == [s.name for s in cbz.sections]
    assert [s.double_page for s in book.sections] == [s.double_page for s in cbz.sections]
    for section in book.sections:  # the very same images
        assert book.load_resource(section.name) == cbz.load_resource(section.name)
    assert book.metadata == cbz.metadata
    assert book.metadata.series is not None and book.metadata.series.name == "Pepper&Carrot"
    assert book.cover == cbz.cover
    assert book.toc == cbz.toc


@pytest.mark.parametrize("container", CONTAINERS)
def test_the_committed_twins_have_the_cbz_pages_in_order_and_its_comicinfo(
    tmp_path: Path, container: str
) -> None:
    """The same as above with no corpus and no `rar`: a fresh clone's CBR is held to its CBZ."""
    cbz = read_book(TWIN_CBZ)
    path = twin(container, tmp_path)
    if container.startswith("cbr"):  # the RAR version the file says it is
        head = path.read_bytes()[:8]
        assert head.startswith(b"Rar!\x1a\x07\x00" if container == "cbr4" else b"Rar!\x1a\x07\x01")
    book = read_book(path)
    assert book.format == FORMATS[container]
    assert [s.name for s in book.sections] == ["000.jpg", "001.jpg", "002.jpg"]
    assert [s.name for s in book.sections] == [s.name for s in cbz.sections]
    for section in book.sections:
        assert book.load_resource(section.name) == cbz.load_resource(section.name)
    assert book.metadata == cbz.metadata and book.metadata.title == "Potion of Flight"
    assert book.metadata.series == Series("Pepper&Carrot", 1.0)
    assert book.cover == cbz.cover and book.cover is not None
    assert book.toc == cbz.toc


@pytest.mark.parametrize("name", ["tiny-rar4.cbr", "tiny-rar5.cbr"])
def test_committed_rar_comics_open_in_natural_order_with_comicinfo(name: str) -> None:
    path = FIXTURES / name
    head = path.read_bytes()[:8]
    assert head.startswith(b"Rar!\x1a\x07\x00" if "rar4" in name else b"Rar!\x1a\x07\x01\x00")
    book = read_book(path)
    assert book.format == "cbr"
    assert [s.name for s in book.sections] == ["pages/p1.png", "pages/p2.png", "pages/p10.png"]
    assert [s.double_page for s in book.sections] == [False, True, False]
    assert book.metadata.title == "Tiny RAR"
    assert book.metadata.series == Series("Fixtures", 4.0)
    assert book.metadata.authors == ("Pagemate tests",)
    assert book.load_resource("pages/p10.png").startswith(b"\x89PNG")
    assert book.load_resource.peek("pages/p2.png", 8) == b"\x89PNG\r\n\x1a\n"  # type: ignore[attr-defined]
    with pytest.raises(KeyError):
        book.load_resource("pages/p3.png")


def test_rar4_and_rar5_hold_the_same_pages() -> None:
    four = read_book(FIXTURES / "tiny-rar4.cbr")
    five = read_book(FIXTURES / "tiny-rar5.cbr")
    assert [four.load_resource(s.name) for s in four.sections] == [
        five.load_resource(s.name) for s in five.sections
    ]


def test_the_content_decides_not_the_extension(tmp_path: Path) -> None:
    """A RAR named .cbz, a zip named .cbr and a 7z named .cbt are each read as what they are."""
    cbz = corpus_comic(PEPPER1)
    rar_as_cbz = shutil.copy(FIXTURES / "tiny-rar5.cbr", tmp_path / "actually-rar.cbz")
    zip_as_cbr = shutil.copy(cbz, tmp_path / "actually-zip.cbr")
    seven = repack(cbz, "cb7", tmp_path)
    seven_as_cbt = seven.rename(tmp_path / "actually-7z.cbt")
    tar_as_cb7 = repack(cbz, "cbt", tmp_path).rename(tmp_path / "actually-tar.cb7")
    assert sniff_format(Path(rar_as_cbz)) == "cbr"
    assert sniff_format(Path(zip_as_cbr)) == "cbz"
    assert sniff_format(seven_as_cbt) == "cb7"
    assert sniff_format(tar_as_cb7) == "cbt"
    assert len(read_book(seven_as_cbt).sections) == 5


@pytest.mark.parametrize("container", ["cb7", "cbt", "cbr"])
def test_a_cached_archive_comic_reads_its_pages_from_its_own_container(
    tmp_path: Path, container: str
) -> None:
    """The model cache keeps the format's loader: a reopened CB7 does not try to read a zip."""
    path = (
        FIXTURES / "tiny-rar5.cbr"
        if container == "cbr"
        else repack(corpus_comic(PEPPER1), container, tmp_path)
    )
    home = tmp_path / "home"
    first = load_book(path, home)
    again = load_book(path, home)
    assert again.sections == first.sections
    name = again.sections[1].name
    assert again.load_resource(name) == first.load_resource(name)
    assert repr(again.load_resource).startswith("ArchiveResourceLoader(")


@pytest.mark.parametrize(
    "name",
    [
        "secret-rar4.cbr",
        "secret-rar5.cbr",
        "secret-names-rar4.cbr",
        "secret-names-rar5.cbr",
        "secret.cb7",
        "secret-names.cb7",
    ],
)
def test_a_password_protected_archive_says_so(name: str) -> None:
    with pytest.raises(BookError) as caught:
        read_book(FIXTURES / name)
    message = str(caught.value)
    assert name in message and "password-protected" in message, message

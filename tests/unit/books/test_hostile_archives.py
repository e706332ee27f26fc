"""Hostile and damaged RAR, 7z and tar comics: the safe zip's guards hold in every container."""

from __future__ import annotations

import io
import random
import tarfile
from pathlib import Path

import pytest

from reader_app.books.files.safearchive import SafeArchive
from reader_app.books.files.safezip import ZipLimits
from reader_app.books.opening.formats import read_book
from reader_app.errors import BookError, DamagedBookError, UnsafeBookError
from scripts.make_format_fixtures import write_cb7, write_cbt
from tests.conftest import PEPPER1, corpus_comic
from tests.unit.books.archive_comics import FIXTURES, repack
from tests.unit.books.epubgen import image_bytes
from tests.unit.books.test_bad_input import png_claiming

PAGE = image_bytes(fmt="PNG")


def tar_with(path: Path, *entries: tarfile.TarInfo, data: bytes = PAGE) -> Path:
    with tarfile.open(path, "w", format=tarfile.PAX_FORMAT) as archive:
        page = tarfile.TarInfo("001.png")
        page.size = len(data)
        archive.addfile(page, io.BytesIO(data))
        for entry in entries:
            archive.addfile(entry, io.BytesIO(b"x" * entry.size) if entry.isreg() else None)
    return path


def expect(path: Path, kind: type[BookError], words: str) -> None:
    with pytest.raises(kind) as caught:
        read_book(path)
    message = str(caught.value)
    assert path.name in message and words in message, message


@pytest.mark.parametrize("name", ["../../etc/evil.png", "/abs/evil.png", "a/../../evil.png"])
def test_names_that_climb_out_are_refused(tmp_path: Path, name: str) -> None:
    entry = tarfile.TarInfo(name)
    entry.size = 4
    expect(tar_with(tmp_path / "climb.cbt", entry), UnsafeBookError, "path traversal")
    expect(write_cb7({"001.png": PAGE, name: PAGE}, tmp_path / "climb.cb7"), UnsafeBookError,
           "path traversal")


@pytest.mark.parametrize(
    ("kind", "words"),
    [(tarfile.SYMTYPE, "a link"), (tarfile.LNKTYPE, "a link"), (tarfile.CHRTYPE, "device"),
     (tarfile.BLKTYPE, "device"), (tarfile.FIFOTYPE, "device")],
)
def test_links_and_devices_are_refused(tmp_path: Path, kind: bytes, words: str) -> None:
    entry = tarfile.TarInfo("002.png")
    entry.type = kind
    entry.linkname = "/etc/passwd"
    expect(tar_with(tmp_path / "links.cbt", entry), UnsafeBookError, words)


def test_a_highly_compressed_7z_is_an_archive_bomb(tmp_path: Path) -> None:
    path = write_cb7({"001.png": PAGE, "002.png": bytes(8 << 20)}, tmp_path / "bomb.cb7")
    assert path.stat().st_size < 64 << 10
    expect(path, UnsafeBookError, "archive bomb")


def test_too_many_members_and_too_much_in_total_are_refused(tmp_path: Path) -> None:
    members = {f"{n:03d}.png": PAGE for n in range(12)}
    path = write_cbt(members, tmp_path / "many.cbt")
    with pytest.raises(UnsafeBookError, match="more than 10 files"):
        SafeArchive(path, kind="tar", limits=ZipLimits(max_members=10))
    with pytest.raises(UnsafeBookError, match="unpacks to more than"):
        SafeArchive(path, kind="tar", limits=ZipLimits(max_total_uncompressed=len(PAGE) * 5))


def test_reading_one_member_is_capped(tmp_path: Path) -> None:
    path = write_cb7({"001.png": PAGE, "big.png": PAGE + bytes(3000)}, tmp_path / "big.cb7")
    archive = SafeArchive(path, kind="7z", limits=ZipLimits(max_member_size=2 << 10))
    assert archive.read("001.png") == PAGE
    with pytest.raises(UnsafeBookError, match=r"big\.png"):
        archive.read("big.png")
    assert archive.peek("big.png", 8) == PAGE[:8]  # a header is still read


def test_a_giant_page_header_is_refused_on_opening(tmp_path: Path) -> None:
    giant = png_claiming(50_000, 50_000)
    expect(write_cb7({"001.png": PAGE, "002.png": giant}, tmp_path / "giant.cb7"),
           UnsafeBookError, "002.png")


@pytest.mark.parametrize("source", ["tiny-rar4.cbr", "tiny-rar5.cbr", "cb7", "cbt"])
def test_a_truncated_archive_is_one_clear_error(tmp_path: Path, source: str) -> None:
    path = FIXTURES / source if source.endswith(".cbr") else repack(
        corpus_comic(PEPPER1), source, tmp_path)
    data = path.read_bytes()
    for keep in (len(data) // 3, len(data) * 2 // 3, len(data) - 40):
        cut = tmp_path / f"cut-{keep}{path.suffix}"
        cut.write_bytes(data[:keep])
        try:
            book = read_book(cut)
            pages = [book.load_resource(section.name) for section in book.sections]
        except BookError as error:
            assert cut.name in str(error)
            assert "damaged" in str(error) or "not images" in str(error), error
            continue
        # Only tar's trailing padding was lost: every page is there, whole.
        original = read_book(path)
        assert pages == [original.load_resource(s.name) for s in original.sections], keep


@pytest.mark.parametrize("source", ["tiny-rar4.cbr", "tiny-rar5.cbr", "cb7"])
def test_flipped_bytes_are_caught_by_the_checksums(tmp_path: Path, source: str) -> None:
    """RAR and 7z checksum their data: a flipped byte is an error naming the file, never a
    traceback and never a page of wrong pixels."""
    path = FIXTURES / source if source.endswith(".cbr") else repack(
        corpus_comic(PEPPER1), source, tmp_path)
    data = bytearray(path.read_bytes())
    chance = random.Random(42)
    for attempt in range(8):
        spoilt = bytearray(data)
        spot = chance.randrange(len(data) // 4, len(data) * 3 // 4)
        spoilt[spot] ^= 0x5A
        damaged = tmp_path / f"flipped-{attempt}{path.suffix}"
        damaged.write_bytes(bytes(spoilt))
        try:
            book = read_book(damaged)
            pages = [book.load_resource(section.name) for section in book.sections]
        except BookError as error:
            assert damaged.name in str(error)
            continue
        original = read_book(path)
        assert pages == [original.load_resource(s.name) for s in original.sections], spot


@pytest.mark.parametrize("name", ["tiny-rar4.cbr", "tiny-rar5.cbr"])
def test_a_page_that_cannot_be_read_names_itself(tmp_path: Path, name: str) -> None:
    data = bytearray((FIXTURES / name).read_bytes())
    data[data.rfind(b"p10.png") + len(b"p10.png") + 40] ^= 0xFF  # inside the last page's data
    damaged = tmp_path / name
    damaged.write_bytes(bytes(data))
    with pytest.raises(DamagedBookError) as caught:
        read_book(damaged)
    assert caught.value.member == "pages/p10.png"
    assert "damaged" in str(caught.value) and "corrupt" in str(caught.value)

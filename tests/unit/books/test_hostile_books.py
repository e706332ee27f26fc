"""Each class of damaged or hostile book, generated here: a clear error, or opened with nothing
silently lost (issue 18)."""

from __future__ import annotations

import os
import random
import threading
import time
from pathlib import Path

import pytest

from reader_app.books.content.opf import MAX_SPINE_REPEATS
from reader_app.books.content.xhtml_parts import MEDIA_LABEL_CHARS
from reader_app.books.files import budget
from reader_app.books.files.safezip import require_regular_file
from reader_app.books.model import BlockKind
from reader_app.books.opening.cache import load_book
from reader_app.books.opening.cbz import natural_key
from reader_app.books.opening.formats import read_book
from reader_app.errors import BookError, BookTooLargeError, DamagedBookError, UnsafeBookError
from tests.unit.books.epubgen import image_bytes, make_epub, package_document, xhtml
from tests.unit.books.hostile import (
    MEMBER,
    cbz,
    corrupt_deflate_epub,
    corrupt_lzma_epub,
    crc_mismatch_epub,
    future_zip_version_cbz,
    huge_lzma_dictionary_cbz,
    truncated_member_epub,
    unsupported_compression_epub,
)

DIGITS = "9" * 5000


@pytest.mark.parametrize(
    ("make", "words"),
    [
        (corrupt_deflate_epub, "compressed data is corrupt"),
        (crc_mismatch_epub, "checksum"),
        (unsupported_compression_epub, "compression method"),
        (truncated_member_epub, "damaged"),
        (corrupt_lzma_epub, "compressed data is corrupt"),  # a fuzzer find
    ],
)
def test_every_unreadable_zip_member_is_one_damaged_book_error_naming_file_and_member(
    tmp_path: Path, make: object, words: str
) -> None:
    assert callable(make)
    path = make(tmp_path / "broken.epub")
    with pytest.raises(DamagedBookError) as caught:
        read_book(path)
    message = str(caught.value)
    assert "broken.epub" in message and MEMBER in message and words in message, message
    assert caught.value.member == MEMBER


def test_a_directory_entry_needing_a_future_zip_version_is_a_clear_error(tmp_path: Path) -> None:
    path = future_zip_version_cbz(tmp_path / "future.cbz")  # a fuzzer find
    with pytest.raises(BookError, match="zip feature") as caught:
        read_book(path)
    assert "future.cbz" in str(caught.value)


def test_an_lzma_member_asking_for_a_giant_dictionary_is_refused_before_decoding(
    tmp_path: Path,
) -> None:
    path = huge_lzma_dictionary_cbz(tmp_path / "greedy.cbz")  # a fuzzer find
    with pytest.raises(UnsafeBookError, match="1,864 MiB decompression dictionary") as caught:
        read_book(path)
    assert "ComicInfo.xml" in str(caught.value)
    normal = huge_lzma_dictionary_cbz(tmp_path / "normal.cbz", dictionary=8 << 20)
    assert read_book(normal).metadata.title == "T"


def test_five_thousand_digit_list_numbers_open_with_default_numbering(tmp_path: Path) -> None:
    chapter = xhtml(f'<ol start="{DIGITS}"><li>a</li><li value="-{DIGITS}">b</li></ol>')
    book = read_book(make_epub(tmp_path / "digits.epub", {"c0.xhtml": chapter}))
    markers = [block.marker for block in book.sections[0].blocks]
    assert markers == ["1.", "2."], markers  # no real number, so the defaults


def test_small_list_numbers_still_count(tmp_path: Path) -> None:
    chapter = xhtml('<ol start="3"><li>a</li><li value="7">b</li><li>c</li></ol>')
    book = read_book(make_epub(tmp_path / "ok.epub", {"c0.xhtml": chapter}))
    assert [block.marker for block in book.sections[0].blocks] == ["3.", "7.", "8."]


def test_digit_bombs_in_comicinfo_and_page_names_open(tmp_path: Path) -> None:
    info = (
        f'<ComicInfo><Number>{DIGITS}</Number><Pages><Page Image="{DIGITS}" '
        'Type="FrontCover"/><Page Image="²"/><Page Image="1" DoublePage="true"/></Pages>'
        "</ComicInfo>"
    )
    pages = {f"{DIGITS}.png": image_bytes(), "2.png": image_bytes(), "10.png": image_bytes()}
    book = read_book(cbz(tmp_path / "digits.cbz", pages, comic_info=info))
    assert [s.name for s in book.sections] == ["2.png", "10.png", f"{DIGITS}.png"]
    assert book.sections[1].double_page


def test_natural_order_compares_long_numbers_by_value() -> None:
    names = ["p" + "1" + "0" * 30 + ".png", "p9.png", "p010.png"]
    assert sorted(names, key=natural_key) == ["p9.png", "p010.png", names[0]]


def test_a_chapter_listed_many_times_in_the_spine_is_parsed_once_and_capped(tmp_path: Path) -> None:
    opf = package_document(["c0.xhtml"]).replace(
        '<itemref idref="c0"/>', '<itemref idref="c0"/>' * 2000
    )
    path = make_epub(tmp_path / "repeat.epub", {"c0.xhtml": xhtml("<p>Once.</p>")}, opf=opf)
    book = read_book(path)
    # Shown again up to the cap of repeats, parsed once; the rest are dropped with a note.
    assert len(book.sections) == 1 + MAX_SPINE_REPEATS
    assert all(section.blocks == book.sections[0].blocks for section in book.sections)
    assert any("only the first 16 repeats" in str(note) for note in book.notes), book.notes


def test_a_book_over_the_text_cap_is_refused_with_a_clear_message(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(budget, "MAX_BOOK_CHARACTERS", 5_000)
    chapters = {f"c{i}.xhtml": xhtml("<p>" + "word " * 600 + "</p>") for i in range(3)}
    with pytest.raises(BookTooLargeError, match="characters of text"):
        read_book(make_epub(tmp_path / "big.epub", chapters))


def test_a_book_over_the_element_cap_is_refused_with_a_clear_message(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(budget, "MAX_BOOK_ELEMENTS", 1_000)
    chapter = xhtml("<p><span>x</span></p>" * 600)
    with pytest.raises(BookTooLargeError, match="elements"):
        read_book(make_epub(tmp_path / "many.epub", {"c0.xhtml": chapter}))


def test_text_nested_three_hundred_deep_is_kept_in_order_with_a_note(tmp_path: Path) -> None:
    chapter = xhtml(
        "<p>Before the well.</p>"
        + "<div>" * 300
        + "<p>Deep in the well.</p>"
        + "</div>" * 300
        + "<p>After the well.</p>"
    )
    path = make_epub(tmp_path / "deep.epub", {"c0.xhtml": chapter})
    book = read_book(path)
    texts = [block.text for block in book.sections[0].blocks]
    assert texts == ["Before the well.", "Deep in the well.", "After the well."]
    assert any("c0.xhtml" in str(note) and "plain" in str(note) for note in book.notes), book.notes


def test_an_eleven_megabyte_paragraph_is_kept_whole_with_a_note(tmp_path: Path) -> None:
    rng = random.Random(18)
    vocabulary = ["lantern", "river", "bridge", "moss", "quiet", "harbour", "ember", "tide"]
    # 11 MB of varied words (past libxml2's 10 MB text-node limit, under the zip-ratio cap).
    words = " ".join(rng.choice(vocabulary) + str(rng.randrange(1000)) for _ in range(1_100_000))
    path = make_epub(tmp_path / "long.epub", {"c0.xhtml": xhtml(f"<p>{words}</p><p>End.</p>")})
    book = read_book(path)
    texts = [block.text for block in book.sections[0].blocks]
    assert texts[-1] == "End." and texts[0] == words
    assert book.notes


def test_a_malformed_optional_ncx_is_skipped_with_a_note(tmp_path: Path) -> None:
    manifest = '<item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/>'
    opf = package_document(["c0.xhtml"], manifest_extra=manifest, nav=None)
    chapter = xhtml("<h1>The Only Chapter</h1><p>Text.</p>")
    path = make_epub(
        tmp_path / "ncx.epub",
        {"c0.xhtml": chapter},
        opf=opf,
        extra={"OEBPS/toc.ncx": "<ncx><navMap><navPoint>unclosed"},
    )
    book = read_book(path)
    assert [entry.title for entry in book.toc] == ["The Only Chapter"]  # from the headings
    assert any("toc.ncx" in str(note) and "skipped" in str(note) for note in book.notes), book.notes


def test_a_malformed_comicinfo_is_skipped_with_a_note(tmp_path: Path) -> None:
    path = cbz(tmp_path / "info.cbz", {"1.png": image_bytes()}, comic_info="<ComicInfo><Ti")
    book = read_book(path)
    assert book.metadata.title == "info" and len(book.sections) == 1
    assert any("ComicInfo.xml" in str(note) for note in book.notes), book.notes


def test_hostile_comicinfo_still_refuses_the_whole_comic(tmp_path: Path) -> None:
    info = '<!DOCTYPE x [<!ENTITY a "aaaa">]><ComicInfo><Title>&a;</Title></ComicInfo>'
    with pytest.raises(BookError, match="entities"):
        read_book(cbz(tmp_path / "evil.cbz", {"1.png": image_bytes()}, comic_info=info))


@pytest.mark.parametrize("opener", [read_book, "load_book"])
def test_dev_zero_is_refused_before_anything_reads_it(opener: object, tmp_path: Path) -> None:
    started = time.monotonic()
    with pytest.raises(BookError, match="not a regular file"):
        if opener == "load_book":
            load_book(Path("/dev/zero"), tmp_path)
        else:
            read_book(Path("/dev/zero"))
    assert time.monotonic() - started < 5


def test_a_fifo_is_refused_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "book.epub"
    os.mkfifo(fifo)
    outcome: list[BaseException] = []

    def open_it() -> None:
        try:
            load_book(fifo, tmp_path)
        except BookError as error:
            outcome.append(error)

    worker = threading.Thread(target=open_it, daemon=True)
    worker.start()
    worker.join(timeout=10)
    assert not worker.is_alive(), "opening a FIFO blocked"
    assert "not a regular file" in str(outcome[0])


def test_proc_files_and_oversized_files_are_refused(tmp_path: Path) -> None:
    with pytest.raises(BookError, match="system file"):
        require_regular_file(Path("/proc/self/status"))
    big = tmp_path / "big.cbz"
    big.write_bytes(b"PK" + b"\0" * 2000)
    with pytest.raises(BookError, match="larger than"):
        require_regular_file(big, max_size=1000)


def _seconds_to_read(path: Path) -> float:
    started = time.perf_counter()
    read_book(path)
    return time.perf_counter() - started


def test_one_megabyte_paragraphs_read_in_time_proportional_to_a_normal_chapter(
    tmp_path: Path,
) -> None:
    rng = random.Random(7)
    vocabulary = ["lantern", "river", "bridge", "moss", "quiet", "harbour", "ember", "tide"]

    def words(count: int) -> str:
        return " ".join(rng.choice(vocabulary) + str(rng.randrange(1000)) for _ in range(count))

    bodies = {
        "normal": "".join(f"<p>{words(20)}.</p>" for _ in range(7_000)),
        "one paragraph": f"<p>{words(140_000)}</p>",
        "br lines": "<p>" + "<br/>".join(words(7) for _ in range(20_000)) + "</p>",
    }
    paths = {
        name: make_epub(tmp_path / f"{i}.epub", {"c0.xhtml": xhtml(body)})
        for i, (name, body) in enumerate(bodies.items())
    }
    assert all(1_200_000 < len(body) < 1_500_000 for body in bodies.values())
    normal = _seconds_to_read(paths["normal"])
    for name in ("one paragraph", "br lines"):
        # Generous: a quadratic converter took 14 times the normal chapter on the <br> lines.
        assert _seconds_to_read(paths[name]) < 4 * normal + 1.0, name


@pytest.mark.parametrize("depth", [300, 30_000])
def test_deep_nesting_in_sloppy_html_is_kept_as_plain_text_too(tmp_path: Path, depth: int) -> None:
    # Not well-formed (a bare "&" and an unclosed <br>), so it takes the HTML parser's path,
    # which drops everything past its depth limit without a word unless we look.
    chapter = xhtml(
        "<p>Salt & pepper<br></p>" + "<div>" * depth + "<p>Deep in the well.</p>"
        + "</div>" * depth + "<p>After the well.</p>"
    )
    book = read_book(make_epub(tmp_path / "sloppy.epub", {"c0.xhtml": chapter}))
    texts = [block.text for block in book.sections[0].blocks]
    assert texts == ["Salt & pepper", "Deep in the well.", "After the well."], texts
    assert book.notes


def test_a_data_uri_or_a_giant_media_source_never_becomes_the_label_drawn_on_the_page(
    tmp_path: Path,
) -> None:
    # The label is drawn in the player's box and, when nothing plays, laid out as the page's text:
    # a 2 MB data: URI as its "file name" once froze the page for minutes (778 pages of it).
    letters = "ABCDEFGHabcdefgh0123456789+/"
    encoded = "".join(random.Random(7).choice(letters) for _ in range(300_000))
    long_name = "x" * 50_000 + ".mp3"
    body = (f'<audio controls="" src="data:audio/mpeg;base64,{encoded}">Fallback one.</audio>'
            f'<video src="clips/{long_name}"><source src="clip.mp4"/>Fallback two.</video>')
    book = read_book(make_epub(tmp_path / "media.epub", {"c1.xhtml": xhtml(body)},
                               extra={"OEBPS/clip.mp4": b"not really a film"}))
    data_uri, long = (b.media for b in book.sections[0].blocks if b.kind is BlockKind.MEDIA)
    assert data_uri is not None and long is not None
    assert data_uri.label == "" and data_uri.sources == ()
    assert len(long.label) == MEDIA_LABEL_CHARS and long.label.startswith("xxx")
    assert long.sources == ("OEBPS/clip.mp4",)

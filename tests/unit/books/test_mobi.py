"""MOBI 6, AZW3 (KF8), joint MOBI and PRC books read into the book model: the decompressors on
known inputs, the DRM sentence, damaged copies as one clear error, and calibre's files read with
their text, contents, links and pictures."""

from __future__ import annotations

import pickle
import random
import shutil
import struct
from pathlib import Path

import pytest

from reader_app.books.content.mobi_decompress import (
    CompressionError,
    HuffCdic,
    palmdoc_decompress,
)
from reader_app.books.content.mobi_parts import font_bytes
from reader_app.books.content.mobi_records import trailing_size
from reader_app.books.model import BlockKind, Book
from reader_app.books.opening.cache import load_book
from reader_app.books.opening.formats import read_book, sniff_format
from reader_app.errors import BookError, DrmProtectedError
from tests.unit.books.mobigen import (
    FONT_AZW3,
    JEKYLL_AZW3,
    JEKYLL_MOBI,
    SMALL_JOINT,
    bits_to_bytes,
    huffman_tables,
    marker_mobi,
    palmdoc_compress,
    with_encryption,
    write_mobi,
    write_palm_database,
)

CALIBRE_FILES = [JEKYLL_MOBI, JEKYLL_AZW3, SMALL_JOINT]


# -- decompressors -----------------------------------------------------------------------------


def test_palmdoc_decodes_literals_runs_space_pairs_and_overlapping_back_references() -> None:
    # "abc", then a back reference 3 back for 6 bytes (overlapping: abcabc), " x" as one byte
    # (0xF8 = 'x' ^ 0x80), two raw high bytes in a literal run, a NUL literal.
    data = b"abc" + struct.pack(">H", 0x8000 | (3 << 3) | (6 - 3)) + b"\xf8\x02\x80\xff\x00"
    assert palmdoc_decompress(data) == b"abcabcabc x\x80\xff\x00"


def test_palmdoc_round_trips_what_the_test_encoder_compresses() -> None:
    text = ("The lantern burned by the river. Ünïcödé “quotes” — and the lantern "
            "burned again by the river, and again.\n" * 40).encode()
    packed = palmdoc_compress(text)
    assert len(packed) < len(text) // 2  # back references were used
    assert palmdoc_decompress(packed) == text


@pytest.mark.parametrize(
    "data",
    [b"ab\x80", b"\x80\x18", b"a" + struct.pack(">H", 0x8000 | (5 << 3))],
    ids=["cut-short", "before-start", "far-before-start"],
)
def test_palmdoc_damage_is_a_compression_error(data: bytes) -> None:
    with pytest.raises(CompressionError):
        palmdoc_decompress(data)


def test_palmdoc_output_is_capped() -> None:
    bomb = b"a" + struct.pack(">H", 0x8000 | (1 << 3) | 7) * 20_000
    with pytest.raises(CompressionError, match="expands"):
        palmdoc_decompress(bomb, max_output=4096)


def test_huff_cdic_decodes_codes_of_two_lengths_and_a_compressed_phrase() -> None:
    inner = bits_to_bytes("11" + "10" + "011")  # phrase 5, itself compressed: "the lantern by "
    phrases = [(b"the ", True), (b"lantern ", True), (b"by ", True), (b"river", True),
               (b".", True), (inner, False)]
    huff, cdic, codes = huffman_tables(phrases)
    assert codes == ["11", "10", "011", "010", "001", "000"]
    decoder = HuffCdic(huff, [cdic])
    bits = "11" + "10" + "011" + "11" + "010" + "001" + "000" + "000" + "011"  # 24 bits
    assert decoder.decompress(bits_to_bytes(bits)) == (
        b"the lantern by the river.the lantern by the lantern by by "
    )


def test_huff_cdic_refuses_damaged_tables_and_phrases_that_refer_to_themselves() -> None:
    with pytest.raises(CompressionError):
        HuffCdic(b"HUFF\0\0\0\x18" + b"\0" * 40, [])
    huff, cdic, _ = huffman_tables([(b"\xff\xff", False)])  # phrase 0 is "phrase 0, phrase 0..."
    with pytest.raises(CompressionError, match="too deeply"):
        HuffCdic(huff, [cdic]).decompress(b"\xc0")


def test_trailing_entries_and_the_multibyte_overlap_are_measured_from_the_end() -> None:
    # text, a 3-byte multibyte overlap (last byte's low bits: 2 -> 3 bytes), a trailing entry
    # of 4 bytes whose size (4) is the backward number ending the record
    record = b"text" + b"\xe2\x80" + b"\x02" + b"xyz\x84"
    assert trailing_size(record, 0b11) == 4 + 3
    assert trailing_size(b"text\x81", 0b10) == 1
    assert trailing_size(b"text", 0) == 0


# -- DRM and damage ----------------------------------------------------------------------------


@pytest.mark.parametrize("source", [JEKYLL_MOBI, JEKYLL_AZW3], ids=["mobi", "azw3"])
def test_a_drm_locked_book_is_one_sentence_that_says_so(source: Path, tmp_path: Path) -> None:
    locked = with_encryption(source, tmp_path / f"locked{source.suffix}")
    with pytest.raises(DrmProtectedError) as caught:
        read_book(locked)
    assert "protected by DRM" in str(caught.value)
    assert "Kindle" in str(caught.value) and "Traceback" not in str(caught.value)


def test_a_joint_file_whose_kf8_half_is_locked_is_refused_too(tmp_path: Path) -> None:
    data = SMALL_JOINT.read_bytes()
    (count,) = struct.unpack_from(">H", data, 76)
    records = [struct.unpack_from(">L", data, 78 + 8 * n)[0] for n in range(count)]
    boundary = next(n for n, o in enumerate(records) if data[o : o + 8] == b"BOUNDARY")
    locked = with_encryption(SMALL_JOINT, tmp_path / "locked.mobi", record=boundary + 1)
    with pytest.raises(DrmProtectedError):
        read_book(locked)


@pytest.mark.parametrize("source", CALIBRE_FILES, ids=lambda p: p.name)
def test_damaged_copies_give_one_clear_error_never_a_traceback(
    source: Path, tmp_path: Path
) -> None:
    data = source.read_bytes()
    damaged = tmp_path / f"damaged{source.suffix}"
    rng = random.Random(source.name)
    copies = [data[: len(data) // n] for n in (2, 3, 7, 50)] + [data[:80]]
    for _ in range(25):
        flipped = bytearray(data)
        for _ in range(rng.randint(1, 40)):
            flipped[rng.randrange(60, min(len(data), 12_000))] ^= rng.randint(1, 255)
        copies.append(bytes(flipped))
    for copy in copies:
        damaged.write_bytes(copy)
        try:
            book = read_book(damaged)
        except BookError as error:
            assert str(error).startswith(f"Can't open “{damaged.name}”"), error
        else:  # a flip in a text byte leaves a readable book
            assert isinstance(book, Book) and book.sections


def test_a_truncated_azw3_names_the_damage(tmp_path: Path) -> None:
    cut = tmp_path / "cut.azw3"
    cut.write_bytes(JEKYLL_AZW3.read_bytes()[:60_000])
    with pytest.raises(BookError, match="damaged or incomplete"):
        read_book(cut)


# -- calibre's files ---------------------------------------------------------------------------


@pytest.mark.parametrize("source", [JEKYLL_MOBI, JEKYLL_AZW3], ids=["mobi6", "azw3"])
def test_calibres_jekyll_reads_with_metadata_contents_and_links(source: Path) -> None:
    assert sniff_format(source) == "mobi"
    book = read_book(source)
    assert book.format == "mobi"
    assert book.metadata.title == "The Strange Case of Dr. Jekyll and Mr. Hyde"
    assert book.metadata.authors == ("Robert Louis Stevenson",) and book.metadata.language == "en"
    titles = [e.title for top in book.toc for _, e in top.walk()]
    assert titles[:3] == ["Titlepage", "Imprint", "Story of the Door"] and len(titles) == 14
    door = next(e for e in book.toc if e.title == "Story of the Door").target
    text = " ".join(b.text for b in book.sections[door.section].blocks)
    assert text.lstrip().upper().startswith("STORY OF THE DOOR")
    assert "Mr.\u00a0Utterson the lawyer was a man of a rugged countenance" in text
    links = [s.target for sec in book.sections for b in sec.blocks for s in b.spans if s.target]
    uncopyright = next(e for e in book.toc if e.title == "Uncopyright").target
    assert uncopyright in links  # the imprint's link to the end of the book
    pictures = [b.image for s in book.sections for b in s.blocks if b.kind is BlockKind.IMAGE]
    assert pictures and all(book.resource(p)[:4] in (b"\xff\xd8\xff\xe0", b"<?xm", b"<svg")
                            for p in pictures)


def test_the_joint_file_reads_its_kf8_half_with_its_picture_styles_and_footnote() -> None:
    book = read_book(SMALL_JOINT)
    first = book.sections[0]
    heading = first.blocks[0]
    assert heading.kind is BlockKind.HEADING and heading.text == "Chapter One"
    assert heading.style is not None and heading.style.look.bold  # KF8 CSS flow applied
    [picture] = [b for b in first.blocks if b.kind is BlockKind.IMAGE]
    assert book.resource(str(picture.image))[:3] == b"\xff\xd8\xff"
    assert picture.alt == "A red square"
    note = next(s.target for b in first.blocks for s in b.spans if s.target)
    assert book.sections[note.section].blocks[note.block].text == "1. The lantern was brass."
    assert [e.title for e in book.toc] == ["Chapter One", "Chapter Two", "Notes"]


def test_a_cached_mobi_still_shows_its_pictures(tmp_path: Path) -> None:
    copy = tmp_path / "small.mobi"
    shutil.copyfile(SMALL_JOINT, copy)
    first = load_book(copy, tmp_path / "home")
    again = load_book(copy, tmp_path / "home")
    pickle.dumps(again)
    [picture] = [b.image for b in again.sections[0].blocks if b.kind is BlockKind.IMAGE]
    assert again.resource(str(picture)) == first.resource(str(picture))


def test_a_generated_mobi_with_filepos_links_pages_and_a_picture(tmp_path: Path) -> None:
    from tests.unit.books.epubgen import image_bytes

    markup = (
        '<html><body><p align="center"><font size="6">Title</font></p><mbp:pagebreak/>'
        '<p height="1em" width="2em">See <a filepos=0000000000>the end</a>.</p>'
        '<img recindex="00001"><mbp:pagebreak/><p>The end.</p></body></html>'
    )
    markup = markup.replace("0000000000", f"{markup.index('<p>The end'):010d}")
    path = write_mobi(tmp_path / "gen.mobi", markup, images=[image_bytes(fmt="PNG")])
    book = read_book(path)
    assert [s.blocks[0].text for s in book.sections] == ["Title", "See the end.", "The end."]
    title, see = book.sections[0].blocks[0], book.sections[1].blocks[0]
    assert title.style is not None and title.style.align == "center"
    assert title.spans[0].look is not None and title.spans[0].look.scale > 1.5
    assert see.style is not None and see.style.indent == 2.0
    link = next(s.target for s in see.spans if s.target)
    assert link.section == 2
    picture = book.sections[1].blocks[1]
    assert picture.kind is BlockKind.IMAGE and book.resource(str(picture.image))[:4] == b"\x89PNG"


def test_a_plain_palmdoc_prc_reads_as_paragraphs(tmp_path: Path) -> None:
    text = b"First paragraph\nof two lines.\n\nSecond \x93quoted\x94 one."
    # PalmDOC keeps the reader's position where a MOBI says whether it is encrypted
    record0 = struct.pack(">HHLHHL", 1, 0, len(text), 1, 4096, 70_000)
    path = write_palm_database(tmp_path / "plain.prc", [record0, text], kind=b"TEXtREAd")
    book = read_book(path)
    assert [b.text for b in book.sections[0].blocks] == [
        "First paragraph of two lines.", "Second \u201cquoted\u201d one."]


def test_the_marker_book_holds_every_sentence(tmp_path: Path) -> None:
    book = read_book(marker_mobi(tmp_path / "markers.mobi"))
    text = " ".join(b.text for s in book.sections for b in s.blocks)
    assert text.count("mk") == 4 * 16 * 4 and [e.title for e in book.toc] == [
        f"Chapter {n}" for n in range(1, 5)]


def test_calibres_contents_page_in_a_mobi_is_not_part_of_the_story() -> None:
    from reader_app.rag.index.story import sections_outside_story

    book = read_book(SMALL_JOINT)
    contents = next(s.index for s in book.sections if s.title == "Table of Contents")
    assert sections_outside_story(book) == {contents}


def test_an_azw3s_embedded_font_is_its_truetype_file_and_sets_its_paragraph() -> None:
    book = read_book(FONT_AZW3)
    [font] = book.fonts
    assert font.family == "lantern mono" and font.key == b"" and font.obfuscated == 0
    assert book.resource(font.member)[:4] == b"\x00\x01\x00\x00"  # TrueType, inflated, clear
    paragraph = book.sections[0].blocks[1]
    assert paragraph.text == "The lantern in a font of its own."
    assert paragraph.style is not None and paragraph.style.look.family == "lantern mono"


def test_a_font_record_is_unmasked_then_inflated_and_a_bomb_is_refused() -> None:
    import zlib

    font = b"\x00\x01\x00\x00" + bytes(range(256)) * 8
    key = b"secretkey"
    packed = bytearray(zlib.compress(font))
    for n in range(min(len(packed), 1040)):
        packed[n] ^= key[n % len(key)]
    record = b"FONT" + struct.pack(">LLLLL", len(font), 3, 24 + len(key), len(key), 24) + key
    assert font_bytes(record + bytes(packed)) == font
    bomb = zlib.compress(b"\0" * (9 << 20))
    with pytest.raises(ValueError, match="larger"):
        font_bytes(b"FONT" + struct.pack(">LLLLL", 100, 1, 24, 0, 0) + bomb)


def test_the_exth_cover_names_the_cover_picture(tmp_path: Path) -> None:
    from tests.unit.books.epubgen import image_bytes

    pictures = [image_bytes(fmt="PNG"), image_bytes(fmt="JPEG", color="blue")]
    path = write_mobi(tmp_path / "cover.mobi", "<p>Text.</p>", images=pictures, cover=1)
    book = read_book(path)
    assert book.cover is not None and book.resource(book.cover)[:3] == b"\xff\xd8\xff"


def test_text_records_of_other_sizes_are_still_read_by_position(tmp_path: Path) -> None:
    from reader_app.books.content.mobi_records import PalmDatabase, read_header
    from reader_app.books.content.mobi_text import TextStream

    markup = "".join(f"<p>Paragraph {n} of the lantern.</p>" for n in range(600))
    path = write_mobi(tmp_path / "odd.mobi", markup, record_size=3000)
    stream = TextStream(PalmDatabase(path.read_bytes(), path=path), read_header(
        PalmDatabase(path.read_bytes(), path=path), 0))
    assert stream.read(5000, 5100) == markup.encode()[5000:5100]
    assert stream.read() == markup.encode()


def test_a_huff_cdic_compressed_mobi_reads_whole(tmp_path: Path) -> None:
    markup = "".join(f"<p>Paragraph {n}: the lantern \u2014 by the river.</p>" for n in range(400))
    book = read_book(write_mobi(tmp_path / "huff.mobi", f"<html><body>{markup}</body></html>",
                                huffman=True))
    texts = [b.text for s in book.sections for b in s.blocks]
    assert len(texts) == 400 and texts[399] == "Paragraph 399: the lantern \u2014 by the river."


def test_the_ncx_depths_nest_the_contents() -> None:
    from reader_app.books.content.mobi import _toc
    from reader_app.books.content.mobi_parts import TocPoint

    anchors = {"a.html": (0, {"x": (3, 0)}), "b.html": (1, {})}
    points = [TocPoint("One", 0, "a.html", ""), TocPoint("One.1", 1, "a.html", "x"),
              TocPoint("One.1.1", 2, "b.html", ""), TocPoint("Two", 0, "b.html", ""),
              TocPoint("Nowhere", 0, "c.html", "")]
    [one, two] = _toc(points, anchors)
    assert (one.title, two.title) == ("One", "Two")
    [child] = one.children
    assert child.title == "One.1" and child.target.block == 3
    assert [c.title for c in child.children] == ["One.1.1"]


def test_anchors_for_thousands_of_links_into_a_long_run_without_tags_are_placed_quickly() -> None:
    import time

    from reader_app.books.content.mobi6 import _anchored

    text = b"<p>" + b"lantern " * 1_250_000 + b"</p>"  # ten million bytes, no tag inside
    targets = {100 + 199 * n for n in range(50_000)}
    started = time.monotonic()
    marked = _anchored(text, targets)
    assert time.monotonic() - started < 5  # each target looks for a tag near it, not to the start
    assert marked.count(b'<a id="filepos') == 50_000
    assert marked.index(b'<a id="filepos299"></a>') == 299 + len(b'<a id="filepos100"></a>')


def test_a_kf8_link_target_takes_the_id_or_aid_of_the_tag_before_it() -> None:
    from reader_app.books.content.kf8 import _nearest_id

    text = b'<div id="d1"><p aid="7">Text</p><p class="x">More</p></div>'
    assert _nearest_id(text, text.index(b"Text")) == ("aid-7", text.index(b' aid="7"'))
    assert _nearest_id(text, text.index(b"<p aid")) == ("d1", None)
    assert _nearest_id(text, text.index(b"More")) == ("aid-7", text.index(b' aid="7"'))
    far = b'<p id="far">' + b"x" * 20_000
    assert _nearest_id(far, len(far)) == ("", None)  # beyond the reach: the part's start


@pytest.mark.parametrize(
    ("head", "said"),
    [(b"TPZ0" + b"\0" * 80, "Kindle Topaz book"),
     (b"\xeaDRMION\xee" + b"\0" * 80, "protected by DRM"),
     (b"CONT\x02\x00" + b"\0" * 80, "Kindle KFX book")],
    ids=["topaz", "kfx-drm", "kfx"],
)
def test_kindle_formats_pagemate_cannot_read_are_named(
    head: bytes, said: str, tmp_path: Path
) -> None:
    path = tmp_path / "book.azw"
    path.write_bytes(head)
    with pytest.raises(BookError) as caught:
        read_book(path)
    assert said in str(caught.value) and "MOBI and AZW3" in str(caught.value)

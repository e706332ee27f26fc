"""FB2 and FB2.ZIP books: the description as metadata, nested sections as chapters and
contents, epigraphs, poems, cites, notes that pop up as EPUB footnotes do, pictures under the
picture caps, and a damaged or hostile file refused with one sentence."""

from __future__ import annotations

import base64
import zipfile
from pathlib import Path

import pytest

from reader_app.books.model import BlockKind, Book, Locator, Series
from reader_app.books.opening.formats import read_book, sniff_format
from reader_app.errors import BookError, UnsafeBookError
from reader_app.rag.index.text_units import compute_text_units
from reader_app.ui.aids.footnotes import note_text
from tests.unit.books.formatgen import FEATURES_FB2, JEKYLL_FB2_ZIP


def blocks_of(book: Book) -> list[tuple[str, str]]:
    return [(b.kind.value, b.text) for s in book.sections for b in s.blocks]


def test_the_description_becomes_the_metadata_and_the_cover() -> None:
    book = read_book(FEATURES_FB2)
    assert book.format == "fb2"
    meta = book.metadata
    assert meta.title == "The Lantern Keeper" and meta.authors == ("Anna Lantern", "Quill")
    assert meta.language == "ru" and meta.series == Series("River Tales", 2.0)
    assert meta.publisher == "Riverside Press" and meta.identifier == "fb2-features-1"
    assert meta.description.startswith("A keeper of lanterns")
    assert book.cover is not None and book.resource(book.cover).startswith(b"\x89PNG")
    assert book.sections[0].blocks[0].image == book.cover  # shown first, as FB2 readers do


def test_nested_sections_are_chapters_with_nested_contents() -> None:
    book = read_book(FEATURES_FB2)
    [(part, depth_part), (one, depth_one), (two, _), (notes, _)] = [
        (e, d) for entry in book.toc for d, e in entry.walk()
    ]
    assert (part.title, one.title, two.title) == ("Part One", "Chapter 1 The River",
                                                  "Chapter 2 The Ferry")
    assert depth_part == 0 and depth_one == 1 and notes.title == "Notes"
    chapter_two = book.sections[two.target.section]
    assert chapter_two.blocks[two.target.block].text == "Chapter 2\u2028The Ferry"
    assert part.target.section == one.target.section  # a part's title stays over its chapter


def test_epigraphs_poems_cites_and_inline_looks() -> None:
    book = read_book(FEATURES_FB2)
    blocks = blocks_of(book)
    assert ("quote", "Light is kept, not given.") in blocks
    assert ("quote", "Burn low, burn long,\u2028the river hears the song.") in blocks
    assert ("quote", "The river is older than the town.") in blocks
    assert ("heading", "* * *") in blocks
    assert ("table", "Hour\tCrossing\nDawn\tFirst") in blocks
    assert any(text.startswith("She said “Привет”") for _, text in blocks)  # windows-1251 file
    para = next(b for s in book.sections for b in s.blocks if b.text.startswith("Anna kept"))
    looks = {para.text[s.start:s.end]: s for s in para.spans}
    assert looks["lanterns"].italic and looks["river"].bold and looks["[1]"].superscript
    link = next(b for s in book.sections for b in s.blocks if b.text.startswith("See the next"))
    looks = {link.text[s.start:s.end]: s for s in link.spans}
    assert looks["the web"].href == "https://example.org/"
    assert looks["the next chapter"].target == Locator(3, 0, 0)
    by_start = {span.start: span for span in link.spans}
    assert by_start[link.text.index("H2O") + 1].subscript and looks["code"].monospace
    assert by_start[link.text.index("x2") + 1].superscript
    pictures = [b for s in book.sections for b in s.blocks if b.kind is BlockKind.IMAGE]
    assert len(pictures) == 2 and all(book.resource(str(p.image)) for p in pictures)


def test_notes_pop_up_like_epub_footnotes_and_are_the_companions_notes() -> None:
    book = read_book(FEATURES_FB2)
    para_place = next(
        (s.index, n) for s in book.sections for n, b in enumerate(s.blocks)
        if b.text.startswith("Anna kept")
    )
    block = book.sections[para_place[0]].blocks[para_place[1]]
    [ref] = [s for s in block.spans if s.target is not None]
    notes = book.sections[ref.target.section]
    assert not notes.linear  # after the reading order, reached by the link
    clicked = Locator(para_place[0], para_place[1], ref.start)
    assert note_text(book, clicked=clicked, target=ref.target) == "1\nThe lanterns were oil lamps."
    units = compute_text_units(book)
    first = min(units.notes, key=lambda link: link.ref_sid)
    note = " ".join(units.sentences[sid].text
                    for sid in range(first.note_sid_start, first.note_sid_end + 1))
    assert "The lanterns were oil lamps." in note and "ferry" not in note
    assert "every night" in units.sentences[first.ref_sid].text


def test_a_fb2_zip_opens_as_the_fb2_inside() -> None:
    assert sniff_format(JEKYLL_FB2_ZIP) == "fb2"
    book = read_book(JEKYLL_FB2_ZIP)
    assert book.metadata.title == "The Strange Case of Dr. Jekyll and Mr. Hyde"
    assert book.metadata.authors == ("Robert Louis Stevenson",) and book.metadata.language == "en"
    titles = [e.title for e in book.toc]
    assert "Story of the Door" in titles and "The Last Night" in titles  # calibre's bold lines


def _damaged(tmp_path: Path, name: str, data: bytes) -> Path:
    path = tmp_path / name
    path.write_bytes(data)
    return path


@pytest.mark.parametrize("how", ["truncated", "flipped", "garbage"])
def test_a_damaged_fb2_is_one_clear_error(tmp_path: Path, how: str) -> None:
    data = FEATURES_FB2.read_bytes()
    if how == "truncated":
        data = data[: len(data) // 2]
    elif how == "flipped":
        at = data.index(b"<body>") + 3
        data = data[:at] + b"\x00\xff<<" + data[at + 4:]
    else:
        data = b"<FictionBook>" + bytes(range(256)) * 4
    path = _damaged(tmp_path, f"{how}.fb2", data)
    with pytest.raises(BookError) as caught:
        read_book(path)
    assert f"{how}.fb2" in str(caught.value) and "valid XML" in caught.value.reason


def test_a_damaged_fb2_zip_is_one_clear_error(tmp_path: Path) -> None:
    data = JEKYLL_FB2_ZIP.read_bytes()
    for name, broken in (("cut.fb2.zip", data[: len(data) // 2]),
                         ("flip.fb2.zip", data[:4000] + bytes(64) + data[4064:])):
        with pytest.raises(BookError) as caught:
            read_book(_damaged(tmp_path, name, broken))
        assert name in str(caught.value) and "damaged" in caught.value.reason


def test_entities_are_refused_as_hostile(tmp_path: Path) -> None:
    data = FEATURES_FB2.read_bytes().replace(
        b"<FictionBook", b'<!DOCTYPE x [<!ENTITY a "aaaaaaaa">]>\n<FictionBook', 1
    )
    with pytest.raises(UnsafeBookError, match="entities"):
        read_book(_damaged(tmp_path, "lol.fb2", data))


def test_a_picture_over_the_caps_is_left_out_with_a_note(tmp_path: Path) -> None:
    giant = base64.b64encode(b"\x89PNG\r\n\x1a\n" + bytes(5 << 20)).decode()
    data = FEATURES_FB2.read_bytes().replace(
        b"</FictionBook>",
        f'<binary id="giant.png" content-type="image/png">{giant}</binary></FictionBook>'.encode()
    ).replace(b'<image l:href="#pic.png"/>', b'<image l:href="#giant.png"/>')
    book = read_book(_damaged(tmp_path, "giant.fb2", data))
    assert any("not shown" in str(note) for note in book.notes)
    assert all(len(v) < 5 << 20 for v in book.inline_resources.values())


def test_an_fb2_without_a_body_or_fictionbook_is_refused(tmp_path: Path) -> None:
    empty = b'<?xml version="1.0"?><FictionBook><description/></FictionBook>'
    with pytest.raises(BookError, match="no <body>"):
        read_book(_damaged(tmp_path, "nobody.fb2", empty))
    with pytest.raises(BookError, match="not an FB2 book"):
        read_book(_damaged(tmp_path, "other.fb2", b'<?xml version="1.0"?><html><p>x</p></html>'))
    packed = tmp_path / "none.fb2.zip"
    with zipfile.ZipFile(packed, "w") as archive:
        archive.writestr("readme.txt", "no book here")
    with pytest.raises(BookError, match=r"no \.fb2 book inside"):
        read_book(packed)


def test_a_cached_fb2_keeps_its_pictures_and_never_reads_itself_as_a_zip(
    library_home: Path, tmp_path: Path
) -> None:
    from reader_app.books.opening.cache import load_book

    copy = _damaged(tmp_path, "copy.fb2", FEATURES_FB2.read_bytes())
    first = load_book(copy, library_home)
    again = load_book(copy, library_home)  # from the cache
    assert again.sections == first.sections and again.cover == first.cover
    assert again.resource(str(again.cover)) == first.resource(str(first.cover))
    with pytest.raises(KeyError):
        again.resource("missing.png")  # as on first open: unknown, not "not a zip archive"


def test_a_bold_first_line_titles_its_section_in_reading_order(tmp_path: Path) -> None:
    body = (b"<section><p><strong>Part Two</strong></p><p>Its opening words.</p>"
            b"<section><title><p>Chapter 5</p></title><p>Text.</p></section></section>")
    data = FEATURES_FB2.read_bytes().replace(b"</section>\n </section>\n</body>",
                                             b"</section>\n </section>\n" + body + b"</body>", 1)
    book = read_book(_damaged(tmp_path, "bold.fb2", data))
    titles = [e.title for entry in book.toc for _, e in entry.walk()]
    assert titles[-3:] == ["Part Two", "Chapter 5", "Notes"]
    assert [e.title for e in book.toc][-3:] == ["Part One", "Part Two", "Notes"]


def test_an_fb2_of_title_only_sections_opens_in_linear_time(tmp_path: Path) -> None:
    import time

    sections = b"<section><title><p>t</p></title></section>" * 40_000
    data = b"<FictionBook><body>" + sections + b"<section><p>x</p></section></body></FictionBook>"
    started = time.perf_counter()
    book = read_book(_damaged(tmp_path, "titles.fb2", data))
    assert time.perf_counter() - started < 8.0
    assert len(book.sections) == 1 and len(book.toc) == 40_000

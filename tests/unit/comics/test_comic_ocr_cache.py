"""OCR of a whole comic: page order, cache by content, bad and huge pages, cancel, book model."""

from __future__ import annotations

import io
import logging
from pathlib import Path

import pytest
from PIL import Image

from reader_app.books.model import BlockKind
from reader_app.books.opening.formats import read_book
from reader_app.cancel import CancelToken
from reader_app.comics.ocr import OcrFailedError
from reader_app.comics.reading_order import Box, OcrLine, TextBlock
from reader_app.comics.text import (
    ComicText,
    PageText,
    is_description,
    mostly_words,
    ocr_book,
    with_page_text,
)
from reader_app.store.db import connect
from tests.unit.comics.cbzbook import png, write_cbz


class CountingEngine:
    """Stands in for rapidocr: reads a page's "number" from its grey level, counts its calls."""

    engine_id = "counting-1"

    def __init__(self, *, fail_on_grey: int | None = None) -> None:
        self.sizes: list[tuple[int, int]] = []
        self.fail_on_grey = fail_on_grey

    def read_lines(self, image: Image.Image) -> list[OcrLine]:
        self.sizes.append(image.size)
        grey = image.convert("L").getpixel((0, 0))
        if grey == self.fail_on_grey:
            raise OcrFailedError("the engine choked")
        return [OcrLine.from_box(f"words on page {grey}", Box(10, 10, 200, 40))]


def plain_page(number: int, size: tuple[int, int] = (300, 400)) -> bytes:
    return png(Image.new("RGB", size, (number, number, number)))


def comic(tmp_path: Path, pages: list[bytes], name: str = "comic.cbz") -> Path:
    return write_cbz(tmp_path / name, pages)


def test_pages_are_read_in_order_and_reported_with_progress(
    tmp_path: Path, library_home: Path
) -> None:
    book = read_book(comic(tmp_path, [plain_page(n) for n in (1, 2, 3)]))
    conn = connect(library_home)
    seen: list[tuple[int, int]] = []
    texts = ocr_book(conn, library_home, book, engine=CountingEngine(),
                     progress=lambda done, total: seen.append((done, total)))
    assert [p.text for p in texts.pages] == [f"words on page {n}" for n in (1, 2, 3)]
    assert [p.page for p in texts.pages] == [0, 1, 2]
    assert seen == [(1, 3), (2, 3), (3, 3)]
    assert texts.complete and texts.pages_recognised == 3


def test_second_ocr_of_the_same_book_does_no_ocr_work(tmp_path: Path, library_home: Path) -> None:
    book = read_book(comic(tmp_path, [plain_page(n) for n in (1, 2, 3)]))
    first_engine, second_engine = CountingEngine(), CountingEngine()
    first = ocr_book(connect(library_home), library_home, book, engine=first_engine)
    second = ocr_book(connect(library_home), library_home, book, engine=second_engine)
    assert len(first_engine.sizes) == 3
    assert second_engine.sizes == []
    assert second.pages_recognised == 0
    assert [p.text for p in second.pages] == [p.text for p in first.pages]


def test_same_page_in_another_file_is_recognised_from_the_cache(
    tmp_path: Path, library_home: Path
) -> None:
    conn = connect(library_home)
    ocr_book(conn, library_home, read_book(comic(tmp_path, [plain_page(5)], "a.cbz")),
             engine=CountingEngine())
    engine = CountingEngine()
    renamed = read_book(comic(tmp_path, [plain_page(5), plain_page(6)], "b.cbz"))
    ocr_book(conn, library_home, renamed, engine=engine)
    assert len(engine.sizes) == 1  # only the new page


def test_page_that_fails_to_decode_is_logged_and_skipped(
    tmp_path: Path, library_home: Path, caplog: pytest.LogCaptureFixture
) -> None:
    pages = [plain_page(1), b"\x89PNG\r\n\x1a\n but the rest is garbage", plain_page(3)]
    book = read_book(comic(tmp_path, pages))
    with caplog.at_level(logging.WARNING, logger="reader_app.comics.text"):
        texts = ocr_book(connect(library_home), library_home, book, engine=CountingEngine())
    assert texts.skipped == (1,)
    assert [p.text for p in texts.pages] == ["words on page 1", "words on page 3"]
    assert any("page 2" in r.getMessage() and "decoded" in r.getMessage() for r in caplog.records)


def test_page_the_engine_cannot_read_is_logged_skipped_and_retried_next_time(
    tmp_path: Path, library_home: Path, caplog: pytest.LogCaptureFixture
) -> None:
    book = read_book(comic(tmp_path, [plain_page(1), plain_page(2)]))
    conn = connect(library_home)
    with caplog.at_level(logging.WARNING, logger="reader_app.comics.text"):
        texts = ocr_book(conn, library_home, book, engine=CountingEngine(fail_on_grey=2))
    assert texts.skipped == (1,)
    assert any("choked" in r.getMessage() for r in caplog.records)
    retry = CountingEngine()
    again = ocr_book(conn, library_home, book, engine=retry)
    assert len(retry.sizes) == 1 and again.skipped == ()


def test_huge_page_is_downscaled_within_the_pixel_cap_and_boxes_map_back(
    tmp_path: Path, library_home: Path
) -> None:
    huge = Image.new("RGB", (6000, 8000), (9, 9, 9))
    out = io.BytesIO()
    huge.save(out, format="JPEG", quality=50)
    book = read_book(comic(tmp_path, [out.getvalue()], "huge.cbz"))
    engine = CountingEngine()
    texts = ocr_book(connect(library_home), library_home, book, engine=engine,
                     pixel_cap=2_000_000)
    (width, height), = engine.sizes
    assert width * height <= 2_000_000
    assert width * height >= 1_500_000  # downscaled to the cap, not far below it
    assert abs(width / height - 6000 / 8000) < 0.01
    line_box = texts.pages[0].blocks[0].box
    # The engine saw (10..200) in the small image; in page pixels that is about 4x larger.
    assert line_box.right == pytest.approx(200 * 6000 / width, rel=0.01)


def test_cancel_stops_between_pages_and_a_later_run_resumes(
    tmp_path: Path, library_home: Path
) -> None:
    book = read_book(comic(tmp_path, [plain_page(n) for n in (1, 2, 3, 4)]))
    conn = connect(library_home)
    engine = CountingEngine()
    texts = ocr_book(conn, library_home, book, engine=engine,
                     cancel=CancelToken().or_when(lambda: len(engine.sizes) >= 2))
    assert not texts.complete
    assert [p.page for p in texts.pages] == [0, 1]
    resumed_engine = CountingEngine()
    resumed = ocr_book(conn, library_home, book, engine=resumed_engine)
    assert len(resumed_engine.sizes) == 2 and resumed.complete and len(resumed.pages) == 4


def test_page_text_follows_the_image_in_the_book_model(tmp_path: Path) -> None:
    book = read_book(comic(tmp_path, [plain_page(1), plain_page(2)]))
    bubble = TextBlock("Hello there.", Box(0, 0, 10, 10), ())
    boom = TextBlock("BOOM", Box(0, 20, 10, 30), (), sound_effect=True)
    texts = ComicText(book.book_id, (PageText(1, "hash", (bubble, boom)),))
    description = "Pepper stirs a cauldron. Carrot watches."
    texted = with_page_text(book, texts, descriptions={0: description})
    first, second = texted.sections
    assert [b.kind for b in first.blocks] == [BlockKind.IMAGE, *[BlockKind.PARAGRAPH] * 2]
    assert [b.text for b in first.blocks[1:]] == [
        "[Description] Pepper stirs a cauldron.", "[Description] Carrot watches.",
    ]
    assert all(is_description(b.text) for b in first.blocks[1:])
    assert [b.text for b in second.blocks] == ["", "Hello there.", "BOOM"]
    assert second.blocks[0].image == book.sections[1].blocks[0].image
    # Applying it again replaces the text rather than piling it up.
    assert with_page_text(texted, texts).sections[1].blocks == second.blocks


def test_reading_order_follows_the_comic_direction_from_cached_ocr(
    tmp_path: Path, library_home: Path
) -> None:
    class TwoColumns(CountingEngine):
        def read_lines(self, image: Image.Image) -> list[OcrLine]:
            super().read_lines(image)
            return [OcrLine.from_box("left", Box(20, 20, 100, 50)),
                    OcrLine.from_box("right", Box(200, 20, 280, 50))]

    page = [plain_page(1)]
    conn = connect(library_home)
    western = read_book(write_cbz(tmp_path / "w.cbz", page))
    manga = read_book(write_cbz(tmp_path / "m.cbz", page, manga=True))
    assert ocr_book(conn, library_home, western, engine=TwoColumns()).pages[0].text == "left\nright"
    engine = TwoColumns()
    assert ocr_book(conn, library_home, manga, engine=engine).pages[0].text == "right\nleft"
    assert engine.sizes == []  # same page bytes: from the cache, reordered for manga


def test_stray_cjk_reads_of_the_art_are_dropped_from_a_latin_script_comic(
    tmp_path: Path, library_home: Path
) -> None:
    class ArtAsKanji(CountingEngine):
        def read_lines(self, image: Image.Image) -> list[OcrLine]:
            super().read_lines(image)
            return [OcrLine.from_box("Gulp", Box(20, 20, 100, 50)),
                    OcrLine.from_box("万ノ", Box(20, 300, 100, 330))]

    page = [plain_page(1)]
    english = read_book(write_cbz(tmp_path / "en.cbz", page, language="en"))
    japanese = read_book(write_cbz(tmp_path / "ja.cbz", page, language="ja"))
    conn = connect(library_home)
    assert ocr_book(conn, library_home, english, engine=ArtAsKanji()).pages[0].text == "Gulp"
    assert ocr_book(conn, library_home, japanese, engine=ArtAsKanji()).pages[0].text == "Gulp\n万ノ"


def test_low_confidence_and_non_word_lines_stay_out_of_the_text_but_in_the_cache(
    tmp_path: Path, library_home: Path
) -> None:
    class LabelsAndDialogue(CountingEngine):
        def read_lines(self, image: Image.Image) -> list[OcrLine]:
            super().read_lines(image)
            return [
                OcrLine.from_box("NO! Don't even think", Box(20, 20, 200, 40), 0.99),
                OcrLine.from_box("about it", Box(20, 42, 200, 62), 0.98),
                OcrLine.from_box("DEEPGESA", Box(20, 200, 120, 220), 0.84),  # a potion label
                OcrLine.from_box("VIOL6(M", Box(150, 200, 280, 220), 0.95),  # letters and digits
                OcrLine.from_box("55", Box(20, 300, 60, 320), 0.99),  # a lone number
                OcrLine.from_box("www.peppercarrot.com 0S/2014", Box(20, 360, 280, 380), 0.95),
            ]

    book = read_book(write_cbz(tmp_path / "labels.cbz", [plain_page(1)], language="en"))
    conn = connect(library_home)
    text = ocr_book(conn, library_home, book, engine=LabelsAndDialogue()).pages[0].text
    assert "NO! Don't even think about it" in text
    assert "www.peppercarrot.com 0S/2014" in text  # credits and a date misread stay
    for junk in ("DEEPGESA", "VIOL6(M", "55"):
        assert junk not in text
    stored = conn.execute("SELECT lines FROM ocr_pages").fetchone()[0]
    assert "DEEPGESA" in stored  # kept in the cache: a later rule needs no new OCR


@pytest.mark.parametrize(
    ("line", "kept"),
    [
        ("Happy ?!", True), ("...mmm", True), ("ha...", True),
        ("Episode 2 : Rainbow potions", True),
        ("funded by my 21 patrons on", True), ("Sonny W.,", True), ("l'ha dato", True),
        ("ORANNE 504", True),  # words by shape: only its low confidence keeps it out
        ("VIOL6(M", False), ("DEEP DCCA VIOL6(M", True), ("c&", False), ("18", False),
        ("0S/2014", True), ("#@%", False),
    ],
)
def test_a_line_is_mostly_words_by_its_tokens(line: str, kept: bool) -> None:
    assert mostly_words(line) is kept

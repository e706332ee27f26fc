"""Real OCR on pages drawn with Pillow, whose bubbles and reading order are known exactly."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import ImageDraw

from reader_app.books.opening.formats import read_book
from reader_app.comics.ocr import RapidOcrEngine
from reader_app.comics.text import ocr_book
from reader_app.store.db import connect
from tests.unit.comics.cbzbook import draw_bubble, font, panel_page, png, write_cbz

pytestmark = pytest.mark.slow

SIDE_BY_SIDE = [(30, 30, 485, 1370), (515, 30, 970, 1370)]


def two_panel_page(bubbles: dict[tuple[int, int], list[str]]) -> bytes:
    image = panel_page((1000, 1400), SIDE_BY_SIDE)
    draw = ImageDraw.Draw(image)
    for center, lines in bubbles.items():
        draw_bubble(draw, center, lines)
    return png(image)


def page_texts(tmp_path: Path, library_home: Path, engine: RapidOcrEngine, page: bytes,
               *, manga: bool = False) -> list[str]:
    book = read_book(write_cbz(tmp_path / "drawn.cbz", [page], manga=manga))
    texts = ocr_book(connect(library_home), library_home, book, engine=engine)
    return [block.text for block in texts.pages[0].blocks]


def test_bubbles_of_side_by_side_panels_read_left_panel_first(
    tmp_path: Path, library_home: Path, ocr_engine: RapidOcrEngine
) -> None:
    # Top to bottom across the page the bubbles alternate between the panels.
    page = two_panel_page({
        (250, 200): ["Where is", "the cat?"],
        (740, 450): ["Look up", "there!"],
        (250, 800): ["Not here."],
        (740, 1100): ["Found him."],
    })
    assert page_texts(tmp_path, library_home, ocr_engine, page) == [
        "Where is the cat?", "Not here.", "Look up there!", "Found him.",
    ]


def test_manga_page_reads_the_right_panel_first(
    tmp_path: Path, library_home: Path, ocr_engine: RapidOcrEngine
) -> None:
    page = two_panel_page({
        (740, 200): ["Wake up,", "sleepy head."],
        (250, 450): ["Hello."],
        (740, 800): ["Tea?"],
        (250, 1100): ["Yes please."],
    })
    assert page_texts(tmp_path, library_home, ocr_engine, page, manga=True) == [
        "Wake up, sleepy head.", "Tea?", "Hello.", "Yes please.",
    ]


def test_sound_effect_next_to_a_bubble_is_kept_as_its_own_block(
    tmp_path: Path, library_home: Path, ocr_engine: RapidOcrEngine
) -> None:
    image = panel_page((1000, 1000), [(30, 30, 970, 970)])
    draw = ImageDraw.Draw(image)
    draw_bubble(draw, (420, 220), ["Stand back,", "it is going", "to blow!"])
    draw.text((380, 330), "BOOM!", font=font(110), fill=(200, 30, 30))
    draw_bubble(draw, (500, 720), ["Too late."])
    blocks = page_texts(tmp_path, library_home, ocr_engine, png(image))
    assert blocks == ["Stand back, it is going to blow!", "BOOM!", "Too late."]

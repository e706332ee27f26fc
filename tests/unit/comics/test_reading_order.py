"""Grouping OCR lines into bubbles and ordering them by panel, on synthetic boxes (no OCR)."""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from reader_app.comics.reading_order import (
    Box,
    OcrLine,
    detect_panels,
    group_lines,
    order_panels,
    read_page,
)


def line(text: str, left: float, top: float, *, width: float = 0, height: float = 24) -> OcrLine:
    width = width or 14 * len(text)
    return OcrLine.from_box(text, Box(left, top, left + width, top + height))


def tilted(text: str, left: float, top: float, *, degrees: float, height: float = 40) -> OcrLine:
    width = 20 * len(text)
    dx, dy = math.cos(math.radians(degrees)), math.sin(math.radians(degrees))
    a = (left, top)
    b = (left + width * dx, top + width * dy)
    c = (b[0] - height * dy, b[1] + height * dx)
    d = (a[0] - height * dy, a[1] + height * dx)
    return OcrLine(text, (a, b, c, d))


def texts(
    lines: list[OcrLine], *, panels: Sequence[Box] = (), right_to_left: bool = False
) -> list[str]:
    return [b.text for b in read_page(lines, panels=panels, right_to_left=right_to_left)]


def test_stacked_lines_of_one_bubble_become_one_block_in_line_order() -> None:
    bubble = [line("strong enough", 472, 579), line("...mmm", 496, 539),
              line("probably not", 477, 557)]
    blocks = group_lines(bubble)
    assert [b.text for b in blocks] == ["...mmm probably not strong enough"]


def test_neighbouring_bubbles_at_the_same_height_stay_apart() -> None:
    lines = [line("Hello", 100, 100), line("there", 100, 126),
             line("Go", 260, 100), line("away", 260, 126)]
    assert sorted(texts(lines)) == ["Go away", "Hello there"]


def test_a_line_split_at_a_wide_word_gap_is_joined_back() -> None:
    lines = [line("Don't even", 100, 100, width=140), line("think", 250, 101, width=70)]
    assert texts(lines) == ["Don't even think"]


def test_word_hyphenated_at_the_end_of_a_bubble_line_is_rejoined() -> None:
    lines = [line("a wonder-", 100, 100), line("ful day", 100, 126)]
    assert texts(lines) == ["a wonderful day"]


def test_large_sound_effect_next_to_a_bubble_is_its_own_block() -> None:
    lines = [line("Watch out", 100, 100), line("for the pot", 100, 126),
             line("BOOM", 120, 160, height=70)]
    blocks = read_page(lines)
    assert [b.text for b in blocks] == ["Watch out for the pot", "BOOM"]
    assert [b.sound_effect for b in blocks] == [False, True]


def test_tilted_sound_effect_touching_dialogue_is_not_glued_in() -> None:
    lines = [line("Careful now", 100, 100, height=30), line("with that", 100, 130, height=30),
             tilted("PLOP", 110, 165, degrees=-20, height=30)]
    blocks = read_page(lines)
    assert [b.text for b in blocks] == ["Careful now with that", "PLOP"]
    assert blocks[1].sound_effect


def test_staggered_bubbles_in_side_by_side_panels_read_panel_by_panel() -> None:
    # Line by line, top to bottom, this page would read A1 B1 A2 B2: the OCR engine's order.
    panels = [Box(0, 0, 500, 800), Box(520, 0, 1000, 800)]
    lines = [line("A1", 50, 50), line("B1", 600, 150), line("A2", 200, 300),
             line("B2", 700, 450)]
    assert texts(lines, panels=panels) == ["A1", "A2", "B1", "B2"]


def test_manga_reads_panels_right_to_left() -> None:
    panels = [Box(0, 0, 500, 800), Box(520, 0, 1000, 800)]
    lines = [line("L1", 50, 50), line("R1", 600, 150), line("L2", 200, 300),
             line("R2", 700, 450)]
    assert texts(lines, panels=panels, right_to_left=True) == ["R1", "R2", "L1", "L2"]


def test_grid_of_panels_reads_tier_by_tier() -> None:
    panels = [Box(0, 0, 490, 490), Box(510, 0, 1000, 490),
              Box(0, 510, 490, 1000), Box(510, 510, 1000, 1000)]
    lines = [line("4", 600, 600), line("1", 50, 50), line("3", 50, 600), line("2", 600, 50)]
    assert texts(lines, panels=panels) == ["1", "2", "3", "4"]
    assert texts(lines, panels=panels, right_to_left=True) == ["2", "1", "4", "3"]


def test_panels_order_tiers_then_direction() -> None:
    wide = Box(0, 0, 1000, 300)
    left, right = Box(0, 320, 490, 700), Box(510, 320, 1000, 700)
    assert order_panels([right, wide, left]) == [wide, left, right]
    assert order_panels([left, wide, right], right_to_left=True) == [wide, right, left]


def test_without_panels_bubbles_side_by_side_read_in_direction_and_rows_top_down() -> None:
    lines = [line("right", 600, 110), line("left", 100, 100), line("below", 300, 400)]
    assert texts(lines) == ["left", "right", "below"]
    assert texts(lines, right_to_left=True) == ["right", "left", "below"]


def test_text_outside_every_panel_goes_with_the_nearest_panel() -> None:
    panels = [Box(0, 0, 1000, 400), Box(0, 420, 1000, 800)]
    lines = [line("caption", 400, 810), line("top", 100, 100), line("bottom", 100, 500)]
    assert texts(lines, panels=panels) == ["top", "bottom", "caption"]


def test_gutters_cut_a_page_into_its_panels() -> None:
    page = np.full((1200, 900), 255, dtype=np.uint8)
    drawn = [(40, 40, 860, 380), (40, 420, 430, 1160), (470, 420, 860, 1160)]
    rng = np.random.default_rng(7)
    for left, top, right, bottom in drawn:
        page[top:bottom, left:right] = rng.integers(0, 200, (bottom - top, right - left))
    panels = order_panels(detect_panels(page))
    assert len(panels) == 3
    for found, (left, top, right, bottom) in zip(panels, drawn, strict=True):
        assert abs(found.left - left) <= 3 and abs(found.right - right) <= 3
        assert abs(found.top - top) <= 3 and abs(found.bottom - bottom) <= 3


def test_a_page_without_gutters_is_one_panel_and_a_logo_is_not_cut_into_letters() -> None:
    page = np.full((300, 900), 255, dtype=np.uint8)
    for left in range(100, 800, 60):  # letters of a logo: narrow blobs with white between
        page[80:200, left:left + 40] = 0
    assert len(detect_panels(page)) == 1

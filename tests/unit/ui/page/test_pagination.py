"""Cutting a laid-out column into pages between lines, from the top or anchored on a line."""

from __future__ import annotations

from reader_app.ui.page.pagination import LineBox, page_of_top, page_tops


def column(count: int, *, height: float = 20.0, gap: float = 0.0) -> list[LineBox]:
    lines, y = [], 0.0
    for i in range(count):
        lines.append(LineBox(y, y + height, i * 10, i * 10 + 10))
        y += height + gap
    return lines


def test_pages_are_cut_between_lines_from_the_top() -> None:
    assert page_tops(column(10), page_height=50) == [0.0, 40.0, 80.0, 120.0, 160.0]


def test_an_anchored_page_begins_with_the_anchor_line() -> None:
    tops = page_tops(column(10), page_height=50, anchor_top=100.0)
    assert 100.0 in tops
    assert tops == [0.0, 20.0, 60.0, 100.0, 140.0, 180.0]
    # The pages before it are full ones cut backwards; only the first may be short.
    assert page_of_top(tops, 100.0) == 3


def test_an_anchor_on_the_first_page_keeps_the_natural_cut() -> None:
    assert page_tops(column(10), page_height=50, anchor_top=20.0) == page_tops(
        column(10), page_height=50
    )


def test_a_forced_break_begins_a_page_both_ways() -> None:
    lines = column(10)
    lines[3] = LineBox(60.0, 80.0, 30, 40, forced_break=True)
    assert 60.0 in page_tops(lines, page_height=50)
    assert 60.0 in page_tops(lines, page_height=50, anchor_top=140.0)


def test_a_line_taller_than_the_page_is_shown_alone() -> None:
    lines = [LineBox(0, 20, 0, 1), LineBox(20, 140, 1, 2), LineBox(140, 160, 2, 3)]
    assert page_tops(lines, page_height=100) == [0.0, 20.0, 140.0]


def test_cells_side_by_side_are_never_cut_through() -> None:
    # Two table cells: the left one's second line sits beside the right one's tall line.
    lines = [
        LineBox(0, 20, 0, 1),
        LineBox(20, 40, 1, 2),
        LineBox(20, 70, 5, 6),
        LineBox(40, 60, 2, 3),
        LineBox(70, 90, 6, 7),
    ]
    tops = page_tops(lines, page_height=55)
    for top in tops:
        assert not any(line.top < top < line.bottom for line in lines), tops


def test_two_pages_side_by_side_put_the_anchor_on_the_left() -> None:
    odd = page_tops(column(10), page_height=50, anchor_top=100.0)
    assert page_of_top(odd, 100.0) % 2 == 1
    even = page_tops(column(10), page_height=50, anchor_top=100.0, even_before_anchor=True)
    assert page_of_top(even, 100.0) % 2 == 0
    assert 100.0 in even

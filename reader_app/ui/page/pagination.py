"""Where a laid-out section's pages begin: breaks between lines, optionally anchored on one line.

A section is laid out once as one tall column (Qt's text engine, no page height). Pages are cut
from that column between lines, here, so the cut can be moved without laying the text out again:
after a font, window or banner change the page that was on screen is cut to begin with the line
that holds its first word (the anchor), and the pages before it are cut backwards from there.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from dataclasses import dataclass

EPSILON = 0.5  # layout coordinates are fractional; half a pixel is "the same place"


@dataclass(frozen=True, slots=True)
class PageGeometry:
    width: float
    height: float
    pixel_ratio: float = 1.0  # device pixels per logical pixel, for images


@dataclass(frozen=True, slots=True)
class LineBox:
    """One laid-out line of the column: where it is drawn and which document positions it holds."""

    top: float
    bottom: float
    start: int  # document position of its first character
    end: int  # just after its last character
    forced_break: bool = False  # the first line of a block that must begin a page


def page_tops(
    lines: Sequence[LineBox],
    *,
    page_height: float,
    anchor_top: float | None = None,
    even_before_anchor: bool = False,
) -> list[float]:
    """The top of every page, in column coordinates; page k shows `[tops[k], tops[k + 1])`.

    Without an anchor the pages are cut from the top of the column. With one past the first
    page, a page begins at `anchor_top` (the top of a line) and the pages before it are cut
    backwards from there, so the first of them may be short. `even_before_anchor` (two pages
    side by side) makes the number of pages before the anchor even, so the anchored page is
    the left one of a spread.
    """
    ordered = sorted(lines, key=lambda line: (line.top, line.start))
    height = max(page_height, 1.0)
    natural = _forward(ordered, 0.0, height)
    # A place on the section's first page keeps it whole (a chapter's opening page stays one).
    if anchor_top is None or len(natural) == 1 or anchor_top < natural[1] - EPSILON:
        return natural
    if any(abs(top - anchor_top) <= EPSILON for top in natural):
        return natural
    before = _backward(ordered, anchor_top, height)
    if even_before_anchor and len(before) % 2 == 1:
        before = _split_first(ordered, before, anchor_top)
    return before + _forward(ordered, anchor_top, height)


def page_of_top(tops: Sequence[float], y: float) -> int:
    """The page whose cut holds column coordinate `y` (a line's top)."""
    return max(bisect.bisect_right(tops, y + EPSILON) - 1, 0)


def _forward(lines: Sequence[LineBox], top: float, height: float) -> list[float]:
    tops = [top]
    tops_only = [line.top for line in lines]
    while True:
        following = _next_top(lines, tops_only, tops[-1], height)
        if following is None:
            return tops
        tops.append(following)


def _next_top(
    lines: Sequence[LineBox], tops_only: Sequence[float], top: float, height: float
) -> float | None:
    """The top of the page after the one that begins at `top`, or None if that is the last."""
    limit = top + height
    first = bisect.bisect_left(tops_only, top - EPSILON)
    stop = None
    for index in range(first, len(lines)):
        line = lines[index]
        if (line.top > top + EPSILON and line.forced_break) or line.bottom > limit + EPSILON:
            stop = index
            break
    if stop is None:
        return None
    cut = lines[stop].top
    # A line taller than a page is shown alone, whatever is cut off.
    if cut <= top + EPSILON:
        later = bisect.bisect_right(tops_only, top + EPSILON)
        return tops_only[later] if later < len(tops_only) else None
    # Never cut through a line beside it (the cells of a table row).
    moved = True
    while moved:
        moved = False
        for line in lines[first:stop]:
            if top + EPSILON < line.top < cut - EPSILON and line.bottom > cut + EPSILON:
                cut, moved = line.top, True
    return cut


def _candidates(lines: Sequence[LineBox]) -> list[float]:
    """Every place a page may begin: the column's top and each line top no line straddles."""
    found = {0.0}
    reach = float("-inf")  # the lowest bottom of the lines above the one looked at
    for line in lines:  # ordered by top
        if reach <= line.top + EPSILON:
            found.add(line.top)
        reach = max(reach, line.bottom)
    return sorted(found)


def _backward(lines: Sequence[LineBox], anchor_top: float, height: float) -> list[float]:
    """The tops of the pages before the one that begins at `anchor_top`, in reading order."""
    candidates = _candidates(lines)
    forced = sorted(line.top for line in lines if line.forced_break)
    tops: list[float] = []
    end = anchor_top
    while end > EPSILON:
        below = bisect.bisect_left(candidates, end - EPSILON)  # candidates[:below] lie above
        if below == 0:
            break
        lowest = bisect.bisect_left(candidates, end - height - EPSILON, 0, below)
        start = candidates[lowest] if lowest < below else candidates[below - 1]
        inside = bisect.bisect_right(forced, start + EPSILON)
        if inside < len(forced) and forced[inside] < end - EPSILON:
            start = forced[bisect.bisect_left(forced, end - EPSILON) - 1]
        tops.append(start)
        end = start
    if not tops or tops[-1] > EPSILON:
        tops.append(0.0)
    # A first cut holding no line at all (only the space above the first line) is dropped.
    if len(tops) > 1 and not any(line.top < tops[-2] - EPSILON for line in lines):
        tops.pop()
        tops[-1] = 0.0
    return tops[::-1]


def _split_first(lines: Sequence[LineBox], before: list[float], anchor_top: float) -> list[float]:
    """Cut the first page that holds two lines or more in two, at a line near its middle."""
    ends = [*before[1:], anchor_top]
    for index, (top, end) in enumerate(zip(before, ends, strict=True)):
        inside = [line.top for line in lines if top + EPSILON < line.top < end - EPSILON]
        if inside:
            middle = (top + end) / 2
            cut = min(inside, key=lambda line_top: abs(line_top - middle))
            return [*before[: index + 1], cut, *before[index + 1 :]]
    return before

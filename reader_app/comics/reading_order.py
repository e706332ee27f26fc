"""Comic reading order: OCR lines grouped into text blocks, ordered by panel, then top to bottom."""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

import numpy as np
import numpy.typing as npt

Point = tuple[float, float]
T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Box:
    """An axis-aligned rectangle in page pixels: `[left, right) x [top, bottom)`."""

    left: float
    top: float
    right: float
    bottom: float

    @property
    def width(self) -> float:
        return self.right - self.left

    @property
    def height(self) -> float:
        return self.bottom - self.top

    @property
    def center(self) -> Point:
        return ((self.left + self.right) / 2, (self.top + self.bottom) / 2)

    def union(self, other: Box) -> Box:
        return Box(
            min(self.left, other.left),
            min(self.top, other.top),
            max(self.right, other.right),
            max(self.bottom, other.bottom),
        )

    def intersection_area(self, other: Box) -> float:
        width = min(self.right, other.right) - max(self.left, other.left)
        height = min(self.bottom, other.bottom) - max(self.top, other.top)
        return max(width, 0.0) * max(height, 0.0)

    def contains(self, point: Point) -> bool:
        x, y = point
        return self.left <= x <= self.right and self.top <= y <= self.bottom

    def scaled(self, factor: float) -> Box:
        return Box(
            self.left * factor, self.top * factor, self.right * factor, self.bottom * factor
        )


@dataclass(frozen=True, slots=True)
class OcrLine:
    """One line of text as the OCR engine found it: its four corners clockwise from top-left."""

    text: str
    quad: tuple[Point, Point, Point, Point]
    score: float = 1.0

    @classmethod
    def from_box(cls, text: str, box: Box, score: float = 1.0) -> OcrLine:
        quad = ((box.left, box.top), (box.right, box.top), (box.right, box.bottom),
                (box.left, box.bottom))
        return cls(text, quad, score)

    @property
    def box(self) -> Box:
        xs = [p[0] for p in self.quad]
        ys = [p[1] for p in self.quad]
        return Box(min(xs), min(ys), max(xs), max(ys))

    @property
    def glyph_height(self) -> float:
        """Height of the letters, measured along the line's own slant (not its bounding box)."""
        top_left, top_right, bottom_right, bottom_left = self.quad
        return (math.dist(top_left, bottom_left) + math.dist(top_right, bottom_right)) / 2

    @property
    def angle(self) -> float:
        """Slant of the baseline in degrees; lettered sound effects are often drawn tilted."""
        (x0, y0), (x1, y1) = self.quad[0], self.quad[1]
        return math.degrees(math.atan2(y1 - y0, x1 - x0))


@dataclass(frozen=True, slots=True)
class TextBlock:
    """A speech bubble, caption or sound effect: lines read together, in reading order."""

    text: str
    box: Box
    lines: tuple[OcrLine, ...]
    sound_effect: bool = False


# Lines this much taller than the page's ordinary lettering, or this tilted, are sound effects.
SOUND_EFFECT_HEIGHT_RATIO = 1.8
SOUND_EFFECT_MIN_ANGLE = 6.0


def group_lines(lines: Sequence[OcrLine]) -> list[TextBlock]:
    """Group lines into blocks: lines stacked closely with similar lettering share a bubble."""
    lines = [line for line in lines if line.text.strip()]
    parent = list(range(len(lines)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i, first in enumerate(lines):
        for j in range(i + 1, len(lines)):
            if _same_block(first, lines[j]):
                parent[root(j)] = root(i)
    groups: dict[int, list[OcrLine]] = {}
    for i, line in enumerate(lines):
        groups.setdefault(root(i), []).append(line)
    reference = _ordinary_line_height(list(groups.values()))
    return [_make_block(members, reference) for members in groups.values()]


def order_blocks(
    blocks: Sequence[TextBlock], *, panels: Sequence[Box] = (), right_to_left: bool = False
) -> list[TextBlock]:
    """Blocks in reading order: panel by panel, and within a panel by rows top to bottom and,
    side by side, left to right (right to left for manga)."""
    if not panels:
        return _xy_cut(list(blocks), _block_box, right_to_left=right_to_left)
    panels = order_panels(panels, right_to_left=right_to_left)
    by_panel: list[list[TextBlock]] = [[] for _ in panels]
    for block in blocks:
        by_panel[_panel_of(block.box, panels)].append(block)
    ordered: list[TextBlock] = []
    for members in by_panel:
        ordered.extend(_xy_cut(members, _block_box, right_to_left=right_to_left))
    return ordered


def order_panels(panels: Sequence[Box], *, right_to_left: bool = False) -> list[Box]:
    """Panels in reading order: tiers top to bottom, panels across a tier in reading direction."""
    return _xy_cut(list(panels), _itself, right_to_left=right_to_left)


def read_page(
    lines: Sequence[OcrLine], *, panels: Sequence[Box] = (), right_to_left: bool = False
) -> list[TextBlock]:
    """The page's text blocks in reading order."""
    return order_blocks(group_lines(lines), panels=panels, right_to_left=right_to_left)


# -- grouping -------------------------------------------------------------------------------


def _same_block(a: OcrLine, b: OcrLine) -> bool:
    height_a, height_b = a.glyph_height, b.glyph_height
    if min(height_a, height_b) <= 0:
        return False
    # Dialogue lettering is uniform; a much larger or differently slanted line is another
    # block (typically a sound effect next to a bubble) and must never be glued into it.
    if max(height_a, height_b) / min(height_a, height_b) > 1.45:
        return False
    if abs(a.angle - b.angle) > 10.0:
        return False
    height = (height_a + height_b) / 2
    box_a, box_b = a.box, b.box
    vertical_gap = max(box_a.top, box_b.top) - min(box_a.bottom, box_b.bottom)
    horizontal_gap = max(box_a.left, box_b.left) - min(box_a.right, box_b.right)
    vertical_overlap = -vertical_gap
    if vertical_overlap >= 0.5 * min(box_a.height, box_b.height):
        # Side by side on one row: one line the OCR split at a wide word gap.
        return horizontal_gap <= 0.8 * height
    # Stacked: the next line of the same bubble starts right below and overlaps horizontally.
    return vertical_gap <= 0.7 * height and horizontal_gap < 0


def _ordinary_line_height(groups: list[list[OcrLine]]) -> float:
    # Multi-line blocks are almost always dialogue or captions, so their lettering is the page's
    # ordinary size; with none, fall back to every line on the page.
    multi = [line.glyph_height for group in groups if len(group) > 1 for line in group]
    heights = multi or [line.glyph_height for group in groups for line in group]
    return statistics.median(heights) if heights else 0.0


def _make_block(lines: list[OcrLine], reference_height: float) -> TextBlock:
    rows = _rows(lines)
    ordered = tuple(line for row in rows for line in row)
    text = _join_lines([" ".join(line.text.strip() for line in row) for row in rows])
    box = ordered[0].box
    for line in ordered[1:]:
        box = box.union(line.box)
    return TextBlock(text, box, ordered, _looks_like_sound_effect(ordered, reference_height))


def _rows(lines: list[OcrLine]) -> list[list[OcrLine]]:
    rows: list[list[OcrLine]] = []
    for line in sorted(lines, key=lambda ln: ln.box.center[1]):
        if rows and abs(rows[-1][-1].box.center[1] - line.box.center[1]) < 0.5 * line.glyph_height:
            rows[-1].append(line)
        else:
            rows.append([line])
    return [sorted(row, key=lambda ln: ln.box.left) for row in rows]


def _join_lines(rows: list[str]) -> str:
    text = ""
    for row in rows:
        if not text:
            text = row
        elif text.endswith("-") and row[:1].islower():
            text = text[:-1] + row  # a word hyphenated at the end of a bubble line
        else:
            text = f"{text} {row}"
    return text


def _looks_like_sound_effect(lines: tuple[OcrLine, ...], reference_height: float) -> bool:
    if len(lines) != 1 or len(lines[0].text.split()) > 2:
        return False
    line = lines[0]
    ratio = line.glyph_height / reference_height if reference_height > 0 else 1.0
    tall = ratio >= SOUND_EFFECT_HEIGHT_RATIO
    return tall or abs(line.angle) >= SOUND_EFFECT_MIN_ANGLE


# -- ordering -------------------------------------------------------------------------------


def _panel_of(box: Box, panels: Sequence[Box]) -> int:
    overlaps = [box.intersection_area(panel) for panel in panels]
    best = max(range(len(panels)), key=lambda i: overlaps[i])
    if overlaps[best] > 0:
        return best
    cx, cy = box.center
    return min(range(len(panels)), key=lambda i: math.dist((cx, cy), panels[i].center))


def _block_box(block: TextBlock) -> Box:
    return block.box


def _itself(box: Box) -> Box:
    return box


def _xy_cut(items: list[T], box_of: Callable[[T], Box], *, right_to_left: bool) -> list[T]:
    """Recursive XY-cut: rows first (top to bottom), then columns in the reading direction."""
    if len(items) <= 1:
        return items
    rows = _split_on_gaps(items, lambda item: (box_of(item).top, box_of(item).bottom))
    if len(rows) > 1:
        return [i for row in rows for i in _xy_cut(row, box_of, right_to_left=right_to_left)]
    columns = _split_on_gaps(items, lambda item: (box_of(item).left, box_of(item).right))
    if len(columns) > 1:
        if right_to_left:
            columns.reverse()
        return [i for col in columns for i in _xy_cut(col, box_of, right_to_left=right_to_left)]
    # Overlapping both ways (a chain of staggered bubbles): the higher one is read first.
    sign = -1 if right_to_left else 1
    return sorted(items, key=lambda item: (box_of(item).top, sign * box_of(item).left))


def _split_on_gaps(
    items: list[T], extent: Callable[[T], tuple[float, float]]
) -> list[list[T]]:
    """Items split wherever none covers a stretch of the axis, in ascending order."""
    groups: list[list[T]] = []
    reach = -math.inf
    for item in sorted(items, key=lambda i: extent(i)[0]):
        start, end = extent(item)
        if groups and start < reach:
            groups[-1].append(item)
        else:
            groups.append([item])
        reach = max(reach, end)
    return groups


# -- panels ---------------------------------------------------------------------------------

GrayImage = npt.NDArray[np.uint8]

# Panel detection works on a subsampled image; gutters stay several pixels wide at this size.
PANEL_DETECTION_SIDE = 600
GUTTER_TOLERANCE = 14  # grey levels a gutter pixel may differ from the gutter's own colour
GUTTER_UNIFORMITY = 0.985  # share of a line of pixels that must be gutter-coloured
NOISE_FRACTION = 0.02  # content thinner than this share of the page (a page number) is ignored
MIN_PANEL_FRACTION = 0.1  # a cut leaving a thinner piece is not between panels (a logo's letters)
MAX_CUT_DEPTH = 6


def detect_panels(gray: GrayImage) -> list[Box]:
    """Panels of a page, found by cutting along uniform gutters (XY-cut); `order_panels` puts
    them in reading order for either direction.

    Tiers are found first (full-width gutters), then panels within a tier, recursively. A page
    whose art bleeds across gutters simply yields fewer, larger panels: never lost text.
    """
    if gray.ndim != 2 or gray.size == 0:
        return []
    step = max(1, math.ceil(max(gray.shape) / PANEL_DETECTION_SIDE))
    small = gray[::step, ::step].astype(np.int16)
    height, width = small.shape
    limits = _CutLimits(
        noise=(max(1, int(height * NOISE_FRACTION)), max(1, int(width * NOISE_FRACTION))),
        panel=(max(2, int(height * MIN_PANEL_FRACTION)), max(2, int(width * MIN_PANEL_FRACTION))),
    )
    found: list[tuple[int, int, int, int]] = []
    _cut(small, (0, 0, height, width), limits, 0, found)
    return [
        Box(left * step, top * step, min(right * step, gray.shape[1]),
            min(bottom * step, gray.shape[0]))
        for top, left, bottom, right in found
    ]


@dataclass(frozen=True, slots=True)
class _CutLimits:
    noise: tuple[int, int]  # (rows, columns) of content below which it is ignored
    panel: tuple[int, int]  # (rows, columns) every piece of an accepted cut must reach


def _cut(
    image: npt.NDArray[np.int16],
    region: tuple[int, int, int, int],
    limits: _CutLimits,
    depth: int,
    found: list[tuple[int, int, int, int]],
) -> None:
    top, left, bottom, right = region
    crop = image[top:bottom, left:right]
    rows = _content_runs(_uniform(crop), limits.noise[0])
    columns = _content_runs(_uniform(crop.T), limits.noise[1])
    if not rows or not columns:
        return  # nothing but gutter
    if depth < MAX_CUT_DEPTH and _is_panel_cut(rows, limits.panel[0]):
        for start, end in rows:
            _cut(image, (top + start, left, top + end, right), limits, depth + 1, found)
        return
    if depth < MAX_CUT_DEPTH and _is_panel_cut(columns, limits.panel[1]):
        for start, end in columns:
            _cut(image, (top, left + start, bottom, left + end), limits, depth + 1, found)
        return
    found.append((top + rows[0][0], left + columns[0][0], top + rows[-1][1],
                  left + columns[-1][1]))


def _is_panel_cut(runs: list[tuple[int, int]], min_size: int) -> bool:
    return len(runs) > 1 and all(end - start >= min_size for start, end in runs)


def _uniform(crop: npt.NDArray[np.int16]) -> npt.NDArray[np.bool_]:
    """For each row of `crop`: is it one flat colour from edge to edge (a gutter)?"""
    median = np.median(crop, axis=1, keepdims=True)
    close = np.abs(crop - median) <= GUTTER_TOLERANCE
    result: npt.NDArray[np.bool_] = close.mean(axis=1) >= GUTTER_UNIFORMITY
    return result


def _content_runs(uniform: npt.NDArray[np.bool_], min_size: int) -> list[tuple[int, int]]:
    """Runs of non-gutter rows at least `min_size` long, as `[start, end)`."""
    runs: list[tuple[int, int]] = []
    start: int | None = None
    for index, flat in enumerate([*uniform.tolist(), True]):
        if not flat and start is None:
            start = index
        elif flat and start is not None:
            if index - start >= min_size:
                runs.append((start, index))
            start = None
    return runs

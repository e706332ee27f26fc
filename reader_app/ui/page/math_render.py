"""MathML typeset as SVG (ziamath) and set into the page as an inline picture on the baseline.

The book model keeps every formula as its linear text (books/content/mathml.py) and names its markup
(`Span.math`). Here that markup is typeset by `ziamath` (MIT, with the STIX Two Math font) into
SVG, once per formula, size and colour (an LRU cache), and the SVG is rasterised like any other
drawing: by resvg, in the image worker, at the device pixel ratio (ui/page/images.py `ImageCache`).
In the laid-out document the formula is one object character; `ui/page/doc_positions.py` maps it
back
to the formula's text, so locators, search, selection and copying see the linear text.

Baseline: Qt sets an inline picture with `AlignMiddle` so that its point (height + x/2) / 2 from
the top, x being the x-height of the picture format's font, sits on the baseline. The SVG is
padded above or below so that this point is the formula's own baseline. Display formulas are
blocks of their own (books/content/xhtml_media.py), centred.

A formula ziamath cannot typeset (malformed markup, an unknown construct) or one too large is
drawn as its linear text, with a note in the log; nothing is fetched.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import threading
import time
import warnings
import xml.etree.ElementTree as ET
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from importlib.util import find_spec
from typing import TYPE_CHECKING

from PySide6.QtCore import QSize, QUrl
from PySide6.QtGui import (
    QFontInfo,
    QFontMetrics,
    QTextCharFormat,
    QTextCursor,
    QTextDocument,
    QTextImageFormat,
)

from reader_app.books.model import Book, Span
from reader_app.ui.page.doc_positions import PositionMap
from reader_app.ui.page.images import ImageCache

if TYPE_CHECKING:
    from types import ModuleType

log = logging.getLogger(__name__)

MATH_PREFIX = "math:"
MAX_MATH_PIXELS = 4_000  # the longest side of a typeset formula, in logical pixels
SECTION_BUDGET_SECONDS = 1.5  # typesetting one section on the UI thread, cold cache


@dataclass(frozen=True, slots=True)
class Typeset:
    """One formula typeset: SVG whose vertical point (height + x/2) / 2 is its baseline."""

    name: str  # the picture's resource name in the laid-out document
    svg: bytes
    width: float  # logical pixels
    height: float


TypesetKey = tuple[bytes, float, str, float]  # markup, size, colour, half x-height
# Shared by the page's worker (which typesets) and the UI thread (which looks up) without a lock:
# each OrderedDict operation is atomic under the GIL, and an entry evicted between two of them is
# a miss, typeset again.
_done: OrderedDict[TypesetKey, Typeset | None] = OrderedDict()
_ziamath_lock = threading.Lock()  # ziamath keeps its fonts and settings in module globals
CACHED_FORMULAS = 2048


@cache
def can_typeset() -> bool:
    """Whether ziamath is installed (asked without importing it: a launch does not pay for the
    typesetter until a formula is drawn)."""
    return find_spec("ziamath") is not None


def _ziamath() -> ModuleType:
    """ziamath, imported on the first formula (about 0.2 s and its fonts); under the lock."""
    with warnings.catch_warnings():  # ziamath 0.13 finds its font with a deprecated call
        warnings.simplefilter("ignore", DeprecationWarning)
        import ziamath
    return ziamath


def key_for(markup: bytes, *, size_px: float, colour: str, half_x: float) -> TypesetKey:
    return (markup, round(size_px * 4) / 4, colour, half_x)


def cached(key: TypesetKey) -> tuple[bool, Typeset | None]:
    """(whether `key` was typeset already, its result): never typesets, never waits."""
    try:
        result = _done[key]
        _done.move_to_end(key)
    except KeyError:  # not typeset, or evicted meanwhile
        return False, None
    return True, result


def typeset(markup: bytes, *, size_px: float, colour: str, half_x: float) -> Typeset | None:
    """`markup` typeset at `size_px`, or None (logged) when it cannot be; cached."""
    key = key_for(markup, size_px=size_px, colour=colour, half_x=half_x)
    return typeset_key(key)


def typeset_key(key: TypesetKey) -> Typeset | None:
    found, result = cached(key)
    if found or not can_typeset():
        return result
    result = _typeset(*key)
    _done[key] = result
    while len(_done) > CACHED_FORMULAS:
        with contextlib.suppress(KeyError):  # another thread evicted it first
            _done.popitem(last=False)
    return result


def forget_typeset() -> None:
    """Empty the cache (benchmarks measure the cold cost)."""
    _done.clear()


def _typeset(markup: bytes, size_px: float, colour: str, half_x: float) -> Typeset | None:
    try:
        root = ET.fromstring(markup)  # serialised by lxml from the book: no DTD, no entities
        root.set("mathcolor", colour)
        with _ziamath_lock:
            svg = _ziamath().Math(root, size=size_px).svgxml()
    except Exception as error:  # a hostile formula must not take the page down with it
        log.info(
            "a formula could not be typeset (%s: %s); it is shown as text",
            type(error).__name__,
            error,
        )
        return None
    try:
        x, y, width, height = (float(part) for part in svg.attrib["viewBox"].split())
    except (KeyError, ValueError):
        return None
    above = -y  # the baseline is y = 0 in ziamath's drawing
    below = height - above
    # Pad so that (height + half_x) / 2 from the top is the baseline:
    # top + above = below + bottom + half_x.
    top = max(below + half_x - above, 0.0)
    bottom = max(above - below - half_x, 0.0)
    height += top + bottom
    if width <= 0 or height <= 0 or max(width, height) > MAX_MATH_PIXELS:
        log.info("a formula of %.0f x %.0f pixels is shown as text", width, height)
        return None
    svg.attrib["viewBox"] = f"{x:.3f} {y - top:.3f} {width:.3f} {height:.3f}"
    svg.attrib["width"] = f"{width:.3f}"
    svg.attrib["height"] = f"{height:.3f}"
    data = ET.tostring(svg, encoding="utf-8")
    name = MATH_PREFIX + hashlib.sha1(data, usedforsecurity=False).hexdigest() + ".svg"
    return Typeset(name, data, width, height)


class MathSetter:
    """Typesets the formulas of one section and inserts them into its document."""

    def __init__(
        self,
        doc: QTextDocument,
        images: ImageCache,
        positions: PositionMap,
        *,
        colour: str,
        pixel_ratio: float,
        book: Book,
        width: float,
        enabled: bool,
    ) -> None:
        self.doc = doc
        self.images = images
        self.positions = positions
        self.colour = colour
        self.pixel_ratio = pixel_ratio
        self.book = book
        self.width = width
        self.enabled = enabled and can_typeset()
        self.names: set[str] = set()  # picture names, for swapping in finished rasters
        self.texts: dict[int, str] = {}  # document position of a formula -> its linear text
        self.spent = 0.0
        # With a worker (the page view), formulas not typeset yet are drawn as text this time
        # and listed here for the worker; without one (tests, benchmarks) they are typeset now.
        self.background = images.runner is not None
        self.missing: list[TypesetKey] = []

    def insert(
        self, cursor: QTextCursor, span: Span, fmt: QTextCharFormat, block: int, text: str
    ) -> bool:
        """Insert `span`'s formula typeset at `cursor`; False (nothing inserted) to use the text."""
        if not self.enabled or span.math is None or self.spent > SECTION_BUDGET_SECONDS:
            return False
        try:
            markup = self.book.resource(span.math)
        except (KeyError, OSError, ValueError) as error:
            log.info("formula %s missing: %s", span.math, error)
            return False
        started = time.perf_counter()
        picture = self._picture(markup, fmt)
        self.spent += time.perf_counter() - started
        if self.spent > SECTION_BUDGET_SECONDS:
            log.info("typesetting took over %.1f s: this section's later formulas are text",
                     SECTION_BUDGET_SECONDS)  # fmt: skip
        if picture is None:
            return False
        self.texts[cursor.position()] = text[span.start : span.end]
        self.positions.maths.setdefault(block, []).append((span.start, span.end))
        self.positions.drop_hyphens_inside(block, [(span.start, span.end)])
        cursor.insertImage(picture)
        return True

    def _picture(self, markup: bytes, fmt: QTextCharFormat) -> QTextImageFormat | None:
        font = fmt.font().resolve(self.doc.defaultFont())
        picture = QTextImageFormat()
        picture.merge(fmt)  # the text's look and link, as an image object
        picture.setFont(font)  # Qt reads the x-height for AlignMiddle from this very font
        half_x = QFontMetrics(font).xHeight() / 2
        size = QFontInfo(font).pixelSize()
        key = key_for(markup, size_px=size, colour=self.colour, half_x=half_x)
        found, done = cached(key)
        if not found and self.background:
            self.missing.append(key)
            return None
        if not found:
            done = typeset_key(key)
        if done is None:
            return None
        scale = min(1.0, self.width / done.width) if self.width > 0 else 1.0
        width, height = done.width * scale, done.height * scale
        pixels = QSize(max(round(width), 1), max(round(height), 1))
        image = self.images.drawing(done.name, done.svg, size=pixels, pixel_ratio=self.pixel_ratio)
        url = f"img:{done.name}"  # as ui/page/document.py's replace_image names it
        self.doc.addResource(QTextDocument.ResourceType.ImageResource, QUrl(url), image)
        self.names.add(done.name)
        picture.setName(url)
        picture.setWidth(width)
        picture.setHeight(height)
        picture.setVerticalAlignment(QTextCharFormat.VerticalAlignment.AlignMiddle)
        return picture


class MathJobs:
    """Typesets a section's missing formulas in the image worker, then asks for a relayout."""

    def __init__(self, images: ImageCache, on_ready: Callable[[int], None]) -> None:
        self.images = images
        self.on_ready = on_ready
        self.pending: set[int] = set()  # sections being typeset
        self.asked: set[tuple[int, TypesetKey, int]] = set()

    def request(self, section: int, keys: list[TypesetKey]) -> None:
        runner = self.images.runner
        if not keys or runner is None or section in self.pending:
            return
        # Asked once per set of formulas: a section with more formulas than the cache holds
        # would otherwise be typeset and laid out again for ever; its rest stays text.
        asked = (section, keys[0], len(keys))
        if asked in self.asked:
            return
        self.asked.add(asked)
        keys = keys[: CACHED_FORMULAS // 2]
        self.pending.add(section)

        def work(_job: object) -> int:
            for key in keys:
                typeset_key(key)
            return section

        runner.submit(
            f"math:{section}",
            work,
            on_done=self._finished,
            on_error=lambda error: self._failed(section, error),
        )

    def _finished(self, section: int) -> None:
        self.pending.discard(section)
        self.on_ready(section)

    def _failed(self, section: int, error: BaseException) -> None:
        self.pending.discard(section)
        log.warning("typesetting the formulas of section %d failed: %s", section, error)

"""What is painted is what counts as read: the stored boundary is checked against the pixels.

Every sentence of a generated book is drawn in a colour that encodes its sid (its last word in a
second colour), through the real window's real paint path. After each page turn the test grabs the
view, reads the colours back, and asserts that the boundary the window stored never reaches past
the last sentence whose ending was painted in full. "In full" is judged against the same page
drawn again without the page clip, so a last line cut off by a few pixels does not count as shown.
The boundary sid itself comes from the real sentence table (`scope_for_book`), not from the view.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import (
    QAbstractTextDocumentLayout,
    QColor,
    QImage,
    QPainter,
    QTextCharFormat,
    QTextCursor,
)
from pytestqt.qtbot import QtBot

from reader_app.books.model import Block, BlockKind, Book, Locator, Metadata, Section, TocEntry
from reader_app.rag.index.sentences import split_book
from reader_app.rag.index.text_units import ensure_sentences
from reader_app.rag.scope.boundary import scope_for_book
from reader_app.settings import SettingsStore
from reader_app.store.db import connect
from reader_app.ui.page import document as document_module
from reader_app.ui.page.appearance import Appearance
from reader_app.ui.reader.epub_view import EpubView
from reader_app.ui.window.main_window import MainWindow
from tests.ui.conftest import make_window, show_book

TAIL_FLAG = 0x80  # set in red for the last word of a sentence
UNCLIPPED_EXTRA = 120  # pixels drawn below the page in the reference image

_WORDS = [
    "the",
    "lantern",
    "swung",
    "by",
    "the",
    "river",
    "while",
    "the",
    "miller",
    "counted",
    "sacks",
    "of",
    "grain",
    "and",
    "the",
    "rain",
    "kept",
    "on",
    "falling",
    "over",
    "roofs",
    "and",
    "orchards",
    "until",
    "evening",
    "came",
]


def _no_resources(name: str) -> bytes:
    raise KeyError(name)


def pixel_book() -> Book:
    """Sentences of uneven length (3 to 40 words) so line breaks fall everywhere."""
    sections, toc = [], []
    n = 0
    for c in range(3):
        blocks = [Block(BlockKind.HEADING, f"Chapter {c + 1}.", level=2)]
        for p in range(22):
            parts = []
            for _ in range(1 + (p * 7 + c) % 4):
                length = 3 + (n * 13) % 38
                words = " ".join(_WORDS[(n + i) % len(_WORDS)] for i in range(length))
                parts.append(f"Words {words} mk{n:05d}.")
                n += 1
            blocks.append(Block(BlockKind.PARAGRAPH, " ".join(parts)))
        sections.append(Section(c, f"ch{c}.xhtml", f"Chapter {c + 1}", tuple(blocks)))
        toc.append(TocEntry(f"Chapter {c + 1}", Locator(c, 0, 0)))
    return Book(
        book_id=hashlib.sha256(b"pixel-boundary-book").hexdigest(),
        path=Path("/nonexistent/pixel-book.epub"),
        format="epub",
        metadata=Metadata(title="The Pixel Book", authors=("A. Tester",), description=""),
        sections=tuple(sections),
        toc=tuple(toc),
        cover=None,
        load_resource=_no_resources,
    )


def sid_colour(sid: int, *, tail: bool) -> QColor:
    # Blue 0 never occurs in a blend with the light background, so only solid pixels decode.
    return QColor(((sid >> 8) & 0x7F) | (TAIL_FLAG if tail else 0), sid & 0xFF, 0)


@pytest.fixture
def colour_sentences(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Recolour every laid-out section by sid, from the sentence splitter's locators."""
    original = document_module.SectionDocument._build
    by_book: dict[str, list] = {}

    def build_and_colour(self: document_module.SectionDocument) -> Iterator[bool]:
        yield from original(self)  # the build is a series of steps (ui/page/layout_ahead.py)
        sentences = by_book.setdefault(self.book.book_id, split_book(self.book))
        cursor = QTextCursor(self.doc)
        for s in sentences:
            if s.section != self.section_index:
                continue
            start = self.position_of(Locator(s.section, s.block, s.char_start))
            end = self.position_of(Locator(s.section, s.block, s.char_end))
            # Through position_of: the page may hold soft hyphens the model text does not.
            last_word = s.char_start + s.text.rfind(" ") + 1
            tail = self.position_of(Locator(s.section, s.block, last_word))
            for a, b, is_tail in ((start, tail, False), (tail, end, True)):
                if a >= b:
                    continue
                fmt = QTextCharFormat()
                fmt.setForeground(sid_colour(s.sid, tail=is_tail))
                cursor.setPosition(a)
                cursor.setPosition(b, QTextCursor.MoveMode.KeepAnchor)
                cursor.mergeCharFormat(fmt)

    monkeypatch.setattr(document_module.SectionDocument, "_build", build_and_colour)
    yield


def sid_pixels(image: QImage) -> tuple[dict[int, int], dict[int, int]]:
    """Pixel counts per sid: (any part of the sentence, its last word)."""
    image = image.convertToFormat(QImage.Format.Format_RGB32)
    w, h = image.width(), image.height()
    raw = np.frombuffer(image.constBits(), dtype=np.uint8, count=image.sizeInBytes())
    pixels = raw.reshape(h, image.bytesPerLine() // 4, 4)[:, :w]  # B, G, R, A
    solid = pixels[pixels[:, :, 0] == 0]
    keys, counts = np.unique(solid[:, 2].astype(np.int32) * 256 + solid[:, 1], return_counts=True)
    any_part: dict[int, int] = {}
    tails: dict[int, int] = {}
    for key, count in zip(keys.tolist(), counts.tolist(), strict=True):
        red, green = key >> 8, key & 0xFF
        sid = ((red & 0x7F) << 8) | green
        any_part[sid] = any_part.get(sid, 0) + count
        if red & TAIL_FLAG:
            tails[sid] = count
    return any_part, tails


def unclipped_page(view: EpubView, offset: int) -> QImage | None:
    """Page `offset` of the view drawn alone, with room below it and no page clip."""
    doc = view.current_document()
    assert doc is not None
    page = view.page_index + offset
    if page >= doc.page_count:
        return None
    origin = view._page_origins()[offset]
    theme = view.appearance.resolved_theme()
    image = QImage(view.width(), view.height() + UNCLIPPED_EXTRA, QImage.Format.Format_RGB32)
    image.fill(QColor(theme.background))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    top, _bottom = doc.page_span(page)
    painter.translate(origin.x(), origin.y() + doc.view_y(page, 0.0))
    context = QAbstractTextDocumentLayout.PaintContext()
    context.clip = QRectF(0, top, doc.page.width, doc.content_height + UNCLIPPED_EXTRA)
    painter.setClipRect(context.clip)
    doc.doc.documentLayout().draw(painter, context)
    painter.end()
    return image


def page_region(image: QImage, view: EpubView, offset: int) -> QImage:
    """The part of a grab where page `offset` is painted."""
    origins = view._page_origins()
    left = int(origins[offset].x())
    right = int(origins[offset + 1].x()) if offset + 1 < len(origins) else image.width()
    return image.copy(left, 0, right - left, image.height())


def wholly_painted(view: EpubView, grab: QImage) -> set[int]:
    """Sentences whose last word is painted on some page exactly as it is drawn unclipped."""
    whole: set[int] = set()
    for offset in range(len(view._page_origins())):
        reference = unclipped_page(view, offset)
        if reference is None:
            continue
        _, painted = sid_pixels(page_region(grab, view, offset))
        _, expected = sid_pixels(page_region(reference, view, offset))
        whole |= {sid for sid, count in painted.items() if count == expected.get(sid)}
    return whole


@dataclass(frozen=True)
class Shape:
    font: str
    size: int
    margin: int
    spacing: float
    window: tuple[int, int]
    spread: bool


SHAPES = (
    Shape("DejaVu Serif", 12, 48, 1.4, (900, 700), spread=False),
    Shape("DejaVu Sans", 17, 8, 1.0, (700, 860), spread=False),
    Shape("DejaVu Sans Mono", 9, 90, 2.0, (560, 610), spread=False),
    Shape("DejaVu Serif", 15, 30, 1.15, (1400, 760), spread=True),
    Shape("DejaVu Sans", 22, 64, 1.75, (1300, 640), spread=True),
)


def open_shaped(qtbot: QtBot, home: Path, shape: Shape, book: Book) -> MainWindow:
    settings = SettingsStore(connect(home))
    Appearance(
        font_family=shape.font,
        font_size=shape.size,
        line_spacing=shape.spacing,
        margin=shape.margin,
        theme="light",
    ).save(settings)
    window = make_window(qtbot, home, size=shape.window, fresh_appearance=False)
    show_book(window, book)
    return window


class PixelJudge:
    """Compares the stored boundary with what the view painted, page after page."""

    def __init__(self, window: MainWindow, book: Book, home: Path) -> None:
        self.window = window
        self.book = book
        self.conn = connect(home)
        ensure_sentences(self.conn, book)
        self.highest_shown = -1  # the last sentence whose ending has been painted in full
        self.checks = 0

    def check(self) -> int:
        view = self.window.reader.epub_view
        view.relayout_now()
        grab = view.grab().toImage()
        any_part, _ = sid_pixels(grab)
        assert any_part, "nothing sid-coloured was painted: the recolouring did not reach paint"
        whole = wholly_painted(view, grab)
        if whole:
            self.highest_shown = max(self.highest_shown, max(whole))
        boundary = scope_for_book(self.conn, self.book.book_id).boundary_sid
        assert boundary <= self.highest_shown, (
            f"the stored boundary counts sentence {boundary} as read, but the last sentence "
            f"painted in full is {self.highest_shown} (painted: {sorted(any_part)[-3:]})"
        )
        self.checks += 1
        return boundary


@pytest.mark.parametrize("shape", SHAPES, ids=lambda s: f"{s.font}-{s.size}-{s.window}")
def test_stored_boundary_never_passes_what_was_painted(
    qtbot: QtBot, tmp_path: Path, colour_sentences: None, shape: Shape
) -> None:
    book = pixel_book()
    window = open_shaped(qtbot, tmp_path, shape, book)
    view = window.reader.epub_view
    assert view.is_spread() == shape.spread
    judge = PixelJudge(window, book, tmp_path)
    boundaries = [judge.check()]
    for _ in range(14):
        if not view.next_page():
            break
        boundaries.append(judge.check())
    assert boundaries == sorted(boundaries) and boundaries[-1] > boundaries[0]
    window.close()


def test_narrowing_from_two_pages_to_one_keeps_the_boundary_painted(
    qtbot: QtBot, tmp_path: Path, colour_sentences: None
) -> None:
    book = pixel_book()
    window = open_shaped(qtbot, tmp_path, SHAPES[3], book)
    view = window.reader.epub_view
    judge = PixelJudge(window, book, tmp_path)
    for _ in range(5):
        view.next_page()
        judge.check()
    assert view.is_spread()
    # Resizing and turning at once, before the 60 ms relayout timer has fired: the turn must
    # count from the page on screen, not from the old page index in the new layout.
    for width in (760, 1400, 760, 1400, 1100, 600, 1400):
        before = view.size()
        window.resize(width, 760)
        qtbot.waitUntil(lambda before=before: view.size() != before, timeout=2000)
        view.next_page()
        judge.check()
    # Two pages to one, then reading on.
    window.resize(760, 760)
    qtbot.waitUntil(lambda: not view.is_spread())
    judge.check()
    for _ in range(4):
        view.next_page()
        judge.check()
    assert judge.checks == 17
    window.close()


def test_a_clipped_last_line_is_caught(
    qtbot: QtBot, tmp_path: Path, colour_sentences: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The judge fails when the page is painted shorter than laid out (the bug it guards)."""
    book = pixel_book()
    window = open_shaped(qtbot, tmp_path, SHAPES[0], book)

    def paint_short(  # the real paint_page, with the page's last line cut in half
        self: document_module.SectionDocument, painter: QPainter, page_index: int, origin: QPointF
    ) -> None:
        top, bottom = self.page_span(page_index)
        last_line_middle = bottom - top
        for line in self.lines:
            if top <= line.top and line.top < bottom:
                last_line_middle = line.top - top + (line.bottom - line.top) / 2
        painter.save()
        painter.translate(origin.x(), origin.y() + self.view_y(page_index, 0.0))
        context = QAbstractTextDocumentLayout.PaintContext()
        context.clip = QRectF(0, top, self.page.width, last_line_middle)
        painter.setClipRect(context.clip)
        self.doc.documentLayout().draw(painter, context)
        painter.restore()

    monkeypatch.setattr(document_module.SectionDocument, "paint_page", paint_short)
    judge = PixelJudge(window, book, tmp_path)
    with pytest.raises(AssertionError, match="painted in full"):
        for _ in range(6):
            judge.check()
            window.reader.epub_view.next_page()
    window.close()

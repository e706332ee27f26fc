"""Typography cost: War and Peace opened and paged with publisher styles and hyphenation on and
off, and SVG illustrations rasterised (uncached and cached).

Run alone: `QT_QPA_PLATFORM=offscreen python -m benchmarks.run typography`.
"""

from __future__ import annotations

import os
import statistics
import time
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from unittest import mock

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "corpus" / "epub"
WAR_AND_PEACE = CORPUS / "leo-tolstoy_war-and-peace_louise-maude_aylmer-maude.epub"
ALICE = CORPUS / "lewis-carroll_alices-adventures-in-wonderland.epub"
RUNS = 5
TURNS = 150
ILLUSTRATIONS = 6


@contextmanager
def _book_css(enabled: bool):  # type: ignore[no-untyped-def]
    """Parse with the book's stylesheets, or with the default sheet only (as before issue 16)."""
    from reader_app.books.content import epub
    from reader_app.books.typography import stylesheets

    if enabled:
        yield
        return
    with mock.patch.object(epub, "StyleSheets", lambda _read: stylesheets.StyleSheets(None)):
        yield


def _open_once(appearance: object, css: bool) -> tuple[float, float]:
    """Wall and CPU seconds to parse War and Peace and draw its first full page."""
    from PySide6.QtCore import QPointF
    from PySide6.QtGui import QImage, QPainter

    from reader_app.books.opening.formats import read_book
    from reader_app.ui.page.document import PageGeometry, SectionDocument

    started, cpu = time.perf_counter(), time.process_time()
    with _book_css(css):
        book = read_book(WAR_AND_PEACE)
    section = next(i for i, s in enumerate(book.sections) if s.char_count > 2000)
    doc = SectionDocument(book, section, appearance, PageGeometry(700, 900))  # type: ignore[arg-type]
    image = QImage(700, 900, QImage.Format.Format_RGB32)
    painter = QPainter(image)
    doc.paint_page(painter, 0, QPointF(0, 0))
    painter.end()
    return time.perf_counter() - started, time.process_time() - cpu


def _page_turns(appearance: object) -> list[float]:
    from reader_app.books.opening.formats import read_book
    from reader_app.ui.reader.epub_view import EpubView

    book = read_book(WAR_AND_PEACE)
    view = EpubView()
    view.resize(900, 700)
    view.set_appearance(appearance)  # type: ignore[arg-type]
    view.set_book(book)
    view.show()
    times = []
    for _ in range(TURNS):
        started = time.perf_counter()
        view.next_page()
        view.repaint()
        times.append((time.perf_counter() - started) * 1000)
    view.close()
    return times


def _svg_times() -> tuple[list[float], list[float]]:
    from PySide6.QtCore import QSize

    from reader_app.books.model import BlockKind
    from reader_app.books.opening.formats import read_book
    from reader_app.ui.page.images import ImageCache

    book = read_book(ALICE)
    names = [b.image for s in book.sections for b in s.blocks if b.kind is BlockKind.IMAGE]
    names = [n for n in names if n and "illustration" in n][:ILLUSTRATIONS]
    cache = ImageCache()
    uncached, cached = [], []
    for name in names:
        for bucket in (uncached, cached):
            started = time.perf_counter()
            cache.image(book, name, target=QSize(600, 800), pixel_ratio=1.0, dark=False)
            bucket.append((time.perf_counter() - started) * 1000)
    return uncached, cached


def _load() -> str:
    """The machine's 1-minute load average, quoted beside the timings (the cores are shared)."""
    try:
        return Path("/proc/loadavg").read_text().split()[0]
    except OSError:
        return "unknown"


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def run() -> list[dict[str, object]]:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    from reader_app.ui.page.appearance import Appearance

    app = QApplication.instance() or QApplication([])
    on = Appearance(font_family="DejaVu Serif", font_size=13, theme="light")
    off = replace(on, publisher_styles=False, hyphenate=False)
    opens: dict[str, list[float]] = {"on": [], "off": []}
    cpu: dict[str, list[float]] = {"on": [], "off": []}
    _open_once(on, True)  # warm the imports and the file cache
    for _ in range(RUNS):  # interleaved, so drift hits both alike
        for label, appearance, css in (("on", on, True), ("off", off, False)):
            wall, used = _open_once(appearance, css)
            opens[label].append(wall)
            cpu[label].append(used)
    rows: list[dict[str, object]] = []
    load = _load()
    for label in ("on", "off"):
        rows.append(
            {
                "metric": f"War and Peace parse + first page, styles+hyphenation {label}",
                "value": statistics.median(opens[label]),
                "unit": "s",
                "note": f"median of {RUNS} interleaved; CPU {statistics.median(cpu[label]):.3f} s"
                + ("" if label == "on" else "; the book's CSS not read (as before issue 16)")
                + f"; load {load}",
            }
        )
    ratio = statistics.median(opens["on"]) / statistics.median(opens["off"])
    rows.append({"metric": "open time ratio on/off", "value": ratio, "unit": "x", "target": "<1.2"})
    # CPU seconds are steadier than wall time on a machine shared with other work.
    cpu_ratio = statistics.median(cpu["on"]) / statistics.median(cpu["off"])
    rows.append(
        {"metric": "open CPU-time ratio on/off", "value": cpu_ratio, "unit": "x", "target": "<1.2"}
    )
    for label, appearance in (("on", on), ("off", off)):
        turns = _page_turns(appearance)
        rows.append(
            {
                "metric": f"page turn p95, styles+hyphenation {label}",
                "value": _p95(turns),
                "unit": "ms",
                "note": f"median {statistics.median(turns):.1f} ms over {TURNS} turns",
            }
        )
    uncached, cached = _svg_times()
    rows.append(
        {
            "metric": "SVG illustration rasterised (resvg, 600x800 box), uncached",
            "value": statistics.median(uncached),
            "unit": "ms",
            "note": f"median of {len(uncached)} Alice illustrations",
        }
    )
    rows.append(
        {"metric": "SVG illustration, cached", "value": statistics.median(cached), "unit": "ms"}
    )
    del app
    return rows

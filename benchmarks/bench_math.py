"""MathML typeset: time per formula, uncached (ziamath + resvg) and cached, and the cost of laying
out a section of formulas typeset against the linear text.

Run alone: `QT_QPA_PLATFORM=offscreen python -m benchmarks.run math`.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from dataclasses import replace
from pathlib import Path

NS = 'xmlns="http://www.w3.org/1998/Math/MathML"'
FORMULAS = {
    "square": f"<math {NS}><msup><mi>x</mi><mn>2</mn></msup></math>",
    "quadratic": (
        f"<math {NS}><mi>x</mi><mo>=</mo><mfrac><mrow><mo>-</mo><mi>b</mi><mo>±</mo><msqrt>"
        "<msup><mi>b</mi><mn>2</mn></msup><mo>-</mo><mn>4</mn><mi>a</mi><mi>c</mi></msqrt></mrow>"
        "<mrow><mn>2</mn><mi>a</mi></mrow></mfrac></math>"
    ),
    "integral": (
        f"<math {NS}><msubsup><mo>∫</mo><mn>0</mn><mi>∞</mi></msubsup><msup><mi>e</mi><mrow>"
        "<mo>-</mo><msup><mi>x</mi><mn>2</mn></msup></mrow></msup><mi>d</mi><mi>x</mi><mo>=</mo>"
        "<mfrac><msqrt><mi>π</mi></msqrt><mn>2</mn></mfrac></math>"
    ),
    "matrix": (
        f"<math {NS}><mrow><mo>(</mo><mtable><mtr><mtd><mn>1</mn></mtd><mtd><mn>0</mn></mtd></mtr>"
        "<mtr><mtd><mn>0</mn></mtd><mtd><mn>1</mn></mtd></mtr></mtable><mo>)</mo></mrow></math>"
    ),
}
RUNS = 5
SECTION_FORMULAS = 60


def _per_formula() -> list[dict[str, object]]:
    from PySide6.QtCore import QSize

    from reader_app.ui.page import math_render
    from reader_app.ui.page.images import ImageCache, render_svg

    rows: list[dict[str, object]] = []
    for name, markup in FORMULAS.items():
        cold: list[float] = []
        warm: list[float] = []
        for run in range(RUNS):
            math_render.forget_typeset()
            images = ImageCache()
            started = time.perf_counter()
            done = math_render.typeset(markup.encode(), size_px=17 + run, colour="#000", half_x=4)
            assert done is not None
            size = QSize(round(done.width), round(done.height))
            images.drawing(done.name, done.svg, size=size, pixel_ratio=2.0)
            cold.append(time.perf_counter() - started)
            started = time.perf_counter()
            again = math_render.typeset(markup.encode(), size_px=17 + run, colour="#000", half_x=4)
            assert again is not None
            images.drawing(again.name, again.svg, size=size, pixel_ratio=2.0)
            warm.append(time.perf_counter() - started)
        started = time.perf_counter()
        render_svg(done.svg, target=QSize(round(done.width * 2), round(done.height * 2)))
        raster = time.perf_counter() - started
        rows += [
            {"metric": f"{name}: typeset + rasterise, uncached", "value": round(statistics.median(cold) * 1000, 2), "unit": "ms"},  # noqa: E501
            {"metric": f"{name}: cached", "value": round(statistics.median(warm) * 1000, 3), "unit": "ms"},  # noqa: E501
            {"metric": f"{name}: of which resvg at 2x", "value": round(raster * 1000, 2), "unit": "ms"},  # noqa: E501
        ]
    return rows


def _section_layout() -> list[dict[str, object]]:
    from PySide6.QtCore import QCoreApplication

    from reader_app.books.opening.formats import read_book
    from reader_app.ui.page import math_render
    from reader_app.ui.page.appearance import Appearance
    from reader_app.ui.page.document import PageGeometry, SectionDocument
    from reader_app.ui.page.images import ImageCache
    from reader_app.ui.workers import Workers
    from tests.unit.books.epubgen import make_epub, xhtml

    kinds = list(FORMULAS.values())
    body = "".join(  # every formula different: no cache hits within the section
        f"<p>Paragraph {i} says that {_numbered(kinds[i % len(kinds)], i)} holds, and so on.</p>"
        for i in range(SECTION_FORMULAS)
    )
    with tempfile.TemporaryDirectory() as folder:
        book = read_book(make_epub(Path(folder) / "m.epub", {"c1.xhtml": xhtml(body)}))
    appearance = Appearance(font_family="DejaVu Serif", font_size=13, theme="light")
    page = PageGeometry(700, 900)
    labels = (
        "linear text",
        "first layout (formulas as text, typesetting handed to the worker)",
        "typesetting them (worker thread)",
        "relayout, typeset (rasters in the worker)",
        "relayout, typeset and rasters cached",
    )
    timings: dict[str, list[float]] = {label: [] for label in labels}
    for _ in range(RUNS):
        started = time.perf_counter()
        SectionDocument(book, 0, replace(appearance, typeset_math=False), page)
        timings[labels[0]].append(time.perf_counter() - started)
        math_render.forget_typeset()
        workers = Workers(None, max_threads=1)
        images = ImageCache(runner=workers)
        started = time.perf_counter()
        first = SectionDocument(book, 0, appearance, page, images=images)
        timings[labels[1]].append(time.perf_counter() - started)
        started = time.perf_counter()
        for key in first.maths.missing:
            math_render.typeset_key(key)
        timings[labels[2]].append(time.perf_counter() - started)
        started = time.perf_counter()
        SectionDocument(book, 0, appearance, page, images=images)
        timings[labels[3]].append(time.perf_counter() - started)
        workers.pool.waitForDone()
        QCoreApplication.processEvents()
        started = time.perf_counter()
        SectionDocument(book, 0, appearance, page, images=images)
        timings[labels[4]].append(time.perf_counter() - started)
    return [
        {
            "metric": f"section of {SECTION_FORMULAS} formulas: {label}",
            "value": round(statistics.median(values) * 1000, 1),
            "unit": "ms",
            "note": "" if "worker thread" in label else "UI thread",
        }
        for label, values in timings.items()
    ]


def _numbered(markup: str, number: int) -> str:
    return markup.replace("</math>", f"<mo>+</mo><mn>{number}</mn></math>")


def run() -> list[dict[str, object]]:
    from PySide6.QtWidgets import QApplication

    _app = QApplication.instance() or QApplication([])
    return _per_formula() + _section_layout()

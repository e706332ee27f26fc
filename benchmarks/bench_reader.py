"""Reader speed: launch to first page (first open and reopen; War and Peace and a small book),
page-turn latency, memory of the whole process tree at the first page.

Each launch is a fresh process opening the book as the window does after a launch (the assistant's
preparation on: its child counts in the memory once it has started). Books are interleaved
round by round, median of BENCH_READER_RUNS (default 5)."""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "corpus" / "epub"
WAR_AND_PEACE = CORPUS / "leo-tolstoy_war-and-peace_louise-maude_aylmer-maude.epub"
ALICE = CORPUS / "lewis-carroll_alices-adventures-in-wonderland.epub"
BOOKS = {"War and Peace": WAR_AND_PEACE, "Alice": ALICE}
TURNS = 200


def _probe(home: Path, book: Path) -> dict[str, float]:
    env = dict(os.environ, READER_APP_HOME=str(home), QT_QPA_PLATFORM="offscreen")
    out = subprocess.run(
        [sys.executable, "-m", "benchmarks.first_page_probe", str(book)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return dict(json.loads(out.stdout.strip().splitlines()[-1]))


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def _page_turns() -> tuple[list[float], list[float]]:
    """Milliseconds per forward page turn (key to pixels), single page and two-page spread."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QKeyEvent
    from PySide6.QtWidgets import QApplication

    from reader_app.books.opening.formats import read_book
    from reader_app.books.shelf.reading import Navigation
    from reader_app.ui.page.appearance import Appearance
    from reader_app.ui.reader.epub_view import EpubView

    app = QApplication.instance() or QApplication([])
    book = read_book(WAR_AND_PEACE)
    results = []
    for size in ((800, 900), (1400, 900)):
        view = EpubView()
        view.appearance = Appearance(font_family="DejaVu Serif", theme="light")
        view.resize(*size)
        view.show()
        view.set_book(book)
        view.go_to(book.toc[3].target, navigation=Navigation.JUMP)
        app.processEvents()
        timings = []
        for _ in range(TURNS):
            event = QKeyEvent(
                QKeyEvent.Type.KeyPress, Qt.Key.Key_Right, Qt.KeyboardModifier.NoModifier
            )
            start = time.perf_counter()
            QApplication.sendEvent(view, event)
            view.repaint()
            timings.append((time.perf_counter() - start) * 1000)
            app.processEvents()  # idle time: the next section is laid out here, as in real use
        results.append(timings)
        view.close()
    return results[0], results[1]


def run() -> list[dict[str, object]]:
    rows: list[dict[str, object]] = []
    runs = int(os.environ.get("BENCH_READER_RUNS", "5"))
    launches: dict[tuple[str, str], list[dict[str, float]]] = {}
    for _ in range(runs):
        for name, book in BOOKS.items():  # interleaved: a noisy minute is shared by both
            with tempfile.TemporaryDirectory() as tmp:
                launches.setdefault((name, "first open"), []).append(_probe(Path(tmp), book))
                launches.setdefault((name, "reopen"), []).append(_probe(Path(tmp), book))
    for (name, label), probes in launches.items():
        def median(key: str, probes: list[dict[str, float]] = probes) -> float:
            return float(statistics.median(p[key] for p in probes))

        rows.append({
            "metric": f"{name} {label}: open to first page drawn (median of {runs})",
            "value": median("open_to_first_page_ms"), "unit": "ms",
            "target": "< 500 on reopen" if label == "reopen" else "",
        })
        rows.append({
            "metric": f"{name} {label}: process start to first page (median of {runs})",
            "value": median("launch_to_first_page_ms"), "unit": "ms",
            "note": "includes Python and Qt start-up",
        })
        rows.append({
            "metric": f"{name} {label}: process tree's memory at the first page",
            "value": median("tree_rss_mb"), "unit": "MB RSS",
            "note": f"the window's own peak: {median('peak_rss_mb'):.0f} MB",
        })
    single, spread = _page_turns()
    for label, timings in (("single page", single), ("two-page spread", spread)):
        rows.append(
            {
                "metric": f"page turn, {label}, median of {TURNS}",
                "value": statistics.median(timings),
                "unit": "ms",
            }
        )
        rows.append(
            {
                "metric": f"page turn, {label}, p95 of {TURNS}",
                "value": _percentile(timings, 0.95),
                "unit": "ms",
                "target": "< 16",
            }
        )
        rows.append(
            {
                "metric": f"page turn, {label}, max of {TURNS}",
                "value": max(timings),
                "unit": "ms",
                "note": "a turn into a section not yet laid out",
            }
        )
    return rows

"""X-Ray: entity extraction time on War and Peace, the X-Ray panel's open time at 50 %, and the
share of each book's 20 main characters found in X-Ray's top 20 people.

Run alone: `python -m benchmarks.bench_xray` (or `python -m benchmarks.run xray`).
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EPUBS = ROOT.parent / "shared" / "corpus" / "epub"
WAR_AND_PEACE = EPUBS / "leo-tolstoy_war-and-peace_louise-maude_aylmer-maude.epub"
QUALITY_BOOKS = (
    "jane-austen_pride-and-prejudice.epub",
    "lewis-carroll_alices-adventures-in-wonderland.epub",
    "l-frank-baum_the-wonderful-wizard-of-oz.epub",
)
ROUNDS = 3
OPENS = 7


def _extraction(home: Path) -> list[dict[str, object]]:
    from reader_app.books.opening.cache import load_book
    from reader_app.rag.companion.entities import extract_entities
    from reader_app.rag.index.sentences import split_book

    book = load_book(WAR_AND_PEACE, home)
    split_times, times = [], []
    extraction = None
    for _ in range(ROUNDS):
        started = time.perf_counter()
        split_book(book)
        split_times.append(time.perf_counter() - started)
        started = time.perf_counter()
        extraction = extract_entities(book)
        times.append(time.perf_counter() - started)
    assert extraction is not None
    return [
        {"metric": "entity extraction, War and Peace (median of 3)",
         "value": statistics.median(times), "unit": "s",
         "note": f"{len(extraction.mentions)} mentions of {len(extraction.forms)} name forms; "
                 f"sentence splitting alone {statistics.median(split_times):.2f} s of it"},
    ]


def _panel_open(home: Path) -> list[dict[str, object]]:
    """Open W&P at 50 % in the real window; time X-Ray's action to its list drawn."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    from reader_app.books.opening.cache import load_book
    from reader_app.books.shelf.library import Library
    from reader_app.settings import SettingsStore
    from reader_app.store.db import connect
    from reader_app.ui.window.main_window import MainWindow

    app = QApplication.instance() or QApplication(sys.argv[:1])
    conn = connect(home)
    book = load_book(WAR_AND_PEACE, home)
    library = Library(conn, home)
    library.add(book)
    library.set_boundary(book.book_id, book.locator_at_progress(0.5))
    window = MainWindow(home=home, library=library, settings=SettingsStore(conn),
                        prepare_assistant=False)
    window.companion.use_model = False  # the list and map only: no model in this figure
    window.resize(1200, 800)
    window.show()
    window._book_loaded(book.path, book)

    def open_panel() -> float:
        done: list[float] = []
        window.companion.refreshed.connect(lambda: done.append(time.perf_counter()))
        window.xray_dock.hide()
        app.processEvents()
        started = time.perf_counter()
        window.xray_action.trigger()
        deadline = started + 120
        while not done and time.perf_counter() < deadline:
            app.processEvents()
            time.sleep(0.001)
        window.companion.refreshed.disconnect()
        app.processEvents()  # the list is drawn
        return (done[0] if done else float("nan")) - started

    first = open_panel()  # extracts and stores the names the first time
    warm = [open_panel() for _ in range(OPENS)]
    entries = len(window.xray_dock.entries)
    window.close()
    conn.close()
    return [
        {"metric": "X-Ray panel open at 50%, War and Peace, first time (names extracted)",
         "value": first * 1000, "unit": "ms"},
        {"metric": f"X-Ray panel open at 50%, War and Peace (median of {OPENS})",
         "value": statistics.median(warm) * 1000, "unit": "ms",
         "note": f"{entries} people and places listed, relationship map included"},
    ]


def _quality(home: Path) -> list[dict[str, object]]:
    sys.path.insert(0, str(ROOT))
    from reader_app.books.opening.cache import load_book
    from reader_app.store.db import connect
    from tests.data.character_lists import expected_characters, score, top_people

    conn = connect(home)
    rows: list[dict[str, object]] = []
    for name in QUALITY_BOOKS:
        book = load_book(EPUBS / name, home)
        result = score(expected_characters(name), top_people(conn, home, book))
        title = book.metadata.title
        rows.append({"metric": f"top-20 characters found (recall), {title}",
                     "value": result.recall, "unit": "share",
                     "note": "missed: " + ", ".join(result.missed)})
        rows.append({"metric": f"top-20 people precision, {title}",
                     "value": result.precision, "unit": "share",
                     "note": "not main characters or a second entry: " + ", ".join(result.wrong)})
    conn.close()
    return rows


def run() -> list[dict[str, object]]:
    home = Path(tempfile.mkdtemp(prefix="pagemate-bench-xray-"))
    os.environ["READER_APP_HOME"] = str(home)
    return _extraction(home) + _quality(home) + _panel_open(home)


if __name__ == "__main__":
    from benchmarks.run import print_table

    print_table(run())

"""Run in a fresh process by bench_ready: the window opens a never-prepared book with preparation
on, turns a page every 100 ms, and a 10 ms timer on the UI thread measures the longest stall.

Prints JSON: the longest stall (from asking to open the book), the longest once the first page
is shown (while the pages turn and the preparation runs) and the 99th-percentile gap (ms), page
turns, the machine's load and the CPU share this process got (on a shared machine a starved
process stalls without any blocking: a median gap far above 0 ms says the timer itself could
not run), and seconds from asking to open the book until it is shown and until the assistant can
answer (the keyword index is whole: the "text" news). The preparation runs in its own child
process (reader_app/prepare/process.py), whose CPU is not counted here. The book's boundary is
set first at `--at` percent, as a reader halfway through left it.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

PROBE_MS = 10
TURN_MS = 100
PROBE_HOOKS: list[Any] = []  # called on every probe tick (benchmarks/stall_trace.py)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("book", type=Path)
    parser.add_argument("--at", type=float, default=0.0, help="boundary, percent of the book")
    parser.add_argument("--after-index", type=float, default=1.5,
                        help="seconds to go on turning once embedding has begun")
    args = parser.parse_args()
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    with tempfile.TemporaryDirectory(prefix="bench-stall-") as home_dir:
        os.environ["READER_APP_HOME"] = home_dir
        print(json.dumps(_measure(args.book, args.at / 100, args.after_index)))


def _measure(path: Path, fraction: float, after_index: float) -> dict[str, Any]:
    from PySide6.QtCore import QElapsedTimer, QTimer
    from PySide6.QtWidgets import QApplication

    from reader_app.app import create_application, open_library
    from reader_app.books.opening.cache import load_book
    from reader_app.books.shelf.library import Library
    from reader_app.settings import SettingsStore
    from reader_app.ui.window import gc_policy
    from reader_app.ui.window.main_window import MainWindow

    app = create_application()
    assert isinstance(app, QApplication)
    home, conn = open_library()
    library = Library(conn, home)
    if fraction > 0:
        book = load_book(path, home)
        library.add(book)
        library.set_boundary(book.book_id, book.locator_at_progress(fraction))
    window = MainWindow(home=home, library=library, settings=SettingsStore(conn),
                        prepare_assistant=True)
    gc_policy.enable()  # as ui/window/launch.py does for the application
    gc_policy.settle()
    window.resize(1000, 800)
    window.show()
    app.processEvents()
    clock = QElapsedTimer()
    gaps: list[int] = []
    gap_ends: list[int] = []  # when each gap ended (ms on the clock)
    last = [0]
    moments: dict[str, float] = {}
    turned: list[bool] = []

    def tick() -> None:
        now = clock.elapsed()
        gaps.append(now - last[0] - PROBE_MS)
        gap_ends.append(now)
        last[0] = now
        for hook in PROBE_HOOKS:
            hook()

    def finish() -> None:
        # The probe stops before the window is asked to close: closing waits for the
        # embedding batch under way, which is no page turn's stall.
        probe.stop()
        turns.stop()
        app.quit()

    def heard(news: Any) -> None:
        moments.setdefault(news.stage, (clock.elapsed()) / 1000)
        if news.stage in ("index", "covered", "ready") and "stop" not in moments:
            moments["stop"] = 0
            QTimer.singleShot(int(after_index * 1000), finish)
        if news.stage == "failed":
            app.quit()

    probe, turns = QTimer(), QTimer()
    probe.setInterval(PROBE_MS)
    probe.timeout.connect(tick)
    turns.setInterval(TURN_MS)
    turns.timeout.connect(lambda: turned.append(window.reader.epub_view.next_page()))
    window.assistantNews.connect(heard)
    window.bookOpened.connect(lambda _book: (moments.setdefault("opened", clock.elapsed() / 1000),
                                             turns.start()))
    clock.start()
    cpu_started, wall_started = time.process_time(), time.perf_counter()
    probe.start()
    window.open_path(path)
    QTimer.singleShot(600_000, app.quit)
    app.exec()
    probe.stop()
    turns.stop()
    cpu_share = (time.process_time() - cpu_started) / (time.perf_counter() - wall_started)
    window.indexing.cancel()
    window.close()
    # Once the first page is shown (the book's opening, which lays that page out on the UI
    # thread, is timed apart), while the preparation runs and the pages turn.
    opened_ms = 1000 * moments.get("opened", 0.0)
    turning = [gap for gap, end in zip(gaps, gap_ends, strict=True) if end - gap > opened_ms]
    gaps.sort()
    return {
        "longest_stall_ms": max(gaps, default=0),
        "longest_turning_stall_ms": max(turning, default=0),
        "p99_gap_ms": gaps[int(0.99 * (len(gaps) - 1))] if gaps else 0,
        "median_gap_ms": statistics.median(gaps) if gaps else 0,
        "turns": len(turned),
        "load_1min": os.getloadavg()[0],
        "cpu_share": round(cpu_share, 3),
        "open_s": moments.get("opened"),
        "can_answer_s": moments.get("text"),
    }


if __name__ == "__main__":
    main()

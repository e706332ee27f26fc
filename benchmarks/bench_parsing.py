"""Parsing EPUBs into the book model, and reloading the parsed model from the cache.

Wall time is what the reader waits; CPU time is quoted beside it because the benchmark machine
is shared and wall time swings with its load.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from reader_app.books.opening.cache import cache_path, load_book
from reader_app.books.opening.formats import read_book

CORPUS = Path(__file__).resolve().parent.parent.parent / "shared" / "corpus" / "epub"
BOOKS = {
    "war_and_peace": "leo-tolstoy_war-and-peace_louise-maude_aylmer-maude.epub",
    "pride_and_prejudice": "jane-austen_pride-and-prejudice.epub",
}
PARSE_RUNS = 3
CACHED_RUNS = 7


def _median_seconds(action: Callable[[], object], runs: int) -> tuple[float, float]:
    """Median (wall, CPU) seconds of `runs` calls."""
    wall, cpu = [], []
    for _ in range(runs):
        wall_start, cpu_start = time.perf_counter(), time.process_time()
        action()
        wall.append(time.perf_counter() - wall_start)
        cpu.append(time.process_time() - cpu_start)
    return statistics.median(wall), statistics.median(cpu)


def run() -> list[dict[str, object]]:
    rows: list[dict[str, object]] = []
    for label, file_name in BOOKS.items():
        path = CORPUS / file_name
        if not path.exists():
            rows.append({"metric": f"{label}: corpus file missing", "value": None, "unit": ""})
            continue
        with tempfile.TemporaryDirectory() as folder:
            home = Path(folder)
            parse, parse_cpu = _median_seconds(lambda path=path: read_book(path), PARSE_RUNS)
            book = load_book(path, home)  # writes the cache
            reopen = lambda path=path, home=home: load_book(path, home)  # noqa: E731
            cached, cached_cpu = _median_seconds(reopen, CACHED_RUNS)
            size = cache_path(home, book.book_id).stat().st_size
        blocks = sum(len(s.blocks) for s in book.sections)
        rows += [
            {
                "metric": f"{label}: parse (first open)",
                "value": parse,
                "unit": "s",
                "note": f"median of {PARSE_RUNS}, CPU {parse_cpu:.3f} s; "
                f"{len(book.sections)} sections, {blocks} blocks",
            },
            {
                "metric": f"{label}: load from cache (reopen)",
                "value": cached,
                "unit": "s",
                "target": "< 0.5 s to first page on reopen",
                "note": f"median of {CACHED_RUNS}, CPU {cached_cpu:.3f} s, incl. SHA-256 of the "
                f"file; cache {size / 1e6:.1f} MB; {parse / cached:.1f}x faster than parsing",
            },
        ]
    return rows

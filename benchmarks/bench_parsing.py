"""Parsing EPUBs into the book model, and reloading the parsed model from the cache."""

from __future__ import annotations

import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from reader_app.books.cache import cache_path, load_book
from reader_app.books.formats import read_book

CORPUS = Path(__file__).resolve().parent.parent.parent / "shared" / "corpus" / "epub"
BOOKS = {
    "war_and_peace": "leo-tolstoy_war-and-peace_louise-maude_aylmer-maude.epub",
    "pride_and_prejudice": "jane-austen_pride-and-prejudice.epub",
}
PARSE_RUNS = 3
CACHED_RUNS = 7


def _median_seconds(action: Callable[[], object], runs: int) -> float:
    timings = []
    for _ in range(runs):
        started = time.perf_counter()
        action()
        timings.append(time.perf_counter() - started)
    return statistics.median(timings)


def run() -> list[dict[str, object]]:
    rows: list[dict[str, object]] = []
    for label, file_name in BOOKS.items():
        path = CORPUS / file_name
        if not path.exists():
            rows.append({"metric": f"{label}: corpus file missing", "value": None, "unit": ""})
            continue
        with tempfile.TemporaryDirectory() as folder:
            home = Path(folder)
            parse = _median_seconds(lambda path=path: read_book(path), PARSE_RUNS)
            book = load_book(path, home)  # writes the cache
            reopen = lambda path=path, home=home: load_book(path, home)  # noqa: E731
            cached = _median_seconds(reopen, CACHED_RUNS)
            size = cache_path(home, book.book_id).stat().st_size
        blocks = sum(len(s.blocks) for s in book.sections)
        rows += [
            {
                "metric": f"{label}: parse (first open)",
                "value": parse,
                "unit": "s",
                "note": f"median of {PARSE_RUNS}; {len(book.sections)} sections, {blocks} blocks",
            },
            {
                "metric": f"{label}: load from cache (reopen)",
                "value": cached,
                "unit": "s",
                "target": "< 0.5 s to first page on reopen",
                "note": f"median of {CACHED_RUNS}, incl. SHA-256 of the file; "
                f"cache {size / 1e6:.1f} MB; {parse / cached:.1f}x faster than parsing",
            },
        ]
    return rows

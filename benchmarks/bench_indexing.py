"""Small while indexing (issue 11): peak RSS and throughput while War and Peace is embedded,
Pagemate's indexer against raw fastembed on the same chunk texts, in the same run.

Each side runs in a fresh interpreter (so one side's memory cannot hide the other's) and reads
its own peak from /proc/self/status (VmHWM: the whole process, book and model included).
- "pagemate": `index_book` as the window's worker runs it: the default embedder (lean onnxruntime
  session, token-bounded batches), FAISS adds and saves per batch, SQLite records.
- "fastembed": `TextEmbedding(...).embed(texts, batch_size=32)` with fastembed's own session on
  the same texts, the configuration Pagemate's indexer had before this change (1.3 GB peak on the
  whole book, measured in the window).

The window's side (benchmarks/window_memory.py): the preparation child's peak and the window
process's peak while the window prepares the whole book (BENCH_WINDOW_MEMORY=0 skips it).

Run alone: `python -m benchmarks.run indexing`. BENCH_INDEX_RUNS (default 3) runs per side,
medians reported; BENCH_INDEX_CHUNKS (default 0: the whole book, ~10,000 chunks) embeds only
the first N chunks, for a quicker look on a busy machine.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
BOOK = ROOT.parent / "shared" / "corpus" / "epub" / (
    "leo-tolstoy_war-and-peace_louise-maude_aylmer-maude.epub"
)
SIDES = ("pagemate", "fastembed")
Row = dict[str, Any]


def _status_mb(field: str) -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1]) / 1024
    raise RuntimeError(f"{field} not in /proc/self/status")


def measure(side: str, limit: int) -> dict[str, float]:
    """One side, in this (fresh) process: returns peak MB, MB before embedding, chunks, seconds."""
    from reader_app.books.opening.cache import load_book
    from reader_app.books.shelf.library import Library
    from reader_app.cancel import CancelToken
    from reader_app.rag.index import embed
    from reader_app.rag.index.chunking import chunk_count, chunk_texts, chunks_of
    from reader_app.rag.index.indexer import index_book
    from reader_app.rag.index.text_units import ensure_sentences
    from reader_app.store.db import connect

    with tempfile.TemporaryDirectory() as home_dir:
        home = Path(home_dir)
        os.environ["READER_APP_HOME"] = str(home)
        book = load_book(BOOK, home)
        conn = connect(home)
        Library(conn, home).add(book)
        ensure_sentences(conn, book)
        total = chunk_count(conn, book.book_id)
        wanted = total if limit <= 0 else min(limit, total)
        before = _status_mb("VmRSS")
        if side == "pagemate":
            embedder = embed.default_embedder(home=home)
            done = [0]

            def seen(progress: Any) -> None:
                done[0] = progress.chunks_indexed

            started = time.perf_counter()
            index_book(conn, home, book, embedder=embedder, progress=seen,
                       cancel=CancelToken().or_when(lambda: done[0] >= wanted))
            chunks = done[0]
        else:
            from fastembed import TextEmbedding

            texts = chunk_texts(conn, book.book_id, chunks_of(conn, book.book_id, 0, wanted))
            model = TextEmbedding(embed.DEFAULT_MODEL_ID,
                                  specific_model_path=str(embed.prepare_default_model_dir(home)))
            started = time.perf_counter()
            vectors = list(model.embed(texts, batch_size=32))
            chunks = len(vectors)
        seconds = time.perf_counter() - started
        conn.close()
    return {"peak_mb": _status_mb("VmHWM"), "before_mb": before, "chunks": chunks,
            "seconds": seconds}


def _run_side(side: str, limit: int) -> dict[str, float]:
    output = subprocess.run(
        [sys.executable, "-m", "benchmarks.bench_indexing", side, str(limit)],
        cwd=ROOT, check=True, capture_output=True, text=True,
    ).stdout
    return dict(json.loads(output.strip().splitlines()[-1]))


def run() -> list[Row]:
    runs = int(os.environ.get("BENCH_INDEX_RUNS", "3"))
    limit = int(os.environ.get("BENCH_INDEX_CHUNKS", "0"))
    results: dict[str, list[dict[str, float]]] = {side: [] for side in SIDES}
    for _ in range(runs):  # interleaved, so both sides see the same machine load
        for side in SIDES:
            results[side].append(_run_side(side, limit))
    peak = {s: statistics.median(r["peak_mb"] for r in results[s]) for s in SIDES}
    rate = {s: statistics.median(r["chunks"] / r["seconds"] for r in results[s]) for s in SIDES}
    chunks = int(results["pagemate"][0]["chunks"])
    scope = "whole book" if limit <= 0 else f"first {chunks} chunks"
    note = f"median of {runs}; War and Peace, {scope}"
    return [
        *_window_rows(),
        {"metric": "peak RSS while indexing (Pagemate indexer)", "value": peak["pagemate"],
         "unit": "MB", "target": "< 600 MB",
         "note": f"{note}; before this change: 1.3 GB in the window"},
        {"metric": "peak RSS, raw fastembed on the same texts (batch 32)",
         "value": peak["fastembed"], "unit": "MB", "note": note},
        {"metric": "RSS before embedding (book and text prepared)",
         "value": statistics.median(r["before_mb"] for r in results["pagemate"]), "unit": "MB",
         "note": note},
        {"metric": "indexing throughput (Pagemate indexer)", "value": rate["pagemate"],
         "unit": "chunks/s", "note": f"{note}; FAISS saves and SQLite records included"},
        {"metric": "throughput, raw fastembed on the same texts", "value": rate["fastembed"],
         "unit": "chunks/s", "note": note},
        {"metric": "throughput ratio, Pagemate / raw fastembed",
         "value": rate["pagemate"] / rate["fastembed"], "unit": "x",
         "target": ">= 1 (no worse)", "note": note},
    ]


def _window_rows() -> list[Row]:
    """The window preparing the whole book: its own process and the preparation child, each at
    its peak (benchmarks/window_memory.py; one run, BENCH_WINDOW_MEMORY=0 leaves it out)."""
    if os.environ.get("BENCH_WINDOW_MEMORY", "1") == "0":
        return []
    output = subprocess.run(
        [sys.executable, "-m", "benchmarks.window_memory", str(BOOK)],
        cwd=ROOT, check=True, capture_output=True, text=True,
    ).stdout
    result = json.loads(output.strip().splitlines()[-1])
    note = (f"War and Peace, whole book, first preparation in the window ({result['seconds']} s, "
            f"last news {result['last']}); one run")
    return [
        {"metric": "peak RSS while indexing: the preparation child", "unit": "MB",
         "value": result["child_peak_mb"], "target": "< 600 MB", "note": note},
        {"metric": "peak RSS while indexing: the window's own process", "unit": "MB",
         "value": result["window_peak_mb"], "note": note + "; the model is loaded here only "
                                                            "when a question is embedded"},
    ]


if __name__ == "__main__":
    print(json.dumps(measure(sys.argv[1], int(sys.argv[2]))))

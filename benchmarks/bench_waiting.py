"""What a reader waits for with the default model on a computer without a graphics card:
llama.cpp's `llama-server` (built by `make test-llm`) with a GGUF of qwen2.5:3b's exact shape and
random weights (`benchmarks/synthetic_model.py`, written once per machine, never committed), which
runs at the real model's speed; War and Peace with the mark at 10% and at 80%.

For each place, medians of `RUNS`: the first token of a first question, of a follow-up that names
its subject (its earlier turn comes from the server's prompt cache), of a follow-up that leans on
the conversation (rewritten first), and of a question asked while a background chapter summary
runs; beside each, the server's own time reading what it was sent, the tokens it read afresh and
the passage budget chosen for the reader's wait (Answer quickly, 15 s). Then the dev set's War and
Peace questions: how often the evidence is in what the model reads at that budget and at the
fixed 3,000 tokens. Skipped, with a note, where the server is not built.

    nice -n 10 .venv/bin/python -m benchmarks.run waiting
"""

from __future__ import annotations

import contextlib
import os
import statistics
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

RUNS = int(os.environ.get("BENCH_WAITING_RUNS", "3"))  # fewer on a busy machine
# "10" or "10,80": where the mark is, in percent of the book
PLACES = tuple(int(p) for p in os.environ.get("BENCH_WAITING_PLACES", "10,80").split(","))
# "background": only the question asked during a background summary (and the dev set's recall);
# "read-along": only the read-along case (read_along_waits.py)
ONLY = os.environ.get("BENCH_WAITING_ONLY", "")
CONTEXT = 8192
REPLY_TOKENS = 16
REWRITE_TOKENS = 48
FIRST_QUESTIONS = (
    "Who is Pierre Bezukhov?",
    "What did Prince Andrew think of the war?",
    "Who is Natasha Rostova?",
)
NAMED_FOLLOW_UPS = (
    "Where does Anna Pavlovna Scherer hold the soirée?",
    "Who is Prince Vasili Kuragin?",
    "What is Nicholas Rostov like?",
)
LEANING_FOLLOW_UP = "And what did he do after that?"

Row = dict[str, Any]


def run() -> list[Row]:
    from tests.llm.server import LlamaServer, ServerUnavailable

    try:
        from benchmarks.synthetic_model import qwen25_3b_shaped

        model_file = qwen25_3b_shaped()
    except (ImportError, OSError, RuntimeError) as missing:
        return [{"metric": "skipped", "value": None, "unit": "",
                 "note": f"the qwen2.5:3b-shaped model could not be written: {missing}"}]
    with tempfile.TemporaryDirectory() as folder:
        try:
            server = LlamaServer(context=CONTEXT, log=Path(folder) / "llama-server.log",
                                 model_file=model_file).start()
        except ServerUnavailable as missing:
            return [{"metric": "skipped", "value": None, "unit": "",
                     "note": f"{missing} (about 16 minutes the first time on two cores)"}]
        try:
            with _short_replies():
                return _waits(server)
        finally:
            server.stop()


@contextlib.contextmanager
def _short_replies() -> Iterator[None]:
    """Random weights never end a reply, so each one runs to its cap (and the server's own
    `-n` does not lower a request's `max_tokens`). Here every answer and summary stops at
    REPLY_TOKENS and a rewrite at REWRITE_TOKENS, about what a real model's short answer starts
    with and what its search phrase comes to: a turn ends and joins the history, and the next
    question is not held behind minutes of junk. What is measured, the wait for the first
    token, does not depend on the cap."""
    from reader_app.rag.assistant import prompts
    from reader_app.rag.companion import prompts as companion_prompts

    answers = dict(prompts.ANSWER_LENGTHS)
    companion = dict(companion_prompts.COMPANION_MAX_TOKENS)
    rewrite = prompts.REWRITE_MAX_TOKENS
    prompts.ANSWER_LENGTHS.update({k: (v[0], REPLY_TOKENS) for k, v in answers.items()})
    companion_prompts.COMPANION_MAX_TOKENS.update({k: REPLY_TOKENS for k in companion})
    prompts.REWRITE_MAX_TOKENS = REWRITE_TOKENS
    try:
        yield
    finally:
        prompts.ANSWER_LENGTHS.update(answers)
        companion_prompts.COMPANION_MAX_TOKENS.update(companion)
        prompts.REWRITE_MAX_TOKENS = rewrite


def _waits(server: Any) -> list[Row]:
    from benchmarks import read_along_waits
    from benchmarks.bench_assistant import _prepare_library

    home, book = _prepare_library()
    rows: list[Row] = []
    budgets: list[int] = []
    for place in PLACES if ONLY != "read-along" else ():
        measured = _at(server, home, book, place)
        budgets += measured.pop("budgets")
        for kind, runs in measured.items():
            if not runs:
                continue  # not asked (BENCH_WAITING_ONLY)
            rows += _rows(f"{kind}, War and Peace at {place}%", runs)
    if ONLY != "read-along":
        rows += _recall(home, sorted(set(budgets)))
    if ONLY in ("", "read-along"):  # the server reads along first (read_along_waits.py)
        speed = None
        for place in PLACES:
            along, speed = read_along_waits.measure(server, home, book, place, RUNS, _ask)
            for kind, runs in along.items():
                rows += read_along_waits.rows(f"{kind}, War and Peace at {place}%", runs)
        rows += read_along_waits.page_turns_while_reading_along(server, home, book)
        rows += read_along_waits.evidence_shares(home, speed)
    return rows


def _at(server: Any, home: Path, book: Any, place: int) -> dict[str, Any]:
    from reader_app.books.shelf.library import Library
    from reader_app.rag.assistant.engine import Assistant, AssistantConfig
    from reader_app.rag.index.embed import default_embedder
    from reader_app.store.db import connect
    from tests.llm.server import MODEL

    conn = connect(home)
    Library(conn, home).set_boundary(book.book_id, book.locator_at_progress(place / 100))
    _forget_conversations(conn, book.book_id)  # a first question is a first question
    # A benchmark measures however long it takes: the reader's deadline is not what is timed.
    config = AssistantConfig(host=server.v1_url, model=MODEL, answer_length="short",
                             timeout=1800)
    assistant = Assistant(conn, home, config=config, embedder=default_embedder(home=home))
    assistant.warm(book)  # as the panel does when first shown: the speed is learnt here
    found: dict[str, Any] = {"first question": [], "named follow-up": [],
                             "leaning follow-up": [], "question during a background summary": [],
                             "budgets": []}
    try:
        for n in range(RUNS):
            conversation = assistant.store.new_conversation(book.book_id)
            asked = () if ONLY == "background" else (
                ("first question", FIRST_QUESTIONS[n]), ("named follow-up", NAMED_FOLLOW_UPS[n]),
                ("leaning follow-up", LEANING_FOLLOW_UP))
            for kind, question in asked:
                found[kind].append(_ask(assistant, book, question, conversation))
                found["budgets"].append(found[kind][-1]["budget"])
                _tell(place, kind, found[kind][-1])
            busy = _ask_during_summary(assistant, book, server, n)
            found["question during a background summary"].append(busy)
            _tell(place, "question during a background summary", busy)
    finally:
        assistant.close()
        conn.close()
    return found


def _forget_conversations(conn: Any, book_id: str) -> None:
    """The reader opens the assistant on this book for the first time: the library is reused
    between runs, and an earlier run's conversation would have the warm-up read the very turn
    the first question is about to send."""
    from reader_app.rag.assistant.conversations import ConversationStore

    store = ConversationStore(conn)
    while (latest := store.latest_conversation(book_id)) is not None:
        store.delete_conversation(latest)


def _tell(place: int, kind: str, measured: dict[str, Any]) -> None:
    """Each measurement as it is made: a run takes minutes on two cores."""
    print(f"   {place}% {kind}: " + ", ".join(f"{k}={v}" for k, v in measured.items()),
          flush=True)


def _ask(assistant: Any, book: Any, question: str, conversation: int | None) -> dict[str, Any]:
    started = time.perf_counter()
    run = assistant.ask(book, question, conversation_id=conversation)
    first = None
    for _ in run.tokens():
        first = first or time.perf_counter()
    stats = run.stats
    return {"first": None if first is None else first - started,
            "server": stats.prompt_seconds, "read": stats.prompt_tokens_read,
            "tokens": stats.prompt_tokens, "budget": run.prepared.passage_budget,
            "calls": run.prepared.calls_before_answer, "window": run.prepared.window_tokens}


def _ask_during_summary(assistant: Any, book: Any, server: Any, n: int) -> dict[str, Any]:
    """A chapter summary (about 2,500 tokens) is being read when the reader asks."""
    from reader_app.rag.companion.calls import CompanionCalls
    from reader_app.rag.model.gateway import ModelGateway
    from reader_app.rag.model.speeds import speeds_for
    from reader_app.rag.scope.boundary import scope_for_book
    from reader_app.rag.scope.excerpts import Span, excerpts_in_scope
    from tests.llm.server import MODEL

    scope = scope_for_book(assistant.conn, book.book_id)
    start = max(scope.boundary_sid - 150, 0)
    excerpts = excerpts_in_scope(assistant.conn, scope,
                                 [Span(book.book_id, start, scope.boundary_sid, "a chapter")])
    # As the app's companion makes its gateway: with the library's measured speeds.
    background = ModelGateway(host=server.v1_url, model=MODEL, timeout=600,
                              speeds=speeds_for(assistant.home))
    done = threading.Event()

    def summarise() -> None:
        try:
            CompanionCalls(background).companion_text("chapter", excerpts,
                                                      title=book.metadata.title,
                                      subject=f"part {n}")
        finally:
            done.set()

    worker = threading.Thread(target=summarise, daemon=True)
    time.sleep(background.queue.quiet_after_question + 0.5)
    worker.start()
    while not server.busy() and not done.is_set():
        time.sleep(0.05)
    time.sleep(1.0)  # well into reading it
    measured = _ask(assistant, book, FIRST_QUESTIONS[n] + " Tell me briefly.", None)
    measured["background_gave_way"] = background.queue.gave_way
    done.wait(900)
    background.close()
    return measured


def _rows(label: str, runs: list[dict[str, Any]]) -> list[Row]:
    usable = [r for r in runs if r["first"] is not None and r["server"] is not None]
    if not usable:
        return [{"metric": f"first token, {label}", "value": None, "unit": "s",
                 "note": "no run finished"}]
    first = _median([r["first"] for r in usable])
    server = _median([r["server"] for r in usable])
    ratio = None if not first or not server else first / server
    return [
        {"metric": f"first token, {label}", "value": first, "unit": "s",
         "note": f"median of {len(usable)}; {ratio:.2f}x the server's own prompt time; "
                 f"calls before the answer {_median([r['calls'] for r in usable]):g}"
         if ratio else f"median of {len(usable)}"},
        {"metric": f"server prompt time, {label}", "value": server, "unit": "s",
         "note": f"read afresh {_median([r['read'] or 0 for r in usable]):.0f} of "
                 f"{_median([r['tokens'] or 0 for r in usable]):.0f} prompt tokens; passage "
                 f"budget {_median([r['budget'] for r in usable]):.0f}"},
    ]


def _recall(home: Path, budgets: list[int]) -> list[Row]:
    """The dev set's War and Peace questions: evidence in what the model reads, at the budgets
    chosen above and at the fixed 3,000 tokens."""
    from benchmarks.devset import Setting, evaluate
    from reader_app.rag.index.embed import default_embedder
    from reader_app.rag.retrieval.search import DEFAULT_TOKEN_BUDGET, search

    settings = [Setting(f"budget {b}", {"token_budget": b}) for b in budgets]
    settings.append(Setting(f"budget {DEFAULT_TOKEN_BUDGET} (fixed)", {}))
    outcome = evaluate(home=home, embedder=default_embedder(home=home), searcher=search,
                       settings=settings, books="war-and-peace", probes=False,
                       log=lambda line: print(line, flush=True))
    rows = []
    for setting in settings:
        hits, total = outcome.recall(setting.name)
        rows.append({"metric": f"dev set evidence in context, War and Peace, {setting.name}",
                     "value": hits / total if total else None, "unit": "",
                     "note": f"{hits}/{total}"})
    return rows


def _median(values: list[float]) -> float | None:
    return statistics.median(values) if values else None

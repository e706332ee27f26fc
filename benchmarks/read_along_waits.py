"""The read-along case of `make bench` group `waiting` (bench_waiting.py calls it): what a reader
waits for once the server has read along, on `llama-server` with the qwen2.5:3b-shaped model.

At each place in War and Peace: the window read along first (the server's own prompt time, its
size), then questions about the pages just read (named from the window's own last paragraphs:
their evidence is inside it), questions about earlier chapters, and a follow-up; for each, the
first token, the server's own prompt time for the request, the tokens read afresh and in all,
and the window's size in the prompt. Then page turns in the reader view while the server reads
along, beside page turns with the server idle.

Then, on the dev set's War and Peace questions, the share whose evidence is in what the model
reads at "Answer quickly" with reading along (the window plus the passages found outside it, at
the budget the wait leaves after the question), beside the passages alone at today's budget and
at the fixed 3,000 tokens: at the speed measured here and at the issue's 16 and 75 tokens a
second; asked where the set asks them (5% past the evidence) and right after the evidence (the
pages just read).
"""

from __future__ import annotations

import re
import statistics
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

Row = dict[str, Any]
JUST_AFTER = 0.15  # percent of the book past the evidence: the pages just read
WAIT_SECONDS = 15  # "Answer quickly"
SPEEDS = (16.0, 75.0)  # the slowest and fastest two-core machines, tokens a second
_NAME = re.compile(r"(?<![.!?]\s)(?<!^)\b([A-Z][^\W\d_]{3,}(?:\s[A-Z][^\W\d_]{3,})?)")
_NOT_NAMES = frozenset({"There", "Then", "When", "What", "This", "That", "They", "Their", "Though",
                        "Yes", "Well", "Prince", "Princess", "Count", "Countess", "Monsieur",
                        "Madame", "Mademoiselle", "Chapter", "God", "Emperor", "French",
                        "Russian", "Russians", "Your", "Excellency", "Book", "Where", "German",
                        "Germans", "Austrian", "Austrians", "Moscow", "Petersburg"})


def names_in(text: str, count: int) -> list[str]:
    """The names said most in `text` (capitalised words not at a sentence's start)."""
    found = Counter(m for m in _NAME.findall(text) if m.split()[0] not in _NOT_NAMES)
    return [name for name, _ in found.most_common(count)]


def phrases_in(text: str, count: int) -> list[str]:
    """Eight words from each of the last `count` long sentences of `text`: what a reader quotes
    of the page they have just read."""
    sentences = [s.split() for s in re.split(r"(?<=[.!?])\s+", text) if len(s.split()) >= 12]
    return [" ".join(words[2:10]) for words in sentences[-count:]] or ["what happened"]


def measure(server: Any, home: Path, book: Any, place: int, runs: int,
            ask: Any) -> tuple[dict[str, list[dict[str, Any]]], float | None]:
    """The read-along case at `place`% (`ask`: bench_waiting's timed question), and the
    server's speed as learnt (prompt tokens a second)."""
    from benchmarks.bench_waiting import FIRST_QUESTIONS, NAMED_FOLLOW_UPS, _forget_conversations
    from reader_app.books.shelf.library import Library
    from reader_app.rag.assistant.engine import Assistant, AssistantConfig
    from reader_app.rag.assistant.read_along import forget_readings, mark_read
    from reader_app.rag.index.embed import default_embedder
    from reader_app.rag.model.replies import StreamStats
    from reader_app.rag.model.schedule import Priority
    from reader_app.store.db import connect
    from tests.llm.server import MODEL

    conn = connect(home)
    Library(conn, home).set_boundary(book.book_id, book.locator_at_progress(place / 100))
    _forget_conversations(conn, book.book_id)
    forget_readings()
    config = AssistantConfig(host=server.v1_url, model=MODEL, answer_length="short",
                             timeout=1800, read_along=True)
    assistant = Assistant(conn, home, config=config, embedder=default_embedder(home=home))
    found: dict[str, list[dict[str, Any]]] = {
        "read along (the window)": [], "question about the pages just read": [],
        "question quoting the pages just read": [], "question about earlier chapters": [],
        "follow-up after reading along": []}
    try:
        assistant.warm(book)  # the speed learnt, as the panel's first showing does
        made = assistant.read_along_request(book)
        if made is None:
            return found, None
        request, window, boundary = made
        stats = StreamStats()
        started = time.perf_counter()
        read = assistant.gateway.read(request, priority=Priority.BACKGROUND, stats=stats)
        found["read along (the window)"].append({
            "first": time.perf_counter() - started, "server": stats.prompt_seconds,
            "read": stats.prompt_tokens_read, "tokens": stats.prompt_tokens,
            "budget": 0, "calls": 0, "window": window.tokens})
        if not read:
            return found, None
        mark_read(assistant.gateway, book.book_id, window, boundary=boundary)
        recent = names_in(window.excerpts.text[-6000:], runs) or ["him"]
        quoted = phrases_in(window.excerpts.text[-6000:], runs)
        for n in range(runs):
            conversation = assistant.store.new_conversation(book.book_id)
            name = recent[n % len(recent)]
            for kind, question in (
                    ("question about the pages just read", f"What has {name} just done?"),
                    ("question quoting the pages just read",
                     f"Why “{quoted[n % len(quoted)]}”?"),
                    ("question about earlier chapters", FIRST_QUESTIONS[n % 3]),
                    ("follow-up after reading along", NAMED_FOLLOW_UPS[n % 3])):
                measured = ask(assistant, book, question, conversation)
                found[kind].append(measured)
                print(f"   {place}% read along, {kind}: "
                      + ", ".join(f"{k}={v}" for k, v in measured.items()), flush=True)
        speed = assistant.gateway.pace.speed
    finally:
        assistant.close()
        conn.close()
    return found, speed.prompt_per_second if speed is not None else None


def rows(label: str, runs: list[dict[str, Any]]) -> list[Row]:
    usable = [r for r in runs if r["first"] is not None]
    if not usable:
        return [{"metric": f"first token, {label}", "value": None, "unit": "s",
                 "note": "no run finished"}]
    median = statistics.median
    return [
        {"metric": f"first token, {label}", "value": median(r["first"] for r in usable),
         "unit": "s", "note": f"median of {len(usable)}; window in the prompt "
                              f"{median(int(r['window'] or 0) for r in usable):.0f} tokens"},
        {"metric": f"server prompt time, {label}",
         "value": median(r["server"] or 0 for r in usable), "unit": "s",
         "note": f"read afresh {median(r['read'] or 0 for r in usable):.0f} of "
                 f"{median(r['tokens'] or 0 for r in usable):.0f} prompt tokens; passage "
                 f"budget {median(r['budget'] for r in usable):.0f}"},
    ]


def page_turns_while_reading_along(server: Any, home: Path, book: Any) -> list[Row]:
    """Page turns in the reader view with the server idle, then while it reads along a window
    (the app's own process: the reader view and the read-along call side by side)."""
    from benchmarks.bench_reader import _page_turns, _percentile
    from reader_app.rag.assistant.engine import Assistant, AssistantConfig
    from reader_app.rag.assistant.read_along import forget_readings
    from reader_app.rag.index.embed import default_embedder
    from reader_app.rag.model.schedule import Priority
    from reader_app.store.db import connect
    from tests.llm.server import MODEL

    idle, _ = _page_turns()
    conn = connect(home)
    forget_readings()
    assistant = Assistant(conn, home, embedder=default_embedder(home=home), config=AssistantConfig(
        host=server.v1_url, model=MODEL, timeout=1800, read_along=True))
    made = assistant.read_along_request(book)
    busy: list[float] = []
    if made is not None:
        worker = threading.Thread(target=assistant.gateway.read, args=(made[0],),
                                  kwargs={"priority": Priority.BACKGROUND}, daemon=True)
        worker.start()
        while not server.busy() and worker.is_alive():
            time.sleep(0.05)
        busy, _ = _page_turns() if server.busy() else ([], [])
        worker.join(1800)
    assistant.close()
    conn.close()
    out = []
    for label, timings in (("server idle", idle), ("server reading along", busy)):
        if timings:
            out.append({"metric": f"page turn, {label}, median / p95",
                        "value": statistics.median(timings), "unit": "ms",
                        "note": f"p95 {_percentile(timings, 0.95):.1f} ms of {len(timings)}"})
    return out


def evidence_shares(home: Path, measured_speed: float | None) -> list[Row]:
    """The dev set's War and Peace questions: evidence in what the model reads at Answer
    quickly with reading along, beside the passages alone (today's budget, fixed 3,000)."""
    from benchmarks.devset import boundary_for, load_devset, prepare_book, scorer
    from reader_app.rag.index.embed import default_embedder
    from reader_app.store.db import connect

    score = scorer()
    data = load_devset()
    conn = connect(home)
    embedder = default_embedder(home=home)
    questions = [q for q in data["questions"] if "war-and-peace" in q["book"]]
    if not questions:
        return []
    from benchmarks.devset import CORPUS

    book = prepare_book(conn, home, CORPUS / questions[0]["book"], embedder)
    speeds = [s for s in (measured_speed, *SPEEDS) if s]
    out: list[Row] = []
    for speed in speeds:
        assistant = _assistant_at(conn, home, embedder, speed)
        tally: Counter[str] = Counter()
        for question in questions:
            grams = score.shingles(question["evidence"], 8)
            for when, past in (("as the set asks", 5.0), ("just after the evidence",
                                                          JUST_AFTER)):
                at = min(float(question["evidence_percent"]) + past, 100.0)
                sid = boundary_for(conn, book, at)
                for how, text in _what_is_read(assistant, book, sid, question["question"]).items():
                    tally[f"{when}|{how}"] += score.contains_any(score.normalise(text), grams)
        assistant.close()
        for key, hits in sorted(tally.items()):
            when, how = key.split("|")
            out.append({"metric": f"dev set evidence read at Answer quickly, War and Peace, "
                                  f"{speed:.0f} tok/s, {when}, {how}",
                        "value": hits / len(questions), "unit": "",
                        "note": f"{hits}/{len(questions)}"})
    conn.close()
    return out


def _assistant_at(conn: Any, home: Path, embedder: Any, speed: float) -> Any:
    """An assistant whose server reads `speed` tokens a second in an 8,192-token context
    (never asked: the speed and the context are given)."""
    from reader_app.rag.assistant.engine import Assistant, AssistantConfig
    from reader_app.rag.model.speeds import SpeedBook

    assistant = Assistant(conn, home, embedder=embedder, config=AssistantConfig(
        host="http://127.0.0.1:9/v1", model="m", answer_wait=WAIT_SECONDS,
        answer_length="short"))
    gateway = assistant.gateway
    gateway.pace.speeds = SpeedBook()
    gateway.pace.speeds.note(gateway.queue.key, "m", prompt_tokens=int(speed * 100),
                             prompt_seconds=100.0)
    gateway.context_limit = 8192
    return assistant


def _what_is_read(assistant: Any, book: Any, sid: int, question: str) -> dict[str, str]:
    """What the model reads for `question` at boundary `sid`, by how it is asked."""
    from reader_app.rag.assistant.prompts import answer_prefix
    from reader_app.rag.assistant.read_along import JUST_READ_TOKENS, forget_readings
    from reader_app.rag.model.pacing import flat_prompt
    from reader_app.rag.retrieval.search import DEFAULT_TOKEN_BUDGET, search
    from reader_app.rag.scope.boundary import scope_at
    from reader_app.rag.scope.sealed import BookDetails, ScopedHistory

    conn, home, embedder = assistant.conn, assistant.home, assistant.embedder
    gateway = assistant.gateway
    scope = scope_at(conn, book.book_id, boundary_sid=sid)
    forget_readings()
    gateway.queue.note_prompt("")
    today = assistant.passage_budget(book=book)
    window = assistant.read_along(book).window(scope)
    history = ScopedHistory.empty(boundary_sid=sid)
    texts: dict[str, str] = {}
    if window is not None:  # read along: the server holds the window's prompt
        gateway.queue.note_prompt(flat_prompt(answer_prefix(
            BookDetails.of(book), history, started=True, answer_length="short",
            window=window.excerpts)))
        budget = assistant.passage_budget(book=book, window=window)
        found = search(conn, home, scope, question, embedder=embedder, token_budget=budget,
                       outside=(window.sid_start, window.sid_end),
                       inside_budget=JUST_READ_TOKENS)  # as the engine does
        texts[f"window {window.tokens} + passages up to {budget}"] = window.excerpts.text + "\n" + \
            "\n".join(p.text for p in found.passages)
    for label, budget in ((f"passages alone {today} (no read-along)", today),
                          (f"passages alone {DEFAULT_TOKEN_BUDGET} (fixed)",
                           DEFAULT_TOKEN_BUDGET)):
        found = search(conn, home, scope, question, embedder=embedder, token_budget=budget)
        texts[label] = "\n".join(p.text for p in found.passages)
    return {_generic(k): v for k, v in texts.items()}


def _generic(label: str) -> str:
    """A label without the per-question sizes (the window's size varies a little)."""
    return re.sub(r"window \d+ \+ passages up to (\d+)", r"window + passages up to \1", label)

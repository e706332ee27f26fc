"""A real model server: llama.cpp's `llama-server` (built by `make test-llm`) with the gemma-3-270m
base model, on this machine. The server's own prompt and generation speed, and what the app adds
before the first token: the app's time from the question to the first token, minus the server's
own time reading that prompt (its `timings`). Skipped, with a note, where the server is not built.

Medians of five runs. Each speed run starts its prompt with a fresh line so the server's prompt
cache cannot make it look faster than a new question would be.
"""

from __future__ import annotations

import statistics
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

RUNS = 5
PROMPT_WORDS = 700  # about 1,000 tokens


def run() -> list[dict[str, Any]]:
    from tests.llm.server import LlamaServer, ServerUnavailable

    with tempfile.TemporaryDirectory() as folder:
        try:
            server = LlamaServer(context=4096, log=Path(folder) / "llama-server.log").start()
        except ServerUnavailable as missing:
            return [{"metric": "skipped", "value": None, "unit": "",
                     "note": f"{missing} (about 16 minutes the first time on two cores)"}]
        try:
            return _server_speed(server) + _app_overhead(server, Path(folder))
        finally:
            server.stop()


def _server_speed(server: Any) -> list[dict[str, Any]]:
    from reader_app.rag.model.servers import open_wire
    from tests.llm.server import MODEL

    wire = open_wire(server.v1_url, timeout=600, connect_timeout=5)
    prompt_speeds, generation_speeds, prompt_tokens = [], [], []
    text = " ".join(["the lantern swung by the mill while the river ran"] * (PROMPT_WORDS // 10))
    for _ in range(RUNS):
        messages = [{"role": "user", "content": f"{uuid.uuid4()}\n{text}\nWhat happened?"}]
        first = last = None
        finished = None
        for part in wire.stream_chat(model=MODEL, messages=messages, max_tokens=64,
                                     num_ctx=4096):
            now = time.perf_counter()
            if part.text:
                first = first or now
                last = now
            if part.done:
                finished = part
        if finished and finished.prompt_tokens and finished.prompt_seconds:
            prompt_speeds.append(finished.prompt_tokens / finished.prompt_seconds)
            prompt_tokens.append(finished.prompt_tokens)
        if finished and finished.completion_tokens and first and last and last > first:
            generation_speeds.append((finished.completion_tokens - 1) / (last - first))
    wire.close()
    return [
        {"metric": "server prompt speed", "value": _median(prompt_speeds), "unit": "tok/s",
         "note": f"gemma-3-270m Q4_K_M, {_median(prompt_tokens):.0f}-token prompts, median of "
                 f"{len(prompt_speeds)}"},
        {"metric": "server generation speed", "value": _median(generation_speeds),
         "unit": "tok/s", "note": f"median of {len(generation_speeds)}"},
    ]


def _app_overhead(server: Any, folder: Path) -> list[dict[str, Any]]:
    """What the reader waits for on the marker book: a first question (searched as written, no
    call before the answer) and then a follow-up that leans on it (rewritten by the model first),
    each in a conversation of its own: time to first token, the server's own prompt time for the
    answer call and its prompt size, the calls made before the answer, and what the app adds."""
    from reader_app.rag.assistant.engine import Assistant, AssistantConfig
    from reader_app.rag.index.embed import default_embedder
    from tests.fakes.marker_library import marker_library
    from tests.llm.server import MODEL

    home = folder / "library"
    home.mkdir()
    shelf = marker_library(home, embedder=default_embedder(home=home))
    shelf.read_through(3, 6)
    asked: dict[str, list[tuple[float, float, int, int]]] = {"first question": [],
                                                             "follow-up": []}
    try:
        for n in range(RUNS):
            config = AssistantConfig(host=server.v1_url, model=MODEL, timeout=600,
                                     answer_length="short")
            assistant = Assistant(shelf.conn, home, config=config, embedder=shelf.embedder)
            conversation = assistant.store.new_conversation(shelf.book.book_id)
            for kind, question in (("first question", f"Who carried the lantern to mill {n}?"),
                                   ("follow-up", "And what did he do after that?")):
                started = time.perf_counter()
                run = assistant.ask(shelf.book, question, conversation_id=conversation)
                first = None
                for _ in run.tokens():
                    first = first or time.perf_counter()
                prompt_s = run.stats.prompt_seconds  # the server's own, for the answer call
                if first is not None and prompt_s is not None:
                    asked[kind].append((first - started, prompt_s, run.stats.prompt_tokens or 0,
                                        run.prepared.calls_before_answer))
            assistant.gateway.close()
    finally:
        shelf.conn.close()
    rows: list[dict[str, Any]] = []
    for kind, runs in asked.items():
        firsts = [r[0] for r in runs]
        prompts_s = [r[1] for r in runs]
        rows += [
            {"metric": f"first token, {kind}", "value": _median(firsts), "unit": "s",
             "note": f"median of {len(runs)}; model calls before the answer: "
                     f"{_median([float(r[3]) for r in runs])}"},
            {"metric": f"server prompt time, {kind}", "value": _median(prompts_s), "unit": "s",
             "note": f"the answer call's own (timings), "
                     f"{_median([float(r[2]) for r in runs])} prompt tokens"},
            {"metric": f"app overhead, {kind}",
             "value": _median([r[0] - r[1] for r in runs]), "unit": "s",
             "note": "first token minus the server's prompt time"},
        ]
    return rows


def _median(values: list[float]) -> float | None:
    return statistics.median(values) if values else None

"""How long the reader waits: a follow-up that the server's prompt cache reads only in part, and
a passage budget that follows the server's measured speed and the reader's chosen wait."""

from __future__ import annotations

from pathlib import Path

import pytest

from reader_app.rag.assistant.engine import (
    MAX_PASSAGE_TOKENS,
    MIN_PASSAGE_TOKENS,
    Assistant,
    AssistantConfig,
)
from reader_app.rag.model.speeds import FILE_NAME, SpeedBook, speeds_for
from reader_app.rag.retrieval.search import DEFAULT_TOKEN_BUDGET
from tests.fakes.fake_ollama import FakeOllama, RecordedRequest, ScriptedReplies
from tests.fakes.marker_library import MarkerLibrary
from tests.fakes.server_clock import ServerClock


def _assistant(shelf: MarkerLibrary, host: str, **config: object) -> Assistant:
    settings = {"host": host, "model": "qwen2.5:3b", **config}
    return Assistant(shelf.conn, shelf.home, config=AssistantConfig(**settings),  # type: ignore[arg-type]
                     embedder=shelf.embedder)


def _ask(assistant: Assistant, shelf: MarkerLibrary, question: str) -> str:
    run = assistant.ask(shelf.book, question)
    return "".join(run.tokens())


def _answers(fake: FakeOllama) -> list[RecordedRequest]:
    return [r for r in fake.model_calls() if r.wants_stream]


@pytest.mark.parametrize("api", ["ollama", "openai"])
def test_a_follow_up_begins_byte_for_byte_as_the_request_before_it(
    shelf: MarkerLibrary, fake_ollama: FakeOllama, api: str
) -> None:
    fake_ollama.reply_with(ScriptedReplies(answer="Anna carried the lantern [1]."))
    host = fake_ollama.v1_url if api == "openai" else fake_ollama.url
    assistant = _assistant(shelf, host)
    first_answer = _ask(assistant, shelf, "Who carried the lantern?")
    _ask(assistant, shelf, "What did she do next?")  # leans on the first: rewritten first
    first, follow_up = _answers(fake_ollama)
    before = first.body["messages"]
    after = follow_up.body["messages"]
    assert after[: len(before)] == before  # every byte the server read before, in order
    assert after[len(before)] == {"role": "assistant", "content": first_answer}
    assert len(after) == len(before) + 2
    new_turn = after[-1]["content"]
    assert new_turn.startswith("<book>\nthe reader has read up to:")
    assert "Question: What did she do next?" in new_turn
    # The new excerpts are numbered on from the first turn's: [1] means one thing.
    first_labels = {c.label for c in assistant.store.messages(
        assistant.store.current_conversation(shelf.book.book_id))[1].citations}
    assert f'<excerpt number="{max(first_labels) + 1}"' in new_turn
    assert '<excerpt number="1"' not in new_turn


def test_with_a_prompt_cache_the_follow_up_is_read_only_in_its_new_part(
    shelf: MarkerLibrary, fake_ollama: FakeOllama
) -> None:
    fake_ollama.clock = ServerClock(prompt_per_second=50_000, reply_per_second=2_000)
    fake_ollama.reply_with(ScriptedReplies(answer="Anna carried the lantern [1]."))
    assistant = _assistant(shelf, fake_ollama.url, rewrite_queries=False)
    _ask(assistant, shelf, "Who carried the lantern?")
    _ask(assistant, shelf, "Where was the mill?")
    first, follow_up = [s for s in fake_ollama.clock.served if s.path == "/api/chat"][-2:]
    assert follow_up.tokens > first.tokens
    new_part = follow_up.tokens - first.tokens
    assert follow_up.fresh_tokens <= new_part + 20  # the earlier turn came from the cache


def _seed_speed(assistant: Assistant, prompt_per_second: float) -> None:
    assistant.gateway.pace.speeds = SpeedBook()
    assistant.gateway.pace.speeds.note(assistant.gateway.queue.key, assistant.gateway.model,
                                       prompt_tokens=int(prompt_per_second * 10),
                                       prompt_seconds=10.0)


def test_the_budget_follows_the_measured_speed_and_the_readers_wait(
    shelf: MarkerLibrary, fake_ollama: FakeOllama
) -> None:
    assistant = _assistant(shelf, fake_ollama.url)
    assert assistant.passage_budget(book=shelf.book) == DEFAULT_TOKEN_BUDGET  # not measured
    budgets = {}
    for speed in (40.0, 150.0, 300.0, 5_000.0):
        _seed_speed(assistant, speed)
        budgets[speed] = assistant.passage_budget(book=shelf.book)
    assert budgets[40.0] == MIN_PASSAGE_TOKENS  # a slow computer: the best passages only
    assert MIN_PASSAGE_TOKENS < budgets[150.0] < budgets[300.0] < MAX_PASSAGE_TOKENS
    assert budgets[5_000.0] == MAX_PASSAGE_TOKENS  # a fast one: the ceiling
    # "Read more": a longer wait affords more on the same computer.
    patient = _assistant(shelf, fake_ollama.url, answer_wait=60.0)
    _seed_speed(patient, 150.0)
    assert patient.passage_budget(book=shelf.book) > budgets[150.0]


def test_the_budget_never_exceeds_what_the_servers_context_leaves(
    shelf: MarkerLibrary, fake_ollama: FakeOllama
) -> None:
    fake_ollama.n_ctx = 4096
    assistant = _assistant(shelf, fake_ollama.v1_url, answer_length="short")
    _seed_speed(assistant, 5_000.0)
    budget = assistant.passage_budget(book=shelf.book)
    assert MIN_PASSAGE_TOKENS <= budget < 4096 - 200 - 700


def test_the_measured_speed_is_kept_across_sessions(
    shelf: MarkerLibrary, fake_ollama: FakeOllama, library_home: Path
) -> None:
    fake_ollama.reply_with(ScriptedReplies(answer="Anna carried the lantern [1]."))
    assistant = _assistant(shelf, fake_ollama.url)
    assert assistant.gateway.pace.speeds is speeds_for(shelf.home)
    _ask(assistant, shelf, "Who carried the lantern?")
    assert (shelf.home / FILE_NAME).exists()
    reopened = SpeedBook(shelf.home / FILE_NAME)  # a later session reads it back
    speed = reopened.get(assistant.gateway.queue.key, "qwen2.5:3b")
    assert speed is not None and speed.prompt_per_second > 0

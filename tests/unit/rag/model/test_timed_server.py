"""The gateway and its server's one queue against a fake server that takes a model server's time
(tests/fakes/server_clock.py): one request at a time, a prompt read at a set speed, a prompt
cache, a request dropped when its client goes away."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass

import pytest

from reader_app.books.model import Locator
from reader_app.rag.assistant.calls import AssistantCalls
from reader_app.rag.model.gateway import ModelGateway, StreamStats
from reader_app.rag.model.speeds import SpeedBook
from reader_app.rag.scope.found import Passage, RecentText, SearchResult
from reader_app.rag.scope.sealed import ScopedContext, ScopedHistory
from tests.fakes.fake_ollama import FakeOllama, Reply
from tests.fakes.marker_library import spoiler_book
from tests.fakes.server_clock import ServerClock

BOOK = spoiler_book(chapters=2, paragraphs=2)
PROMPT_PER_SECOND = 4000.0  # tokens (four characters each) a second
REPLY_PER_SECOND = 100.0


@pytest.fixture(params=["ollama", "openai"])
def api(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def clock(fake_ollama: FakeOllama) -> Iterator[ServerClock]:
    fake_ollama.clock = ServerClock(prompt_per_second=PROMPT_PER_SECOND,
                                    reply_per_second=REPLY_PER_SECOND)
    yield fake_ollama.clock


def _gateway(fake: FakeOllama, api: str, **options: float) -> ModelGateway:
    host = fake.v1_url if api == "openai" else fake.url
    gateway = ModelGateway(host=host, model="qwen2.5:3b", speeds=SpeedBook(), **options)
    gateway.queue.quiet_after_question = 0.3
    return gateway


def _context(words: int, *, seed: str) -> ScopedContext:
    """A context whose excerpt is `words` words long (about 1.4 tokens each here)."""
    text = " ".join(f"{seed}{n % 97}" for n in range(words))
    passage = Passage(book_id=BOOK.book_id, chunk_id=0, sid_start=0, sid_end=2, section=0,
                      score=1.0, text=text, locator=Locator(0, 1, 0))
    result = SearchResult(book_id=BOOK.book_id, boundary_sid=5, passages=(passage,),
                          recent=RecentText(3, 5, "Boris rang the bell."))
    return ScopedContext.from_search(result, book=BOOK, location="Chapter 1 (40%)",
                                     history=ScopedHistory.empty(boundary_sid=5))


@dataclass
class _StoredText:
    text: str
    message_id: int


@dataclass
class _Turn:
    question: _StoredText
    answer: _StoredText
    boundary_sid: int = 0
    last_label: int = 0

    @property
    def sent(self) -> str:
        return self.question.text


class _Conversation:
    """Long earlier turns, as the store would give them: what a background summary reads."""

    def __init__(self, turns: int, words: int) -> None:
        self.turns = [
            _Turn(_StoredText(f"Question {n}? " + "lantern mill " * words, 2 * n + 1),
                  _StoredText(f"Answer {n}. " + "Anna Boris " * words, 2 * n + 2))
            for n in range(turns)
        ]

    def usable_summary(self, conversation_id: int, *, boundary_sid: int) -> None:
        return None

    def complete_turns(self, conversation_id: int, *, boundary_sid: int) -> list[_Turn]:
        return self.turns

    def recent_turns(self, conversation_id: int, *, boundary_sid: int, token_budget: int,
                     after_message_id: int = 0) -> list[_Turn]:
        return self.turns


def _first_token_seconds(gateway: ModelGateway, context: ScopedContext) -> float:
    stats = StreamStats()
    started = time.perf_counter()
    tokens = AssistantCalls(gateway).stream_answer(context, "Who rang the bell?",
                                                   answer_length="short",
                                   stats=stats)
    next(tokens)
    first = time.perf_counter() - started
    for _ in tokens:
        pass
    return first


def test_a_question_asked_during_a_background_summary_is_not_kept_waiting(
    fake_ollama: FakeOllama, clock: ServerClock, api: str
) -> None:
    fake_ollama.reply_with(lambda r: Reply("The bell rang."))
    gateway = _gateway(fake_ollama, api)
    idle = _first_token_seconds(gateway, _context(1400, seed="idle"))  # about 0.5 s of prompt
    time.sleep(0.4)  # quiet, so background work may start

    history = ScopedHistory.for_summary(_Conversation(turns=8, words=500), 1, boundary_sid=5,
                                        keep_recent=0)
    background = _gateway(fake_ollama, api)
    summary: list[str] = []
    calls = AssistantCalls(background)
    worker = threading.Thread(target=lambda: summary.append(calls.summarize(history)))
    worker.start()
    deadline = time.monotonic() + 5
    while not clock.of("chat") or len(clock.served) < 2:  # the summary is being read
        assert time.monotonic() < deadline
        time.sleep(0.01)
    time.sleep(0.1)

    busy = _first_token_seconds(gateway, _context(1400, seed="busy"))
    worker.join(20)

    assert busy <= idle * 1.2 + 0.05, (busy, idle)
    summaries = [s for s in clock.served if "Summarise" in s.prompt_text]
    # The summary was stopped for the question, then sent again and finished: nothing lost.
    assert [s.dropped for s in summaries] == [True, False]
    assert summary and summary[0]
    assert background.queue.gave_way >= 1


def test_a_server_reading_in_long_batches_keeps_a_question_waiting_one_step_at_most(
    fake_ollama: FakeOllama, api: str
) -> None:
    """llama.cpp's server notices a client that left only between batches of 2,048 tokens: a
    background summary sent whole would hold the question for up to a batch (here 1 s); read
    ahead in steps, it holds it for one step."""
    fake_ollama.clock = clock = ServerClock(prompt_per_second=2000.0,
                                            reply_per_second=REPLY_PER_SECOND,
                                            batch_tokens=2048)
    fake_ollama.reply_with(lambda r: Reply("The bell rang."))
    gateway = _gateway(fake_ollama, api)
    idle = _first_token_seconds(gateway, _context(700, seed="idle"))  # about 0.5 s of prompt
    time.sleep(0.4)

    history = ScopedHistory.for_summary(_Conversation(turns=4, words=250), 1, boundary_sid=5,
                                        keep_recent=0)
    background = _gateway(fake_ollama, api)
    background.pace.speeds.note(background.queue.key, background.model,
                                prompt_tokens=2000, prompt_seconds=1.0)
    background.pace.read_ahead_after, background.pace.read_ahead_step = 1.0, 0.1  # 200-token steps
    summary: list[str] = []
    calls = AssistantCalls(background)
    worker = threading.Thread(target=lambda: summary.append(calls.summarize(history)))
    worker.start()
    deadline = time.monotonic() + 5
    while not any("Summarise" in s.prompt_text for s in clock.served):  # being read
        assert time.monotonic() < deadline
        time.sleep(0.005)
    time.sleep(0.02)  # early in a step (and in what would be one 2,048-token batch)

    busy = _first_token_seconds(gateway, _context(700, seed="busy"))
    worker.join(30)

    assert busy <= idle * 1.2 + 0.15, (busy, idle)  # not the rest of a 1 s batch
    assert summary and summary[0]
    assert background.queue.gave_way >= 1
    steps = [s for s in clock.served if "Summarise" in s.prompt_text]
    *read_ahead, final = [s.fresh_tokens for s in steps]
    assert len(read_ahead) > 5 and max(read_ahead) <= 260 and final <= 520, steps


def test_no_timeout_fires_while_the_server_is_still_reading_a_long_prompt(
    fake_ollama: FakeOllama, clock: ServerClock, api: str
) -> None:
    fake_ollama.reply_with(lambda r: Reply("The bell rang."))
    gateway = _gateway(fake_ollama, api, timeout=0.4)
    _first_token_seconds(gateway, _context(300, seed="learn"))  # the server's speed, learnt
    assert gateway.pace.speed is not None
    clock.prompt_per_second = gateway.pace.speed.prompt_per_second  # the same pace as learnt
    long = _context(4000, seed="long")  # about 1.5 s to read: past the plain timeout
    stats = StreamStats()
    text = "".join(AssistantCalls(gateway).stream_answer(long, "Who rang?", answer_length="short",
                                                         stats=stats))
    assert text == "The bell rang."
    assert stats.expected_seconds is not None and stats.expected_seconds > 0.4
    assert stats.deadline_seconds is not None and stats.deadline_seconds > stats.expected_seconds
    assert clock.served[-1].prompt_seconds > 0.4


def test_the_speed_is_learnt_from_what_the_server_read_afresh(
    fake_ollama: FakeOllama, clock: ServerClock, api: str
) -> None:
    fake_ollama.reply_with(lambda r: Reply("The bell rang."))
    gateway = _gateway(fake_ollama, api)
    context = _context(1400, seed="same")
    _first_token_seconds(gateway, context)
    first = clock.served[-1]
    stats = StreamStats()
    "".join(AssistantCalls(gateway).stream_answer(context, "Who rang the bell?",
                                                  answer_length="short",
                                  stats=stats))
    again = clock.served[-1]
    assert again.fresh_tokens < first.fresh_tokens / 10  # the cache held nearly all of it
    # llama.cpp says what it read afresh; Ollama counts the whole prompt (cache_n + prompt_n),
    # so the gateway takes off the share it knows the server held.
    assert stats.prompt_tokens_read == pytest.approx(again.fresh_tokens, abs=8)
    assert stats.expected_tokens is not None and stats.expected_tokens < 50
    speed = gateway.pace.speed
    assert speed is not None and speed.prompt_per_second == pytest.approx(
        PROMPT_PER_SECOND, rel=0.5)


def test_a_cache_hit_leaves_the_learnt_speed_as_it_was(
    fake_ollama: FakeOllama, clock: ServerClock, api: str
) -> None:
    """Ollama's prompt_eval_count counts the cached prefix while its duration covers only what
    was read afresh: taken as it is, every follow-up would make the server look many times
    faster than it is, and the next passage budget would be too big to read in time."""
    fake_ollama.reply_with(lambda r: Reply("The bell rang."))
    gateway = _gateway(fake_ollama, api)
    context = _context(1400, seed="same")
    _first_token_seconds(gateway, context)
    learnt = gateway.pace.speed
    assert learnt is not None
    for question in ("Who rang the bell?", "And then?", "Why did Boris ring it?"):
        "".join(AssistantCalls(gateway).stream_answer(context, question, answer_length="short",
                                                      stats=StreamStats()))
        assert clock.served[-1].fresh_tokens < 60  # a cache hit
    speed = gateway.pace.speed
    assert speed is not None and speed.prompt_per_second == pytest.approx(
        learnt.prompt_per_second, rel=0.6)
    assert speed.prompt_per_second < PROMPT_PER_SECOND * 2


def test_ollama_is_never_made_to_reload_the_model(fake_ollama: FakeOllama,
                                                  clock: ServerClock) -> None:
    """Calls of every size (an answer, a long background summary, a warm-up) all ask for the
    one num_ctx, so the fake, which loads the model again for another (as Ollama's scheduler
    does, losing its cache), never does."""
    fake_ollama.reply_with(lambda r: Reply("The bell rang."))
    gateway = _gateway(fake_ollama, "ollama")
    _first_token_seconds(gateway, _context(100, seed="small"))
    _first_token_seconds(gateway, _context(6000, seed="large"))
    history = ScopedHistory.for_summary(_Conversation(turns=4, words=2500), 1, boundary_sid=5,
                                        keep_recent=0)
    AssistantCalls(gateway).summarize(history)
    sent = {r.body["options"]["num_ctx"] for r in fake_ollama.model_calls()}
    assert len(sent) == 1 and fake_ollama.loads == 1 and fake_ollama.reloads == 0


def test_the_fake_ollama_reloads_and_forgets_its_cache_when_num_ctx_changes(
    fake_ollama: FakeOllama, clock: ServerClock
) -> None:
    """The fake fails where Ollama would: another num_ctx loads the model again, and what the
    cache held is read afresh."""
    import httpx

    body = {"model": "qwen2.5:3b", "stream": False,
            "messages": [{"role": "user", "content": "Boris rang the bell. " * 200}]}
    for num_ctx in (4096, 4096, 8192):
        httpx.post(f"{fake_ollama.url}/api/chat",
                   json={**body, "options": {"num_ctx": num_ctx}}, timeout=10)
    first, cached, reloaded = clock.served[-3:]
    assert fake_ollama.reloads == 1
    assert cached.fresh_tokens <= 2 and reloaded.fresh_tokens == first.fresh_tokens

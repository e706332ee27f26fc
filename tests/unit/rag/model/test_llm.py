"""The model gateway against the fake Ollama, through the real `ollama` client."""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from pathlib import Path

import pytest

from reader_app.books.model import Locator
from reader_app.cancel import CancelToken
from reader_app.errors import (
    AnswerFailedError,
    AssistantTimeoutError,
    ModelMissingError,
    OllamaUnreachableError,
)
from reader_app.rag.assistant.calls import AssistantCalls, validate_suggestions
from reader_app.rag.assistant.conversations import ConversationStore
from reader_app.rag.model.gateway import (
    ModelGateway,
    PullCancelledError,
    PullProgress,
    StreamStats,
)
from reader_app.rag.model.ollama_wire import machine_context
from reader_app.rag.model.speeds import SpeedBook
from reader_app.rag.scope.found import Passage, RecentText, SearchResult
from reader_app.rag.scope.sealed import ScopedContext, ScopedHistory, ScopeViolationError
from reader_app.store.db import connect
from tests.fakes.fake_ollama import FakeOllama, Reply
from tests.fakes.marker_library import spoiler_book

BOOK = spoiler_book(chapters=2, paragraphs=2)


def _context(*, history: ScopedHistory | None = None) -> ScopedContext:
    passage = Passage(
        book_id=BOOK.book_id, chunk_id=0, sid_start=0, sid_end=2, section=0, score=1.0,
        text="Anna carried the lantern to the mill.", locator=Locator(0, 1, 0),
    )
    result = SearchResult(
        book_id=BOOK.book_id, boundary_sid=5, passages=(passage,),
        recent=RecentText(3, 5, "Boris rang the bell."),
    )
    return ScopedContext.from_search(
        result, book=BOOK, location="Chapter 1 (40%)",
        history=history or ScopedHistory.empty(boundary_sid=5),
    )


def _gateway(fake: FakeOllama, *, api: str = "ollama", **kwargs: float) -> ModelGateway:
    host = fake.v1_url if api == "openai" else fake.url
    return ModelGateway(host=host, model="qwen2.5:3b", **kwargs)


@pytest.fixture(params=["ollama", "openai"])
def api(request: pytest.FixtureRequest) -> str:
    """Either of the gateway's wires: Ollama's API, or the OpenAI-compatible one."""
    return str(request.param)


def test_answer_streams_token_by_token_and_records_counts(fake_ollama: FakeOllama) -> None:
    fake_ollama.reply_with(lambda r: Reply("Anna is a villager.", prompt_eval_count=77))
    stats = StreamStats()
    tokens = list(AssistantCalls(_gateway(fake_ollama)).stream_answer(
        _context(), "Who is Anna?", answer_length="short", stats=stats
    ))
    assert tokens == ["Anna", " is", " a", " villager."]
    assert stats.prompt_tokens == 77 and stats.completion_tokens == 4
    request = fake_ollama.requests_to("/api/chat")[-1]
    assert request.body["stream"] is True
    assert request.body["options"]["num_predict"] == 200
    assert "Anna carried the lantern" in request.text and "Boris rang the bell" in request.text


def test_every_call_sets_a_context_window_that_holds_what_it_sends(
    fake_ollama: FakeOllama,
) -> None:
    # Twenty passages of ~150 tokens: past Ollama's default 2,048/4,096-token window, which would
    # silently drop the start of the prompt (the rules and the first passages).
    passages = tuple(
        Passage(
            book_id=BOOK.book_id, chunk_id=n, sid_start=n, sid_end=n, section=0, score=1.0,
            text=f"Passage {n}: " + "Anna carried the lantern to the mill at dusk. " * 13,
            locator=Locator(0, 1, 0),
        )
        for n in range(20)
    )
    result = SearchResult(book_id=BOOK.book_id, boundary_sid=30, passages=passages, recent=None)
    context = ScopedContext.from_search(
        result, book=BOOK, location="Chapter 1 (40%)",
        history=ScopedHistory.empty(boundary_sid=30),
    )
    gateway = _gateway(fake_ollama)
    fake_ollama.reply_with(lambda r: Reply("Anna is a villager."))
    list(AssistantCalls(gateway).stream_answer(context, "Who is Anna?", answer_length="long",
                               stats=StreamStats()))
    fake_ollama.reply_with(lambda r: Reply({"questions": ["Who is Boris?", "Why?"]}))
    AssistantCalls(gateway).suggest_followups(context, "Who is Anna?", "A villager.")

    requests = fake_ollama.requests_to("/api/chat")
    assert len(requests) == 2
    for request in requests:
        options = request.body["options"]
        sent_tokens_at_most = len(request.text) // 3  # no tokenizer makes fewer than 3 chars/token
        assert options["num_ctx"] >= sent_tokens_at_most + options["num_predict"]
    assert requests[0].body["options"]["num_ctx"] > 4096


def test_cancel_stops_the_stream_and_closes_the_request(fake_ollama: FakeOllama, api: str) -> None:
    fake_ollama.reply_with(lambda r: Reply("one two three four five six seven eight",
                                           token_delay=0.05))
    cancel = CancelToken()
    received = []
    for token in AssistantCalls(_gateway(fake_ollama, api=api)).stream_answer(
        _context(), "q", answer_length="short", stats=StreamStats(), cancel=cancel
    ):
        received.append(token)
        if len(received) == 2:
            cancel.cancel()
    assert received == ["one", " two"]
    assert fake_ollama.streams_finished == 0


def test_nothing_listening_is_ollama_unreachable_naming_the_host() -> None:
    gateway = ModelGateway(host="http://127.0.0.1:9", model="qwen2.5:3b")
    with pytest.raises(OllamaUnreachableError) as caught:
        list(AssistantCalls(gateway).stream_answer(_context(), "q", answer_length="short",
                                                   stats=StreamStats()))
    assert "http://127.0.0.1:9" in str(caught.value)
    assert "isn't running" in str(caught.value)


def test_missing_model_is_its_own_error(fake_ollama: FakeOllama, api: str) -> None:
    fake_ollama.installed = set()
    with pytest.raises(ModelMissingError) as caught:
        list(AssistantCalls(_gateway(fake_ollama, api=api)).stream_answer(
            _context(), "q", answer_length="short", stats=StreamStats()
        ))
    assert caught.value.model == "qwen2.5:3b"


def test_error_mid_stream_is_answer_failed(fake_ollama: FakeOllama, api: str) -> None:
    fake_ollama.reply_with(lambda r: Reply("a b c d", fail_after=2, error="out of memory"))
    received: list[str] = []
    with pytest.raises(AnswerFailedError, match="out of memory"):
        for token in AssistantCalls(_gateway(fake_ollama, api=api)).stream_answer(
            _context(), "q", answer_length="short", stats=StreamStats()
        ):
            received.append(token)
    assert received == ["a", " b"]


def test_dropped_connection_mid_stream_is_answer_failed(fake_ollama: FakeOllama, api: str) -> None:
    fake_ollama.reply_with(lambda r: Reply("a b c d", drop_after=1))
    with pytest.raises(AnswerFailedError, match="lost"):
        list(AssistantCalls(_gateway(fake_ollama, api=api)).stream_answer(
            _context(), "q", answer_length="short", stats=StreamStats()
        ))


def test_a_silent_server_times_out_instead_of_hanging(fake_ollama: FakeOllama, api: str) -> None:
    """Past the time the server's known speed gives its prompt, and the timeout besides."""
    fake_ollama.reply_with(lambda r: Reply("slow", token_delay=2.0))
    gateway = _gateway(fake_ollama, api=api, timeout=0.3)
    gateway.pace.speeds = SpeedBook()
    gateway.pace.speeds.note(gateway.queue.key, gateway.model, prompt_tokens=1_000_000,
                             prompt_seconds=1.0)  # so fast the prompt takes no time at all
    started = time.perf_counter()
    with pytest.raises(AssistantTimeoutError, match=r"didn't answer within 0\.3 seconds"):
        list(AssistantCalls(gateway).stream_answer(_context(), "q", answer_length="short",
                                                   stats=StreamStats()))
    assert time.perf_counter() - started < 1.5


def test_rewrite_uses_temperature_zero_a_token_cap_and_a_schema(fake_ollama: FakeOllama) -> None:
    fake_ollama.reply_with(lambda r: Reply({"search_phrase": "Anna lantern", "keywords": ["Anna"]}))
    rewrite = AssistantCalls(_gateway(fake_ollama)).rewrite_query(
        "who?", ScopedHistory.empty(boundary_sid=5))
    assert rewrite.search_phrase == "Anna lantern" and rewrite.keywords == ("Anna",)
    body = fake_ollama.requests_to("/api/chat")[-1].body
    context = min(machine_context(), fake_ollama.trained_context)  # Ollama's one context
    assert body["options"] == {"temperature": 0, "num_predict": 96, "num_ctx": context}
    assert body["format"]["required"] == ["search_phrase", "keywords"]
    assert body["stream"] is False


def test_malformed_rewrite_raises(fake_ollama: FakeOllama) -> None:
    fake_ollama.reply_with(lambda r: Reply("not json at all"))
    with pytest.raises(ValueError):
        AssistantCalls(_gateway(fake_ollama)).rewrite_query(
            "who?", ScopedHistory.empty(boundary_sid=5))
    fake_ollama.reply_with(lambda r: Reply({"search_phrase": ""}))
    with pytest.raises(AnswerFailedError):
        AssistantCalls(_gateway(fake_ollama)).rewrite_query(
            "who?", ScopedHistory.empty(boundary_sid=5))


def test_suggestions_come_from_a_schema_call(fake_ollama: FakeOllama) -> None:
    fake_ollama.reply_with(lambda r: Reply({"questions": ["Why the mill?", "Who is Boris?"]}))
    calls = AssistantCalls(_gateway(fake_ollama))
    found = calls.suggest_followups(_context(), "Who is Anna?", "A villager.")
    assert found == ("Why the mill?", "Who is Boris?")
    body = fake_ollama.requests_to("/api/chat")[-1].body
    assert body["format"]["properties"]["questions"]["maxItems"] == 3


@pytest.mark.parametrize(
    "reply",
    [
        "{not json",
        {"questions": "Why?"},
        {"questions": ["Only one?"]},
        {"questions": ["One?", "Two?", "Three?", "Four?"]},
        {"questions": ["Why?", 7]},
        {"questions": ["Why the mill?", "why the mill?"]},
        {"questions": ["Why?", "x" * 300]},
        {"answers": ["Why?", "How?"]},
    ],
)
def test_malformed_suggestions_give_none(fake_ollama: FakeOllama, reply: object) -> None:
    fake_ollama.reply_with(lambda r: Reply(reply))
    assert AssistantCalls(_gateway(fake_ollama)).suggest_followups(_context(), "q", "a") == ()


def test_suggestions_when_ollama_is_down_are_none() -> None:
    gateway = ModelGateway(host="http://127.0.0.1:9", model="qwen2.5:3b")
    assert AssistantCalls(gateway).suggest_followups(_context(), "q", "a") == ()


def test_validate_suggestions_normalises_whitespace() -> None:
    assert validate_suggestions({"questions": ["  Who is\nBoris? ", "Why?"]}) == (
        "Who is Boris?",
        "Why?",
    )


def test_summary_sends_only_the_scoped_history(
    fake_ollama: FakeOllama, library_home: Path
) -> None:
    conn = connect(library_home)
    _add_book(conn)
    store = ConversationStore(conn)
    conversation = store.new_conversation(BOOK.book_id)
    for n, boundary in enumerate([3, 4, 90]):
        q = store.add_question(conversation, text=f"question {n}", boundary_sid=boundary)
        store.add_answer(conversation, reply_to=q.message_id, text=f"answer {n}",
                         boundary_sid=boundary, citations=(), status="complete")
    history = ScopedHistory.for_summary(store, conversation, boundary_sid=10, keep_recent=0)
    fake_ollama.reply_with(lambda r: Reply("They discussed two things."))
    assert AssistantCalls(_gateway(fake_ollama)).summarize(history) == "They discussed two things."
    text = fake_ollama.requests_to("/api/chat")[-1].text
    assert "answer 1" in text and "answer 2" not in text
    assert history.boundary_sid == 4


def _add_book(conn: sqlite3.Connection) -> None:
    with conn:
        conn.execute(
            "INSERT INTO books (book_id, path, format, title, added_at) VALUES (?, ?, ?, ?, 0)",
            (BOOK.book_id, "/x.epub", "epub", "X"),
        )


def test_installed_models_and_pull_with_progress(fake_ollama: FakeOllama) -> None:
    fake_ollama.installed = {"llama3.2:1b"}
    gateway = _gateway(fake_ollama)
    assert gateway.models.installed() == ["llama3.2:1b"]
    assert not gateway.models.has()
    seen: list[PullProgress] = []
    gateway.models.pull(progress=seen.append)
    assert gateway.models.has()
    fractions = [p.fraction for p in seen if p.fraction is not None]
    assert fractions == sorted(fractions) and fractions[-1] == 1.0
    assert seen[-1].status == "success"
    assert json.loads(fake_ollama.requests_to("/api/pull")[-1].raw)["model"] == "qwen2.5:3b"


def test_pull_can_be_cancelled(fake_ollama: FakeOllama) -> None:
    fake_ollama.installed = set()
    fake_ollama.pull_plan.step_delay = 0.05
    cancel = CancelToken()
    seen: list[PullProgress] = []

    def progress(p: PullProgress) -> None:
        seen.append(p)
        if len(seen) == 2:
            cancel.cancel()

    with pytest.raises(PullCancelledError):
        _gateway(fake_ollama).models.pull(progress=progress, cancel=cancel)
    assert len(seen) == 2
    # The server goes on with the pull until it finds the client gone: once it has given up the
    # stream, the model can no longer be installed.
    deadline = time.monotonic() + 10
    while not fake_ollama.streams_aborted and time.monotonic() < deadline:
        time.sleep(0.01)
    assert fake_ollama.streams_aborted == 1, "the server never noticed the cancelled pull"
    assert "qwen2.5:3b" not in fake_ollama.installed


def test_a_context_cannot_be_built_from_free_text() -> None:
    with pytest.raises(ScopeViolationError):
        ScopedContext(  # type: ignore[arg-type]
            None, 5, True, "Chapter 1", "free text", (),
            ScopedHistory.empty(boundary_sid=5), None, (), object(),
        )
    with pytest.raises(ScopeViolationError):
        ScopedContext.from_search(  # type: ignore[arg-type]
            {"passages": ["the ending"]}, book=BOOK, location="x",
            history=ScopedHistory.empty(boundary_sid=5),
        )


def test_history_from_a_later_boundary_cannot_join_a_context() -> None:
    with pytest.raises(ScopeViolationError):
        _context(history=ScopedHistory.empty(boundary_sid=6))


def test_gateway_refuses_anything_but_a_scoped_context(fake_ollama: FakeOllama) -> None:
    gateway = _gateway(fake_ollama)
    with pytest.raises(ScopeViolationError):
        list(AssistantCalls(gateway).stream_answer(
            "the whole book text", "q", answer_length="short", stats=StreamStats()  # type: ignore[arg-type]
        ))
    assert fake_ollama.model_calls() == []


def test_requests_from_threads_are_all_recorded(fake_ollama: FakeOllama) -> None:
    gateway = _gateway(fake_ollama)
    threads = [threading.Thread(target=gateway.models.installed) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(fake_ollama.requests_to("/api/tags")) == 8

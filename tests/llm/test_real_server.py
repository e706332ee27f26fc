"""The gateway, the assistant and every command against a real llama.cpp server (`make test-llm`).

The model is a 270M base model: its text is junk, so these tests assert mechanics only (streams
end, Stop frees the server, structured replies parse or fall back, a context overflow is a typed
error and the next request fits, a killed server leaves the partial answer kept and marked, no
text after the boundary is in any request), never what an answer says, and never timings.
"""

from __future__ import annotations

import contextlib
import json
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from reader_app.cancel import CancelToken
from reader_app.errors import AnswerFailedError, ContextTooLongError, ReaderError
from reader_app.rag.assistant import prompts
from reader_app.rag.assistant.calls import AssistantCalls
from reader_app.rag.assistant.engine import Assistant, AssistantConfig
from reader_app.rag.companion import prompts as companion_prompts
from reader_app.rag.companion.calls import CompanionCalls
from reader_app.rag.model.gateway import ModelGateway, StreamStats
from reader_app.rag.scope.boundary import scope_for_book
from reader_app.rag.scope.excerpts import ScopedExcerpts, Span, excerpts_in_scope
from reader_app.rag.scope.sealed import ScopedHistory
from tests.fakes.marker_library import MarkerLibrary, marker_library
from tests.llm.recording_proxy import RecordingProxy
from tests.llm.server import MODEL, LlamaServer
from tests.unit.rag.model.test_llm import _context

pytestmark = pytest.mark.llm


def _gateway(url: str, **options: Any) -> ModelGateway:
    return ModelGateway(host=url, model=MODEL, timeout=600, **options)


@pytest.fixture
def shelf(library_home: Path) -> Any:
    shelf = marker_library(library_home)
    yield shelf
    shelf.conn.close()


def _assistant(shelf: MarkerLibrary, url: str, **config: Any) -> Assistant:
    return Assistant(shelf.conn, shelf.home, embedder=shelf.embedder,
                     config=AssistantConfig(host=url, model=MODEL, timeout=600, **config))


def test_an_answer_streams_to_its_end_with_the_servers_own_counts(llama: LlamaServer) -> None:
    gateway = _gateway(llama.v1_url)
    stats = StreamStats()
    text = "".join(AssistantCalls(gateway).stream_answer(_context(),
                                                         "Who carried the lantern?",
                                         answer_length="short", stats=stats))
    assert stats.finish_reason in ("stop", "length")
    assert stats.prompt_tokens and stats.prompt_tokens > 50
    assert stats.prompt_seconds is not None and stats.prompt_seconds > 0
    assert stats.completion_tokens is not None and len(text) >= 0
    assert gateway.models.installed() == [MODEL]
    assert gateway.context_tokens() == llama.context  # llama.cpp's /props


def test_stop_ends_the_work_and_the_server_is_free_again(
    llama: LlamaServer, proxy: RecordingProxy
) -> None:
    gateway = _gateway(proxy.v1_url)
    cancel = CancelToken()
    received = []
    for token in AssistantCalls(gateway).stream_answer(_context(), "Tell me everything.",
                                                       answer_length="long",
                                       stats=StreamStats(), cancel=cancel):
        received.append(token)
        if len(received) == 3:
            cancel.cancel()
    assert len(received) == 3
    deadline = time.monotonic() + 10
    while llama.busy() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not llama.busy()
    stats = StreamStats()
    list(AssistantCalls(gateway).stream_answer(_context(), "Who?", answer_length="short",
                                               stats=stats))
    assert stats.finish_reason in ("stop", "length")


def _matches(value: Any, schema: dict[str, Any]) -> bool:
    """A small JSON-schema check: types, required keys, array sizes, string lengths."""
    kind = schema.get("type")
    if kind == "object":
        return isinstance(value, dict) and all(k in value for k in schema.get("required", ())) \
            and all(_matches(value[k], s) for k, s in schema.get("properties", {}).items()
                    if k in value)
    if kind == "array":
        return isinstance(value, list) and schema.get("minItems", 0) <= len(value) \
            <= schema.get("maxItems", 10**9) and all(_matches(v, schema.get("items", {}))
                                                     for v in value)
    if kind == "string":
        return isinstance(value, str) and len(value) <= schema.get("maxLength", 10**9)
    if kind == "integer":
        return isinstance(value, int) and not isinstance(value, bool)
    return True


@pytest.mark.parametrize(("messages", "schema", "max_tokens"), [
    (prompts.rewrite_messages("Where did Anna take the lantern?",
                              ScopedHistory.empty(boundary_sid=5)),
     prompts.REWRITE_SCHEMA, prompts.REWRITE_MAX_TOKENS),
    (prompts.rank_messages("Who rang the bell?", ["Boris rang the bell.", "Anna ran."]),
     prompts.RANK_SCHEMA, prompts.RANK_MAX_TOKENS),
    (companion_prompts.merge_messages(("Anna", "Miss Anna"), (("Chapter 1", "Anna smiled."),)),
     companion_prompts.MERGE_SCHEMA, companion_prompts.MERGE_MAX_TOKENS),
], ids=["rewrite", "rank", "merge"])
def test_a_structured_reply_is_schema_valid_json_or_cut_at_its_cap(
    llama: LlamaServer, messages: list[Any], schema: dict[str, Any], max_tokens: int
) -> None:
    gateway = _gateway(llama.v1_url)
    reply = gateway.wire.complete(model=MODEL, messages=messages, max_tokens=max_tokens,
                                  num_ctx=4096, schema=schema)
    try:
        value = json.loads(reply)
    except ValueError:
        value = None  # the grammar's JSON was cut at max_tokens: only then may it not parse
        assert reply.lstrip().startswith(("{", "[")), reply[:200]
    if value is not None:
        assert _matches(value, schema), reply[:500]


def test_every_structured_call_returns_its_value_or_falls_back(
    llama: LlamaServer, shelf: MarkerLibrary
) -> None:
    calls = AssistantCalls(_gateway(llama.v1_url))
    suggestions = calls.suggest_followups(_context(), "Who is Anna?", "A villager.")
    assert isinstance(suggestions, tuple)  # () when the reply was cut or unusable
    shelf.read_through(1, 5)
    book_id = shelf.book.book_id
    candidates = excerpts_in_scope(shelf.conn, scope_for_book(shelf.conn, book_id),
                                   [Span(book_id, 0, 1, ""), Span(book_id, 2, 3, "")],
                                   story_only=False)
    for call in (lambda: calls.rewrite_query("Where?", ScopedHistory.empty(boundary_sid=5)),
                 lambda: calls.rank_passages("Who?", candidates)):
        # A typed failure the caller falls back from is fine; anything else fails the test.
        with contextlib.suppress(AnswerFailedError, ValueError):
            call()


def test_a_context_too_long_is_refused_typed_and_the_next_question_fits(
    llama: LlamaServer, shelf: MarkerLibrary
) -> None:
    gateway = _gateway(llama.v1_url)
    long_question = "Tell me about the lantern and the mill. " * 1200  # ~10,000 tokens
    with pytest.raises(ContextTooLongError) as caught:
        list(AssistantCalls(gateway).stream_answer(_context(), long_question,
                                                   answer_length="short",
                                   stats=StreamStats()))
    assert caught.value.context_tokens == llama.context
    assert caught.value.prompt_tokens and caught.value.prompt_tokens > llama.context
    assert gateway.context_limit == llama.context and gateway.overflow > 1
    shelf.read_through(3, 8)
    assistant = _assistant(shelf, llama.v1_url, answer_length="short", rewrite_queries=False)
    assistant.gateway = gateway
    assert assistant.passage_budget() < 3000
    run = assistant.ask(shelf.book, "Who carried the lantern?")
    "".join(run.tokens())
    assert run.outcome is not None and run.outcome.answer.status == "complete", (
        run.outcome.answer.error if run.outcome else None)


def test_a_server_killed_mid_answer_leaves_the_partial_answer_kept_and_marked(
    own_llama: LlamaServer, shelf: MarkerLibrary
) -> None:
    shelf.read_through(1, 4)
    assistant = _assistant(shelf, own_llama.v1_url, answer_length="long", rewrite_queries=False)
    run = assistant.ask(shelf.book, "Tell me everything about the lantern.")
    received: list[str] = []
    try:
        for token in run.tokens():
            received.append(token)
            if len(received) == 3:
                own_llama.kill()
    except ReaderError:
        pass
    assert run.outcome is not None
    answer = run.outcome.answer
    assert answer.status == "incomplete" and answer.error
    assert answer.text == "".join(received) and len(received) >= 3
    _, messages = assistant.conversation(shelf.book.book_id)
    assert messages[-1].status == "incomplete" and messages[-1].text == answer.text


def test_a_follow_up_is_read_only_in_its_new_part(
    llama: LlamaServer, shelf: MarkerLibrary
) -> None:
    """The server's own count: a follow-up's earlier turns come from its prompt cache."""
    shelf.read_through(1, 5)
    assistant = _assistant(shelf, llama.v1_url, rewrite_queries=False, answer_length="short")
    first = assistant.ask(shelf.book, "Who carried the lantern?")
    "".join(first.tokens())
    assert first.outcome is not None and first.outcome.status == "complete"
    follow_up = assistant.ask(shelf.book, "Where was the mill?",
                              conversation_id=first.conversation_id)
    "".join(follow_up.tokens())
    whole, read = follow_up.stats.prompt_tokens, follow_up.stats.prompt_tokens_read
    assert whole is not None and read is not None
    first_whole = first.stats.prompt_tokens
    assert first_whole is not None and whole > first_whole
    # What it read afresh is the new turn (and the tail of the answer it re-tokenised), not
    # the earlier turn it was sent again.
    assert read <= whole - first_whole + 16, (read, whole, first_whole)


def test_a_background_call_gives_way_to_a_question_and_is_sent_again(
    llama: LlamaServer, proxy: RecordingProxy, shelf: MarkerLibrary
) -> None:
    shelf.read_through(2, 5)
    excerpts = _long_excerpts(shelf)
    background = _gateway(proxy.v1_url)
    background.queue.quiet_after_question = 0.2
    long_history = ScopedHistory.empty(boundary_sid=5)
    summary: list[str] = []
    failure: list[BaseException] = []

    def summarise() -> None:
        try:
            summary.append(CompanionCalls(background).companion_text(
                "chapter", excerpts, title="The Lantern Bearers", subject="Chapter 1"))
        except BaseException as error:  # recorded for the test to read
            failure.append(error)

    worker = threading.Thread(target=summarise)
    worker.start()
    deadline = time.monotonic() + 30
    while not llama.busy():
        assert time.monotonic() < deadline, "the background call never reached the server"
        time.sleep(0.05)
    question = _gateway(proxy.v1_url)
    stats = StreamStats()
    list(AssistantCalls(question).stream_answer(_context(history=long_history), "Who?",
                                                answer_length="short",
                                stats=stats))
    worker.join(300)
    assert stats.finish_reason in ("stop", "length")
    assert not failure and summary  # stopped, sent again, finished: nothing lost
    assert background.queue.gave_way >= 1
    chapter_calls = [r for r in proxy.requests
                     if r.path.endswith("/chat/completions") and "Summarise this chapter"
                     in json.dumps(r.body)]
    assert len(chapter_calls) == 2


def _long_excerpts(shelf: MarkerLibrary) -> ScopedExcerpts:
    """Everything read so far, as one chapter summary's input: about 1,500 tokens."""
    scope = scope_for_book(shelf.conn, shelf.book.book_id)
    return excerpts_in_scope(shelf.conn, scope,
                             [Span(shelf.book.book_id, 0, scope.boundary_sid, "Chapters 1-3")])


def test_after_reading_along_a_question_is_read_only_after_the_window(
    llama: LlamaServer, shelf: MarkerLibrary
) -> None:
    """The server's own count: the pages read along come from its prompt cache, so what a
    question makes it read afresh is what comes after them (the passages found outside the
    window and the question), as `ask --json` reports in `prompt_tokens_read`."""
    from reader_app.rag.assistant.read_along import mark_read
    from reader_app.rag.model.schedule import Priority

    shelf.read_through(1, 7)
    assistant = _assistant(shelf, llama.v1_url, rewrite_queries=False, answer_length="short")
    made = assistant.read_along_request(shelf.book)
    assert made is not None
    request, window, boundary = made
    along = StreamStats()
    assert assistant.gateway.read(request, priority=Priority.BACKGROUND, stats=along)
    mark_read(assistant.gateway, shelf.book.book_id, window, boundary=boundary)
    window_whole = along.prompt_tokens
    assert window_whole is not None and window_whole > 300

    run = assistant.ask(shelf.book, "Who carried the violin?")
    "".join(run.tokens())
    assert run.prepared.window_tokens > 0
    whole, read = run.stats.prompt_tokens, run.stats.prompt_tokens_read
    assert whole is not None and read is not None
    assert whole > window_whole
    assert read <= whole - window_whole + 16, (read, whole, window_whole)

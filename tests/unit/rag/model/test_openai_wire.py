"""The gateway on an OpenAI-compatible server (the fake's `/v1`, as Ollama itself serves it): the
request's shape, the structured calls held to a schema, the model list, the context size, the API
key, and the failures only this API has. Stop, a missing model, an error or a dropped connection
mid-stream and a silent server are proven for both wires in test_llm.py; a real llama.cpp server
does the same in `make test-llm`."""

from __future__ import annotations

import json

import pytest

from reader_app.errors import (
    AnswerFailedError,
    ContextTooLongError,
    OllamaUnreachableError,
)
from reader_app.rag.assistant.calls import AssistantCalls
from reader_app.rag.model.gateway import ModelGateway, StreamStats
from reader_app.rag.model.openai_wire import openai_messages
from reader_app.rag.scope.boundary import scope_at
from reader_app.rag.scope.excerpts import Span, excerpts_in_scope
from reader_app.rag.scope.sealed import ScopedHistory
from tests.fakes.fake_ollama import FakeOllama, Reply, ScriptedReplies
from tests.fakes.marker_library import MarkerLibrary
from tests.unit.rag.model.test_llm import _context

CHAT = "/v1/chat/completions"


def _gateway(fake: FakeOllama, **kwargs: float | str) -> ModelGateway:
    return ModelGateway(host=fake.v1_url, model="qwen2.5:3b", **kwargs)  # type: ignore[arg-type]


def test_an_address_ending_in_v1_speaks_the_openai_api(fake_ollama: FakeOllama) -> None:
    gateway = _gateway(fake_ollama)
    assert gateway.wire.api == "openai" and gateway.host == fake_ollama.v1_url
    assert ModelGateway(host=fake_ollama.url, model="m").wire.api == "ollama"
    assert ModelGateway(host=fake_ollama.url + "/v1/", model="m").wire.api == "openai"


def test_an_answer_streams_with_the_servers_counts(fake_ollama: FakeOllama) -> None:
    fake_ollama.reply_with(lambda r: Reply("Anna is a villager.", prompt_eval_count=77))
    stats = StreamStats()
    tokens = list(AssistantCalls(_gateway(fake_ollama)).stream_answer(
        _context(), "Who is Anna?", answer_length="short", stats=stats
    ))
    assert tokens == ["Anna", " is", " a", " villager."]
    assert stats.prompt_tokens == 77 and stats.completion_tokens == 4
    assert stats.finish_reason == "stop"
    request = fake_ollama.requests_to(CHAT)[-1]
    assert request.body["stream"] is True and request.body["max_tokens"] == 200
    assert request.body["stream_options"] == {"include_usage": True}
    assert "options" not in request.body and "format" not in request.body  # Ollama's keys
    assert "Anna carried the lantern" in request.text and "Boris rang the bell" in request.text
    assert not fake_ollama.requests_to("/api/chat")


def test_nothing_listening_is_unreachable_naming_the_address() -> None:
    gateway = ModelGateway(host="http://127.0.0.1:9/v1", model="qwen2.5:3b")
    with pytest.raises(OllamaUnreachableError) as caught:
        list(AssistantCalls(gateway).stream_answer(_context(), "q", answer_length="short",
                                                   stats=StreamStats()))
    assert "No model server answers at http://127.0.0.1:9/v1" in str(caught.value)
    assert "Ollama" not in str(caught.value)


def test_a_context_too_long_is_refused_clearly_and_remembered(fake_ollama: FakeOllama) -> None:
    fake_ollama.reply_with(lambda r: Reply(
        status=400, error="the request exceeds the available context size, try increasing it",
        error_fields={"type": "exceed_context_size_error", "n_prompt_tokens": 5120,
                      "n_ctx": 4096},
    ))
    gateway = _gateway(fake_ollama)
    with pytest.raises(ContextTooLongError) as caught:
        list(AssistantCalls(gateway).stream_answer(_context(), "q", answer_length="short",
                                                   stats=StreamStats()))
    assert caught.value.context_tokens == 4096 and caught.value.prompt_tokens == 5120
    assert "5,120 tokens for a context of 4,096" in str(caught.value)
    assert gateway.context_tokens() == 4096  # the next request is fitted to it


def test_structured_calls_send_a_json_schema_as_response_format(
    fake_ollama: FakeOllama, shelf: MarkerLibrary
) -> None:
    fake_ollama.reply_with(ScriptedReplies(rewrite={"search_phrase": "Anna lantern",
                                                    "keywords": ["mill"]}))
    gateway = _gateway(fake_ollama)
    rewrite = AssistantCalls(gateway).rewrite_query("Where did she take it?",
                                                    ScopedHistory.empty(boundary_sid=5))
    assert rewrite.query == "Anna lantern mill"
    assert AssistantCalls(gateway).suggest_followups(_context(), "q", "a") == (
        "What happens next?", "Who else was there?")
    book_id = shelf.book.book_id
    candidates = excerpts_in_scope(shelf.conn, scope_at(shelf.conn, book_id, boundary_sid=5),
                                   [Span(book_id, 0, 0, ""), Span(book_id, 1, 1, "")])
    assert AssistantCalls(gateway).rank_passages("q", candidates) == (1, 0)
    for request in fake_ollama.requests_to(CHAT):
        wanted = request.body["response_format"]
        assert wanted["type"] == "json_schema" and wanted["json_schema"]["strict"] is True
        assert request.body["temperature"] == 0 and request.body["stream"] is False
        assert isinstance(request.format, dict) and request.format["type"] == "object"


def test_a_reply_cut_at_its_token_cap_falls_back(fake_ollama: FakeOllama) -> None:
    fake_ollama.reply_with(lambda r: Reply('{"questions": ["What happens'))
    assert AssistantCalls(_gateway(fake_ollama)).suggest_followups(_context(), "q", "a") == ()
    with pytest.raises(json.JSONDecodeError):
        AssistantCalls(_gateway(fake_ollama)).rewrite_query(
            "q", ScopedHistory.empty(boundary_sid=5))


def test_the_model_list_comes_from_v1_models_and_nothing_is_pulled(
    fake_ollama: FakeOllama,
) -> None:
    fake_ollama.installed = {"qwen2.5:3b", "gemma3:270m"}
    gateway = _gateway(fake_ollama)
    assert gateway.models.installed() == ["gemma3:270m", "qwen2.5:3b"]
    assert gateway.models.has() and not gateway.models.has("llama3")
    assert gateway.models.vision() == []
    with pytest.raises(AnswerFailedError, match="cannot download models"):
        gateway.models.pull(name="llama3")
    assert not fake_ollama.requests_to("/api/pull")


def test_an_api_key_goes_in_the_header_only(fake_ollama: FakeOllama) -> None:
    gateway = _gateway(fake_ollama, api_key="sk-secret-123")
    gateway.models.installed()
    list(AssistantCalls(gateway).stream_answer(_context(), "q", answer_length="short",
                                               stats=StreamStats()))
    assert all("sk-secret-123" not in r.text for r in fake_ollama.requests)
    assert {r.headers.get("authorization") for r in fake_ollama.requests} == {
        "Bearer sk-secret-123"}
    ModelGateway(host=fake_ollama.v1_url, model="m").models.installed()
    assert "authorization" not in fake_ollama.requests[-1].headers


def test_the_context_size_is_asked_once_where_the_server_has_none(
    fake_ollama: FakeOllama,
) -> None:
    gateway = _gateway(fake_ollama)
    assert gateway.context_tokens() is None and gateway.context_tokens() is None
    assert len(fake_ollama.requests_to("/props")) == 1


def test_images_become_image_parts() -> None:
    converted = openai_messages([{"role": "user", "content": "Describe.", "images": [b"\x89PNG"]}])
    parts = converted[0]["content"]
    assert parts[0] == {"type": "text", "text": "Describe."}
    assert parts[1]["image_url"]["url"] == "data:image/png;base64,iVBORw=="


def test_llama_cpps_prompt_progress_is_asked_for_and_passed_on(fake_ollama: FakeOllama) -> None:
    """A server that answers `/props` is llama.cpp's: asked to stream how far it has read the
    prompt, which keeps the answer's deadline off while it reads and reaches the panel."""
    fake_ollama.n_ctx = 8192
    fake_ollama.reply_with(lambda r: Reply("Anna.", progress=[
        {"total": 900, "cache": 100, "processed": 300, "time_ms": 4000},
        {"total": 900, "cache": 100, "processed": 800, "time_ms": 9000},
    ]))
    gateway = _gateway(fake_ollama)
    read: list[tuple[int, int]] = []
    stats = StreamStats(on_progress=lambda done, total: read.append((done, total)))
    list(AssistantCalls(gateway).stream_answer(_context(), "Who?", answer_length="short",
                                               stats=stats))
    assert read == []  # not known to be llama.cpp yet: not asked
    assert fake_ollama.model_calls()[-1].body.get("return_progress") is None
    assert gateway.context_tokens() == 8192
    list(AssistantCalls(gateway).stream_answer(_context(), "Who?", answer_length="short",
                                               stats=stats))
    assert fake_ollama.model_calls()[-1].body["return_progress"] is True
    assert read == [(400, 900), (900, 900)]

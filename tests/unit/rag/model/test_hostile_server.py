"""A hostile model server (issue 38) ends in our typed errors or a clean answer, never a crash or
a hang, over both wires: counts past what can be stored or divided, JSON nested 200,000 deep, a
stream kept alive by comments or by a line sent a space at a time, silence after one token, and a
context size of -1."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

from reader_app.errors import AnswerFailedError, AssistantTimeoutError, ReaderError
from reader_app.rag.assistant.calls import AssistantCalls
from reader_app.rag.model.gateway import ModelGateway, StreamStats
from reader_app.rag.model.speeds import SpeedBook
from reader_app.rag.scope.sealed import ScopedHistory
from tests.fakes.fake_ollama import FakeOllama, Reply
from tests.unit.rag.model.test_llm import _context

ANSWER = "Anna carried the lantern."
NOT_THE_PROTOCOL = {"ollama": "not Ollama's", "openai": "not an OpenAI-compatible one"}
# Generous: every deadline below is a second or less; the old code waited 20 s or more.
ENDS_WITHIN = 10.0


@pytest.fixture(params=["ollama", "openai"])
def api(request: pytest.FixtureRequest) -> str:
    return str(request.param)


def fast_gateway(fake: FakeOllama, api: str, **options: Any) -> ModelGateway:
    """A gateway whose server is known to read fast, so the first token's deadline is about
    `timeout` (the prompt's reading adds next to nothing)."""
    speeds = SpeedBook()
    gateway = ModelGateway(host=fake.v1_url if api == "openai" else fake.url,
                           model="qwen2.5:3b", speeds=speeds, **options)
    speeds.note(gateway.queue.key, "qwen2.5:3b", prompt_tokens=10_000_000, prompt_seconds=1.0)
    return gateway


def streamed(gateway: ModelGateway) -> tuple[list[str], StreamStats, ReaderError | None, float]:
    """The tokens, the stats, our error if any, and how long it took."""
    pieces: list[str] = []
    stats = StreamStats()
    started = time.monotonic()
    try:
        for token in AssistantCalls(gateway).stream_answer(
            _context(), "Who?", answer_length="short", stats=stats
        ):
            pieces.append(token)
    except ReaderError as error:
        return pieces, stats, error, time.monotonic() - started
    finally:
        gateway.close()
    return pieces, stats, None, time.monotonic() - started


def token_line(api: str, text: str) -> bytes:
    """One streamed token in the wire's own framing."""
    if api == "openai":
        chunk = {"choices": [{"index": 0, "delta": {"content": text}, "finish_reason": None}]}
        return b"data: " + json.dumps(chunk).encode() + b"\n\n"
    piece = {"model": "qwen2.5:3b", "message": {"role": "assistant", "content": text},
             "done": False}
    return json.dumps(piece).encode() + b"\n"


def keepalives(api: str, *, seconds: float) -> list[bytes | float]:
    """What keeps a connection busy without a part: an SSE comment every 50 ms, or (Ollama's
    lines are JSON) a line that is started and then sent a space at a time."""
    beats = int(seconds / 0.05)
    if api == "openai":
        return [item for _ in range(beats) for item in (b": keepalive\n\n", 0.05)]
    return [b'{"message": ', *(item for _ in range(beats) for item in (b" ", 0.05))]


# -- numbers ---------------------------------------------------------------------------------

HUGE = {
    "ollama": {"prompt_eval_count": 2**63, "eval_count": 2**64,
               "prompt_eval_duration": 10**400, "eval_duration": 10**400},
    "openai": {"usage": {"prompt_tokens": 2**63, "completion_tokens": 2**64},
               "timings": {"prompt_n": 10**400, "prompt_ms": 10**400, "predicted_ms": 1e308,
                           "cache_n": -1, "predicted_n": 2**63}},
}


def test_counts_past_what_can_be_stored_or_divided_are_dropped_and_the_answer_kept(
    fake_ollama: FakeOllama, api: str
) -> None:
    fake_ollama.reply_with(lambda r: Reply(ANSWER, final_fields=HUGE[api]))
    gateway = fast_gateway(fake_ollama, api)
    pieces, stats, error, _ = streamed(gateway)
    assert error is None and "".join(pieces) == ANSWER
    assert stats.prompt_tokens is None and stats.completion_tokens is None
    assert stats.prompt_seconds is None and stats.prompt_tokens_read is None
    assert stats.finish_reason == "stop"


def test_prompt_progress_past_a_float_range_is_dropped(fake_ollama: FakeOllama) -> None:
    fake_ollama.n_ctx = 8192  # llama.cpp's server: asked for its prompt progress
    fake_ollama.reply_with(lambda r: Reply(ANSWER, progress=[
        {"total": 10**400, "processed": 5}, {"total": 100, "processed": 10**400},
        {"total": 100, "processed": -5, "cache": 2**63}, {"total": 100, "processed": 40}]))
    gateway = fast_gateway(fake_ollama, "openai")
    assert gateway.context_tokens() == 8192
    seen: list[tuple[int, int]] = []
    pieces: list[str] = []
    stats = StreamStats(on_progress=lambda done, total: seen.append((done, total)))
    try:
        for token in AssistantCalls(gateway).stream_answer(
            _context(), "Who?", answer_length="short", stats=stats
        ):
            pieces.append(token)
    finally:
        gateway.close()
    assert "".join(pieces) == ANSWER
    assert all(0 <= done <= total <= 100 for done, total in seen) and (40, 100) in seen


@pytest.mark.parametrize("n_ctx", [-1, 0, 10**400, float("inf"), "4096", 2**63])
def test_a_context_size_that_is_no_size_is_not_taken(fake_ollama: FakeOllama,
                                                    n_ctx: Any) -> None:
    fake_ollama.n_ctx = n_ctx
    gateway = fast_gateway(fake_ollama, "openai")
    try:
        assert gateway.context_tokens() is None
    finally:
        gateway.close()


# -- parsing ---------------------------------------------------------------------------------


def test_json_nested_200000_deep_is_our_error_with_the_partial_answer(
    fake_ollama: FakeOllama, api: str
) -> None:
    deep = (b"data: " if api == "openai" else b"") + b"[" * 200_000 + b"\n\n"
    fake_ollama.reply_with(lambda r: Reply(raw=[token_line(api, "Anna "), deep]))
    pieces, _, error, _ = streamed(fast_gateway(fake_ollama, api))
    assert isinstance(error, AnswerFailedError), error
    assert NOT_THE_PROTOCOL[api] in str(error) and pieces == ["Anna "]


def test_an_error_page_nested_200000_deep_is_our_error(fake_ollama: FakeOllama, api: str) -> None:
    fake_ollama.reply_with(lambda r: Reply(raw=[b"[" * 200_000], status=500))
    pieces, _, error, _ = streamed(fast_gateway(fake_ollama, api))
    assert isinstance(error, AnswerFailedError), error
    assert "500" in str(error) or NOT_THE_PROTOCOL[api] in str(error)
    assert len(str(error)) < 1_000 and not pieces


# -- deadlines -------------------------------------------------------------------------------


def test_a_server_that_sends_only_keepalives_times_out_at_the_first_tokens_deadline(
    fake_ollama: FakeOllama, api: str
) -> None:
    fake_ollama.reply_with(lambda r: Reply(raw=keepalives(api, seconds=30)))
    pieces, stats, error, took = streamed(fast_gateway(fake_ollama, api, timeout=1.0))
    assert isinstance(error, AssistantTimeoutError), error
    assert "didn't answer within" in str(error) and not pieces
    assert stats.deadline_seconds is not None and stats.deadline_seconds < 2
    assert took < ENDS_WITHIN


@pytest.mark.parametrize("after", ["silence", "keepalives"])
def test_one_token_then_nothing_stops_at_the_answer_deadline_with_the_token_kept(
    fake_ollama: FakeOllama, api: str, after: str
) -> None:
    rest = [30.0] if after == "silence" else keepalives(api, seconds=30)
    fake_ollama.reply_with(lambda r: Reply(raw=[token_line(api, "Anna "), *rest]))
    # The read timeout (the first token's deadline, about 20 s) is far past the answer's.
    gateway = fast_gateway(fake_ollama, api, timeout=20.0, answer_deadline=0.5)
    pieces, _, error, took = streamed(gateway)
    assert isinstance(error, AssistantTimeoutError), error
    assert pieces == ["Anna "] and took < ENDS_WITHIN


def test_a_whole_reply_sent_a_space_at_a_time_times_out(fake_ollama: FakeOllama,
                                                        api: str) -> None:
    trickle = [b'{"choices": ' if api == "openai" else b'{"message": ',
               *(item for _ in range(600) for item in (b" ", 0.05))]
    fake_ollama.reply_with(lambda r: Reply(raw=trickle))
    gateway = fast_gateway(fake_ollama, api, timeout=1.0, answer_deadline=1.0)
    started = time.monotonic()
    try:
        with pytest.raises(AssistantTimeoutError):
            AssistantCalls(gateway).summarize(ScopedHistory.empty(boundary_sid=3))
    finally:
        gateway.close()
    assert time.monotonic() - started < ENDS_WITHIN


def test_the_gateway_answers_again_after_a_deadline_cut(fake_ollama: FakeOllama,
                                                       api: str) -> None:
    replies = iter([Reply(raw=keepalives(api, seconds=30)), Reply(ANSWER)])
    fake_ollama.reply_with(lambda r: next(replies))
    gateway = fast_gateway(fake_ollama, api, timeout=1.0)
    try:
        with pytest.raises(AssistantTimeoutError):
            "".join(AssistantCalls(gateway).stream_answer(
                _context(), "Who?", answer_length="short", stats=StreamStats()))
        again = "".join(AssistantCalls(gateway).stream_answer(
            _context(), "Who?", answer_length="short", stats=StreamStats()))
        # A later request is not cut by the old deadline, and no refusal was taken for a limit.
        if api == "openai":
            assert gateway.context_limit is None
        else:  # Ollama's one context, the same on both calls
            sent = {r.body["options"]["num_ctx"] for r in fake_ollama.model_calls()}
            assert sent == {gateway.context_tokens()}
    finally:
        gateway.close()
    assert again == ANSWER


# -- what a server says, in our messages -----------------------------------------------------

ESCAPES = "\x1b]0;pwned\x07\x1b[2J\r\u202e"


@pytest.mark.parametrize("when", ["refused", "mid-answer"])
def test_a_servers_error_text_reaches_our_message_with_its_escapes_shown(
    fake_ollama: FakeOllama, api: str, when: str
) -> None:
    failure = {"refused": {"status": 500}, "mid-answer": {"fail_after": 1}}[when]
    fake_ollama.reply_with(lambda r: Reply(ANSWER, error=f"bad{ESCAPES}thing", **failure))
    _, _, error, _ = streamed(fast_gateway(fake_ollama, api))
    assert isinstance(error, AnswerFailedError), error
    message = str(error)
    assert "bad\\x1b]0;pwned\\x07\\x1b[2J\\x0d\\u202ething" in message, message
    assert not any(char in message for char in "\x1b\x07\r\u202e")

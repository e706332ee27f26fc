"""A model server that breaks the protocol ends in our typed errors, partial answer kept
(issue 18): through both wires (the real `ollama` client, and the OpenAI-compatible wire) against
the fake server's misbehaviours."""

from __future__ import annotations

import time

import pytest

from reader_app.errors import AnswerFailedError, AssistantTimeoutError, ReaderError
from reader_app.rag.assistant.calls import AssistantCalls
from reader_app.rag.model.gateway import ModelGateway, StreamStats
from tests.fakes.fake_ollama import FakeOllama, Reply
from tests.unit.rag.model.test_llm import _context

ANSWER = "Anna carried the lantern to the mill."
NOT_THE_PROTOCOL = {"ollama": "not Ollama's", "openai": "not an OpenAI-compatible one"}


@pytest.fixture(params=["ollama", "openai"])
def api(request: pytest.FixtureRequest) -> str:
    return str(request.param)


def _stream(fake: FakeOllama, api: str = "ollama",
            **kwargs: float) -> tuple[list[str], ReaderError | None]:
    url = fake.v1_url if api == "openai" else fake.url
    gateway = ModelGateway(host=url, model="qwen2.5:3b", **kwargs)  # type: ignore[arg-type]
    pieces: list[str] = []
    try:
        for token in AssistantCalls(gateway).stream_answer(
            _context(), "Who?", answer_length="short", stats=StreamStats()
        ):
            pieces.append(token)
    except ReaderError as error:
        return pieces, error
    finally:
        gateway.close()
    return pieces, None


@pytest.mark.parametrize(
    ("misbehave", "kind", "words", "partial"),
    [
        ("malformed-line", AnswerFailedError, "", True),
        ("wrong-shape", AnswerFailedError, "", True),
        ("no-done", AnswerFailedError, "stopped sending before the answer was finished", True),
        ("html", AnswerFailedError, "", False),
        ("html-500", AnswerFailedError, "error page (HTTP 500)", False),
    ],
)
def test_a_misbehaving_server_ends_in_a_typed_error_with_the_partial_answer(
    fake_ollama: FakeOllama, api: str, misbehave: str, kind: type[ReaderError], words: str,
    partial: bool,
) -> None:
    fake_ollama.reply_with(lambda r: Reply(ANSWER, misbehave=misbehave))
    pieces, error = _stream(fake_ollama, api)
    assert isinstance(error, kind), error
    assert (words or NOT_THE_PROTOCOL[api]) in str(error)
    assert ("".join(pieces) == ANSWER) is partial


def test_a_runaway_stream_is_cut_at_the_maximum_answer_length(
    fake_ollama: FakeOllama, api: str
) -> None:
    fake_ollama.reply_with(lambda r: Reply("again and again ", misbehave="endless"))
    pieces, error = _stream(fake_ollama, api, max_answer_chars=2_000)
    assert isinstance(error, AnswerFailedError) and "2,000 characters" in str(error)
    assert 1_900 < len("".join(pieces)) <= 2_000


def test_a_slow_trickle_is_stopped_at_the_answer_deadline(
    fake_ollama: FakeOllama, api: str
) -> None:
    fake_ollama.reply_with(lambda r: Reply(" ".join(["word"] * 100), token_delay=0.1))
    started = time.monotonic()
    pieces, error = _stream(fake_ollama, api, answer_deadline=1.0)
    assert isinstance(error, AssistantTimeoutError), error
    assert pieces and time.monotonic() - started < 5


def test_a_well_behaved_stream_is_still_complete(fake_ollama: FakeOllama, api: str) -> None:
    fake_ollama.reply_with(lambda r: Reply(ANSWER))
    pieces, error = _stream(fake_ollama, api)
    assert error is None and "".join(pieces) == ANSWER


def test_a_stream_that_ends_done_with_no_content_is_an_error_not_an_empty_answer(
    fake_ollama: FakeOllama, api: str
) -> None:
    fake_ollama.reply_with(lambda r: Reply(None, tokens=[None]))  # "content": null, then done
    pieces, error = _stream(fake_ollama, api)
    assert isinstance(error, AnswerFailedError), error
    assert "finished without sending any answer" in str(error) and not "".join(pieces)

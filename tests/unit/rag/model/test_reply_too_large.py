"""A model server that sends one line without end (or a reply past every sane size) is cut off at
the gateway's transport: memory stays bounded, the error is clear and the partial answer is kept
(issue 18). Through the real `ollama` client against the fake server."""

from __future__ import annotations

import threading
import tracemalloc

from reader_app.errors import ReplyTooLargeError
from reader_app.rag.assistant.calls import AssistantCalls
from reader_app.rag.model.gateway import ModelGateway, StreamStats
from reader_app.rag.scope.sealed import ScopedHistory
from tests.fakes.fake_ollama import ENDLESS_LINE_LIMIT, FakeOllama, Reply
from tests.unit.rag.model.test_llm import _context

ANSWER = "Anna carried the lantern to the mill."
CAP = 1_048_576  # a small cap, so the test sends little


def _gateway(fake: FakeOllama, **caps: int) -> ModelGateway:
    return ModelGateway(host=fake.url, model="qwen2.5:3b", **caps)  # type: ignore[arg-type]


def test_an_endless_line_is_cut_at_the_cap_and_the_partial_answer_kept(
    fake_ollama: FakeOllama,
) -> None:
    fake_ollama.reply_with(lambda r: Reply(ANSWER, misbehave="endless-line"))
    gateway = _gateway(fake_ollama, max_line_bytes=CAP)
    pieces: list[str] = []
    error: Exception | None = None
    tracemalloc.start()
    try:
        for token in AssistantCalls(gateway).stream_answer(
            _context(), "Who?", answer_length="short", stats=StreamStats()
        ):
            pieces.append(token)
    except ReplyTooLargeError as caught:
        error = caught
    finally:
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        gateway.close()
    assert isinstance(error, ReplyTooLargeError)
    assert "sent a reply too large to read" in str(error) and fake_ollama.url in str(error)
    assert "".join(pieces) == ANSWER  # what came before the endless line is kept
    # The buffer never held more than the cap plus one network read...
    assert CAP < gateway.transport.longest_line <= CAP + 128 * 1024
    assert peak < 12 * CAP
    # ...and the client hung up long before the server's own limit.
    assert fake_ollama.endless_line_bytes < ENDLESS_LINE_LIMIT // 4


def test_a_non_streamed_reply_without_end_is_cut_too(fake_ollama: FakeOllama) -> None:
    fake_ollama.reply_with(lambda r: Reply("A summary.", misbehave="endless-line"))
    history = ScopedHistory.empty(boundary_sid=3)
    gateway = _gateway(fake_ollama, max_line_bytes=CAP)
    try:
        AssistantCalls(gateway).summarize(history)
    except ReplyTooLargeError as error:
        assert "too large to read" in str(error)
    else:
        raise AssertionError("a reply without end was read whole")
    finally:
        gateway.close()
    assert gateway.transport.longest_line <= CAP + 128 * 1024


def test_a_reply_past_the_total_cap_is_refused_but_a_long_download_is_not(
    fake_ollama: FakeOllama,
) -> None:
    fake_ollama.installed |= {f"model-{n}:latest" for n in range(20)}
    gateway = _gateway(fake_ollama, max_reply_bytes=2_000)
    try:
        try:
            gateway.models.installed()  # /api/tags: ~300 bytes a model, on many lines or one
        except ReplyTooLargeError as error:
            assert "2,000 bytes" in str(error) or "too large to read" in str(error)
        else:
            raise AssertionError("a reply past the total cap was read whole")
        # A download's progress goes on for as long as the download: only its lines are capped.
        gateway.models.pull(name="model-0:latest")
    finally:
        gateway.close()


def test_the_app_side_stays_usable_after_a_cut(fake_ollama: FakeOllama) -> None:
    """The same gateway answers the next question once the server behaves."""
    replies = iter([Reply(ANSWER, misbehave="endless-line"), Reply(ANSWER)])
    lock = threading.Lock()

    def respond(_request: object) -> Reply:
        with lock:
            return next(replies)

    fake_ollama.reply_with(respond)
    gateway = _gateway(fake_ollama, max_line_bytes=CAP)
    try:
        first: list[str] = []
        try:
            for token in AssistantCalls(gateway).stream_answer(
                _context(), "Who?", answer_length="short", stats=StreamStats()
            ):
                first.append(token)
        except ReplyTooLargeError:
            pass
        second = "".join(
            AssistantCalls(gateway).stream_answer(_context(), "Who?", answer_length="short",
                                                  stats=StreamStats())
        )
    finally:
        gateway.close()
    assert "".join(first) == ANSWER and second == ANSWER

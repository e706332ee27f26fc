"""The server fuzzer in `make test`: hostile replies (tests/fuzz/server_replies.py) thrown at both
wires through the real gateway, against the fake server on 127.0.0.1, and hostile addresses at
the address check. Every case must end in a clean answer or one of our errors, whose message
holds no control character, within its time budget: never another exception, never a hang.

Deterministic (a fixed seed per case); a longer run: SERVER_FUZZ_CASES=2000 (per wire) and
SERVER_FUZZ_SEED to start elsewhere.
"""

from __future__ import annotations

import os
import random
import threading
import time

import pytest

from reader_app.errors import ReaderError, ServerAddressError
from reader_app.printable import printable
from reader_app.rag.assistant.calls import AssistantCalls
from reader_app.rag.model.gateway import ModelGateway, StreamStats
from reader_app.rag.model.servers import address_problem, api_of, host_of, is_this_computer
from reader_app.rag.model.speeds import SpeedBook
from reader_app.rag.scope.sealed import ScopedHistory
from tests.fakes.fake_ollama import FakeOllama
from tests.fuzz.server_replies import MODEL, ServerCase, hostile_address, server_case
from tests.unit.rag.model.test_llm import _context

CASES = int(os.environ.get("SERVER_FUZZ_CASES", "40"))
SEED = int(os.environ.get("SERVER_FUZZ_SEED", "38"))
BUDGET_SECONDS = 10.0  # per case; the deadlines are 0.3 s, a pause past them 0.8 s
LARGEST_STORED = 2**63 - 1  # SQLite's INTEGER


def run_case(fake: FakeOllama, case: ServerCase) -> BaseException | None:
    """The case through the gateway: what it raised (None: an answer), or a hang's own error."""
    fake.reply_with(lambda _request: case.reply)
    speeds = SpeedBook()
    gateway = ModelGateway(host=fake.v1_url if case.api == "openai" else fake.url, model=MODEL,
                           timeout=0.3, answer_deadline=0.3, max_line_bytes=256 * 1024,
                           max_reply_bytes=1_048_576, speeds=speeds)
    speeds.note(gateway.queue.key, MODEL, prompt_tokens=10_000_000, prompt_seconds=1.0)
    outcome: dict[str, BaseException] = {}
    stats = StreamStats()

    def ask() -> None:
        try:
            calls = AssistantCalls(gateway)
            if case.whole:
                calls.summarize(ScopedHistory.empty(boundary_sid=3))
            else:
                "".join(calls.stream_answer(_context(), "Who?", answer_length="short",
                                            stats=stats))
        except BaseException as error:  # every outcome is judged below
            outcome["error"] = error

    worker = threading.Thread(target=ask, daemon=True)
    worker.start()
    worker.join(BUDGET_SECONDS)
    gateway.close()
    if worker.is_alive():
        return TimeoutError(f"hung past {BUDGET_SECONDS} s")
    for count in (stats.prompt_tokens, stats.completion_tokens, stats.prompt_tokens_read):
        assert count is None or 0 <= count <= LARGEST_STORED, (count, case.describe())
    return outcome.get("error")


@pytest.mark.parametrize("api", ["ollama", "openai"])
def test_hostile_replies_end_in_an_answer_or_our_error_in_time(api: str) -> None:
    fake = FakeOllama().start()
    failures: list[str] = []
    endings: dict[str, int] = {}
    started = time.monotonic()
    try:
        for number in range(CASES):
            case = server_case(random.Random(SEED * 1_000_003 + number), api)
            error = run_case(fake, case)
            name = "answer" if error is None else type(error).__name__
            endings[name] = endings.get(name, 0) + 1
            if error is not None and not isinstance(error, ReaderError):
                failures.append(f"case {number}: {error!r} from {case.describe()}")
            elif error is not None and printable(str(error)) != str(error):
                failures.append(f"case {number}: control characters in {str(error)!r}")
    finally:
        fake.stop()
    assert not failures, "\n".join(failures[:5])
    assert len(endings) > 2, endings  # the changes reach more than one outcome
    assert time.monotonic() - started < CASES * 1.0, endings  # no case near its budget


def test_hostile_addresses_are_a_sentence_or_a_usable_address() -> None:
    rng = random.Random(SEED)
    usable = 0
    for _ in range(CASES * 5):
        address = hostile_address(rng)
        problem = address_problem(address)
        assert printable(problem, one_line=True) == problem, repr(address)
        if problem:
            assert problem.startswith("The server address"), (address, problem)
            with pytest.raises(ServerAddressError):
                ModelGateway(host=address, model=MODEL)
            continue
        usable += 1
        api_of(address), host_of(address), is_this_computer(address)  # none of them raises
        ModelGateway(host=address, model=MODEL).close()  # made, never connected
    assert 0 < usable < CASES * 5

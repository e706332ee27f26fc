"""One queue per model server (rag/model/schedule.py): the reader's question first, chips only
when nothing else waits, background work giving way and waiting for quiet."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

import pytest

from reader_app.cancel import CancelToken
from reader_app.rag.model.schedule import (
    GaveWayError,
    Priority,
    ServerQueue,
    WaitCancelledError,
    queue_for,
    server_key,
)


def _hold(queue: ServerQueue, priority: Priority, started: list[str], name: str,
          release: threading.Event, *, abort: Callable[[], object] | None = None,
          outcome: dict[str, BaseException] | None = None) -> threading.Thread:
    def run() -> None:
        try:
            with queue.turn(priority, abort=abort):
                started.append(name)
                release.wait(5)
        except BaseException as error:  # recorded for the test to read
            if outcome is not None:
                outcome[name] = error

    thread = threading.Thread(target=run, name=name)
    thread.start()
    return thread


def _until(condition: Callable[[], bool], seconds: float = 5.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out waiting"
        time.sleep(0.01)


def test_questions_go_first_then_chips_then_background() -> None:
    queue = ServerQueue("test", quiet_after_question=0.0)
    started: list[str] = []
    gates = {name: threading.Event() for name in ("first", "background", "chips", "question")}
    first = _hold(queue, Priority.QUESTION, started, "first", gates["first"])
    _until(lambda: started == ["first"])
    background = _hold(queue, Priority.BACKGROUND, started, "background", gates["background"])
    time.sleep(0.05)
    question = _hold(queue, Priority.QUESTION, started, "question", gates["question"])
    time.sleep(0.05)
    gates["first"].set()
    _until(lambda: started == ["first", "question"])  # ahead of the older background call
    chips = _hold(queue, Priority.CHIPS, started, "chips", gates["chips"])
    time.sleep(0.05)
    gates["question"].set()
    _until(lambda: started == ["first", "question", "chips"])  # chips before background
    gates["chips"].set()
    _until(lambda: started[-1] == "background")
    gates["background"].set()
    for thread in (first, background, question, chips):
        thread.join(5)


def test_a_running_background_call_gives_way_when_the_reader_asks() -> None:
    queue = ServerQueue("test", quiet_after_question=0.0)
    started: list[str] = []
    aborted = threading.Event()
    background_done = threading.Event()
    background = _hold(queue, Priority.BACKGROUND, started, "background", background_done,
                       abort=lambda: (aborted.set(), background_done.set()))
    _until(lambda: started == ["background"])
    question_done = threading.Event()
    question = _hold(queue, Priority.QUESTION, started, "question", question_done)
    assert aborted.wait(2), "the background call's connection was not shut"
    _until(lambda: started == ["background", "question"])
    question_done.set()
    background.join(5)
    question.join(5)
    assert queue.gave_way == 1


def test_waiting_chips_give_way_to_a_question() -> None:
    queue = ServerQueue("test")
    started: list[str] = []
    outcome: dict[str, BaseException] = {}
    answer_done = threading.Event()
    answer = _hold(queue, Priority.QUESTION, started, "answer", answer_done)
    _until(lambda: started == ["answer"])
    chips = _hold(queue, Priority.CHIPS, started, "chips", threading.Event(), outcome=outcome)
    time.sleep(0.05)
    follow_up_done = threading.Event()
    follow_up = _hold(queue, Priority.QUESTION, started, "follow-up", follow_up_done)
    chips.join(5)
    assert isinstance(outcome.get("chips"), GaveWayError)
    answer_done.set()
    follow_up_done.set()
    answer.join(5)
    follow_up.join(5)
    assert started == ["answer", "follow-up"]


def test_background_work_waits_for_the_reader_to_be_quiet() -> None:
    queue = ServerQueue("test", quiet_after_question=0.3)
    with queue.turn(Priority.QUESTION):
        pass
    asked = time.monotonic()
    with queue.turn(Priority.BACKGROUND):
        waited = time.monotonic() - asked
    assert waited >= 0.25


def test_nothing_but_the_question_starts_while_it_is_prepared() -> None:
    queue = ServerQueue("test", quiet_after_question=0.0)
    started: list[str] = []
    with queue.question_coming():
        background = _hold(queue, Priority.BACKGROUND, started, "background",
                           threading.Event())
        time.sleep(0.1)
        assert started == []
        # A call the preparing thread makes itself (a persona, a rewrite) is the reader's.
        with queue.turn(Priority.BACKGROUND) as ticket:
            assert ticket.priority == Priority.QUESTION
    _until(lambda: started == ["background"])
    background.join(6)


def test_a_cancelled_job_stops_waiting_for_its_turn() -> None:
    queue = ServerQueue("test")
    cancel = CancelToken()
    with queue.turn(Priority.QUESTION):
        threading.Timer(0.1, cancel.cancel).start()
        with pytest.raises(WaitCancelledError), queue.turn(Priority.BACKGROUND, cancel=cancel):
            pass
    assert not queue.busy


def test_the_queue_tells_how_much_of_a_prompt_the_server_already_read() -> None:
    queue = ServerQueue("test")
    assert queue.shared_prefix_chars("abc") == 0
    queue.note_prompt("rules|turn one|answer one|turn two")
    assert queue.shared_prefix_chars("rules|turn one|answer one|turn three") == len(
        "rules|turn one|answer one|turn t")
    assert queue.shared_prefix_chars("other") == 0


def test_one_queue_per_server_whichever_api_its_address_names() -> None:
    assert server_key("http://127.0.0.1:11434") == server_key("http://127.0.0.1:11434/v1")
    assert queue_for("http://localhost:8080/v1") is queue_for("http://LOCALHOST:8080")
    assert queue_for("http://localhost:8080") is not queue_for("http://localhost:8081")

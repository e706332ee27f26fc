"""The one worker mechanism: progress streams, cancel stops, and replies to a job no longer
awaited are dropped (the stale-reply rule by job id)."""

from __future__ import annotations

import threading
from typing import Any

from pytestqt.qtbot import QtBot

from reader_app.ui.workers import Job, Workers


class Recorder:
    def __init__(self) -> None:
        self.done: list[object] = []
        self.errors: list[BaseException] = []
        self.progress: list[object] = []

    def callbacks(self) -> dict[str, Any]:
        return {
            "on_done": self.done.append,
            "on_error": self.errors.append,
            "on_progress": self.progress.append,
        }


def test_progress_streams_in_order_then_the_result_arrives(qtbot: QtBot) -> None:
    workers = Workers()
    seen = Recorder()

    def work(job: Job) -> str:
        for word in ("the", "lantern", "swung"):
            job(word)
        return "finished"

    job = workers.submit("answer", work, **seen.callbacks())
    qtbot.waitUntil(lambda: seen.done == ["finished"], timeout=5000)
    assert seen.progress == ["the", "lantern", "swung"] and seen.errors == []
    assert not workers.is_current(job.job_id)  # answered: no longer awaited
    workers.wait()


def test_a_newer_job_on_the_lane_makes_the_older_stale_and_cancels_it(qtbot: QtBot) -> None:
    workers = Workers(max_threads=2)
    first, second = Recorder(), Recorder()
    release = threading.Event()
    first_saw_cancel = threading.Event()

    def slow(job: Job) -> str:
        release.wait(5)
        job("late progress")
        if job.cancelled:
            first_saw_cancel.set()
        return "old answer"

    old = workers.submit("search", slow, **first.callbacks())
    new = workers.submit("search", lambda job: "new answer", **second.callbacks())
    assert old.cancelled and not workers.is_current(old.job_id) and workers.is_current(new.job_id)
    release.set()
    qtbot.waitUntil(lambda: second.done == ["new answer"], timeout=5000)
    assert workers.wait_idle(5000)  # every reply of the old job has arrived, to be dropped
    assert first.done == [] and first.progress == [] and first.errors == []
    assert first_saw_cancel.is_set()


def test_lanes_are_independent(qtbot: QtBot) -> None:
    workers = Workers(max_threads=2)
    covers, search = Recorder(), Recorder()
    workers.submit("cover:a", lambda job: "png", **covers.callbacks())
    workers.submit("search", lambda job: ["hit"], **search.callbacks())
    qtbot.waitUntil(lambda: covers.done == ["png"] and search.done == [["hit"]], timeout=5000)
    workers.wait()


def test_a_cancelled_job_drops_its_progress_but_its_outcome_arrives(qtbot: QtBot) -> None:
    workers = Workers()
    seen = Recorder()
    started, resume = threading.Event(), threading.Event()

    def work(job: Job) -> str:
        job("before")
        started.set()
        resume.wait(5)
        job("after the stop")
        return "kept so far" if job.cancelled else "whole"

    job = workers.submit("answer", work, **seen.callbacks())
    assert started.wait(5)
    qtbot.waitUntil(lambda: seen.progress == ["before"], timeout=5000)
    job.cancel()
    resume.set()
    qtbot.waitUntil(lambda: seen.done == ["kept so far"], timeout=5000)
    assert seen.progress == ["before"]
    workers.wait()


def test_dropping_a_lane_means_nothing_more_arrives(qtbot: QtBot) -> None:
    workers = Workers()
    seen = Recorder()
    resume = threading.Event()

    def work(job: Job) -> str:
        resume.wait(5)
        job("progress")
        return "result"

    job = workers.submit("prepare", work, **seen.callbacks())
    workers.drop("prepare")
    assert job.cancelled and workers.current("prepare") is None
    resume.set()
    assert workers.wait_idle(5000)
    assert seen.done == [] and seen.progress == [] and seen.errors == []


def test_an_exception_in_the_work_reaches_on_error(qtbot: QtBot) -> None:
    workers = Workers()
    seen = Recorder()

    def work(job: Job) -> None:
        raise ValueError("the page would not decode")

    workers.submit("open", work, **seen.callbacks())
    qtbot.waitUntil(lambda: len(seen.errors) == 1, timeout=5000)
    assert isinstance(seen.errors[0], ValueError) and seen.done == []
    workers.wait()


def test_wait_idle_returns_once_every_reply_and_every_job_they_started_is_handled(
    qtbot: QtBot,
) -> None:
    workers = Workers()
    seen = Recorder()

    def done(result: str) -> None:
        seen.done.append(result)
        if result == "first":  # a reply that starts another job, as an answer's upkeep does
            workers.submit("upkeep", lambda job: "second", on_done=done,
                           on_error=seen.errors.append)

    workers.submit("answer", lambda job: "first", on_done=done, on_error=seen.errors.append)
    assert workers.wait_idle(5000)  # no event loop turned here: wait_idle hands the replies over
    assert seen.done == ["first", "second"] and seen.errors == []
    assert workers.current("answer") is None and workers.current("upkeep") is None

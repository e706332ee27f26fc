"""A companion job waiting for the model server's turn ends when the window closes (issue 38):
before, the X-Ray catch-up's summaries waited on for a turn nobody would give, and the worker was
still running Python when the interpreter ended ("Qt Concurrent has caught an exception thrown
from a worker thread", at the end of every `make test-llm`)."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from pytestqt.qtbot import QtBot

from reader_app.rag.assistant.prompts import hypothetical_request
from reader_app.rag.companion.features import Companion
from reader_app.rag.model.schedule import Priority, queue_for
from reader_app.settings import SettingsStore
from tests.fakes.fake_ollama import FakeOllama
from tests.ui.conftest import make_window


def test_a_companion_job_waiting_for_the_server_ends_when_the_window_closes(
    qtbot: QtBot, library_home: Path, fake_ollama: FakeOllama
) -> None:
    window = make_window(qtbot, library_home, prepare_assistant=True)
    SettingsStore(window.library.conn).set("assistant.ollama_host", fake_ollama.url)
    window.dock_shared.first_page.open()  # no book: the docks' jobs need not wait for a page
    waiting = threading.Event()
    ended: list[str] = []

    def summarise(companion: Companion) -> Any:
        assert companion.gateway is not None
        waiting.set()
        try:  # background work: it waits while a question is being prepared
            return companion.gateway.port.reply(hypothetical_request("q", title="t"),
                                                priority=Priority.BACKGROUND)
        finally:
            ended.append("ended")

    with queue_for(fake_ollama.url).question_coming():  # the turn is not coming
        window.companion._run("catch-up", summarise, lambda _value: None, model=True)
        assert waiting.wait(10)
        window.close()
        assert window.companion.jobs.wait(3000), "the job still waits for its turn"
    assert ended == ["ended"]
    assert fake_ollama.model_calls() == []

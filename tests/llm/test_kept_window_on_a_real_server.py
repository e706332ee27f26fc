"""The window read along, kept in a real llama.cpp server's slot file from one reading to the
next (rag/assistant/kept_window.py): the real panel reads along and, as the book closes, has the
server save it; the server and the app start again, and as the book opens the slot is restored,
so the server reads the window again from its file, not from the text (its own count, `/slots`).

The server is started as Settings › Assistant tells readers to start it: `--slot-save-path`, and
`--swa-full` for a model with sliding-window attention like the test's Gemma 3 (without it the
server cannot reuse a restored state and reads it all again)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from reader_app.rag.assistant import read_along
from reader_app.rag.model.schedule import queue_for
from reader_app.settings import SettingsStore
from reader_app.ui.assistant.panel import AssistantPanel
from tests.fakes.marker_library import MarkerLibrary
from tests.llm.server import MODEL, LlamaServer, ServerUnavailable

pytestmark = pytest.mark.llm
WAIT_MS = 600_000
PROMPT_EVAL = re.compile(r"prompt eval time = +[\d.]+ ms / +(\d+) tokens")


def _server(folder: Path, log: Path, *, port: int | None = None) -> LlamaServer:
    # `port`: the same address as before (the file is named for the server's address)
    server = LlamaServer(context=4096, log=log, port=port,
                         extra=("--swa-full", "--slot-save-path", str(folder)))
    try:
        return server.start()
    except ServerUnavailable as missing:
        pytest.skip(str(missing))


@pytest.fixture
def slots(tmp_path: Path) -> Iterator[Path]:
    folder = tmp_path / "slots"
    folder.mkdir()
    yield folder


def _panel(qtbot: QtBot, shelf: MarkerLibrary, url: str) -> AssistantPanel:
    settings = SettingsStore(shelf.conn)
    settings.set("assistant.ollama_host", url)
    settings.set("assistant.model", MODEL)
    settings.set("assistant.rewrite_queries", False)
    panel = AssistantPanel(shelf.home, embedder=shelf.embedder)
    qtbot.addWidget(panel)
    panel.show()
    panel.set_book(shelf.book)
    assert panel.workers.wait_idle(WAIT_MS)
    return panel


def _read_afresh(qtbot: QtBot, log: Path) -> list[int]:
    """The tokens the server read afresh for each request, from its own log. The server writes
    its log from a thread of its own, so a request's timings may land just after its reply."""
    def found() -> list[int]:
        return [int(match) for match in PROMPT_EVAL.findall(log.read_text(errors="replace"))]

    qtbot.waitUntil(lambda: bool(found()), timeout=10_000)
    return found()


def test_a_slot_saved_on_close_is_restored_on_open(
    qtbot: QtBot, shelf: MarkerLibrary, slots: Path, tmp_path: Path
) -> None:
    shelf.read_through(1, 7)
    server = _server(slots, tmp_path / "first.log")
    try:
        panel = _panel(qtbot, shelf, server.v1_url)
        assert panel.read_along_text.startswith("The model has read along up to")
        read_first = sum(_read_afresh(qtbot, tmp_path / "first.log"))
        assert read_first > 300  # the window, read from its text
        panel.set_book(None)  # the book closes: the slot is saved
        assert panel.workers.wait_idle(WAIT_MS)
        [saved] = list(slots.iterdir())
        assert saved.name.startswith(f"pagemate-{shelf.book.book_id[:16]}-")
        assert saved.stat().st_size > 100_000  # the server's state, not a note
        panel.shutdown()
    finally:
        server.stop()

    # The server and the app start again: nothing cached, nothing known to have been read.
    read_along.forget_readings()
    queue_for(server.v1_url).note_prompt("")
    again = _server(slots, tmp_path / "second.log", port=server.port)
    try:
        panel = _panel(qtbot, shelf, again.v1_url)
        assert panel.read_along_text.startswith("The model has read along up to")
        # Read from the file: each step re-reads only the last token of what it holds.
        steps = _read_afresh(qtbot, tmp_path / "second.log")
        assert steps and max(steps) <= 4, (steps, read_first)
        panel.shutdown()
    finally:
        again.stop()

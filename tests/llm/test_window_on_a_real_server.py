"""The real window against a real llama.cpp server (behind a recording proxy): questions typed in
the panel stream to their end, Stop ends the answer and frees the server, and no request carries
text after the boundary the page turns recorded."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from reader_app.rag.model.schedule import queue_for
from reader_app.settings import SettingsStore
from tests.bookgen import marker_book
from tests.e2e.test_spoiler_wire_window import (
    JAILBREAKS,
    MARKER,
    boundary_offset,
    marker_ends,
)
from tests.llm.recording_proxy import RecordingProxy
from tests.llm.server import MODEL, LlamaServer
from tests.ui.conftest import make_window, show_book

pytestmark = pytest.mark.llm
ANSWER_SECONDS = 600


def test_the_panel_streams_real_answers_stops_and_sends_nothing_unread(
    qtbot: QtBot, library_home: Path, llama: LlamaServer, proxy: RecordingProxy
) -> None:
    window = make_window(qtbot, library_home, prepare_assistant=True)
    settings = SettingsStore(window.library.conn)
    settings.set("assistant.ollama_host", proxy.v1_url)
    settings.set("assistant.model", MODEL)
    book = marker_book(chapters=4, paragraphs=16)
    ends = marker_ends(book)
    show_book(window, book)
    qtbot.waitUntil(lambda: window.status_assistant.text() == "Assistant ready", timeout=120_000)
    view = window.reader.epub_view
    for _ in range(3):
        qtbot.keyClick(view, Qt.Key.Key_Right)
    read_to = boundary_offset(window, book)
    future = {m for m, end in ends.items() if end > read_to}
    assert future

    panel = window.assistant_panel
    panel.show()
    for question in JAILBREAKS[:2]:
        panel.input.setPlainText(question)
        qtbot.mouseClick(panel.send_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: not panel.running, timeout=ANSWER_SECONDS * 1000)
        assert question in panel.transcript.toPlainText()
    assert len(proxy.model_calls()) >= 2

    # Stop while the answer streams: the panel stops at once and the server is free again. The
    # companion's background work waits for the reader's questions and would start at once
    # after the Stop (rag/model/schedule.py): held back here, so the server's own state is seen.
    queue_for(proxy.v1_url).quiet_after_question = 120.0
    settings.set("assistant.answer_length", "long")
    before = panel.transcript.toPlainText()
    panel.input.setPlainText("Tell me everything about the mill, in detail.")
    qtbot.mouseClick(panel.send_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: len(panel.transcript.toPlainText()) > len(before) + 80,
                    timeout=ANSWER_SECONDS * 1000)
    qtbot.mouseClick(panel.stop_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not panel.running, timeout=10_000)
    deadline = time.monotonic() + 15
    while llama.busy() and time.monotonic() < deadline:
        qtbot.wait(100)
    assert not llama.busy()

    invented = set(MARKER.findall(proxy.replies_text()))
    for request in proxy.requests:
        text = request.scanned_text()
        for question in JAILBREAKS:
            text = text.replace(question, "")
        leaked = (future & set(MARKER.findall(text))) - invented
        assert not leaked, f"{request.path} carried unread text: {sorted(leaked)[:5]}"
    window.close()

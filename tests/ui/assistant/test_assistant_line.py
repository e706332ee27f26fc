"""The status bar and the panel are honest about the model: down is said, a stale banner goes."""

from __future__ import annotations

import socket
from collections.abc import Iterator

import pytest
from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

from reader_app.settings import SettingsStore
from reader_app.ui.assistant.assistant_line import AssistantLine
from reader_app.ui.assistant.panel import AssistantPanel
from tests.fakes.fake_ollama import FakeOllama, ScriptedReplies
from tests.fakes.marker_library import MarkerLibrary


@pytest.fixture
def panel(qtbot: QtBot, shelf: MarkerLibrary) -> Iterator[AssistantPanel]:
    SettingsStore(shelf.conn).set("assistant.rewrite_queries", False)
    SettingsStore(shelf.conn).set("assistant.ollama_host", closed_port_url())  # Ollama is down
    panel = AssistantPanel(shelf.home, embedder=shelf.embedder)
    qtbot.addWidget(panel)
    panel.show()
    panel.set_book(shelf.book)
    yield panel
    panel.shutdown()


def closed_port_url() -> str:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    return f"http://127.0.0.1:{port}"


def test_ollama_down_is_said_and_the_banner_goes_when_the_host_changes(
    qtbot: QtBot, panel: AssistantPanel, shelf: MarkerLibrary, fake_ollama: FakeOllama
) -> None:
    settings = SettingsStore(shelf.conn)
    label = QLabel()
    status = AssistantLine(label=label, panel=panel, settings=settings, parent=panel)
    status.preparation_news("Assistant ready")
    panel.ask("Who carried the lantern?")
    qtbot.waitUntil(lambda: not panel.running, timeout=20_000)
    assert panel.banner.isVisible() and "isn't running" in panel.banner_text.text()
    assert label.text().startswith("Index ready · the model can't be reached")
    assert "isn't running" in label.toolTip()
    # The reader points Settings at a running Ollama: the old news goes at once.
    settings.set("assistant.ollama_host", fake_ollama.url)
    status.settings_changed()
    assert not panel.banner.isVisible()
    assert label.text() == "Assistant ready"


def test_an_answer_streaming_takes_the_stale_banner_away(
    qtbot: QtBot, panel: AssistantPanel, shelf: MarkerLibrary, fake_ollama: FakeOllama
) -> None:
    settings = SettingsStore(shelf.conn)
    label = QLabel()
    status = AssistantLine(label=label, panel=panel, settings=settings, parent=panel)
    status.preparation_news("Assistant ready")
    panel.ask("Who carried the lantern?")
    qtbot.waitUntil(lambda: not panel.running, timeout=20_000)
    assert panel.banner.isVisible()
    fake_ollama.reply_with(ScriptedReplies(answer="Anna carried it."))
    settings.set("assistant.ollama_host", fake_ollama.url)  # Ollama started there meanwhile
    panel.ask("Who carried the lantern?")
    qtbot.waitUntil(lambda: not panel.running, timeout=20_000)
    assert "Anna carried it." in panel.transcript.toPlainText()
    assert not panel.banner.isVisible()
    assert label.text() == "Assistant ready"

"""The panel keeps one assistant (connection, gateway, Ollama client) between questions and
builds a new one only when the settings change: against the fake Ollama, through the real client.
"""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from reader_app.settings import SettingsStore
from reader_app.ui.assistant.panel import AssistantPanel
from tests.fakes.fake_ollama import FakeOllama, RecordedRequest, ScriptedReplies
from tests.fakes.marker_library import MarkerLibrary


def _answers(fake: FakeOllama) -> list[RecordedRequest]:
    return [r for r in fake.model_calls() if r.wants_stream and not r.format and not r.warm_up]


def _ask(qtbot: QtBot, panel: AssistantPanel, question: str) -> None:
    panel.ask(question)
    qtbot.waitUntil(lambda: not panel.running, timeout=15_000)
    assert panel.workers.wait(15_000)  # the summary upkeep after the answer is done too


def test_questions_reuse_one_assistant_until_the_settings_change(
    qtbot: QtBot, shelf: MarkerLibrary, fake_ollama: FakeOllama
) -> None:
    settings = SettingsStore(shelf.conn)
    settings.set("assistant.ollama_host", fake_ollama.url)
    settings.set("assistant.rewrite_queries", False)
    fake_ollama.reply_with(ScriptedReplies(answer="Anna carried the lantern."))
    panel = AssistantPanel(shelf.home, embedder=shelf.embedder)
    qtbot.addWidget(panel)
    panel.show()
    panel.set_book(shelf.book)
    assert panel.workers.wait(10_000)  # the warm-up, which lends the assistant only briefly
    try:
        _ask(qtbot, panel, "Who carried the lantern?")
        _ask(qtbot, panel, "Where did she take it?")
        assert panel.transcript.toPlainText().count("Anna carried the lantern.") == 2
        assert panel.assistants.built == 1
        assert len(_answers(fake_ollama)) == 2

        with FakeOllama() as other:
            other.reply_with(ScriptedReplies(answer="The other host answers."))
            settings.set("assistant.ollama_host", other.url)
            _ask(qtbot, panel, "And then?")
            assert "The other host answers." in panel.transcript.toPlainText()
            assert len(_answers(other)) == 1
        assert len(_answers(fake_ollama)) == 2
        assert panel.assistants.built == 2  # rebuilt once, for the new host
    finally:
        panel.shutdown()

"""The panel, asked about a comic while OCR still reads its pages: it says "Still reading the
comic's pages: N%; the answer will use pages 1-3 when it is done", then gives a grounded answer."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from reader_app.settings import SettingsStore
from reader_app.store.db import connect
from reader_app.ui.assistant.panel import AssistantPanel
from tests.fakes.embedders import HashEmbedder
from tests.fakes.fake_ollama import FakeOllama, ScriptedReplies
from tests.unit.rag.assistant.test_comic_pages import DRAGON_QUESTION, comic_being_read


def test_the_panel_says_it_is_still_reading_the_pages_then_answers_from_them(
    qtbot: QtBot, tmp_path: Path, library_home: Path, fake_ollama: FakeOllama
) -> None:
    conn = connect(library_home)
    settings = SettingsStore(conn)
    settings.set("assistant.ollama_host", fake_ollama.url)
    settings.set("assistant.rewrite_queries", False)
    conn.close()
    fake_ollama.reply_with(ScriptedReplies(answer="Under the old mill [1]."))
    book, engine, preparing = comic_being_read(tmp_path, library_home)
    panel = AssistantPanel(library_home, embedder=HashEmbedder())
    qtbot.addWidget(panel)
    panel.show()
    panel.set_book(book)
    try:
        panel.ask(DRAGON_QUESTION)
        qtbot.waitUntil(lambda: panel.note.isVisible() and panel.note.text().startswith(
            "Still reading the comic's pages: 0%"), timeout=10_000)
        assert panel.note.text().endswith("the answer will use pages 1-3 when it is done")
        assert "haven't started" not in panel.transcript.toPlainText()
        engine.allowed.release(3)  # the preparation reads pages 1-3
        qtbot.waitUntil(lambda: not panel.running, timeout=20_000)
        assert "Under the old mill" in panel.transcript.toPlainText()
        assert not panel.note.isVisible()
        assert any("old mill" in r.text for r in fake_ollama.model_calls())
        assert all("snowy" not in r.text for r in fake_ollama.model_calls())
    finally:
        engine.allowed.release(5)
        preparing.join(30)
        panel.shutdown()

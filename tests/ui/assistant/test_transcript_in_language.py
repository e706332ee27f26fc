"""The assistant's transcript in the window's language (issue 41): the reader's "You:", a veil's
"show anyway" and an answer's receipt are the catalogue's words in German, while the book's own
words (the receipt's chapter) and the model's answer stay as they are; the command line's
receipt stays English."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from reader_app.rag.assistant.answer_check import Receipt
from reader_app.settings import SettingsStore
from reader_app.ui.assistant.panel import AssistantPanel
from reader_app.ui.translation import said
from tests.fakes.fake_ollama import FakeOllama, Reply, ScriptedReplies
from tests.fakes.marker_library import MarkerLibrary
from tests.ui.assistant.test_spoiler_receipt_panel import SPOILING, _last_answer


def test_a_german_transcript_says_its_own_words_in_german(
    qtbot: QtBot, shelf: MarkerLibrary, fake_ollama: FakeOllama, german: None
) -> None:
    settings = SettingsStore(shelf.conn)
    settings.set("assistant.ollama_host", fake_ollama.url)
    settings.set("assistant.rewrite_queries", False)
    panel = AssistantPanel(shelf.home, embedder=shelf.embedder)
    qtbot.addWidget(panel)
    panel.show()
    panel.set_book(shelf.book)
    try:
        fake_ollama.reply_with(ScriptedReplies(answer=Reply(SPOILING, token_delay=0.01)))
        panel.ask("Wer trug die Laterne?")
        qtbot.waitUntil(lambda: not panel.running, timeout=20_000)
        shown = panel.transcript.toPlainText()
        assert "Sie: Wer trug die Laterne?" in shown
        assert "Assistent: Anna carried the lantern to the mill" in shown  # the model's words
        assert "[dieser Teil könnte verraten, was später kommt: trotzdem zeigen]" in shown
        answer = _last_answer(shelf)
        assert answer.check is not None
        receipt = answer.check.receipt
        assert f"▸ Aus dem Text bis {receipt.boundary} · 2 Stellen" in shown, shown
        assert receipt.line.startswith(f"From the text up to {receipt.boundary} · 2 passages")
    finally:
        panel.shutdown()


def test_a_receipt_says_where_the_passages_came_from_in_german(german: None) -> None:
    found_here = Receipt("Chapter 2 (40%)", 1, from_model=False)
    assert said(found_here.words()) == (
        "1 Stelle auf diesem Computer im Text bis Chapter 2 (40%) gefunden"
        " · nichts hat diesen Computer verlassen")
    assert found_here.line == ("1 passage found on this computer in the text up to Chapter 2 "
                               "(40%) · nothing left this computer")
    sent = Receipt("", 0, sent_to="books.example")
    assert said(sent.words()) == (
        "Nur aus Titel und Beschreibung: noch nichts gelesen · gesendet an books.example")
    assert sent.line == ("From the title and description only: nothing read yet · sent to "
                         "books.example")

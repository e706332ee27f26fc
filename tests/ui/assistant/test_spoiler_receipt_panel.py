"""The spoiler receipt in the real panel: later names veiled from the first streamed token, a
"show anyway" link, and the receipt line that opens the passages."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt, QUrl
from pytestqt.qtbot import QtBot

from reader_app.rag.assistant.answer_view import VEIL_LINK
from reader_app.rag.assistant.conversations import ConversationStore, Message
from reader_app.rag.scope.boundary import whole_comic_chosen
from reader_app.settings import SettingsStore
from reader_app.ui.assistant.panel import AssistantPanel
from tests.fakes.fake_ollama import FakeOllama, Reply, ScriptedReplies
from tests.fakes.marker_library import MarkerLibrary
from tests.ui.assistant.test_assistant_panel import _links

SPOILING = (
    "Anna carried the lantern to the mill [1]. Then Valdemar opened the Obsidian Gate at last. "
    "Boris stayed by the river [2]."
)


@pytest.fixture
def panel(qtbot: QtBot, shelf: MarkerLibrary, fake_ollama: FakeOllama) -> Iterator[AssistantPanel]:
    settings = SettingsStore(shelf.conn)
    settings.set("assistant.ollama_host", fake_ollama.url)
    settings.set("assistant.rewrite_queries", False)
    panel = AssistantPanel(shelf.home, embedder=shelf.embedder)
    qtbot.addWidget(panel)
    panel.resize(420, 640)
    panel.show()
    panel.set_book(shelf.book)
    yield panel
    panel.shutdown()


def _last_answer(shelf: MarkerLibrary) -> Message:
    store = ConversationStore(shelf.conn)
    conversation = store.latest_conversation(shelf.book.book_id)
    assert conversation is not None
    return store.messages(conversation)[-1]


def _ask(qtbot: QtBot, panel: AssistantPanel, question: str) -> None:
    panel.ask(question)
    qtbot.waitUntil(lambda: not panel.running, timeout=20_000)


def test_a_later_name_is_veiled_from_the_first_token_until_the_reader_asks(
    qtbot: QtBot, panel: AssistantPanel, shelf: MarkerLibrary, fake_ollama: FakeOllama
) -> None:
    fake_ollama.reply_with(ScriptedReplies(answer=Reply(SPOILING, token_delay=0.01)))
    seen: list[str] = []
    panel.transcript.textChanged.connect(lambda: seen.append(panel.transcript.toPlainText()))
    _ask(qtbot, panel, "Who carried the lantern?")
    assert len(seen) > 5, "the answer streamed in pieces"
    assert not any("Valdemar" in text or "Obsidian" in text for text in seen)
    shown = panel.transcript.toPlainText()
    assert "Anna carried the lantern to the mill" in shown and "Boris stayed by the river" in shown
    assert VEIL_LINK in shown
    panel.grab().save(str(shelf.home / "veiled.png"))

    stored = _last_answer(shelf)
    assert stored.check is not None
    assert {f.flag.text for f in stored.check.flagged} == {"Valdemar", "Obsidian Gate"}
    assert all(f.first_at.startswith("Chapter 3") for f in stored.check.flagged)
    start, end = stored.check.veiled[0]
    assert stored.text[start:end] == "Then Valdemar opened the Obsidian Gate at last."

    [reveal] = _links(panel, prefix="reveal:")
    panel.transcript.anchorClicked.emit(QUrl(reveal))
    assert "Then Valdemar opened the Obsidian Gate at last." in panel.transcript.toPlainText()
    assert VEIL_LINK not in panel.transcript.toPlainText()


def test_names_already_met_are_not_veiled_and_the_receipt_opens_the_passages(
    qtbot: QtBot, panel: AssistantPanel, shelf: MarkerLibrary, fake_ollama: FakeOllama
) -> None:
    met = "Anna carried the lantern to the mill [1]. Clara and Dmitri stayed at the chapel [2]."
    fake_ollama.reply_with(ScriptedReplies(answer=met))
    _ask(qtbot, panel, "Who carried the lantern?")
    shown = panel.transcript.toPlainText()
    assert met in shown and VEIL_LINK not in shown
    stored = _last_answer(shelf)
    assert stored.check is not None and stored.check.flagged == ()
    passages = len(stored.citations)
    unit = "passage" if passages == 1 else "passages"
    knows = panel.header.text().removeprefix("Knows up to: ")  # the panel's words, the same
    assert knows == "Chapter 2 (38%)"
    assert f"From the text up to {knows} · {passages} {unit}" in shown
    assert not _listed(panel), "the passages wait behind the receipt"
    [receipt] = _links(panel, prefix="receipt:")
    panel.transcript.anchorClicked.emit(QUrl(receipt))
    assert len(_listed(panel)) == passages > 0
    panel.grab().save(str(shelf.home / "receipt-open.png"))


def test_the_question_own_words_never_flag(
    qtbot: QtBot, panel: AssistantPanel, shelf: MarkerLibrary, fake_ollama: FakeOllama
) -> None:
    fake_ollama.reply_with(
        ScriptedReplies(answer="Nobody called Valdemar appears in what you have read so far.")
    )
    _ask(qtbot, panel, "Who is Valdemar?")
    assert VEIL_LINK not in panel.transcript.toPlainText()
    assert "Valdemar appears" in panel.transcript.toPlainText()




def test_prepare_whole_comic_is_shown_while_it_is_on(
    qtbot: QtBot, panel: AssistantPanel, shelf: MarkerLibrary
) -> None:
    comic = dataclasses.replace(shelf.book, format="cbz")
    panel.set_book(comic)
    assert not panel.whole_comic.isVisible()
    shelf.library.set_whole_comic(comic.book_id, True)  # what Comics › Prepare Whole Comic does
    panel.refresh_scope()
    assert panel.whole_comic.isVisible()
    assert "every page" in panel.whole_comic_text.text()
    qtbot.mouseClick(panel.whole_comic_off, Qt.MouseButton.LeftButton)
    assert not panel.whole_comic.isVisible()
    qtbot.waitUntil(lambda: not whole_comic_chosen(shelf.conn, comic.book_id), timeout=10_000)


def _listed(panel: AssistantPanel) -> list[str]:
    """The passage links listed under an answer ("[1] Chapter 2: …"), not the inline "[1]" in
    its words, which is a link too."""
    listed: list[str] = []
    block = panel.transcript.document().begin()
    while block.isValid():
        iterator = block.begin()
        while not iterator.atEnd():
            fragment = iterator.fragment()
            href = fragment.charFormat().anchorHref()
            inline = re.fullmatch(r"\[\d+\]", fragment.text())
            if href.startswith("cite:") and not inline and href not in listed:
                listed.append(href)
            iterator += 1
        block = block.next()
    return listed

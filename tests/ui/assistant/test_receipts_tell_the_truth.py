"""The receipt under an answer says what went over the wire, in the real panel: nothing sent to a
server elsewhere without consent (and the status line does not call it unreachable), nothing
sent to one that could not be reached, "sent to" only when the request reached it."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

from reader_app.rag.assistant.conversations import ConversationStore, Message
from reader_app.settings import SettingsStore
from reader_app.ui.assistant.assistant_line import READY, AssistantLine
from reader_app.ui.assistant.panel import AssistantPanel
from tests.fakes.fake_ollama import FakeOllama, ScriptedReplies
from tests.fakes.marker_library import MarkerLibrary, marker_library

QUESTION = "Who carried the lantern?"
NOTHING_LEFT = "nothing left this computer"

Configure = Callable[..., AssistantPanel]


def _panel(qtbot: QtBot, shelf: MarkerLibrary, *, host: str, remote: bool,
           agreed: bool) -> AssistantPanel:
    settings = SettingsStore(shelf.conn)
    settings.set("assistant.ollama_host", host)
    settings.set("assistant.treat_as_remote", ["127.0.0.1"] if remote else [])
    settings.set("assistant.allowed_remote_hosts", ["127.0.0.1"] if agreed else [])
    settings.set("assistant.rewrite_queries", False)
    panel = AssistantPanel(shelf.home, embedder=shelf.embedder)
    qtbot.addWidget(panel)
    panel.resize(420, 640)
    panel.show()
    panel.set_book(shelf.book)
    panel.workers.wait(10_000)  # the warm-up
    return panel


@pytest.fixture
def remote_panel(qtbot: QtBot, shelf: MarkerLibrary) -> Iterator[Configure]:
    """A panel whose server, on 127.0.0.1, counts as another computer (a test's stand-in for
    http://192.0.2.2:8080), at `host`, with or without the reader's consent."""
    panels: list[AssistantPanel] = []

    def make(*, host: str, agreed: bool) -> AssistantPanel:
        panels.append(_panel(qtbot, shelf, host=host, remote=True, agreed=agreed))
        return panels[-1]

    yield make
    for panel in panels:
        panel.shutdown()


def _ask(qtbot: QtBot, panel: AssistantPanel) -> Message:
    panel.ask(QUESTION)
    qtbot.waitUntil(lambda: not panel.running, timeout=20_000)
    return _last(panel)


def _last(panel: AssistantPanel) -> Message:
    store = ConversationStore(panel._conn)
    assert panel.book is not None
    conversation = store.latest_conversation(panel.book.book_id)
    assert conversation is not None
    return store.messages(conversation)[-1]


def _receipt_line(panel: AssistantPanel) -> str:
    return next(line for line in panel.transcript.toPlainText().splitlines()
                if line.startswith("▸"))


def test_without_consent_nothing_is_sent_and_the_receipt_and_status_line_say_so(
    qtbot: QtBot, remote_panel: Configure, fake_ollama: FakeOllama
) -> None:
    panel = remote_panel(host=fake_ollama.v1_url, agreed=False)
    status = QLabel()
    line = AssistantLine(label=status, panel=panel, settings=SettingsStore(panel._conn),
                         parent=panel)
    line.preparation_news(READY)
    answer = _ask(qtbot, panel)

    assert fake_ollama.requests == [], "not even the model list or /props went out"
    assert answer.status == "fallback"
    receipt = _receipt_line(panel)
    shown = len(answer.citations)
    assert receipt == (f"▸ {shown} passages found on this computer in the text up to "
                       f"Chapter 2 (38%) · {NOTHING_LEFT}")
    assert "sent to" not in panel.transcript.toPlainText()
    assert status.text() == "Index ready · nothing sent to 127.0.0.1 without your consent"
    assert "can't be reached" not in status.text()
    assert panel.banner.isVisible() and "not on this computer" in panel.banner_text.text()

    # The reader agrees in Settings: the old banner and status go with the refusal.
    SettingsStore(panel._conn).set("assistant.allowed_remote_hosts", ["127.0.0.1"])
    line.settings_changed()
    assert not panel.banner.isVisible()
    assert status.text() == READY


def test_a_server_elsewhere_that_cannot_be_reached_was_sent_nothing(
    qtbot: QtBot, remote_panel: Configure
) -> None:
    panel = remote_panel(host="http://127.0.0.1:9/v1", agreed=True)  # nothing listens there
    answer = _ask(qtbot, panel)
    assert answer.status == "fallback"
    assert _receipt_line(panel).endswith(f"· {NOTHING_LEFT}")
    assert "sent to" not in panel.transcript.toPlainText()


def test_a_server_elsewhere_that_answered_is_named_in_the_receipt(
    qtbot: QtBot, remote_panel: Configure, fake_ollama: FakeOllama
) -> None:
    fake_ollama.reply_with(ScriptedReplies(answer="Anna carried it to the mill [1]."))
    panel = remote_panel(host=fake_ollama.v1_url, agreed=True)
    answer = _ask(qtbot, panel)
    assert answer.status == "complete" and fake_ollama.model_calls()
    count = len(answer.citations)
    assert _receipt_line(panel) == (f"▸ From the text up to Chapter 2 (38%) · {count} "
                                    f"passage{'s' if count != 1 else ''} · sent to 127.0.0.1")


def test_the_receipt_counts_the_passages_shown_under_it(
    qtbot: QtBot, library_home: Path
) -> None:
    shelf = marker_library(library_home, chapters=12)  # passages apart: more than are shown
    shelf.read_through(5, len(shelf.book.sections[5].blocks) - 1)
    panel = _panel(qtbot, shelf, host="http://127.0.0.1:9", remote=False, agreed=False)
    try:
        answer = _ask(qtbot, panel)
        assert answer.status == "fallback" and answer.check is not None
        shown = re.findall(r"^\[\d+\] Chapter", panel.transcript.toPlainText(), re.MULTILINE)
        assert answer.check.receipt.passages == len(answer.citations) == len(shown) == 4
        assert _receipt_line(panel).startswith("▸ 4 passages found on this computer")
    finally:
        panel.shutdown()
        shelf.conn.close()

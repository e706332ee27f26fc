"""Page turns cost the assistant panel no database work while it is hidden: the header follows
the state the reader view passes, and the transcript waits until the panel is shown."""

from __future__ import annotations

import dataclasses

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from reader_app.books.model import Locator
from reader_app.books.shelf.library import ReadingState
from reader_app.ui.assistant.panel import AssistantPanel
from tests.fakes.fake_ollama import FakeOllama, ScriptedReplies
from tests.fakes.marker_library import MarkerLibrary

WRITES = ("INSERT", "UPDATE", "DELETE", "REPLACE")


@pytest.mark.parametrize("book_format", ["epub", "cbz"])
def test_page_turns_with_the_panel_hidden_read_nothing(
    qtbot: QtBot, shelf: MarkerLibrary, book_format: str
) -> None:
    book = dataclasses.replace(shelf.book, format=book_format)
    panel = AssistantPanel(shelf.home, embedder=shelf.embedder)
    qtbot.addWidget(panel)
    panel.set_book(book)
    assert not panel.isVisible()
    state = shelf.library.reading_state(book.book_id)
    assert state is not None
    statements: list[str] = []
    panel._conn.set_trace_callback(statements.append)
    try:
        for block in range(1, 8):  # what the window passes on each page turn
            turned = dataclasses.replace(state, boundary=Locator(1, 5 + block, 0))
            assert isinstance(turned, ReadingState)
            panel.refresh_scope(turned)
        assert statements == []
        assert panel.header.text().startswith("Knows up to: Chapter 2")
    finally:
        panel._conn.set_trace_callback(None)
        panel.shutdown()


def test_opening_new_conversation_and_whole_comic_off_touch_no_ui_connection(
    qtbot: QtBot, shelf: MarkerLibrary
) -> None:
    # Opening a book reads its latest conversation in a worker; "New conversation" and "Turn off
    # whole comic" are written by the writer: the panel's own (UI-thread) connection sees none.
    from reader_app.rag.assistant.conversations import ConversationStore
    from reader_app.rag.scope.boundary import whole_comic_chosen

    comic = dataclasses.replace(shelf.book, format="cbz")
    store = ConversationStore(shelf.conn)
    earlier = store.new_conversation(comic.book_id)
    shelf.library.set_whole_comic(comic.book_id, True)
    panel = AssistantPanel(shelf.home, embedder=shelf.embedder)
    qtbot.addWidget(panel)
    panel.show()
    statements: list[str] = []
    panel._conn.set_trace_callback(statements.append)
    state = shelf.library.reading_state(comic.book_id)
    try:
        panel.set_book(comic)
        panel.refresh_scope(state)  # as the window does: the state the reader view holds
        qtbot.waitUntil(lambda: panel.conversation_id == earlier, timeout=10_000)
        qtbot.mouseClick(panel.new_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: panel.conversation_id not in (None, earlier), timeout=10_000)
        assert panel.conversation_id == store.latest_conversation(comic.book_id)
        panel._whole_comic = True  # as read when the comic was shown (its read is not traced)
        panel.whole_comic.show()
        qtbot.mouseClick(panel.whole_comic_off, Qt.MouseButton.LeftButton)
        assert not panel.whole_comic.isVisible()
        qtbot.waitUntil(lambda: not whole_comic_chosen(shelf.conn, comic.book_id), timeout=10_000)
        writes = [s for s in statements if s.lstrip().upper().startswith(WRITES)]
        conversations = [s for s in statements if "conversations" in s or "messages" in s]
        assert writes == [] and conversations == [], statements
    finally:
        panel._conn.set_trace_callback(None)
        panel.shutdown()


def test_the_conversation_of_a_book_left_behind_is_never_shown(
    qtbot: QtBot, shelf: MarkerLibrary
) -> None:
    from reader_app.rag.assistant.conversations import ConversationStore

    other = dataclasses.replace(shelf.book, book_id="another-book")
    store = ConversationStore(shelf.conn)
    first = store.new_conversation(shelf.book.book_id)
    panel = AssistantPanel(shelf.home, embedder=shelf.embedder)
    qtbot.addWidget(panel)
    try:
        panel.set_book(shelf.book)
        panel.set_book(other)  # before the first book's conversation was read
        qtbot.waitUntil(lambda: not panel.workers.current("conversation"), timeout=10_000)
        assert panel.workers.wait_idle(10_000)  # any late reply for the first book has landed
        assert panel.conversation_id != first
        assert panel.conversation_id is None  # the other book has none
    finally:
        panel.shutdown()


def test_an_answer_is_drawn_from_messages_read_by_its_job_not_on_the_ui_thread(
    qtbot: QtBot, shelf: MarkerLibrary, fake_ollama: FakeOllama
) -> None:
    from reader_app.settings import SettingsStore

    settings = SettingsStore(shelf.conn)
    settings.set("assistant.ollama_host", fake_ollama.url)
    settings.set("assistant.rewrite_queries", False)
    fake_ollama.reply_with(ScriptedReplies(answer="The lantern was carried by the keeper."))
    panel = AssistantPanel(shelf.home, embedder=shelf.embedder)
    qtbot.addWidget(panel)
    panel.show()
    panel.set_book(shelf.book)
    qtbot.waitUntil(lambda: not panel.workers.current("conversation"), timeout=10_000)
    statements: list[str] = []
    panel._conn.set_trace_callback(statements.append)
    try:
        panel.ask("Who carried the lantern?")
        qtbot.waitUntil(lambda: not panel.running, timeout=30_000)
        text = panel.transcript.toPlainText()
        assert "Who carried the lantern?" in text
        assert "carried by the keeper" in text
        assert panel._messages is not None and len(panel._messages) == 2
        conversations = [s for s in statements if "conversations" in s or "messages" in s]
        assert conversations == [], statements
    finally:
        panel._conn.set_trace_callback(None)
        panel.shutdown()

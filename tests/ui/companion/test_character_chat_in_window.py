"""Character chat in real windows: from the X-Ray card of a Pride and Prejudice character a
conversation starts, streams a scripted reply and survives a restart; the assistant panel's
"Talk to…" menu lists it beside the people met; two docks on one conversation take one message
at a time."""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QUrl
from pytestqt.qtbot import QtBot

from reader_app.rag.companion.entity_store import ensure_entities
from reader_app.rag.companion.xray import known_entities
from reader_app.rag.model.schedule import queue_for
from reader_app.rag.model.speeds import speeds_for
from reader_app.rag.scope.boundary import scope_for_book
from reader_app.settings import SettingsStore
from reader_app.store.db import connect
from reader_app.ui.companion.character_dock import CharacterChatDock
from reader_app.ui.window.main_window import MainWindow
from tests.conftest import PRIDE, corpus_epub
from tests.fakes.fake_ollama import FakeOllama, RecordedRequest, Reply
from tests.fakes.marker_library import MarkerLibrary
from tests.fakes.server_clock import ServerClock
from tests.ui.companion.test_xray_in_window import chapter_start, read_until, refreshed_names
from tests.ui.conftest import make_window, open_file

SHOTS = os.environ.get("PAGEMATE_SHOTS")  # a folder: save the dock's screenshot there
REPLY = "I thought him the proudest, most disagreeable man in the world, and I still do."


def scripted(*, delay: float = 0.05) -> Callable[[RecordedRequest], Reply]:
    def reply(request: RecordedRequest) -> Reply:
        fmt = request.format
        if isinstance(fmt, dict) and "narrative_query" in fmt.get("properties", {}):
            return Reply({"narrative_query": "Mr. Darcy at the ball",
                          "keyword_query": "Darcy ball"})
        if request.wants_stream:
            return Reply(REPLY, token_delay=delay)
        return Reply("Elizabeth Bennet: lively, quick, fond of laughing.")
    return reply


def windowed(qtbot: QtBot, home: Path, fake: FakeOllama) -> MainWindow:
    conn = connect(home)
    SettingsStore(conn).set("assistant.ollama_host", fake.url)
    conn.close()
    return make_window(qtbot, home)


def open_card(qtbot: QtBot, window: MainWindow, who: str) -> int:
    window.xray_action.trigger()
    refreshed_names(qtbot, window)
    entry = next(e for e in window.xray_dock.entries if who in e.name)
    window.xray_dock.select_key(entry.key)
    qtbot.waitUntil(lambda: window.xray_dock.current_card is not None
                    and window.xray_dock.current_card.entry.key == entry.key, timeout=30_000)
    return entry.key


def opened(qtbot: QtBot, dock: CharacterChatDock) -> None:
    """The conversation is read in a worker: sending waits until it is open."""
    assert not dock.send_button.isEnabled() or not dock.workers.current("conversation")
    qtbot.waitUntil(lambda: not dock.workers.current("conversation"), timeout=10_000)


def test_a_conversation_from_an_xray_card_streams_and_survives_a_restart(
    qtbot: QtBot, library_home: Path, fake_ollama: FakeOllama
) -> None:
    fake_ollama.reply_with(scripted())
    window = windowed(qtbot, library_home, fake_ollama)
    book = open_file(qtbot, window, corpus_epub(PRIDE))
    read_until(qtbot, window, book, chapter_start(book, "IV"))
    key = open_card(qtbot, window, "Elizabeth")
    card_html = window.xray_dock.card.toHtml()
    assert f"talk:{key}" in card_html and "Talk to Elizabeth" in card_html
    if SHOTS:
        window.xray_dock.resize(380, 640)
        window.xray_dock.grab().save(str(Path(SHOTS) / "character-chat-card.png"))
    window.xray_dock.card.anchorClicked.emit(QUrl(f"talk:{key}"))
    dock = window.character_chat
    assert dock.isVisible() and dock.key == key
    opened(qtbot, dock)
    assert dock.header.text().startswith("Talking with Elizabeth · knows up to")

    qtbot.keyClicks(dock.input, "What did you think of Mr. Darcy at the ball?")
    dock.send_button.click()
    assert dock.running
    qtbot.waitUntil(lambda: dock.running and "proudest" in dock.transcript.toPlainText(),
                    timeout=60_000)  # part of the reply drawn while it still streams
    qtbot.waitUntil(lambda: not dock.running, timeout=60_000)
    shown = dock.transcript.toPlainText()
    assert "You: What did you think of Mr. Darcy at the ball?" in shown
    assert f"Elizabeth Bennet: {REPLY}" in shown or f"Elizabeth: {REPLY}" in shown
    assert not dock.note.isVisible()
    answer = [r for r in fake_ollama.model_calls() if r.wants_stream][-1]
    assert "Stay in character" in answer.message_text()
    if SHOTS:
        dock.resize(380, 520)
        dock.grab().save(str(Path(SHOTS) / "character-chat.png"))

    # The assistant's "Talk to…" lists the conversation beside the people met so far.
    with qtbot.waitSignal(dock.peopleListed, timeout=30_000):
        dock.list_people()
    menu = window.assistant_panel.talk_button.menu()
    menu.aboutToShow.emit()
    texts = [a.text() for a in menu.actions() if a.text()]
    assert any(t.startswith("Talk to Elizabeth") and "2 messages" in t for t in texts), texts
    darcy = next(a for a in menu.actions() if "Darcy" in a.text())
    darcy.trigger()
    assert "Darcy" in dock.header.text() and dock.transcript.toPlainText() == ""

    window.close()
    restarted = windowed(qtbot, library_home, fake_ollama)
    open_file(qtbot, restarted, corpus_epub(PRIDE))
    open_card(qtbot, restarted, "Elizabeth")
    restarted.xray_dock.card.anchorClicked.emit(QUrl(f"talk:{key}"))
    opened(qtbot, restarted.character_chat)
    again = restarted.character_chat.transcript.toPlainText()
    assert "What did you think of Mr. Darcy at the ball?" in again and REPLY in again
    restarted.close()


def test_two_docks_on_one_conversation_take_one_message_at_a_time(
    qtbot: QtBot, library_home: Path, shelf: MarkerLibrary, fake_ollama: FakeOllama
) -> None:
    fake_ollama.reply_with(scripted(delay=0.1))
    lib = shelf
    SettingsStore(lib.conn).set("assistant.ollama_host", fake_ollama.url)
    ensure_entities(lib.conn, lib.book)
    anna = next(e for e in known_entities(lib.conn, scope_for_book(lib.conn, lib.book.book_id))
                if e.name == "Anna")
    first, second = CharacterChatDock(library_home), CharacterChatDock(library_home)
    for dock in (first, second):
        qtbot.addWidget(dock)
        dock._embedder = lib.embedder
        dock.set_book(lib.book)
        dock.talk_to(anna.key, anna.name)
        opened(qtbot, dock)
    statements: list[str] = []  # the dock's own (UI-thread) connection: no conversation reads
    first._conn.set_trace_callback(statements.append)
    first.send("Where did you take the lantern?")
    qtbot.waitUntil(lambda: first._streamed != "", timeout=60_000)  # first is streaming
    second.send("And the violin?")
    qtbot.waitUntil(lambda: not second.running, timeout=60_000)
    assert "Anna is still answering" in second.note.text()
    qtbot.waitUntil(lambda: not first.running, timeout=60_000)
    second.send("And the violin?")
    qtbot.waitUntil(lambda: not second.running, timeout=60_000)
    assert not second.note.isVisible()
    conversation = first.conversation_id
    assert conversation is not None and second.conversation_id == conversation
    rows = lib.conn.execute("SELECT role, text FROM messages WHERE conversation_id = ? "
                            "ORDER BY message_id", (conversation,)).fetchall()
    assert [tuple(r) for r in rows] == [
        ("user", "Where did you take the lantern?"), ("assistant", REPLY),
        ("user", "And the violin?"), ("assistant", REPLY)]
    # Within one dock, a second send while streaming is refused by the dock itself.
    first.send("One.")
    first.send("Two.")
    assert "still answering" in first.note.text()
    qtbot.waitUntil(lambda: not first.running, timeout=60_000)
    first.refresh_scope(lib.library.reading_state(lib.book.book_id))  # a page turn redraws
    assert "One." in first.transcript.toPlainText()
    first._conn.set_trace_callback(None)
    assert [q for q in statements if "messages" in q or "conversations" in q] == [], statements
    for dock in (first, second):
        dock.shutdown()


def test_a_character_reply_shows_the_countdown_while_the_model_reads(
    qtbot: QtBot, library_home: Path, shelf: MarkerLibrary, fake_ollama: FakeOllama
) -> None:
    """As the assistant's: "Reading N passages… about N s on this computer" from the measured
    speed until the first word, then gone."""
    fake_ollama.clock = ServerClock(prompt_per_second=250.0, reply_per_second=50)
    fake_ollama.reply_with(scripted())
    SettingsStore(shelf.conn).set("assistant.ollama_host", fake_ollama.url)
    speeds_for(shelf.home).note(queue_for(fake_ollama.url).key, "qwen2.5:3b",
                                prompt_tokens=1000, prompt_seconds=4.0)
    ensure_entities(shelf.conn, shelf.book)
    anna = next(e for e in known_entities(shelf.conn,
                                          scope_for_book(shelf.conn, shelf.book.book_id))
                if e.name == "Anna")
    dock = CharacterChatDock(library_home)
    qtbot.addWidget(dock)
    dock.show()
    dock._embedder = shelf.embedder
    dock.set_book(shelf.book)
    dock.talk_to(anna.key, anna.name)
    opened(qtbot, dock)
    dock.send("Where did you take the lantern?")
    qtbot.waitUntil(dock.waiting.isVisible, timeout=20_000)
    told = dock.waiting.text()
    assert re.fullmatch(r"Reading \d+ passages?… about \d+ s on this computer", told), told
    assert "proudest" not in dock.transcript.toPlainText()
    qtbot.waitUntil(lambda: "proudest" in dock.transcript.toPlainText(), timeout=30_000)
    assert not dock.waiting.isVisible()
    qtbot.waitUntil(lambda: not dock.running, timeout=30_000)
    dock.shutdown()

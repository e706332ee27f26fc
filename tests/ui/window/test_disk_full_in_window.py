"""A disk that fills later in a session, through the real window and panel (issue 18): the reader
is told what happened and what to do, nothing already saved is lost, and the reading position is
saved once there is room. See tests/unit/store/test_writer_faults.py for how the disk is filled."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from reader_app.books.shelf.library import Library, ReadingState
from reader_app.rag.assistant.conversations import ConversationStore
from reader_app.settings import SettingsStore
from reader_app.store.db import connect
from reader_app.ui.assistant.panel import AssistantPanel
from reader_app.ui.window.main_window import MainWindow
from tests.bookgen import marker_book
from tests.fakes.fake_ollama import FakeOllama, Reply, ScriptedReplies
from tests.fakes.marker_library import MarkerLibrary
from tests.ui.conftest import show_book
from tests.unit.store.test_writer_faults import fill_the_disk, free_some_space

ANSWERS_NEED_ROOM = (
    "CREATE TRIGGER answers_need_room BEFORE INSERT ON messages WHEN NEW.role = 'assistant' "
    "BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END"
)


def _recorded(home: Path, book_id: str) -> ReadingState | None:
    conn = connect(home)
    try:
        return Library(conn, home).reading_state(book_id)
    finally:
        conn.close()


def test_a_full_disk_while_reading_is_explained_and_the_position_saved_once_there_is_room(
    qtbot: QtBot, window: MainWindow, library_home: Path
) -> None:
    book = marker_book()
    show_book(window, book)
    view = window.reader.epub_view
    qtbot.keyClick(view, " ")
    window.writer.flush()
    saved = _recorded(library_home, book.book_id)
    assert saved is not None and saved.position == window.reader.state.position

    window.writer.submit(fill_the_disk)
    qtbot.keyClick(view, " ")
    qtbot.keyClick(view, " ")
    qtbot.waitUntil(lambda: window.error_banner.isVisible(), timeout=10_000)
    note = window.error_label.text()
    assert "can't be saved" in note and "is full" in note and "Free some space" in note
    window.writer.flush()
    assert _recorded(library_home, book.book_id) == saved  # what was saved is untouched
    assert window.reader.state.position != saved.position  # and the reader read on
    window.grab().save(str(library_home / "disk-full.png"))

    free_some_space(library_home)
    qtbot.keyClick(view, " ")
    qtbot.waitUntil(lambda: not window.error_banner.isVisible(), timeout=10_000)
    window.writer.flush()
    assert _recorded(library_home, book.book_id) == window.reader.state
    assert "saved again" in window.statusBar().currentMessage()


def test_an_answer_that_cannot_be_saved_is_explained_and_kept_on_screen(
    qtbot: QtBot, shelf: MarkerLibrary, fake_ollama: FakeOllama
) -> None:
    settings = SettingsStore(shelf.conn)
    settings.set("assistant.ollama_host", fake_ollama.url)
    settings.set("assistant.rewrite_queries", False)
    fake_ollama.reply_with(ScriptedReplies(answer=Reply("Anna went to the mill.")))
    panel = AssistantPanel(shelf.home, embedder=shelf.embedder)
    qtbot.addWidget(panel)
    panel.show()
    panel.set_book(shelf.book)
    try:
        panel.ask("Where did Anna go first?")
        qtbot.waitUntil(lambda: not panel.running, timeout=10_000)
        with shelf.conn:
            shelf.conn.execute(ANSWERS_NEED_ROOM)

        panel.ask("And after that?")
        qtbot.waitUntil(lambda: not panel.running, timeout=10_000)
        note = panel.note.text()
        assert "could not be saved" in note and "is full" in note, note
        assert panel.transcript.toPlainText().count("Anna went to the mill.") == 2
        store = ConversationStore(shelf.conn)
        conversation = store.latest_conversation(shelf.book.book_id)
        assert conversation is not None
        texts = [m.text for m in store.messages(conversation)]
        # The first exchange and the new question are kept; only the unsaved answer is missing.
        assert texts == ["Where did Anna go first?", "Anna went to the mill.", "And after that?"]
    finally:
        panel.shutdown()


def test_a_preparation_that_cannot_be_written_says_the_disk_is_full(
    qtbot: QtBot, library_home: Path
) -> None:
    from reader_app.prepare.news import PrepareNews
    from reader_app.ui.window.preparation import IndexingController

    conn = connect(library_home)
    book = marker_book()
    Library(conn, library_home).add(book)
    with conn:
        conn.execute(
            "CREATE TRIGGER sentences_need_room BEFORE INSERT ON sentences "
            "BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END"
        )
    controller = IndexingController(library_home)
    news: list[PrepareNews] = []
    controller.news.connect(news.append)
    try:
        controller.start(book)
        qtbot.waitUntil(lambda: any(n.stage == "failed" for n in news), timeout=30_000)
    finally:
        controller.cancel()
        controller.wait()
        conn.close()
    failed = next(n for n in news if n.stage == "failed")
    assert "is full" in failed.message and "Free some space" in failed.message

"""A comic through the whole app: real OCR and index while reading, the real panel, fake Ollama."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QUrl
from pytestqt.qtbot import QtBot

from reader_app.settings import SettingsStore
from reader_app.ui.window.main_window import MainWindow
from tests.e2e.test_comics_assistant import DRAGON_QUESTION, PAGE_LINES, drawn_page
from tests.fakes.fake_ollama import FakeOllama
from tests.ui.conftest import make_window, open_file
from tests.unit.comics.cbzbook import write_cbz

pytestmark = pytest.mark.slow


def ask(qtbot: QtBot, window: MainWindow, fake: FakeOllama, question: str) -> str:
    """Ask through the panel; the bodies of the answer requests that went to Ollama."""
    panel = window.assistant_panel
    if not panel.isVisible():
        window.assistant_action.trigger()  # the toolbar's toggle, as Ctrl+J
    qtbot.waitUntil(panel.isVisible)
    panel.input.setPlainText(question)
    qtbot.mouseClick(panel.send_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not panel.running, timeout=60_000)
    answers = [r for r in fake.model_calls() if r.wants_stream and not r.format]
    assert answers, "the question reached the model"
    return "\n".join(r.message_text() for r in answers).replace(question, "")


def test_question_about_page_three_is_answered_only_once_page_three_is_read(
    qtbot: QtBot, library_home: Path, tmp_path: Path, fake_ollama: FakeOllama
) -> None:
    comic = write_cbz(tmp_path / "dragon.cbz", [drawn_page(lines) for lines in PAGE_LINES])
    window = make_window(qtbot, library_home, size=(700, 900), prepare_assistant=True)
    settings = SettingsStore(window.library.conn)
    settings.set("assistant.ollama_host", fake_ollama.url)
    settings.set("assistant.rewrite_queries", False)
    book = open_file(qtbot, window, comic)
    view = window.reader.comic_view
    qtbot.waitUntil(lambda: window.status_assistant.text() == "Assistant ready", timeout=180_000)
    assert not view.is_spread()

    # Boundary on page 2: page 3's words must not reach the model.
    qtbot.keyClick(view, Qt.Key.Key_Right)
    state = window.recorded_reading_state(book.book_id)
    assert state is not None and state.boundary.section == 1
    body = ask(qtbot, window, fake_ollama, DRAGON_QUESTION).lower()
    assert "breakfast" in body  # what was read does go
    assert "mill" not in body and "sleeps" not in body

    # Boundary on page 4: page 3's words are retrieved and cited.
    fake_ollama.clear()
    qtbot.keyClick(view, Qt.Key.Key_Right)
    qtbot.keyClick(view, Qt.Key.Key_Right)
    body = ask(qtbot, window, fake_ollama, DRAGON_QUESTION)
    assert re.search(r"old\s+mill", body.lower())
    assert "snowy" not in body.lower()  # page 5 is still ahead

    panel = window.assistant_panel
    receipts = re.findall(r'href="(receipt:[^"]+)"', panel.transcript.toHtml())
    panel.transcript.anchorClicked.emit(QUrl(receipts[-1]))  # the receipt opens the passages
    links = re.findall(r'href="(cite:[^"]+)"', panel.transcript.toHtml())
    assert links
    boundary = window.recorded_reading_state(book.book_id)
    window.reader.view.go_home()
    with qtbot.waitSignal(panel.citationActivated, timeout=2000):
        panel.transcript.anchorClicked.emit(QUrl(links[-1]))
    assert view.current_pages()[0] in (1, 2, 3)  # jumped to a page that was read
    assert window.recorded_reading_state(book.book_id) == boundary
    window.close()

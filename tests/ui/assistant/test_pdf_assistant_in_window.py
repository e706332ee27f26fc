"""A PDF through the whole app: its text layer read and indexed while reading (the preparation
child process), the real panel, fake Ollama: nothing past the page read reaches the model."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from reader_app.settings import SettingsStore
from tests.e2e.test_pdf_companion import DRAGON_QUESTION, STORY
from tests.fakes.fake_ollama import FakeOllama
from tests.ui.assistant.test_comic_assistant_in_window import ask
from tests.ui.conftest import make_window, open_file
from tests.unit.books.pdfgen import RUN_ON, RUN_ON_GOLD, write_pdf

pytestmark = pytest.mark.slow


def test_a_pdf_question_carries_only_the_pages_read(
    qtbot: QtBot, library_home: Path, tmp_path: Path, fake_ollama: FakeOllama
) -> None:
    window = make_window(qtbot, library_home, size=(700, 900), prepare_assistant=True)
    settings = SettingsStore(window.library.conn)
    settings.set("assistant.ollama_host", fake_ollama.url)
    settings.set("assistant.rewrite_queries", False)
    book = open_file(qtbot, window, write_pdf(tmp_path / "dragon.pdf", STORY))
    view = window.reader.comic_view
    qtbot.waitUntil(lambda: window.status_assistant.text() == "Assistant ready", timeout=180_000)
    assert not view.is_spread()

    def page_one_recorded() -> bool:  # the page seen is written by the writer thread
        state = window.recorded_reading_state(book.book_id)
        return state is not None and state.boundary.section >= 0

    qtbot.waitUntil(page_one_recorded, timeout=10_000)
    body = ask(qtbot, window, fake_ollama, DRAGON_QUESTION).lower()
    assert "breakfast" in body  # page 1, read
    assert "old mill" not in body and "frozen lake" not in body

    fake_ollama.clear()
    qtbot.keyClick(view, Qt.Key.Key_Right)
    state = window.recorded_reading_state(book.book_id)
    assert state is not None and state.boundary.section == 1
    body = ask(qtbot, window, fake_ollama, DRAGON_QUESTION).lower()
    assert "old mill" in body
    assert "frozen lake" not in body and "beneath the ice" not in body
    assert all("frozen lake" not in r.text for r in fake_ollama.model_calls())


def test_a_sentence_begun_on_the_page_read_goes_to_the_model_only_with_its_page_seen(
    qtbot: QtBot, library_home: Path, tmp_path: Path, fake_ollama: FakeOllama
) -> None:
    """RUN_ON_GOLD begins at the foot of page 1 and ends on page 2: one sentence, stored where it
    ends, so on page 1 neither half reaches the model; on page 2 it goes whole."""
    window = make_window(qtbot, library_home, size=(700, 900), prepare_assistant=True)
    settings = SettingsStore(window.library.conn)
    settings.set("assistant.ollama_host", fake_ollama.url)
    settings.set("assistant.rewrite_queries", False)
    book = open_file(qtbot, window, write_pdf(tmp_path / "gold.pdf", RUN_ON))
    view = window.reader.comic_view
    qtbot.waitUntil(lambda: window.status_assistant.text() == "Assistant ready", timeout=180_000)
    qtbot.waitUntil(lambda: (state := window.recorded_reading_state(book.book_id)) is not None
                    and state.boundary.section >= 0, timeout=10_000)
    question = "Where is the dragon's gold hidden?"
    body = ask(qtbot, window, fake_ollama, question).lower()
    assert "packs her bag" in body  # page 1, read
    assert all("frozen lake" not in r.text and "Carrot wants" not in r.text
               for r in fake_ollama.model_calls())

    fake_ollama.clear()
    qtbot.keyClick(view, Qt.Key.Key_Right)
    body = ask(qtbot, window, fake_ollama, question).lower()
    assert RUN_ON_GOLD.lower() in body
    assert all("silver birches" not in r.text for r in fake_ollama.model_calls())

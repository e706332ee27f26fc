"""The status line holds one thing at a time: where the reader is on the left, one coherent
word from the assistant on the right, never run together, and Read aloud's speed as "1.2×"."""

from __future__ import annotations

from PySide6.QtCore import QObject
from pytestqt.qtbot import QtBot

from reader_app.prepare.news import PrepareNews
from reader_app.ui.window.main_window import MainWindow
from reader_app.ui.window.status_labels import STATUS_GAP, ElidedLabel
from tests.bookgen import marker_book
from tests.ui.conftest import show_book
from tests.ui.read_aloud.test_read_aloud import scripted


def drawn_width(label: ElidedLabel) -> int:
    return label.fontMetrics().horizontalAdvance(label.shown_text())


def test_index_building_with_the_model_down_is_one_message(
    qtbot: QtBot, window: MainWindow
) -> None:
    book = marker_book(chapters=2, paragraphs=30)
    show_book(window, book)
    window._indexing_news(PrepareNews(book.book_id, "index", fraction=0.04))
    window.assistant_line._reached(False, "Ollama isn't running at http://127.0.0.1:11434")
    said = window.status_assistant.text()
    assert said == "The model can't be reached · index 4% built"
    window._indexing_news(PrepareNews(book.book_id, "ready", fraction=1.0))
    assert window.status_assistant.text() == "Index ready · the model can't be reached"


def test_the_place_and_the_assistant_never_run_together(
    qtbot: QtBot, window: MainWindow
) -> None:
    book = marker_book(chapters=2, paragraphs=30)
    show_book(window, book)
    window.resize(560, 420)
    window.assistant_line.preparation_news(
        "Assistant ready · answering from keyword search while the index catches up: 4%")
    qtbot.wait(50)
    place, assistant, bar = window.status_position, window.status_assistant, window.statusBar()
    assert place.text().startswith("Chapter 1")
    assert assistant.geometry().right() <= bar.width(), "the assistant's word runs off the bar"
    assert place.geometry().right() < assistant.geometry().left()
    assert assistant.contentsRect().left() >= STATUS_GAP, "no gap between the two lines"
    for label in (place, assistant):  # each drawn within its own room, cut with "…"
        assert 0 < drawn_width(label) <= label.contentsRect().width()
    assert assistant.shown_text().endswith("…")
    window.resize(1400, 600)
    qtbot.wait(50)
    assert assistant.shown_text() == assistant.text(), "cut only when there is no room"


def test_read_aloud_says_its_speed_as_a_multiple(qtbot: QtBot, window: MainWindow) -> None:
    show_book(window, marker_book(chapters=1, paragraphs=10, sentences=4))
    aloud, voice = scripted(window, ms_per_text=80)
    aloud.set_rate(0.0)
    window.findChild(QObject, "actionReadAloud").trigger()  # type: ignore[union-attr]
    qtbot.waitUntil(lambda: len(voice.said) >= 1, timeout=5000)
    bar = aloud.bar
    assert bar.text == "Reading aloud · 1×"
    for _ in range(2):
        aloud.faster()
    qtbot.waitUntil(lambda: bar.text == "Reading aloud · 1.2×", timeout=5000)
    for _ in range(4):
        aloud.slower()
    qtbot.waitUntil(lambda: bar.text == "Reading aloud · 0.9×", timeout=5000)
    aloud.stop()

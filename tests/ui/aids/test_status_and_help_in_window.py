"""The status line in the real window (place, time left from the reader's own page turns, kept
in the settings) and the keyboard shortcut help (F1 or ?)."""

from __future__ import annotations

import re
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from reader_app.books.shelf.reading_time import DEFAULT_CHARS_PER_MINUTE, chapter_end
from reader_app.settings import SettingsStore
from reader_app.store.db import connect
from reader_app.ui.aids.shortcuts_help import ShortcutHelp
from reader_app.ui.window.main_window import MainWindow
from tests.bookgen import marker_book
from tests.ui.conftest import make_window, show_book


class Clock:
    """The reader's time, moved on by the test: no waiting, no timed assertion."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def minutes_left(text: str) -> int:
    match = re.search(r" · (\d+) min left in chapter · \d+%$", text)
    assert match, text
    return int(match.group(1))


def test_time_left_is_measured_from_page_turns_and_remembered(
    qtbot: QtBot, library_home: Path
) -> None:
    window = make_window(qtbot, library_home)
    clock = Clock()
    window.aids.place_line.clock = clock
    book = marker_book(paragraphs=60)
    show_book(window, book)
    view = window.reader.epub_view
    status = window.status_position
    assert status.text().startswith("Chapter 1 · ")
    assert "usual reading speed" in status.toolTip()
    start = view.current_start()
    left = book.char_offset(chapter_end(book, start)) - book.char_offset(start)
    assert minutes_left(status.text()) == round(left / DEFAULT_CHARS_PER_MINUTE)

    turned = 0
    for _ in range(5):
        before = view.current_start()
        clock.now += 20.0  # a page read in twenty seconds
        qtbot.keyClick(view, Qt.Key.Key_Space)
        turned += book.char_offset(view.current_start()) - book.char_offset(before)
    speed = turned / 100.0 * 60
    assert "measured from your page turns" in status.toolTip()
    here = view.current_start()
    left = book.char_offset(chapter_end(book, here)) - book.char_offset(here)
    assert minutes_left(status.text()) == round(left / speed)
    window.close()
    assert SettingsStore(connect(library_home)).get("reading.chars_per_minute") == round(speed, 1)

    again = make_window(qtbot, library_home, fresh_appearance=False)
    assert again.aids.place_line.speed.chars_per_minute() == round(speed, 1)
    again.close()


def test_f1_and_question_mark_open_the_shortcut_help(qtbot: QtBot, window: MainWindow) -> None:
    show_book(window, marker_book())
    view = window.reader.epub_view
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_F1)
    help_dialog = window.findChild(ShortcutHelp)
    assert isinstance(help_dialog, ShortcutHelp)
    qtbot.waitUntil(help_dialog.isVisible)
    rows = dict(help_dialog.rows)
    assert rows["Alt+Left"] == "Back" and rows["Ctrl+B"] == "Toggle Bookmark"
    assert "Next page" in rows.values()
    help_dialog.close()
    qtbot.keyClick(view, Qt.Key.Key_Question, Qt.KeyboardModifier.ShiftModifier)
    qtbot.waitUntil(help_dialog.isVisible)
    help_dialog.close()
    qtbot.keyClicks(view, "?")
    qtbot.waitUntil(help_dialog.isVisible)
    help_dialog.close()

    window.assistant_panel.show()
    box = window.assistant_panel.input
    box.setFocus()
    qtbot.waitUntil(box.hasFocus)
    qtbot.keyClicks(box, "Why?")
    assert box.toPlainText() == "Why?"
    assert not help_dialog.isVisible(), "a ? typed into a question is just a ?"
    assert QApplication.activeModalWidget() is None

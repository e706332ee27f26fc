"""The right-hand docks share the window's height by tabs, not by stacking: with the assistant,
X-Ray and a character chat all open, each transcript, when shown, is tall enough to read."""

from __future__ import annotations

from PySide6.QtWidgets import QDockWidget
from pytestqt.qtbot import QtBot

from reader_app.ui.window.main_window import MainWindow
from tests.bookgen import marker_book
from tests.ui.conftest import show_book

READABLE = 300  # pixels: a dozen lines and more, not "about four"


def in_front(dock: QDockWidget) -> bool:
    """Shown, and not behind another dock's tab (Qt moves that one off the window)."""
    return dock.isVisible() and not dock.visibleRegion().isEmpty()


def test_each_transcript_is_readable_with_all_three_docks_open(
    qtbot: QtBot, window: MainWindow
) -> None:
    window.resize(1100, 780)
    show_book(window, marker_book())
    panel, xray, chat = window.assistant_panel, window.xray_dock, window.character_chat
    window.assistant_action.trigger()
    qtbot.waitUntil(panel.isVisible)
    window.xray_action.trigger()
    qtbot.waitUntil(xray.isVisible)
    assert xray.tabs.height() >= READABLE + 100, "X-Ray was squeezed under the assistant"
    chat.talk_to(0, "Anna")
    qtbot.waitUntil(chat.isVisible)
    assert chat.transcript.height() >= READABLE, f"{chat.transcript.height()} px"
    assert in_front(chat) and not in_front(panel)
    window.assistant_action.trigger()  # behind the chat's tab: Ctrl+J brings it to the front
    qtbot.waitUntil(lambda: in_front(panel))
    assert not in_front(chat) and not chat.isHidden(), "the chat was closed, not tabbed"
    assert panel.transcript.height() >= READABLE, f"{panel.transcript.height()} px"
    assert window.reader.epub_view.width() >= 1100 // 2, "the docks took the page"


def test_the_assistant_key_closes_the_assistant_in_front_and_opens_it_again(
    qtbot: QtBot, window: MainWindow
) -> None:
    show_book(window, marker_book())
    panel = window.assistant_panel
    window.assistant_action.trigger()
    qtbot.waitUntil(panel.isVisible)
    assert window.assistant_action.isChecked()
    window.assistant_action.trigger()
    qtbot.waitUntil(lambda: not panel.isVisible())
    assert panel.isHidden() and not window.assistant_action.isChecked()

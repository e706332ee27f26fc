"""The toolbar's Read Aloud button shows what Read aloud is doing: checked while reading, and
its tooltip says what a click does (pause, go on, or read from the page)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QToolBar, QToolButton
from pytestqt.qtbot import QtBot

from reader_app.ui.window.main_window import MainWindow
from tests.bookgen import marker_book
from tests.ui.conftest import show_book
from tests.ui.read_aloud.test_read_aloud import scripted


def test_the_toolbar_button_is_checked_while_reading_and_says_what_a_click_does(
    qtbot: QtBot, window: MainWindow
) -> None:
    show_book(window, marker_book(chapters=1, paragraphs=20, sentences=4))
    aloud, voice = scripted(window, ms_per_text=100)
    toolbar = window.findChild(QToolBar, "mainToolbar")
    action = window.findChild(QAction, "actionReadAloudButton")
    assert isinstance(toolbar, QToolBar) and isinstance(action, QAction)
    button = toolbar.widgetForAction(action)
    assert isinstance(button, QToolButton) and button.isCheckable()
    assert not button.isChecked() and button.toolTip().startswith("Read aloud from")
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: voice.speaking is not None, timeout=5000)
    assert aloud.playing and button.isChecked()
    assert button.toolTip().startswith("Pause reading aloud")
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert aloud.paused and not button.isChecked() and "go on" in button.toolTip()
    window.reader.focus_page()
    qtbot.keyClick(window, Qt.Key.Key_R,
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert not aloud.paused and button.isChecked(), "the menu's key resumed: the button follows"
    aloud.stop()
    assert not button.isChecked() and button.toolTip().startswith("Read aloud from")

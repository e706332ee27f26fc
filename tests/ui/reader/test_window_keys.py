"""Window keys as a Linux reader presses them: Ctrl+, for Settings, F11 and Esc for full screen."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QDockWidget, QToolBar
from pytestqt.qtbot import QtBot

from reader_app.ui.window.main_window import MainWindow
from reader_app.ui.window.settings_dialog import PreferencesDialog
from tests.bookgen import marker_book
from tests.ui.conftest import show_book


def test_ctrl_comma_opens_settings(qtbot: QtBot, window: MainWindow) -> None:
    seen: list[object] = []

    def close_the_dialog() -> None:
        dialog = QApplication.activeModalWidget()
        if dialog is None:
            QTimer.singleShot(20, close_the_dialog)
            return
        seen.append(dialog)
        dialog.close()

    QTimer.singleShot(0, close_the_dialog)
    qtbot.keyClick(window, Qt.Key.Key_Comma, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: bool(seen))
    assert isinstance(seen[0], PreferencesDialog)


def test_f11_shows_only_the_page_and_esc_leaves(qtbot: QtBot, window: MainWindow) -> None:
    show_book(window, marker_book())
    window.assistant_action.trigger()
    panel = window.assistant_panel
    toolbar = window.findChild(QToolBar, "mainToolbar")
    assert toolbar is not None and panel.isVisible()
    qtbot.keyClick(window, Qt.Key.Key_F11)
    qtbot.waitUntil(window.isFullScreen)
    chrome = [window.menuBar(), window.statusBar(), toolbar, panel]
    assert not any(widget.isVisible() for widget in chrome)
    assert not any(dock.isVisible() for dock in window.findChildren(QDockWidget))
    view = window.reader.epub_view
    before = view.current_start()
    qtbot.keyClick(view, Qt.Key.Key_Right)  # reading keys still turn pages
    assert view.current_start() > before
    qtbot.keyClick(view, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not window.isFullScreen())
    assert all(widget.isVisible() for widget in chrome), "the chrome came back as it was"
    assert not window.toc_dock.isVisible(), "a dock hidden before stays hidden"

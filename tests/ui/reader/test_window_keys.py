"""Window keys as a Linux reader presses them: Ctrl+, for Settings, F11 and Esc for full screen,
and the page's own keys shown in the Go menu."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QDockWidget, QMenu, QToolBar
from pytestqt.qtbot import QtBot

from reader_app.ui.window.main_window import MainWindow
from reader_app.ui.window.settings_dialog import PreferencesDialog
from tests.bookgen import marker_book
from tests.ui.conftest import open_file, show_book
from tests.unit.comics.cbzbook import panel_page, png, write_cbz


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


def test_the_go_menu_shows_the_page_keys_and_right_still_turns_one_page(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    show_book(window, marker_book())
    go = window.findChild(QMenu, "goMenu")
    assert isinstance(go, QMenu)
    go.aboutToShow.emit()
    keys = {a.objectName(): a.text().partition("\t")[2] for a in go.actions()}
    assert (keys["actionNextPage"], keys["actionPreviousPage"]) == ("Right", "Left")
    assert (keys["actionStart"], keys["actionEnd"]) == ("Home", "End")
    view = window.reader.epub_view
    page = view.page_index
    qtbot.keyClick(view, Qt.Key.Key_Right)
    assert view.page_index == page + view.pages_per_view(), "shown, not a second turn"

    # A comic read right to left turns to its next page with Left: the menu says so.
    pages = [png(panel_page((600, 800), [(20, 20, 580, 780)])) for _ in range(4)]
    open_file(qtbot, window, write_cbz(tmp_path / "manga.cbz", pages))
    window.rtl_action.setChecked(True)
    window.apply_comic_options()
    go.aboutToShow.emit()
    keys = {a.objectName(): a.text().partition("\t")[2] for a in go.actions()}
    assert (keys["actionNextPage"], keys["actionPreviousPage"]) == ("Left", "Right")

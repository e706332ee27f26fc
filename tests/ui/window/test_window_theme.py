"""The theme reaches the whole window: menus, toolbar, docks, slider, status bar, dialogs."""

from __future__ import annotations

from PySide6.QtGui import QImage, QPalette
from PySide6.QtWidgets import QApplication, QToolBar, QWidget
from pytestqt.qtbot import QtBot

from reader_app.ui.page.appearance import Appearance
from reader_app.ui.window.main_window import MainWindow
from reader_app.ui.window.settings_dialog import PreferencesDialog
from tests.conftest import corpus_epub
from tests.ui.conftest import open_file


def mean_lightness(image: QImage, widget: QWidget, window: QWidget) -> float:
    top_left = widget.mapTo(window, widget.rect().topLeft())
    values = [
        image.pixelColor(top_left.x() + x, top_left.y() + y).lightness()
        for y in range(0, widget.height(), 3)
        for x in range(0, widget.width(), 3)
    ]
    return sum(values) / max(len(values), 1)


def test_dark_theme_reaches_menus_toolbar_slider_status_bar_and_dialogs(
    qtbot: QtBot, window: MainWindow
) -> None:
    open_file(qtbot, window, corpus_epub("jane-austen_pride-and-prejudice.epub"))
    light = window.appearance
    try:
        window.set_appearance(Appearance(font_family="DejaVu Serif", font_size=12, theme="dark"))
        qtbot.wait(50)
        image = window.grab().toImage()
        parts = {
            "menu bar": window.menuBar(),
            "status bar": window.statusBar(),
            **{f"toolbar {i}": bar for i, bar in enumerate(window.findChildren(QToolBar))},
        }
        for name, widget in parts.items():
            if widget.isVisible() and widget.height() > 4:
                assert mean_lightness(image, widget, window) < 110, name
        dialog = PreferencesDialog(window.settings, window, appearance=window.appearance)
        qtbot.addWidget(dialog)
        assert dialog.palette().color(QPalette.ColorRole.Window).lightness() < 110
        assert QApplication.palette().color(QPalette.ColorRole.Text).lightness() > 150
    finally:
        window.set_appearance(light)
    assert QApplication.palette().color(QPalette.ColorRole.Window).lightness() > 150

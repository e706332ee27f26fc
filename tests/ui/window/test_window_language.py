"""The window in the reader's language: menus and dialogs in German or French from the catalogues
(Qt's own buttons too), the setting winning over the system locale, English when a catalogue is
missing, numbers in the locale, and nothing cut off in German's longer words."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QLocale
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QDialogButtonBox,
    QLabel,
    QMenu,
    QTabWidget,
    QWidget,
)
from pytestqt.qtbot import QtBot

from reader_app.settings import SettingsStore
from reader_app.store.db import connect
from reader_app.ui.translation import Plurals, install_language, window_locale
from reader_app.ui.window.main_window import MainWindow
from reader_app.ui.window.settings_dialog import PreferencesDialog
from tests.ui.conftest import make_window


def started_in(qtbot: QtBot, home: Path, language: str) -> MainWindow:
    """The window as `launch` starts it: the stored language installed, then the window made."""
    settings = SettingsStore(connect(home))
    settings.set("window.language", language)
    install_language(str(settings.get("window.language")))
    return make_window(qtbot, home)


def menu_titles(window: MainWindow) -> dict[str, str]:
    return {menu.objectName(): menu.title() for menu in window.menuBar().findChildren(QMenu)
            if menu.objectName()}


def action_text(window: MainWindow, name: str) -> str:
    return next(a.text() for a in window.findChildren(type(window.menuBar().actions()[0]))
                if a.objectName() == name)


def settings_dialog(window: MainWindow) -> PreferencesDialog:
    dialog = PreferencesDialog(window.settings, window, appearance=window.appearance,
                               tab="appearance")
    dialog.show()
    return dialog


def tab_names(dialog: PreferencesDialog) -> list[str]:
    tabs = dialog.findChild(QTabWidget)
    assert tabs is not None
    return [tabs.tabText(i) for i in range(tabs.count())]


def button_texts(dialog: PreferencesDialog) -> list[str]:
    box = dialog.findChild(QDialogButtonBox)
    assert box is not None
    return [b.text().replace("&", "") for b in box.buttons()]


def test_window_started_in_german_shows_german_menus_and_dialogs(
    qtbot: QtBot, library_home: Path, speaking: None
) -> None:
    window = started_in(qtbot, library_home, "de")
    titles = menu_titles(window)
    assert titles["fileMenu"] == "&Datei"
    assert titles["viewMenu"] == "&Ansicht"
    assert titles["goMenu"] == "&Gehe zu"
    assert titles["helpMenu"] == "&Hilfe"
    assert action_text(window, "actionOpen") == "Ö&ffnen…"
    assert action_text(window, "actionPreferences") == "&Einstellungen…"
    assert action_text(window, "actionAbout") == "Ü&ber Pagemate"
    dialog = settings_dialog(window)
    assert dialog.windowTitle() == "Einstellungen"
    assert tab_names(dialog)[:2] == ["Darstellung", "Assistent"]
    labels = {label.text() for label in dialog.findChildren(QLabel)}
    assert {"Schrift", "Zeilenabstand", "Sprache des Fensters"} <= labels
    assert "Abbrechen" in button_texts(dialog)  # Qt's own catalogue: its standard buttons
    dialog.reject()


def test_window_started_in_french_shows_french_menus_and_dialogs(
    qtbot: QtBot, library_home: Path, speaking: None
) -> None:
    window = started_in(qtbot, library_home, "fr")
    titles = menu_titles(window)
    assert titles["fileMenu"] == "&Fichier"
    assert titles["viewMenu"] == "&Affichage"
    assert titles["comicsMenu"] == "&BD"
    assert action_text(window, "actionQuit") == "&Quitter"
    dialog = settings_dialog(window)
    assert dialog.windowTitle() == "Paramètres"
    assert tab_names(dialog)[:2] == ["Apparence", "Assistant"]
    labels = {label.text() for label in dialog.findChildren(QLabel)}
    assert {"Police", "Interligne", "Langue de la fenêtre"} <= labels
    assert "Annuler" in button_texts(dialog)
    dialog.reject()


def test_the_setting_wins_over_the_system_locale(qapp: QApplication, speaking: None) -> None:
    french_computer = QLocale(QLocale.Language.French, QLocale.Country.France)
    assert window_locale("de", system=french_computer).language() == QLocale.Language.German
    assert window_locale("system", system=french_computer).language() == QLocale.Language.French
    install_language("de", system=french_computer)
    assert QApplication.translate("Menus", "&File") == "&Datei"
    assert QLocale().toString(1234.5, "f", 1) == "1.234,5"  # numbers follow the window's locale
    install_language("system", system=french_computer)
    assert QApplication.translate("Menus", "&File") == "&Fichier"
    assert Plurals().pages(1410) == "1\u202f410 pages"  # French groups digits with a thin space
    install_language("en", system=french_computer)
    assert QApplication.translate("Menus", "&File") == "&File"
    assert Plurals().pages(1) == "1 page"
    assert Plurals().matches(3) == "3 matches"


def test_a_missing_catalogue_falls_back_to_english(
    qtbot: QtBot, library_home: Path, tmp_path: Path, speaking: None
) -> None:
    install_language("de", folder=tmp_path)  # no pagemate_de.qm there
    window = make_window(qtbot, library_home)
    assert menu_titles(window)["fileMenu"] == "&File"
    assert Plurals().passages_read(1) == "Reading 1 passage…"
    install_language("it")  # a language Pagemate has no catalogue for
    assert QApplication.translate("Menus", "&View") == "&View"


def clipped(root: QWidget) -> list[str]:
    """Each visible label or button narrower than its text needs (a word-wrapped label may wrap,
    so it only needs its longest word)."""
    found = []
    for widget in [*root.findChildren(QLabel), *root.findChildren(QAbstractButton)]:
        if not widget.isVisibleTo(root) or not widget.text():
            continue
        if isinstance(widget, QLabel) and widget.wordWrap():
            metrics = widget.fontMetrics()
            need = max(metrics.horizontalAdvance(w) for w in widget.text().split())
        else:
            need = widget.sizeHint().width()
        if widget.width() < need:
            found.append(f"{widget.text()!r}: {widget.width()} < {need}")
    return found


@pytest.mark.parametrize("language", ["de", "fr"])
def test_nothing_is_cut_off_in_the_settings_dialog(
    qtbot: QtBot, library_home: Path, speaking: None, language: str
) -> None:
    window = started_in(qtbot, library_home, language)
    dialog = settings_dialog(window)
    qtbot.waitExposed(dialog)
    tabs = dialog.findChild(QTabWidget)
    assert tabs is not None
    for index in range(tabs.count()):
        tabs.setCurrentIndex(index)
        qtbot.wait(20)
        page = tabs.widget(index)
        assert clipped(page) == [], (language, tabs.tabText(index))
    assert clipped(dialog.findChild(QDialogButtonBox)) == []
    dialog.reject()


@pytest.mark.parametrize("language", ["de", "fr"])
def test_nothing_is_cut_off_in_the_window_and_its_panels(
    qtbot: QtBot, library_home: Path, speaking: None, language: str
) -> None:
    window = started_in(qtbot, library_home, language)
    window.show_library()
    qtbot.wait(50)
    assert clipped(window.centralWidget()) == [], language  # the library's bar and its note
    toolbar = window.findChild(QWidget, "mainToolbar")
    assert toolbar is not None
    assert clipped(toolbar) == [], language
    for panel in (window.assistant_panel, window.xray_dock):
        panel.show()
        qtbot.wait(50)
        assert clipped(panel) == [], (language, panel.objectName())

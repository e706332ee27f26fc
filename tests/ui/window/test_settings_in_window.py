"""The window listens to the settings instead of re-reading them after a dialog, and shows a
stored setting it could not use (issue 10)."""

from __future__ import annotations

import json
from pathlib import Path

from pytestqt.qtbot import QtBot

from reader_app.settings import SettingsStore
from reader_app.store.db import connect
from reader_app.ui.window.main_window import MainWindow
from reader_app.ui.window.settings_dialog import PreferencesDialog
from tests.ui.conftest import make_window


def test_a_setting_changed_anywhere_reaches_the_window(qtbot: QtBot, window: MainWindow) -> None:
    assert window.appearance.theme == "light"
    with qtbot.waitSignal(window.settings_signal.changed) as told:
        window.settings.set("appearance.theme", "dark")
    assert told.args == ["appearance.theme", "dark"]
    qtbot.waitUntil(lambda: window.appearance.theme == "dark", timeout=5_000)
    assert window.reader.epub_view.appearance.theme == "dark"


def test_the_preferences_dialog_is_heard_through_the_signal(
    qtbot: QtBot, window: MainWindow
) -> None:
    window.show_preferences()
    dialog = window.findChild(PreferencesDialog)
    assert dialog is not None and dialog.isVisible()  # not a modal loop the window waits in
    dialog.describe_box.setChecked(True)
    heard: list[str] = []
    window.settings_signal.changed.connect(lambda name, _value: heard.append(name))
    dialog.accept()
    assert "comics.describe_pages" in heard
    assert window.settings.get("comics.describe_pages") is True


def test_the_preferences_dialog_lets_books_autoplay_only_when_ticked(
    qtbot: QtBot, window: MainWindow
) -> None:
    window.show_preferences()
    dialog = window.findChild(PreferencesDialog)
    assert dialog is not None and not dialog.autoplay_box.isChecked()  # off unless allowed
    dialog.autoplay_box.setChecked(True)
    dialog.accept()
    assert window.settings.get("reading.media_autoplay") is True
    assert window.reader.epub_view.media.autoplay_allowed()


def test_an_invalid_stored_setting_is_shown_when_the_window_opens(
    qtbot: QtBot, library_home: Path
) -> None:
    conn = connect(library_home)
    with conn:
        conn.execute(
            "INSERT INTO settings (key, value) VALUES ('comics.fit', ?)", (json.dumps("sideways"),)
        )
    conn.close()
    window = make_window(qtbot, library_home)
    try:
        assert window.error_banner.isVisible()
        note = window.error_label.text()
        assert "comics.fit" in note and "'sideways' is not one of" in note and "'page'" in note
        assert window.settings.get("comics.fit") == "page"
        window.grab().save(str(library_home / "invalid-setting.png"))
    finally:
        window.close()
    assert SettingsStore(connect(library_home)).problems()[0].name == "comics.fit"

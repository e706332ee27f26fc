"""Look Up on a selection in the real window: a StarDict dictionary on disk answers in a pop-up;
with none installed, the web is opened only by the reader's click."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QObject, QUrl, Slot
from PySide6.QtGui import QAction, QDesktopServices
from pytestqt.qtbot import QtBot

from reader_app.books.model import Locator
from reader_app.ui.window.main_window import MainWindow
from tests.bookgen import marker_book
from tests.ui.aids.test_annotations_in_window import drag_over_first_line
from tests.ui.conftest import show_book
from tests.unit.books.test_dictionary import write_stardict


class Browser(QObject):
    """Receives the URLs the app asks the desktop to open (Qt's own URL handler hook)."""

    def __init__(self) -> None:
        super().__init__()
        self.opened: list[str] = []

    @Slot(QUrl)
    def open(self, url: QUrl) -> None:
        self.opened.append(url.toString())


def select_word(qtbot: QtBot, window: MainWindow, word: str) -> None:
    view = window.reader.epub_view
    drag_over_first_line(qtbot, view, 1)
    doc = view.current_document()
    assert doc is not None
    at = doc.section.blocks[1].text.index(word)
    # Document positions count the soft hyphens of justified text; locators do not.
    end = Locator(0, 1, at + len(word))
    view._selection = (doc.position_of(Locator(0, 1, at)), doc.position_of(end))
    assert view.selected_text() == word


def look_up_action(window: MainWindow) -> QAction:
    found = window.reader.epub_view.build_context_menu().findChild(QAction, "lookUpWord")
    assert found is not None
    return found


def test_a_local_dictionary_answers_over_the_page(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write_stardict(tmp_path / "dic", "small", {"lantern": b"A case for a light."},
                   same_type="m", packed=True)
    monkeypatch.setenv("READER_APP_DICTIONARIES", str(tmp_path / "dic"))
    show_book(window, marker_book())
    select_word(qtbot, window, "lantern")
    action = look_up_action(window)
    assert action.text() == "Look Up “lantern”"
    action.trigger()
    popup = window.aids.dictionary.popup
    qtbot.waitUntil(popup.isVisible)
    assert popup.label.text() == "lantern (Small Dictionary)\nA case for a light."

    select_word(qtbot, window, "river")
    look_up_action(window).trigger()
    qtbot.waitUntil(lambda: "not in the dictionaries" in popup.label.text())
    browser = Browser()
    QDesktopServices.setUrlHandler("https", browser, "open")
    try:
        popup.web_button.click()
    finally:
        QDesktopServices.unsetUrlHandler("https")
    assert browser.opened == ["https://en.wiktionary.org/wiki/river"]


def test_without_a_dictionary_the_web_opens_only_on_the_click(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("READER_APP_DICTIONARIES", "")
    browser = Browser()
    QDesktopServices.setUrlHandler("https", browser, "open")
    try:
        show_book(window, marker_book())
        select_word(qtbot, window, "lantern")
        action = look_up_action(window)
        assert action.text() == "Look Up “lantern” on the Web"
        assert browser.opened == [], "nothing is opened before the reader asks"
        action.trigger()
        assert browser.opened == ["https://en.wiktionary.org/wiki/lantern"]
    finally:
        QDesktopServices.unsetUrlHandler("https")

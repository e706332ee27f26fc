"""Voices a reader can choose, in the window with the scripted voice standing in for espeak's
hundreds: the Voice menu lists the book language's own voices (the one speaking checked) and
keeps the variants behind More Voices… (searchable, grouped), a voice is heard before it is
kept, and Settings has a Read Aloud page for the voice and the speed."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu
from pytestqt.qtbot import QtBot

from reader_app.ui.read_aloud.speech import Voice
from reader_app.ui.read_aloud.voice_dialog import NAME, VoiceDialog
from reader_app.ui.window.main_window import MainWindow
from reader_app.ui.window.settings_dialog import PreferencesDialog
from tests.bookgen import marker_book
from tests.fakes.scripted_speaker import ScriptedSpeaker
from tests.ui.conftest import make_window, show_book
from tests.ui.read_aloud.test_read_aloud import scripted

VARIANTS = ["Adam", "Alex", "Half-LifeAnnouncementSystem", "Robosoft", "Robosoft7", "fast_test",
            *(f"Variant{n}" for n in range(60))]
BASES = ["English (Great Britain)", "English (Scotland)", "English (America)"]
VOICES = (
    *(Voice(base, "en") for base in BASES),
    *(Voice(f"{base}+{variant}", "en") for base in BASES for variant in VARIANTS),
    Voice("French (France)", "fr"), Voice("French (France)+Robosoft7", "fr"),
)
SAMPLE = "The Marker Book, A. Tester."  # the book's title and author, in its voice


def english_book(window: MainWindow) -> None:
    book = marker_book(chapters=1, paragraphs=20, sentences=4)
    show_book(window, dataclasses.replace(
        book, metadata=dataclasses.replace(book.metadata, language="en-GB")))


def voice_menu(window: MainWindow) -> QMenu:
    menu = window.findChild(QMenu, "readAloudVoices")
    assert isinstance(menu, QMenu)
    menu.aboutToShow.emit()
    return menu


def voice_items(menu: QMenu) -> dict[str, bool]:
    """The voices listed, each with whether it is checked."""
    return {a.text(): a.isChecked() for a in menu.actions() if a.isCheckable()}


def named(menu: QMenu, name: str) -> QAction:
    [action] = [a for a in menu.actions() if a.objectName() == name or a.text() == name]
    return action


def test_the_voice_menu_lists_the_languages_voices_checked_and_keeps_variants_behind_more(
    qtbot: QtBot, library_home: Path
) -> None:
    window = make_window(qtbot, library_home, size=(1600, 1000))
    english_book(window)
    aloud, voice = scripted(window, voices=VOICES)
    menu = voice_menu(window)
    assert voice_items(menu) == {"English (Great Britain)": True, "English (Scotland)": False,
                                 "English (America)": False}, "the book's language, checked"
    assert not any("+" in a.text() for a in menu.actions()), "no variant in the menu itself"
    assert named(menu, "actionMoreVoices").isEnabled()
    hint = menu.sizeHint()
    assert hint.height() < 400 and hint.width() < 500, "a menu, not a screen of voices"

    named(menu, "English (America)").trigger()
    assert voice.voice == "English (America)" and voice.said[-1] == SAMPLE, "heard when chosen"
    assert window.writer.flush() and window.settings.get("read_aloud.voice") == (
        "English (America)")
    assert voice_items(voice_menu(window))["English (America)"]
    said = len(voice.said)
    named(voice_menu(window), "actionPreviewVoice").trigger()
    assert voice.said[said:] == [SAMPLE]

    # While reading, a voice chosen speaks the next sentence; no sample cuts the one being said.
    aloud.play_pause()
    qtbot.waitUntil(lambda: voice.speaking is not None, timeout=5000)
    menu = voice_menu(window)
    assert not named(menu, "actionPreviewVoice").isEnabled()
    named(menu, "English (Scotland)").trigger()
    qtbot.waitUntil(lambda: len(voice.heard) >= 2, timeout=5000)
    assert voice.voice == "English (Scotland)" and voice.said.count(SAMPLE) == 2
    aloud.stop()
    window.close()


def dialog_names(dialog: VoiceDialog) -> list[str]:
    """The voices the dialog shows (not hidden by the search)."""
    shown = []
    for group, children in dialog._groups:
        if not group.isHidden():
            shown += [c.data(0, NAME) for c in children if not c.isHidden()]
    return shown


def test_more_voices_finds_a_variant_by_name_previews_it_and_keeps_it_on_ok(
    qtbot: QtBot, window: MainWindow
) -> None:
    english_book(window)
    aloud, voice = scripted(window, voices=VOICES)
    named(voice_menu(window), "actionMoreVoices").trigger()
    dialog = window.findChild(VoiceDialog)
    assert isinstance(dialog, VoiceDialog)
    qtbot.waitUntil(dialog.isVisible)
    assert [g.text(0) for g, _c in dialog._groups] == BASES, "grouped by the voice they vary"
    assert len(dialog_names(dialog)) == len(BASES) * len(VARIANTS)
    assert all("French" not in name for name in dialog_names(dialog)), "the book's language"
    qtbot.keyClicks(dialog.search, "robosoft7")
    assert dialog_names(dialog) == [f"{base}+Robosoft7" for base in BASES]
    [(group, children)] = [(g, c) for g, c in dialog._groups if g.text(0) == BASES[1]]
    [robosoft] = [c for c in children if not c.isHidden()]
    dialog.tree.setCurrentItem(robosoft)
    dialog.preview_button.click()
    assert voice.said[-1] == SAMPLE and voice.voice == "English (Scotland)+Robosoft7"
    dialog.ok_button.click()
    assert window.writer.flush()
    assert window.settings.get("read_aloud.voice") == "English (Scotland)+Robosoft7"
    assert voice.voice == "English (Scotland)+Robosoft7"
    items = voice_items(voice_menu(window))
    assert items["English (Scotland)+Robosoft7"], "the variant chosen shows, checked"

    # Previewed, then Cancel: the voice chosen before speaks again.
    named(voice_menu(window), "actionMoreVoices").trigger()
    again = [d for d in window.findChildren(VoiceDialog) if d.isVisible()][-1]
    [(group, children)] = [(g, c) for g, c in again._groups if g.text(0) == BASES[2]]
    again.tree.setCurrentItem(group)
    again.preview_button.click()
    assert voice.voice == BASES[2]
    again.reject()
    assert voice.voice == "English (Scotland)+Robosoft7"
    assert aloud.voice.chosen() == "English (Scotland)+Robosoft7"


def test_settings_has_a_read_aloud_page_with_the_voice_and_the_speed(
    qtbot: QtBot, window: MainWindow
) -> None:
    english_book(window)
    aloud, voice = scripted(window, voices=VOICES)
    window.show_preferences(tab="read_aloud")
    dialog = window.findChild(PreferencesDialog)
    assert isinstance(dialog, PreferencesDialog)
    qtbot.waitUntil(dialog.isVisible)
    page = dialog.read_aloud_page
    assert page is not None and dialog.tabs.currentWidget() is page
    box = page.voice_box
    assert [box.itemText(i) for i in range(box.count())] == BASES
    assert box.currentText() == "English (Great Britain)"
    box.setCurrentIndex(box.findData("English (Scotland)"))
    page.speed.setValue(3)
    assert page.speed_label.text() == "1.3×"
    page.preview_button.click()
    assert voice.said[-1] == SAMPLE and voice.voice == "English (Scotland)"
    dialog.accept()
    assert window.writer.flush()
    assert window.settings.get("read_aloud.voice") == "English (Scotland)"
    assert window.settings.get("read_aloud.rate") == 0.3 and voice.rate == 0.3

    # A fresh voice (the next run) speaks as chosen.
    later = ScriptedSpeaker(voices=VOICES)
    aloud.voice.use(lambda _parent: later)
    assert aloud.ensure_speaker() and later.voice == "English (Scotland)" and later.rate == 0.3

    # Previewed, then Cancel: nothing kept, the voice before speaks.
    window.show_preferences(tab="read_aloud")
    dialog = [d for d in window.findChildren(PreferencesDialog) if d.isVisible()][-1]
    page = dialog.read_aloud_page
    assert page is not None
    qtbot.waitUntil(page.isVisible)
    page.voice_box.setCurrentIndex(page.voice_box.findData("English (America)"))
    page.speed.setValue(-5)
    page.preview_button.click()
    assert later.voice == "English (America)"
    dialog.reject()
    assert later.voice == "English (Scotland)" and later.rate == 0.3
    assert window.settings.get("read_aloud.voice") == "English (Scotland)"


def test_settings_opened_elsewhere_asks_no_speech_engine_for_voices(
    qtbot: QtBot, window: MainWindow
) -> None:
    made: list[object] = []
    window.aids.read_aloud.voice.use(lambda parent: made.append(parent) or ScriptedSpeaker())
    window.show_preferences(tab="appearance")
    dialog = window.findChild(PreferencesDialog)
    assert isinstance(dialog, PreferencesDialog)
    qtbot.waitUntil(dialog.isVisible)
    assert made == [], "no engine started for a page not shown"
    dialog.tabs.setCurrentWidget(dialog.read_aloud_page)
    assert len(made) == 1
    dialog.reject()

"""Read aloud's controls on the window: its submenu in the Go menu (play, next and previous
sentence, faster, slower, stop, the voices), the toolbar button (checked while reading) and keys,
and its word in the status bar; the player is player.py.

The Voice menu lists the book language's own voices, the one speaking checked, and keeps an
engine's hundreds of variants behind More Voices… (voice_dialog.py); a voice chosen says a
short sample, as Preview Voice does."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QMenu, QMenuBar, QStatusBar, QToolBar

from reader_app.settings import SettingsStore
from reader_app.translatable import QT_TRANSLATE_NOOP
from reader_app.ui.read_aloud.bar import ReadAloudBar
from reader_app.ui.read_aloud.player import ReadAloud, SpeakerFactory
from reader_app.ui.read_aloud.speech import find_speaker
from reader_app.ui.read_aloud.voice import is_variant, main_voices
from reader_app.ui.read_aloud.voice_dialog import VoiceDialog
from reader_app.ui.reader.reader_page import ReaderPage
from reader_app.ui.translation import translate
from reader_app.ui.workers import Workers


class ReadAloudHost(Protocol):
    """What Read aloud needs of the main window (ui/aids/aids_host.py's `AidsHost` is one)."""

    settings: SettingsStore
    tasks: Workers
    reader: ReaderPage

    def menuBar(self) -> QMenuBar: ...
    def statusBar(self) -> QStatusBar: ...
    def addAction(self, action: QAction, /) -> None: ...


def install_read_aloud(
    window: ReadAloudHost, *, speaker_factory: SpeakerFactory = find_speaker
) -> ReadAloud:
    """Read aloud's actions in the Go menu and the toolbar, its word in the status bar."""
    bar = ReadAloudBar()
    bar.setObjectName("readAloudBar")
    window.statusBar().addPermanentWidget(bar)
    reader = window.reader
    aloud = ReadAloud(reader, bar, speaker_factory=speaker_factory, settings=window.settings,
                      workers=window.tasks, parent=reader)
    window.menuBar().window().installEventFilter(aloud)
    menu = QMenu(translate("ReadAloudMenu", "Read &Aloud"), window.menuBar())
    menu.setObjectName("readAloudMenu")
    rows: list[tuple[str, str, Callable[[], None], str]] = [
        ("actionReadAloud", QT_TRANSLATE_NOOP("ReadAloudMenu", "&Read Aloud / Pause"),
         aloud.play_pause, "Ctrl+Shift+R"),
        ("actionReadAloudNext", QT_TRANSLATE_NOOP("ReadAloudMenu", "&Next Sentence"),
         aloud.next_sentence, "Ctrl+Shift+Right"),
        ("actionReadAloudPrevious", QT_TRANSLATE_NOOP("ReadAloudMenu", "&Previous Sentence"),
         aloud.previous_sentence, "Ctrl+Shift+Left"),
        ("actionReadAloudFaster", QT_TRANSLATE_NOOP("ReadAloudMenu", "&Faster"), aloud.faster,
         "Ctrl+Shift+Up"),
        ("actionReadAloudSlower", QT_TRANSLATE_NOOP("ReadAloudMenu", "&Slower"), aloud.slower,
         "Ctrl+Shift+Down"),
        ("actionReadAloudStop", QT_TRANSLATE_NOOP("ReadAloudMenu", "S&top Reading Aloud"),
         aloud.stop, ""),
    ]
    for name, text, slot, keys in rows:
        action = QAction(translate("ReadAloudMenu", text), window.menuBar())
        action.setObjectName(name)
        if keys:
            action.setShortcut(QKeySequence(keys))
            action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        action.triggered.connect(lambda _=False, slot=slot: slot())
        window.addAction(action)
        menu.addAction(action)
    voices = menu.addMenu(translate("ReadAloudMenu", "&Voice"))
    voices.setObjectName("readAloudVoices")
    voices.aboutToShow.connect(lambda: _fill_voices(voices, aloud))
    go = window.menuBar().findChild(QMenu, "goMenu")
    if go is not None:
        go.addSeparator()
        go.addMenu(menu)
    toolbar = window.menuBar().window().findChild(QToolBar, "mainToolbar")
    # The toolbar's button is checked while reading: it shows what Read aloud is doing.
    button = QAction(translate("ReadAloudMenu", "Read Aloud"), window.menuBar())
    button.setObjectName("actionReadAloudButton")
    button.setCheckable(True)
    button.triggered.connect(lambda _=False: aloud.play_pause())
    aloud.stateChanged.connect(lambda: _show_state(button, aloud))
    _show_state(button, aloud)
    if toolbar is not None:
        toolbar.addAction(button)
    return aloud


def _show_state(button: QAction, aloud: ReadAloud) -> None:
    reading = aloud.playing and not aloud.paused
    button.setChecked(reading)
    if reading:
        button.setToolTip(translate("ReadAloudMenu", "Pause reading aloud (Ctrl+Shift+R)"))
    elif aloud.playing:
        button.setToolTip(translate("ReadAloudMenu", "Paused: go on reading aloud (Ctrl+Shift+R)"))
    else:
        button.setToolTip(
            translate("ReadAloudMenu",
                      "Read aloud from the first sentence on the page (Ctrl+Shift+R)"))


def _fill_voices(menu: QMenu, aloud: ReadAloud) -> None:
    """The book language's own voices (the one speaking checked), More Voices…, Preview."""
    menu.clear()
    for old in menu.findChildren(QActionGroup):
        old.deleteLater()
    if aloud.speaker is None and not aloud.ensure_speaker():
        missing = aloud.voice.no_speech
        menu.addAction(missing.reason if missing else translate("ReadAloudMenu", "No voices")
                       ).setEnabled(False)
        return
    voice = aloud.voice
    voices, current = voice.voices(), voice.current()
    shown = main_voices(voices)
    shown += [v for v in voices if v.name == current and v not in shown]  # a variant chosen
    group = QActionGroup(menu)
    for listed in shown:
        action = menu.addAction(listed.name)
        action.setCheckable(True)
        action.setChecked(listed.name == current)
        action.setToolTip(translate(
            "ReadAloudMenu", "Read in {0}; it says the book's title when chosen").format(
                listed.name))
        group.addAction(action)
        action.triggered.connect(lambda _=False, name=listed.name: _choose(aloud, name))
    if not voices:
        menu.addAction(
            translate("ReadAloudMenu", "The speech engine lists no voices")).setEnabled(False)
    menu.addSeparator()
    more = menu.addAction(translate("ReadAloudMenu", "&More Voices…"))
    more.setObjectName("actionMoreVoices")
    more.setEnabled(any(is_variant(v) or v not in shown for v in voices))
    more.triggered.connect(lambda: _more_voices(aloud))
    preview = menu.addAction(translate("ReadAloudMenu", "&Preview Voice"))
    preview.setObjectName("actionPreviewVoice")
    preview.setEnabled(voice.can_preview())
    preview.triggered.connect(lambda: voice.preview())


def _choose(aloud: ReadAloud, name: str) -> None:
    aloud.set_voice(name)
    aloud.voice.preview()  # heard at once (not while reading: the next sentence is in it)


def _more_voices(aloud: ReadAloud) -> None:
    dialog = VoiceDialog(aloud.voice, aloud.reader.window())
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.accepted.connect(lambda: aloud.set_voice(dialog.selected()))
    dialog.open()

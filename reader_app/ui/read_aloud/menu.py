"""Read aloud's controls on the window: its submenu in the Go menu (play, next and previous
sentence, faster, slower, stop, the voices), the toolbar button and keys, and its word in the
status bar; the player is player.py."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu, QMenuBar, QStatusBar, QToolBar

from reader_app.settings import SettingsStore
from reader_app.ui.read_aloud.bar import ReadAloudBar
from reader_app.ui.read_aloud.player import ReadAloud, SpeakerFactory
from reader_app.ui.read_aloud.speech import find_speaker
from reader_app.ui.reader.reader_page import ReaderPage
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
    menu = QMenu("Read &Aloud", window.menuBar())
    menu.setObjectName("readAloudMenu")
    rows: list[tuple[str, str, Callable[[], None], str]] = [
        ("actionReadAloud", "&Read Aloud / Pause", aloud.play_pause, "Ctrl+Shift+R"),
        ("actionReadAloudNext", "&Next Sentence", aloud.next_sentence, "Ctrl+Shift+Right"),
        ("actionReadAloudPrevious", "&Previous Sentence", aloud.previous_sentence,
         "Ctrl+Shift+Left"),
        ("actionReadAloudFaster", "&Faster", aloud.faster, "Ctrl+Shift+Up"),
        ("actionReadAloudSlower", "&Slower", aloud.slower, "Ctrl+Shift+Down"),
        ("actionReadAloudStop", "S&top Reading Aloud", aloud.stop, ""),
    ]
    for name, text, slot, keys in rows:
        action = QAction(text, window.menuBar())
        action.setObjectName(name)
        if keys:
            action.setShortcut(QKeySequence(keys))
            action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        action.triggered.connect(lambda _=False, slot=slot: slot())
        window.addAction(action)
        menu.addAction(action)
    voices = menu.addMenu("&Voice")
    voices.setObjectName("readAloudVoices")
    voices.aboutToShow.connect(lambda: _fill_voices(voices, aloud))
    go = window.menuBar().findChild(QMenu, "goMenu")
    if go is not None:
        go.addSeparator()
        go.addMenu(menu)
    toolbar = window.menuBar().window().findChild(QToolBar, "mainToolbar")
    play = menu.actions()[0]
    play.setToolTip("Read aloud from the first sentence on the page, or pause (Ctrl+Shift+R)")
    if toolbar is not None:
        toolbar.addAction(play)
    return aloud


def _fill_voices(menu: QMenu, aloud: ReadAloud) -> None:
    menu.clear()
    if aloud.speaker is None and not aloud.ensure_speaker():
        missing = aloud.voice.no_speech
        menu.addAction(missing.reason if missing else "No voices").setEnabled(False)
        return
    assert aloud.speaker is not None
    for voice in sorted(aloud.speaker.voices(), key=lambda v: (v.language, v.name)):
        action = menu.addAction(f"{voice.name} ({voice.language})")
        action.triggered.connect(lambda _=False, name=voice.name: aloud.set_voice(name))
    if not menu.actions():
        menu.addAction("The speech engine lists no voices").setEnabled(False)

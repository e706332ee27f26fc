"""Read aloud with a real engine where this machine has one: Qt's text-to-speech (the `speech`
extra) through speech-dispatcher and espeak-ng, its sound sent to libao's null driver, so no
audio device is needed. Skipped where the module or the engine is missing."""

from __future__ import annotations

import importlib.util
import os
import shutil
import signal
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from reader_app.books.text.spoken import SpokenSentence
from reader_app.ui.aids.speech import QtSpeaker
from reader_app.ui.window.main_window import MainWindow
from tests.bookgen import marker_book
from tests.ui.aids.test_read_aloud import visible_sentences
from tests.ui.conftest import show_book

SPEECHD_CONF = Path("/etc/speech-dispatcher/speechd.conf")

pytestmark = pytest.mark.skipif(
    importlib.util.find_spec("PySide6.QtTextToSpeech") is None
    or shutil.which("speech-dispatcher") is None
    or not SPEECHD_CONF.exists(),
    reason="needs Qt's speech module (pagemate[speech]) and speech-dispatcher with espeak-ng",
)


@pytest.fixture
def null_audio(monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A speech-dispatcher of this test's own (spawned on first use), speaking into libao's null
    driver; stopped afterwards by the process id it recorded."""
    home = Path(tempfile.mkdtemp(prefix="sd-", dir="/tmp"))  # a socket path must stay short
    config = home / "config" / "speech-dispatcher"
    config.mkdir(parents=True)
    text = SPEECHD_CONF.read_text()
    (config / "speechd.conf").write_text(text + '\nAudioOutputMethod "libao"\nTimeout 5\n')
    (home / ".libao").write_text("default_driver=null\n")
    runtime = home / "run"
    runtime.mkdir(mode=0o700)
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / "config"))
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(runtime))
    monkeypatch.setenv("XDG_CACHE_HOME", str(home / "cache"))
    yield home
    for pid_file in home.rglob("*.pid"):
        try:
            pid = int(pid_file.read_text().strip())
            os.kill(pid, signal.SIGTERM)
            for _ in range(20):
                time.sleep(0.1)
                os.kill(pid, 0)
            os.kill(pid, signal.SIGKILL)
        except (ValueError, ProcessLookupError, PermissionError):
            pass
    shutil.rmtree(home, ignore_errors=True)


@pytest.mark.qt_log_ignore("pipewire")  # Qt's sound module looks for PipeWire, then uses libao
def test_a_real_voice_reads_in_order_and_pauses_on_the_same_sentence(
    qtbot: QtBot, window: MainWindow, null_audio: Path
) -> None:
    show_book(window, marker_book(chapters=1, paragraphs=10, sentences=3))
    aloud = window.aids.read_aloud
    if not aloud.ensure_speaker():
        pytest.skip(f"no engine here: {aloud.bar.text}")
    assert isinstance(aloud.speaker, QtSpeaker)
    expected = [s.text for s in visible_sentences(window)]
    started: list[SpokenSentence] = []
    aloud.sentenceStarted.connect(started.append)
    aloud.play_pause()
    qtbot.waitUntil(lambda: len(started) >= 3, timeout=30_000)
    assert [s.text for s in started[:3]] == expected[:3]
    aloud.play_pause()
    count = len(started)
    qtbot.wait(1500)
    # The engine may finish the sentence it had in hand (heard in full, it counts), but nothing
    # new begins while paused, and Resume goes on from there (Qt's engines say a paused sentence
    # again from its start): nothing skipped.
    assert len(started) == count, "nothing begun while paused"
    aloud.play_pause()
    qtbot.waitUntil(lambda: len(started) > count, timeout=30_000)
    said = [s.text for s in started]
    assert said == expected[: len(said)]
    aloud.stop()

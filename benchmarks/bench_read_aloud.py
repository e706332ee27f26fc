"""Read aloud through a War and Peace chapter with page turns: the time from Play to the first
sentence (handed to the voice, and with a real engine to its first sound), from a sentence's end to
the next one's start (the gaps a listener hears), and the UI thread's longest stall meanwhile.

Two voices. The instant one (each sentence ends on the next turn of the event loop) measures the
app alone: finding the sentence, turning and painting the page, the boundary's write queued, over
400 sentences. The real one is Qt's QTextToSpeech through speech-dispatcher and espeak-ng (where
this machine has them, tests/fakes/null_audio.py), its sound sent to libao's null driver: the
first sound is the engine's Speaking state (speech-dispatcher's "begin": its audio started), a
sentence's end its Ready state. The null driver takes the sound at once, so a sentence lasts its
synthesis, not its speaking: the gaps are the engine's turn-around plus the app's, which is what
a listener hears between two sentences.
"""

from __future__ import annotations

import itertools
import os
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "corpus" / "epub"
WAR_AND_PEACE = CORPUS / "leo-tolstoy_war-and-peace_louise-maude_aylmer-maude.epub"
SENTENCES = 400  # about two chapters of War and Peace, a dozen page turns
SCRIPTED_RUNS = 3
# The real voice, fastest (the null sink plays nothing, so only its synthesis takes time): a
# page and a half of the chapter, a page turn included, three times.
REAL_VOICE_SENTENCES = 40
REAL_VOICE_RUNS = 3
REAL_VOICE_RATE = 1.0


class InstantVoice:
    """`Speaker` with no sound: a sentence ends on the next turn of the event loop."""

    def __init__(self) -> None:
        from PySide6.QtCore import QTimer

        self.said_at: list[float] = []
        self.ended_at: list[float] = []
        self._utterance: int | None = None
        self._timer = QTimer()
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self._end)
        self._finished: Callable[[int], None] = lambda _u: None

    def listen(
        self, *, finished: Callable[[int], None], failed: Callable[[int, str], None]
    ) -> None:
        self._finished = finished

    def say(self, text: str, utterance: int) -> None:
        self.said_at.append(time.perf_counter())
        self._utterance = utterance
        self._timer.start()

    def pause(self) -> None: ...
    def resume(self) -> None: ...

    def stop(self) -> None:
        self._utterance = None
        self._timer.stop()

    def set_rate(self, rate: float) -> None: ...
    def set_language(self, language: str) -> None: ...
    def voices(self) -> tuple[Any, ...]:
        return ()
    def set_voice(self, name: str) -> None: ...

    def _end(self) -> None:
        if self._utterance is not None:
            done, self._utterance = self._utterance, None
            self.ended_at.append(time.perf_counter())
            self._finished(done)


class TimedRealVoice:
    """Qt's real voice (`QtSpeaker`), with the time each sentence was handed over, its sound
    began (Speaking) and it ended (Ready)."""

    def __init__(self, speaker: Any) -> None:
        self.speaker = speaker
        self.said_at: list[float] = []
        self.sound_at: list[float] = []
        self.ended_at: list[float] = []
        states = type(speaker.engine).State
        self._speaking = (states.Speaking,)
        speaker.engine.stateChanged.connect(self._state)

    def _state(self, state: Any) -> None:
        if state in self._speaking and len(self.sound_at) < len(self.said_at):
            self.sound_at.append(time.perf_counter())

    def listen(
        self, *, finished: Callable[[int], None], failed: Callable[[int, str], None]
    ) -> None:
        def ended(utterance: int) -> None:
            self.ended_at.append(time.perf_counter())
            finished(utterance)

        self.speaker.listen(finished=ended, failed=failed)

    def say(self, text: str, utterance: int) -> None:
        self.said_at.append(time.perf_counter())
        self.speaker.say(text, utterance)

    def pause(self) -> None:
        self.speaker.pause()

    def resume(self) -> None:
        self.speaker.resume()

    def stop(self) -> None:
        self.speaker.stop()

    def set_rate(self, rate: float) -> None:
        self.speaker.set_rate(rate)

    def set_language(self, language: str) -> None:
        self.speaker.set_language(language)

    def voices(self) -> tuple[Any, ...]:
        return tuple(self.speaker.voices())

    def set_voice(self, name: str) -> None:
        self.speaker.set_voice(name)


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def _read_through(voice_factory: Callable[[Any], Any], sentences: int) -> dict[str, Any]:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QElapsedTimer, QEventLoop, QTimer
    from PySide6.QtWidgets import QApplication

    from reader_app.books.shelf.library import Library
    from reader_app.settings import SettingsStore
    from reader_app.store.db import connect
    from reader_app.ui.window.main_window import MainWindow

    app = QApplication.instance() or QApplication([])
    home = Path(tempfile.mkdtemp(prefix="bench-aloud-"))
    conn = connect(home)
    window = MainWindow(home=home, library=Library(conn, home), settings=SettingsStore(conn),
                        prepare_assistant=False)
    window.resize(1200, 850)
    window.show()
    loop = QEventLoop()
    window.bookOpened.connect(lambda _b: loop.quit())
    window.open_path(WAR_AND_PEACE)
    QTimer.singleShot(120_000, loop.quit)
    loop.exec()
    book = window.book
    assert book is not None
    window.reader.view.go_to(book.toc[3].target)  # a chapter of the story
    window.reader.move_boundary_here()  # read up to here: listening counts from the start
    app.processEvents()

    aloud = window.aids.read_aloud
    aloud.voice.use(voice_factory)
    aloud.ensure_speaker()
    voice = aloud.speaker
    started: list[float] = []
    headings: list[bool] = []

    def begun(sentence: Any) -> None:
        started.append(time.perf_counter())
        headings.append(sentence.heading)

    aloud.sentenceStarted.connect(begun)
    pages: list[int] = []
    window.reader.epub_view.pageShown.connect(lambda shown: pages.append(shown.page))

    # The UI thread's stalls: a 5 ms timer, and the longest wait between its ticks.
    clock = QElapsedTimer()
    clock.start()
    ticks: list[int] = []
    watchdog = QTimer()
    watchdog.setInterval(5)
    watchdog.timeout.connect(lambda: ticks.append(clock.elapsed()))
    watchdog.start()

    play = time.perf_counter()
    aloud.play_pause()
    done = QEventLoop()
    QTimer.singleShot(300_000, done.quit)
    poll = QTimer()
    poll.setInterval(20)
    poll.timeout.connect(lambda: done.quit() if len(started) >= sentences else None)
    poll.start()
    done.exec()
    aloud.stop()
    watchdog.stop()
    said = getattr(voice, "said_at", None) or started
    ended = getattr(voice, "ended_at", None)
    # With a real voice, the gap a listener hears ends when the next sentence's sound begins.
    begins = getattr(voice, "sound_at", None) or said
    # After a heading the voice pauses on purpose (HEADING_PAUSE_MS): not a gap of the app's.
    count = min(len(ended), len(begins) - 1) if ended else len(started) - 1
    gaps = [((begins[i + 1] - ended[i]) if ended else (started[i + 1] - started[i])) * 1000
            for i in range(count) if not headings[i]]
    stalls = [b - a for a, b in itertools.pairwise(ticks)]
    window.writer.flush()
    window.close()
    sound = getattr(voice, "sound_at", None)
    return {
        "first": (said[0] - play) * 1000 if said else float("nan"),
        "first_sound": (sound[0] - play) * 1000 if sound else float("nan"),
        "gaps": gaps,
        "stall": max(stalls) if stalls else float("nan"),
        "turns": len(pages),
        "sentences": len(started),
    }


def _real_voice(parent: Any) -> Any:
    from reader_app.ui.read_aloud.speech import NoSpeech, find_speaker

    made = find_speaker(parent)
    if isinstance(made, NoSpeech):
        raise RuntimeError(made.reason)
    made.set_rate(REAL_VOICE_RATE)
    return TimedRealVoice(made)


def real_voice_rows(runs: int = REAL_VOICE_RUNS) -> list[dict[str, object]]:
    """Play to the first sound and the gaps heard with the real engine, over `runs` readings of
    REAL_VOICE_SENTENCES sentences each (medians over the runs' figures)."""
    from tests.fakes.null_audio import null_speech_dispatcher, real_voice_missing

    missing = real_voice_missing()
    if missing:
        return [{"metric": "real voice", "value": None, "unit": "", "note": f"skipped: {missing}"}]
    # One speech-dispatcher for every run, as the app has one for its session (a second one
    # spawned in the same process after the first was stopped is not reached).
    with null_speech_dispatcher():
        results = [_read_through(_real_voice, REAL_VOICE_SENTENCES) for _ in range(runs)]
    firsts = [r["first_sound"] for r in results]
    handed = [r["first"] for r in results]
    gaps = [gap for r in results for gap in r["gaps"]]
    note = (f"{runs} runs of {REAL_VOICE_SENTENCES} sentences, speech-dispatcher and espeak-ng "
            "into libao's null driver")
    return [
        {"metric": "real voice: play to first sound, median", "value": statistics.median(firsts),
         "unit": "ms", "note": note + f"; each run: {', '.join(f'{v:.0f}' for v in firsts)}"},
        {"metric": "real voice: play to first sentence handed over, median",
         "value": statistics.median(handed), "unit": "ms"},
        {"metric": "real voice: gap heard between sentences, median",
         "value": statistics.median(gaps), "unit": "ms",
         "note": f"{len(gaps)} gaps: a sentence's end (Ready) to the next one's sound (Speaking)"},
        {"metric": "real voice: gap heard, p90", "value": _percentile(gaps, 0.9), "unit": "ms"},
        {"metric": "real voice: gap heard, max", "value": max(gaps), "unit": "ms"},
        {"metric": "real voice: UI thread longest stall, median",
         "value": statistics.median(r["stall"] for r in results), "unit": "ms"},
    ]


def run() -> list[dict[str, object]]:
    if not WAR_AND_PEACE.exists():
        return [{"metric": "skipped", "value": None, "unit": "", "note": "no corpus"}]
    runs = [_read_through(lambda _parent: InstantVoice(), SENTENCES) for _ in range(SCRIPTED_RUNS)]
    gaps = [gap for r in runs for gap in r["gaps"]]
    note = (f"{runs[0]['sentences']} sentences, {runs[0]['turns']} page turns, instant voice, "
            f"{SCRIPTED_RUNS} runs")
    return [
        {"metric": "play to first sentence handed to the voice, median",
         "value": statistics.median(r["first"] for r in runs), "unit": "ms", "note": note},
        {"metric": "sentence end to next start, median", "value": statistics.median(gaps),
         "unit": "ms", "note": "the app's share of the gap"},
        {"metric": "sentence end to next start, p99", "value": _percentile(gaps, 0.99),
         "unit": "ms"},
        {"metric": "sentence end to next start, max", "value": max(gaps), "unit": "ms",
         "note": "a page turn or a new chapter's sentences"},
        {"metric": "UI thread longest stall while reading aloud, median",
         "value": statistics.median(r["stall"] for r in runs), "unit": "ms",
         "note": "a 5 ms timer's longest wait, per run: "
                 + ", ".join(f"{r['stall']:.0f}" for r in runs)},
        *real_voice_rows(),
    ]


if __name__ == "__main__":
    for row in run():
        print(row)

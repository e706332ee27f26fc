"""Read aloud through a War and Peace chapter with page turns: the time the app takes from Play
to handing the voice its first sentence, and from a sentence's end to the next one's start (the
gaps a listener hears, the app's share), and the UI thread's longest stall meanwhile.

The voice is an instant one (each sentence ends on the next turn of the event loop), so what is
measured is the app: finding the sentence, turning and painting the page, the boundary's write
queued. A real engine's own latency (synthesis, the sound device) comes on top and is not
measured here."""

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
    aloud.speaker_factory = voice_factory
    aloud.speaker = None
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
    # After a heading the voice pauses on purpose (HEADING_PAUSE_MS): not a gap of the app's.
    count = min(len(ended), len(said) - 1) if ended else len(started) - 1
    gaps = [((said[i + 1] - ended[i]) if ended else (started[i + 1] - started[i])) * 1000
            for i in range(count) if not headings[i]]
    stalls = [b - a for a, b in itertools.pairwise(ticks)]
    window.writer.flush()
    window.close()
    return {
        "first": (said[0] - play) * 1000 if said else float("nan"),
        "gaps": gaps,
        "stall": max(stalls) if stalls else float("nan"),
        "turns": len(pages),
        "sentences": len(started),
    }


def run() -> list[dict[str, object]]:
    if not WAR_AND_PEACE.exists():
        return [{"metric": "skipped", "value": None, "unit": "", "note": "no corpus"}]
    result = _read_through(lambda _parent: InstantVoice(), SENTENCES)
    gaps = result["gaps"]
    note = f"{result['sentences']} sentences, {result['turns']} page turns, instant voice"
    return [
        {"metric": "play to first sentence handed to the voice", "value": result["first"],
         "unit": "ms", "note": note},
        {"metric": "sentence end to next start, median", "value": statistics.median(gaps),
         "unit": "ms", "note": "the app's share of the gap"},
        {"metric": "sentence end to next start, p99", "value": _percentile(gaps, 0.99),
         "unit": "ms"},
        {"metric": "sentence end to next start, max", "value": max(gaps), "unit": "ms",
         "note": "a page turn or a new chapter's sentences"},
        {"metric": "UI thread longest stall while reading aloud", "value": result["stall"],
         "unit": "ms", "note": "a 5 ms timer's longest wait"},
    ]


if __name__ == "__main__":
    for row in run():
        print(row)

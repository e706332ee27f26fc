"""The window never waits on preparation: page turns during a long book's first preparation,
and news of an abandoned preparation never reaching the next book."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QElapsedTimer, QTimer
from pytestqt.qtbot import QtBot

from reader_app.prepare.news import PrepareNews
from tests.conftest import JEKYLL, WAR_AND_PEACE, corpus_epub
from tests.ui.conftest import make_window, open_file

PROBE_MS = 10
TURN_MS = 100
# The benchmark holds the exact figure (goal < 50 ms); this only catches a freeze coming back
# (a page-turn save once waited 8.9 s behind the one big preparation transaction), with room
# for a loaded CI machine: on a machine at load 20 on 2 cores the worst seen was 2.6 s, which
# the OS scheduler alone can cause.
CI_STALL_LIMIT_MS = 4000


class StallProbe:
    """A 10 ms timer on the UI thread: the longest gap between its ticks is the longest stall."""

    def __init__(self) -> None:
        self.clock = QElapsedTimer()
        self.timer = QTimer()
        self.timer.setInterval(PROBE_MS)
        self.timer.timeout.connect(self._tick)
        self.last = 0
        self.longest = 0

    def start(self) -> None:
        self.clock.start()
        self.last = 0
        self.timer.start()

    def stop(self) -> None:
        self.timer.stop()

    def _tick(self) -> None:
        now = self.clock.elapsed()
        self.longest = max(self.longest, now - self.last - PROBE_MS)
        self.last = now


def test_turning_pages_while_war_and_peace_is_first_prepared_never_freezes(
    qtbot: QtBot, library_home: Path
) -> None:
    window = make_window(qtbot, library_home, prepare_assistant=True)
    seen: list[PrepareNews] = []
    window.assistantNews.connect(seen.append)
    open_file(qtbot, window, corpus_epub(WAR_AND_PEACE))
    probe = StallProbe()
    turns = QTimer()
    turns.setInterval(TURN_MS)
    turned: list[bool] = []
    turns.timeout.connect(lambda: turned.append(window.reader.epub_view.next_page()))
    probe.start()
    turns.start()
    # Until the text is written and embedding has begun, and a little longer.
    qtbot.waitUntil(lambda: any(n.stage in ("index", "covered") for n in seen), timeout=120_000)
    qtbot.wait(1500)
    turns.stop()
    probe.stop()
    assert len(turned) >= 10 and all(turned)
    print(f"longest UI stall: {probe.longest} ms over {len(turned)} page turns")
    assert probe.longest < CI_STALL_LIMIT_MS, f"the UI thread stalled {probe.longest} ms"
    # The reading state was recorded behind the turns, and matches what the reader holds.
    book = window.book
    assert book is not None
    assert window.recorded_reading_state(book.book_id) == window.reader.state
    window.close()


def test_a_second_book_hears_nothing_from_the_first_books_preparation(
    qtbot: QtBot, library_home: Path
) -> None:
    window = make_window(qtbot, library_home, prepare_assistant=True)
    seen: list[PrepareNews] = []
    window.assistantNews.connect(seen.append)
    first = open_file(qtbot, window, corpus_epub(WAR_AND_PEACE))
    qtbot.waitUntil(lambda: any(n.book_id == first.book_id for n in seen), timeout=60_000)
    second = open_file(qtbot, window, corpus_epub(JEKYLL))
    opened_second = len(seen)
    qtbot.waitUntil(
        lambda: any(n.stage == "covered" for n in seen[opened_second:]), timeout=180_000
    )
    # One preparation runs at a time, so the first book's job had ended before the second's
    # news began, and its news, queued before, has been handled: any late news of the first
    # book would be in `seen` now (no fixed wait needed, nor the second book's whole run).
    assert window.indexing.workers.pool.maxThreadCount() == 1
    after = seen[opened_second:]
    assert after and all(n.book_id == second.book_id for n in after)
    assert not window.assistant_panel.suggestion_buttons
    window.close()

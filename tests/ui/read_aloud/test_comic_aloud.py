"""A comic read aloud: the words of each page in panel order (the real OCR cache, panel detection
and reading order; a scripted OCR engine and voice), from the page on screen, the pages turned by
the voice as it goes, pages without words passed over, the balloon being said outlined, and a
clear word at the end."""

from __future__ import annotations

import threading
from pathlib import Path

from PIL import Image
from pytestqt.qtbot import QtBot

from reader_app.books.shelf.reading import Navigation
from reader_app.comics.reading_order import Box, OcrLine
from reader_app.store.db import connect
from reader_app.ui.read_aloud.comic_pages import ocr_page_reader
from reader_app.ui.window.main_window import MainWindow
from tests.fakes.scripted_speaker import ScriptedSpeaker
from tests.ui.conftest import UiThreadWrites, make_window, open_file
from tests.ui.read_aloud.test_read_aloud import scripted
from tests.unit.comics.cbzbook import panel_page, png, write_cbz

SIDE_BY_SIDE = [(20, 20, 290, 780), (310, 20, 580, 780)]  # two tall panels, left then right
# Each page's lines as the engine finds them (by the page's height): on page 1 the right-hand
# panel's line sits higher than the left-hand one's, so top-to-bottom alone would read it first.
LINES = {
    800: [("He sleeps by the old mill.", Box(330, 100, 560, 140)),
          ("Where is the dragon?", Box(40, 600, 270, 640))],
    801: [],  # a page with no words
    802: [("The snowy road goes north.", Box(40, 100, 270, 140))],
}


class PageEngine:
    """OCR that finds each drawn page's scripted lines (told apart by the image's height)."""

    engine_id = "scripted-ocr"

    def __init__(self) -> None:
        self.pages_read: list[int] = []

    def read_lines(self, image: Image.Image) -> list[OcrLine]:
        self.pages_read.append(image.height)
        return [OcrLine.from_box(text, box, 0.99) for text, box in LINES[image.height]]


def comic(tmp_path: Path) -> Path:
    pages = [png(panel_page((600, height), SIDE_BY_SIDE)) for height in LINES]
    return write_cbz(tmp_path / "dragon.cbz", pages)


def test_a_comic_is_read_in_panel_order_turning_its_pages(
    qtbot: QtBot, library_home: Path, tmp_path: Path, ui_thread_writes: UiThreadWrites
) -> None:
    window = make_window(qtbot, library_home, size=(700, 900))
    book = open_file(qtbot, window, comic(tmp_path))
    view = window.reader.comic_view
    assert not view.is_spread() and view.current_pages() == (0,)
    aloud, voice = scripted(window, ms_per_text=30)
    engine = PageEngine()
    aloud.read_comic_pages = ocr_page_reader(window.home, engine=lambda: engine)
    turns: list[tuple[int, Navigation]] = []
    view.pageShown.connect(lambda shown: turns.append((shown.start.section, shown.navigation)))
    pages_while_said: list[tuple[str, tuple[int, ...]]] = []
    aloud.queuedStarted.connect(lambda item: pages_while_said.append((item.text,
                                                                      view.current_pages())))
    ui_thread_writes.arm()
    aloud.play_pause()
    qtbot.waitUntil(lambda: not aloud.playing, timeout=20_000)
    assert voice.heard == ["Where is the dragon?", "He sleeps by the old mill.",
                           "The snowy road goes north."], "panel by panel, page by page"
    assert pages_while_said == [("Where is the dragon?", (0,)),
                                ("He sleeps by the old mill.", (0,)),
                                ("The snowy road goes north.", (2,))], "the page said is shown"
    assert turns == [(2, Navigation.VOICE)], "turned by the voice, past the page with no words"
    assert aloud.bar.text == "Read aloud reached the end of the comic."
    assert ui_thread_writes.found == [], "OCR cached by the worker, on its own connection"
    conn = connect(library_home)
    assert conn.execute("SELECT COUNT(*) FROM ocr_pages").fetchone()[0] == 3
    assert aloud.log.total.sentences == 3 and aloud.log.total.words == 15
    conn.close()

    # Again, from page 3: what OCR read is found in its cache, and only that page is said.
    window.reader.view.go_end()
    engine.pages_read.clear()
    aloud.play_pause()
    qtbot.waitUntil(lambda: not aloud.playing, timeout=20_000)
    assert voice.heard[3:] == ["The snowy road goes north."] and engine.pages_read == []
    assert book.format == "cbz"
    window.close()


class HeldEngine(PageEngine):
    """Reads no page from the `held_from`-th on until the test lets it; `holding` is set once
    the worker waits there."""

    def __init__(self, *, held_from: int = 0) -> None:
        super().__init__()
        self.go = threading.Event()
        self.holding = threading.Event()
        self.held_from = held_from

    def read_lines(self, image: Image.Image) -> list[OcrLine]:
        if len(self.pages_read) >= self.held_from:
            self.holding.set()
            self.go.wait(10)
        return super().read_lines(image)


def test_stopping_a_comic_drops_the_pages_still_being_read(
    qtbot: QtBot, library_home: Path, tmp_path: Path
) -> None:
    window = make_window(qtbot, library_home, size=(700, 900))
    open_file(qtbot, window, comic(tmp_path))
    aloud, voice = scripted(window, ms_per_text=400)
    engine = HeldEngine(held_from=1)
    aloud.read_comic_pages = ocr_page_reader(window.home, engine=lambda: engine)
    aloud.play_pause()
    qtbot.waitUntil(lambda: voice.speaking is not None, timeout=10_000)
    # Stopped once the worker is inside page 2's OCR: stopped before it got there (a slow
    # worker), it would rightly not read page 2 at all, and the test failed 2 runs in 12.
    qtbot.waitUntil(engine.holding.is_set, timeout=10_000)
    aloud.stop()  # the worker is held on page 2
    assert not aloud.playing and aloud.queue is None
    engine.go.set()
    window.tasks.wait_idle(5000)
    qtbot.wait(100)
    assert voice.said == ["Where is the dragon?"], "nothing said after Stop"
    assert engine.pages_read == [800, 801], "the page after the one in hand is not read"
    assert isinstance(voice, ScriptedSpeaker)
    window.close()


def test_paused_while_the_page_is_read_it_begins_on_resume(
    qtbot: QtBot, library_home: Path, tmp_path: Path
) -> None:
    window = make_window(qtbot, library_home, size=(700, 900))
    open_file(qtbot, window, comic(tmp_path))
    aloud, voice = scripted(window, ms_per_text=20)
    engine = HeldEngine()
    aloud.read_comic_pages = ocr_page_reader(window.home, engine=lambda: engine)
    aloud.play_pause()
    assert aloud.bar.text == "Reading the words on the page…"
    aloud.play_pause()  # paused before any words are ready
    engine.go.set()
    qtbot.waitUntil(lambda: aloud.queue is not None and len(aloud.queue) >= 2, timeout=10_000)
    qtbot.wait(100)
    assert voice.said == [], "nothing begun while paused"
    aloud.play_pause()
    qtbot.waitUntil(lambda: not aloud.playing, timeout=10_000)
    assert voice.heard[0] == "Where is the dragon?" and len(voice.heard) == 3
    window.close()


def outline_pixels(window: MainWindow, box: Box) -> int:
    """Pixels of the balloon outline's orange in a band around `box` (page pixels) as drawn."""
    view = window.reader.comic_view
    [(page, rect)] = [(p, r) for p, r in view.page_rects() if p == view.current_pages()[0]]
    size = view.page_pixels(page)
    assert size is not None
    scale = rect.width() / size.width()
    image = view.grab().toImage()
    left, top = rect.left() + box.left * scale, rect.top() + box.top * scale
    right, bottom = rect.left() + box.right * scale, rect.top() + box.bottom * scale
    count = 0
    for x in range(int(left) - 20, int(right) + 20):
        for y in range(int(top) - 20, int(bottom) + 20):
            if 0 <= x < image.width() and 0 <= y < image.height():
                colour = image.pixelColor(x, y)
                count += colour.red() > 220 and 100 < colour.green() < 180 and colour.blue() < 80
    return count


def test_the_balloon_being_read_is_outlined_on_the_page(
    qtbot: QtBot, library_home: Path, tmp_path: Path
) -> None:
    window = make_window(qtbot, library_home, size=(700, 900))
    open_file(qtbot, window, comic(tmp_path))
    aloud, voice = scripted(window, ms_per_text=400)
    aloud.read_comic_pages = ocr_page_reader(window.home, engine=PageEngine)
    dragon, mill = LINES[800][1][1], LINES[800][0][1]
    assert outline_pixels(window, dragon) == outline_pixels(window, mill) == 0
    aloud.play_pause()
    qtbot.waitUntil(lambda: voice.speaking == "Where is the dragon?", timeout=10_000)
    assert outline_pixels(window, dragon) > 100, "the balloon said is outlined"
    assert outline_pixels(window, mill) == 0, "and no other"
    qtbot.waitUntil(lambda: voice.speaking == "He sleeps by the old mill.", timeout=10_000)
    assert outline_pixels(window, mill) > 100 and outline_pixels(window, dragon) == 0
    aloud.stop()
    assert outline_pixels(window, mill) == 0, "gone with the voice"
    window.close()

"""A PDF read aloud: each page's paragraphs from its text layer (no OCR for a page that has one),
running heads and page numbers left out, the pages turned by the voice as it goes; a word broken
at a line's end said whole."""

from __future__ import annotations

from pathlib import Path

from PIL import Image
from pytestqt.qtbot import QtBot

from reader_app.comics.reading_order import OcrLine
from reader_app.ui.read_aloud.comic_pages import ocr_page_reader
from tests.ui.conftest import make_window, open_file
from tests.ui.read_aloud.test_read_aloud import scripted
from tests.unit.books.pdfgen import LINE_BREAKS, PdfChapter, PdfSpec, write_pdf


class NoOcr:
    """An OCR engine that records being asked: a page with a text layer never should."""

    engine_id = "no-ocr"

    def __init__(self) -> None:
        self.asked = 0

    def read_lines(self, image: Image.Image) -> list[OcrLine]:
        self.asked += 1
        return []


def test_a_pdf_is_read_aloud_from_its_text_layer_turning_its_pages(
    qtbot: QtBot, library_home: Path, tmp_path: Path
) -> None:
    spec = PdfSpec(title="Dragon Tales", running_head="Dragon Tales", chapters=(
        PdfChapter("Chapter 1", [["Pepper wakes up early."], ["Carrot wants breakfast."]]),))
    window = make_window(qtbot, library_home, size=(700, 900))
    open_file(qtbot, window, write_pdf(tmp_path / "tales.pdf", spec))
    view = window.reader.comic_view
    assert view.current_pages() == (0,)
    aloud, voice = scripted(window, ms_per_text=30)
    engine = NoOcr()
    aloud.read_comic_pages = ocr_page_reader(window.home, engine=lambda: engine)
    shown: list[tuple[int, ...]] = []
    aloud.queuedStarted.connect(lambda _item: shown.append(view.current_pages()))
    aloud.play_pause()
    qtbot.waitUntil(lambda: not aloud.playing, timeout=20_000)
    assert voice.heard == ["Chapter 1", "Pepper wakes up early.", "Carrot wants breakfast."]
    assert shown == [(0,), (0,), (1,)]
    assert engine.asked == 0


def test_a_sentence_running_on_to_the_next_page_is_said_whole_with_that_page(
    qtbot: QtBot, library_home: Path, tmp_path: Path
) -> None:
    spec = PdfSpec(title="Dragon Tales", running_head="Dragon Tales", chapters=(
        PdfChapter("Chapter 1", [["Pepper wakes up early.", "Carrot wants break-"],
                                 ["fast before they leave.", "Then they go."]]),))
    window = make_window(qtbot, library_home, size=(700, 900))
    open_file(qtbot, window, write_pdf(tmp_path / "tales.pdf", spec))
    view = window.reader.comic_view
    aloud, voice = scripted(window, ms_per_text=30)
    aloud.read_comic_pages = ocr_page_reader(window.home, engine=NoOcr)
    shown: list[tuple[int, ...]] = []
    aloud.queuedStarted.connect(lambda _item: shown.append(view.current_pages()))
    aloud.play_pause()
    qtbot.waitUntil(lambda: not aloud.playing, timeout=20_000)
    assert voice.heard == ["Chapter 1", "Pepper wakes up early.",
                           "Carrot wants breakfast before they leave.", "Then they go."]
    assert shown == [(0,), (0,), (1,), (1,)]  # said with the page where it ends


def test_a_word_broken_at_a_lines_end_is_said_whole_and_a_compound_with_its_hyphen(
    qtbot: QtBot, library_home: Path, tmp_path: Path
) -> None:
    window = make_window(qtbot, library_home, size=(700, 900))
    open_file(qtbot, window, write_pdf(tmp_path / "birch.pdf", LINE_BREAKS))
    aloud, voice = scripted(window, ms_per_text=30)
    aloud.read_comic_pages = ocr_page_reader(window.home, engine=NoOcr)
    aloud.play_pause()
    qtbot.waitUntil(lambda: not aloud.playing, timeout=20_000)
    said = " ".join(voice.heard)
    assert "through an interesting forest of silver birches" in said, voice.heard
    assert "an old Anglo-Saxon chapel" in said
    # As the sentence table has it: page 2 writes "well-known", so the one broken on page 1 is
    # the compound too (the book's words, not the page's alone).
    assert "past a well-known spring" in said
    assert "inter-esting" not in said and "inter esting" not in said

"""Find in Book on a PDF: its text layer is searched (read on the worker, once), and Next turns
to the page of the match."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from reader_app.ui.window.main_window import MainWindow
from tests.e2e.test_pdf_companion import STORY
from tests.ui.aids.test_find_in_book import search
from tests.ui.conftest import open_file
from tests.ui.reader.test_pdf_view import _drawn, _point
from tests.unit.books.pdfgen import write_pdf


def test_find_in_book_searches_a_pdfs_text_layer_and_turns_to_the_match(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    open_file(qtbot, window, write_pdf(tmp_path / "dragon.pdf", STORY))
    view = window.reader.comic_view
    view.set_options(fit="page", spread=False)
    assert view.current_pages() == (0,)
    search(qtbot, window, "frozen lake")
    qtbot.waitUntil(lambda: len(window.finder.hits) == 1, timeout=30_000)
    assert window.finder.hits[0].locator.section == 2
    window.search_dock.next_button.click()
    assert view.current_pages() == (2,)
    search(qtbot, window, "purple dragon")  # the text read once is searched again
    qtbot.waitUntil(lambda: len(window.finder.hits) == 2, timeout=30_000)
    assert [h.locator.section for h in window.finder.hits] == [1, 2]


def test_the_current_match_is_marked_on_the_drawn_words(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    open_file(qtbot, window, write_pdf(tmp_path / "dragon.pdf", STORY))
    view = window.reader.comic_view
    view.set_options(fit="page", spread=False)
    search(qtbot, window, "frozen lake")
    qtbot.waitUntil(lambda: len(window.finder.hits) == 1, timeout=30_000)
    window.search_dock.next_button.click()
    (_page, rect), = _drawn(qtbot, view)
    assert view.pdf is not None
    qtbot.waitUntil(lambda: view.pdf.paragraphs(2) is not None, timeout=10_000)
    found = view.pdf.paragraphs(2)
    assert found is not None
    body = found[1]
    at = body.text.index("frozen")
    piece = next(p for p in body.pieces if p[0] == at)
    view.repaint()
    image = view.grab().toImage()
    point = _point(rect, piece[2], at=0.1).toPoint()
    colour = image.pixelColor(point.x(), point.y())
    assert colour.red() > colour.blue() + 60, "the current match is marked orange"

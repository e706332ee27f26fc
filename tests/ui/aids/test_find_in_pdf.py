"""Find in Book on a PDF: its text layer is searched (read on the worker, once), Next turns to the
page of the match, and a match over a page break is found and marked on both pages, as is a word
broken with a hyphen at a line's end: found whole, both its halves marked."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPointF, Qt
from pytestqt.qtbot import QtBot

from reader_app.books.model import Book
from reader_app.books.text.page_breaks import TextRun
from reader_app.books.text.search import searchable_runs
from reader_app.ui.aids import find_bar
from reader_app.ui.reader.comic_view import ComicView
from reader_app.ui.window.main_window import MainWindow
from tests.e2e.test_pdf_companion import CALIBRE, STORY
from tests.ui.aids.test_find_in_book import search
from tests.ui.conftest import open_file
from tests.ui.reader.test_pdf_view import _drawn, _point
from tests.unit.books.pdfgen import LINE_BREAKS, RUN_ON, write_pdf


def test_find_in_book_searches_a_pdfs_text_layer_and_turns_to_the_match(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    made: list[object] = []  # the runs searched, joined over page breaks: made once a book

    def counted(book: Book) -> tuple[TextRun, ...]:
        made.append(book)
        return searchable_runs(book)

    monkeypatch.setattr(find_bar, "searchable_runs", counted)
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
    assert len(made) == 1


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


def marked(view: ComicView, page: int, word: str, *, by: int = 60) -> bool:
    """Whether `word` (its first drawn piece on `page`) is painted over the drawing in a warm
    colour (orange for Find; `by`: how much redder than blue)."""
    assert view.pdf is not None
    found = view.pdf.paragraphs(page)
    assert found is not None
    paragraph = next(p for p in found if word in p.text)
    at = paragraph.text.index(word)
    box = next(box for low, high, box in paragraph.pieces if low <= at < high)
    rect = dict(view.page_rects())[page]
    width, height = view.pdf.pages.page_size(page)
    view.repaint()
    image = view.grab().toImage()
    point = QPointF(rect.left() + rect.width() * (box[0] + (box[2] - box[0]) * 0.3) / width,
                    rect.top() + rect.height() * (box[1] + box[3]) / 2 / height).toPoint()
    colour = image.pixelColor(point.x(), point.y())
    return colour.red() > colour.blue() + by


def words_read(qtbot: QtBot, view: ComicView) -> None:
    """The pages on screen drawn and their words read."""
    pages = [page for page, _rect in _drawn(qtbot, view)]
    pdf = view.pdf
    assert pdf is not None
    qtbot.waitUntil(lambda: all(pdf.paragraphs(page) is not None for page in pages),
                    timeout=10_000)


def test_a_phrase_over_a_page_break_is_found_and_marked_on_both_pages(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    """RUN_ON: page 1 ends "…that the dragon's gold", page 2 begins "lies hidden beneath…"; the
    match starts on page 1 (Next goes there) and its words on page 2 are marked too."""
    open_file(qtbot, window, write_pdf(tmp_path / "gold.pdf", RUN_ON))
    view = window.reader.comic_view
    view.set_options(fit="page", spread=False)
    search(qtbot, window, "the dragon's gold lies hidden")
    qtbot.waitUntil(lambda: len(window.finder.hits) == 1, timeout=30_000)
    hit = window.finder.hits[0]
    assert (hit.locator.section, hit.end.section) == (0, 1)
    assert "gold lies hidden beneath" in hit.context
    window.search_dock.next_button.click()
    assert view.current_pages() == (0,)
    words_read(qtbot, view)
    assert marked(view, 0, "gold") and not marked(view, 0, "Carrot")
    qtbot.keyClick(view, Qt.Key.Key_Right)
    assert view.current_pages() == (1,)
    words_read(qtbot, view)
    assert marked(view, 1, "hidden"), "the match's words on the next page are not marked"
    assert not marked(view, 1, "beneath")


def test_a_word_hyphenated_over_a_page_break_is_found_and_marked_across_a_spread(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    open_file(qtbot, window, write_pdf(tmp_path / "gold.pdf", RUN_ON))
    view = window.reader.comic_view
    window.resize(1600, 800)
    qtbot.waitUntil(lambda: view.width() > 1300)
    view.set_options(fit="page", spread=True)
    search(qtbot, window, "interesting forest")
    qtbot.waitUntil(lambda: len(window.finder.hits) == 1, timeout=30_000)
    window.search_dock.next_button.click()
    assert view.current_pages() == (1, 2)
    words_read(qtbot, view)
    assert marked(view, 1, "inter-") and marked(view, 2, "esting")
    assert marked(view, 2, "forest") and not marked(view, 2, "silver")


def test_a_phrase_over_a_page_break_of_a_calibre_pdf_is_marked_on_both_pages(
    qtbot: QtBot, window: MainWindow
) -> None:
    """ebook-convert's Jekyll: page 5 ends "…Mr. Richard Enfield, his", page 6 goes on
    "distant kinsman, the well-known man about town"."""
    open_file(qtbot, window, CALIBRE)
    view = window.reader.comic_view
    view.set_options(fit="page", spread=False)
    search(qtbot, window, "Enfield, his distant kinsman")
    qtbot.waitUntil(lambda: len(window.finder.hits) == 1, timeout=30_000)
    window.search_dock.next_button.click()
    assert view.current_pages() == (4,)
    words_read(qtbot, view)
    assert marked(view, 4, "Enfield,") and not marked(view, 4, "Richard")
    qtbot.keyClick(view, Qt.Key.Key_Right)
    words_read(qtbot, view)
    assert marked(view, 5, "kinsman,") and not marked(view, 5, "well-known")


def test_a_word_broken_at_a_lines_end_is_found_whole_and_both_its_halves_marked(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    """LINE_BREAKS: page 1's first line ends "through an inter-", its second begins "esting
    forest of silver birches"."""
    open_file(qtbot, window, write_pdf(tmp_path / "birch.pdf", LINE_BREAKS))
    view = window.reader.comic_view
    view.set_options(fit="page", spread=False)
    search(qtbot, window, "an interesting forest")
    qtbot.waitUntil(lambda: len(window.finder.hits) == 1, timeout=30_000)
    window.search_dock.next_button.click()
    assert view.current_pages() == (0,)
    words_read(qtbot, view)
    # The window's words are the index's: the match's characters are the page's.
    found = view.pdf.paragraphs(0) if view.pdf is not None else None
    assert found is not None
    hit = window.finder.hits[0]
    assert found[hit.locator.block - 1].text[hit.locator.char:hit.end.char] == (
        "an interesting forest")
    assert marked(view, 0, "inter"), "the word's first half, at the first line's end"
    assert marked(view, 0, "esting"), "the word's second half, at the next line's start"
    assert marked(view, 0, "forest")
    assert not marked(view, 0, "through") and not marked(view, 0, "silver")

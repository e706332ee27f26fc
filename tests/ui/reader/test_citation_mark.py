"""A citation's passage is marked quietly on the page, without its heading, and the mark fades:
gone after its fade time, and Back and Forward do not bring it back. A PDF's cited sentence that
runs on over a page break is marked on both pages, over the drawn words."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from reader_app.books.model import Locator
from reader_app.books.opening.pdf import pdf_pages
from reader_app.books.opening.pdf_text import with_text_layer
from reader_app.rag.index.text_units import ensure_sentences
from reader_app.rag.scope.citations import Citation
from reader_app.ui.window.main_window import MainWindow
from tests.bookgen import marker_book
from tests.ui.aids.test_find_in_pdf import marked, words_read
from tests.ui.conftest import open_file, show_book
from tests.ui.reader.test_list_numbers_and_note_jumps import line_row, tinted
from tests.unit.books.pdfgen import RUN_ON, RUN_ON_GOLD, write_pdf


def sentences_of(window: MainWindow, book_id: str, section: int) -> list[tuple[int, int, int]]:
    """(sid, block, char_start) of every sentence of `section`."""
    return [
        tuple(row)
        for row in window.library.conn.execute(
            "SELECT sid, block, char_start FROM sentences WHERE book_id = ? AND section = ? "
            "ORDER BY sid",
            (book_id, section),
        )
    ]


def test_the_cited_passage_is_marked_quietly_without_its_heading_and_fades(
    qtbot: QtBot, window: MainWindow
) -> None:
    book = marker_book()
    show_book(window, book)
    ensure_sentences(window.library.conn, book)
    rows = sentences_of(window, book.book_id, 2)
    # The chapter's heading and its first paragraphs, as a cited chunk may well be.
    first, last = rows[0], next(row for row in rows if row[1] == 2)
    citation = Citation(label=1, chunk_id=0, sid_start=first[0], sid_end=last[0],
                        locator=Locator(2, first[1], first[2]), chapter="Chapter 3", quote="")
    view = window.reader.epub_view
    view.flash.hold_ms, view.flash.fade_ms = 300, 300
    window.jump_to(Locator(1, 2, 0))
    window.jump_to(citation.locator)
    window.assistant_panel.passageCited.emit(citation)

    image = view.grab().toImage()
    heading = line_row(view, Locator(2, 0, 0))
    paragraph = line_row(view, Locator(2, 1, 0))
    assert book.sections[2].blocks[0].kind == "heading"
    assert tinted(image, left=0, right=view.width(), top=heading[1], bottom=heading[2]) == 0, (
        "the heading is marked as part of the passage"
    )
    assert tinted(image, left=0, right=view.width(), top=paragraph[1], bottom=paragraph[2]) > 20
    colour = image.pixelColor(paragraph[0] + 1, paragraph[1] + 1)
    assert colour.lightness() > 200, "the mark is loud enough to hide the text"

    qtbot.waitUntil(lambda: view.flash.mark is None, timeout=3000)
    window.aids.navigator.back_action.trigger()
    window.aids.navigator.forward_action.trigger()
    assert view.current_start() == citation.locator
    image = view.grab().toImage()
    assert tinted(image, left=0, right=view.width(), top=0, bottom=view.height()) == 0, (
        "the mark is still there after its fade time (or came back with Back and Forward)"
    )


def test_a_cited_pdf_sentence_run_on_over_a_page_break_is_marked_on_both_pages(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    """RUN_ON_GOLD begins at the foot of page 1 ("Carrot wants breakfast…") and ends on page 2,
    where the sentence table keeps it. Its citation goes to page 2 and marks the sentence's words
    there; turning back to page 1 marks its beginning there too, afresh, and nothing else."""
    book = open_file(qtbot, window, write_pdf(tmp_path / "gold.pdf", RUN_ON))
    pages = pdf_pages(book)
    assert pages is not None
    texted = with_text_layer(book, pages).book
    assert texted is not None
    ensure_sentences(window.library.conn, texted)
    sid, section, block = window.library.conn.execute(
        "SELECT sid, section, block FROM sentences WHERE book_id = ? AND text = ?",
        (book.book_id, RUN_ON_GOLD)).fetchone()
    assert section == 1
    citation = Citation(label=1, chunk_id=0, sid_start=sid, sid_end=sid,
                        locator=Locator(1, block, 0), chapter="Chapter 1", quote="")
    view = window.reader.comic_view
    view.set_options(fit="page", spread=False)
    view.flash.hold_ms, view.flash.fade_ms = 400, 60_000  # then a long, slow fade
    window.assistant_panel.citationActivated.emit(citation.locator)
    window.assistant_panel.passageCited.emit(citation)
    assert view.current_pages() == (1,)
    words_read(qtbot, view)
    assert marked(view, 1, "hidden", by=20) and marked(view, 1, "mill.", by=20)
    assert not marked(view, 1, "They", by=20)  # the next sentence

    qtbot.waitUntil(lambda: view.flash.strength() < 1.0, timeout=5_000)  # fading
    qtbot.keyClick(view, Qt.Key.Key_Left)
    assert view.current_pages() == (0,)
    assert view.flash.strength() == 1.0, "the passage's first page is not marked afresh"
    words_read(qtbot, view)
    assert marked(view, 0, "Carrot", by=20) and marked(view, 0, "gold", by=20)
    assert not marked(view, 0, "Pepper", by=20), "the sentence before is marked"

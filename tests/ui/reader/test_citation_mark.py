"""A citation's passage is marked quietly on the page, without its heading, and the mark fades:
gone after its fade time, and Back and Forward do not bring it back."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from reader_app.books.model import Locator
from reader_app.rag.index.text_units import ensure_sentences
from reader_app.rag.scope.citations import Citation
from reader_app.ui.window.main_window import MainWindow
from tests.bookgen import marker_book
from tests.ui.conftest import show_book
from tests.ui.reader.test_list_numbers_and_note_jumps import line_row, tinted


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

"""The page follows the voice: turned to the sentence being said (page by page when it is just
ahead, as a page turn would; straight to it when it is elsewhere; a comic to its page), and that
sentence marked on it. The voice's turns are `Navigation.VOICE`: they move no boundary."""

from __future__ import annotations

from PySide6.QtGui import QPainter

from reader_app.books.model import Locator
from reader_app.books.shelf.reading import Navigation
from reader_app.books.text.spoken import SpokenSentence
from reader_app.ui.page.document import SectionDocument
from reader_app.ui.read_aloud.sources import Queued, Said
from reader_app.ui.reader.page_marks import Mark, paint_marks
from reader_app.ui.reader.reader_page import ReaderPage


def turn_to(reader: ReaderPage, sentence: Said) -> None:
    """Turn to where `sentence` is: the book's page by page when it is just ahead, as a page
    turn would (both pages of a spread), straight to it when it is elsewhere; a comic's to
    the page it is on."""
    if isinstance(sentence, Queued):
        comic = reader.comic_view
        if sentence.page is not None and sentence.page not in comic.current_pages():
            comic.go_to(Locator(sentence.page, 0, 0), navigation=Navigation.VOICE)
        return
    view = reader.epub_view
    turns = 0
    while sentence.start >= view.current_end() and turns < 3:
        if not view.next_page(navigation=Navigation.VOICE):
            break
        turns += 1
    if not view.current_start() <= sentence.start < view.current_end():
        view.go_to(sentence.start, navigation=Navigation.VOICE)
    view.update()


def mark_spoken(painter: QPainter, doc: SectionDocument, reader: ReaderPage,
                sentence: Said | None) -> None:
    """The book's sentence being said, marked strongly on the page (a comic's is not marked)."""
    if isinstance(sentence, SpokenSentence):
        marks = (Mark(sentence.start, sentence.end, strong=True),)
        paint_marks(painter, doc, marks, reader.epub_view.shown_pages())

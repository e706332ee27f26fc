"""The page follows the voice, forward only: turned to the sentence being said (page by page, as
a page turn would, both pages of a spread; a comic to its page), and that sentence marked on it
(a comic's balloon outlined). The voice's turns are `Navigation.VOICE`: they move no boundary.
The voice follows the reader the other way (player.py): `in_sight` tells whether it must."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen

from reader_app.books.model import Locator
from reader_app.books.shelf.reading import Navigation
from reader_app.books.text.spoken import SpokenSentence
from reader_app.ui.page.document import SectionDocument
from reader_app.ui.read_aloud.sources import Queued, Said
from reader_app.ui.reader.page_marks import Mark, paint_marks
from reader_app.ui.reader.reader_page import ReaderPage

# Turns the voice makes page by page to reach its sentence; past them (a sentence beyond pages
# the reader's book lays out apart), straight there.
TURNS_AT_MOST = 8
BALLOON_OUTLINE = QColor(255, 140, 0)  # the speaking mark's orange, around a comic's balloon
BALLOON_MARGIN = 8.0  # page pixels around the words: the outline crosses no letter


def in_sight(reader: ReaderPage, sentence: Said | None) -> bool:
    """Whether `sentence` is on the page shown (a book's, any part of it; a comic's page)."""
    if isinstance(sentence, Queued):
        return sentence.page is not None and sentence.page in reader.comic_view.current_pages()
    if isinstance(sentence, SpokenSentence):
        view = reader.epub_view
        return sentence.end > view.current_start() and sentence.start < view.current_end()
    return False


def turn_to(reader: ReaderPage, sentence: Said) -> None:
    """Turn forward to where `sentence` is: the book's page by page, as a page turn would (both
    pages of a spread), a comic's to the page it is on. Never back: the voice follows the
    reader there (player.py), and a page it took back would be paired anew."""
    if isinstance(sentence, Queued):
        comic = reader.comic_view
        if sentence.page is not None and sentence.page > comic.current_pages()[-1]:
            comic.go_to(Locator(sentence.page, 0, 0), navigation=Navigation.VOICE)
        comic.update()
        return
    view = reader.epub_view
    turns = 0
    while sentence.start >= view.current_end() and turns < TURNS_AT_MOST:
        if not view.next_page(navigation=Navigation.VOICE):
            break
        turns += 1
    if sentence.start >= view.current_end():
        view.go_to(sentence.start, navigation=Navigation.VOICE)
    view.update()


def mark_spoken(painter: QPainter, doc: SectionDocument, reader: ReaderPage,
                sentence: Said | None) -> None:
    """The book's sentence being said, marked strongly on the page."""
    if isinstance(sentence, SpokenSentence):
        marks = (Mark(sentence.start, sentence.end, strong=True),)
        paint_marks(painter, doc, marks, reader.epub_view.shown_pages())


def outline_balloon(painter: QPainter, reader: ReaderPage, sentence: Said | None) -> None:
    """The comic balloon whose words are being said, outlined on its page."""
    if not isinstance(sentence, Queued) or sentence.page is None or sentence.balloon is None:
        return
    comic = reader.comic_view
    size = comic.page_pixels(sentence.page)
    place = next((rect for page, rect in comic.page_rects() if page == sentence.page), None)
    if size is None or place is None or size.width() <= 0 or size.height() <= 0:
        return
    scale_x, scale_y = place.width() / size.width(), place.height() / size.height()
    left, top, right, bottom = sentence.balloon
    m = BALLOON_MARGIN
    box = QRectF(place.left() + (left - m) * scale_x, place.top() + (top - m) * scale_y,
                 (right - left + 2 * m) * scale_x, (bottom - top + 2 * m) * scale_y)
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(QPen(BALLOON_OUTLINE, 3.0))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRoundedRect(box.intersected(place), 6.0, 6.0)
    painter.restore()

"""The next section is laid out ahead in slices (ui/page/layout_ahead.py), never in one go on a page
turn, and what the slices build is the very layout a whole build makes."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from reader_app.books.model import Locator
from reader_app.books.opening.formats import read_book
from reader_app.books.shelf.reading import Navigation
from reader_app.ui.page.appearance import Appearance
from reader_app.ui.page.document import SectionDocument
from reader_app.ui.reader.epub_view import EpubView
from tests.conftest import JEKYLL, corpus_epub

CHAPTER = 9  # Jekyll's longest chapter (100 blocks) follows it


def _view(qtbot: QtBot) -> EpubView:
    view = EpubView()
    qtbot.addWidget(view)
    view.resize(700, 800)
    view.set_appearance(Appearance(font_family="DejaVu Serif", font_size=12, theme="light"))
    view.set_book(read_book(corpus_epub(JEKYLL)))
    view.show()
    qtbot.waitExposed(view)
    view.relayout_now()
    return view


def _same_layout(ahead: SectionDocument, whole: SectionDocument) -> None:
    assert ahead.lines == whole.lines
    assert ahead.tops == whole.tops
    assert ahead.block_starts == whole.block_starts
    assert ahead.doc.toPlainText() == whole.doc.toPlainText()


def test_turning_into_the_next_chapter_takes_the_layout_made_in_slices(qtbot: QtBot) -> None:
    view = _view(qtbot)
    view.go_to(Locator(CHAPTER - 1, 0, 0), navigation=Navigation.JUMP)
    qtbot.waitUntil(lambda: bool(view._ahead.documents()), timeout=5_000)
    qtbot.waitUntil(lambda: view._ahead.done, timeout=30_000)
    assert view._ahead.slices > 1  # not built in one go: the slices came from the loop's turns
    ahead = view._ahead.documents()[0]
    assert ahead.section_index == CHAPTER
    while view.section_index == CHAPTER - 1:
        assert view.next_page()
    assert view.section_index == CHAPTER
    assert view._documents[CHAPTER] is ahead  # taken, not laid out again on the turn
    assert not view._ahead.documents() or view._ahead.documents()[0].section_index == CHAPTER + 1
    book = view.book
    assert book is not None
    whole = SectionDocument(book, CHAPTER, view.appearance, view._page_geometry(),
                            images=view.images, fonts=view.fonts.families)
    _same_layout(ahead, whole)


def test_a_turn_that_arrives_before_the_slices_end_finishes_the_layout_at_once(
    qtbot: QtBot,
) -> None:
    view = _view(qtbot)
    view.go_to(Locator(CHAPTER, 0, 0), navigation=Navigation.JUMP)
    # The jump lays out its own chapter whole; the next one is only begun when the loop turns.
    view._prefetch()
    assert view._ahead.documents() and not view._ahead.done
    started = view._ahead.documents()[0]
    view.go_to(Locator(CHAPTER + 1, 0, 0), navigation=Navigation.JUMP)
    assert view._documents[CHAPTER + 1] is started
    book = view.book
    assert book is not None
    whole = SectionDocument(book, CHAPTER + 1, view.appearance, view._page_geometry(),
                            images=view.images, fonts=view.fonts.families)
    _same_layout(started, whole)


def test_a_layout_begun_for_another_window_size_is_never_taken(qtbot: QtBot) -> None:
    view = _view(qtbot)
    view.go_to(Locator(CHAPTER, 0, 0), navigation=Navigation.JUMP)
    view._prefetch()
    stale = view._ahead.documents()[0]
    view.resize(500, 700)
    view.relayout_now()
    view.go_to(Locator(CHAPTER + 1, 0, 0), navigation=Navigation.JUMP)
    assert view._documents[CHAPTER + 1] is not stale
    assert view._documents[CHAPTER + 1].page.width != stale.page.width

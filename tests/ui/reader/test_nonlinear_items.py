"""Non-linear spine items (notes, answer keys) open from a link, lead back, and read nothing on."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from reader_app.books.model import Book, Locator
from reader_app.books.opening.formats import read_book
from reader_app.books.shelf.reading import Navigation, follow_reader
from reader_app.rag.index.sentences import split_book
from reader_app.ui.page.appearance import Appearance
from reader_app.ui.reader.epub_view import EpubView
from tests.unit.books.epubgen import make_epub, package_document, xhtml

CHAPTERS = {
    "c1.xhtml": xhtml('<p>The answer is in a note<a href="note.xhtml#n1">1</a>.</p>'),
    "note.xhtml": xhtml('<p id="n1">The butler kept the key all along.</p>'),
    "c2.xhtml": xhtml("<p>Chapter two goes on.</p>"),
}


def _book(tmp_path: Path) -> Book:
    opf = package_document(list(CHAPTERS)).replace(
        '<itemref idref="c1"/>', '<itemref idref="c1" linear="no"/>'
    )
    return read_book(make_epub(tmp_path / "notes.epub", CHAPTERS, opf=opf))


def _view(qtbot: QtBot, book: Book) -> EpubView:
    view = EpubView()
    qtbot.addWidget(view)
    view.resize(500, 600)
    view.set_appearance(Appearance(font_family="DejaVu Serif", font_size=12, theme="light"))
    view.set_book(book)
    view.show()
    qtbot.waitExposed(view)
    view.relayout_now()
    return view


def test_a_non_linear_item_comes_after_the_reading_order(tmp_path: Path) -> None:
    book = _book(tmp_path)
    assert [(s.name.rsplit("/", 1)[-1], s.linear) for s in book.sections] == [
        ("c1.xhtml", True),
        ("c2.xhtml", True),
        ("note.xhtml", False),
    ]
    assert book.end_locator().section == 1  # the reading order ends with chapter two
    assert book.char_count == sum(s.char_count for s in book.sections[:2])
    link = next(span for span in book.sections[0].blocks[0].spans if span.target is not None)
    assert link.target == Locator(2, 0, 0)  # the link now leads somewhere


def test_a_link_opens_the_note_and_turning_on_leads_back(qtbot: QtBot, tmp_path: Path) -> None:
    book = _book(tmp_path)
    view = _view(qtbot, book)
    assert "answer is in a note" in view.visible_text()
    link = next(span for span in book.sections[0].blocks[0].spans if span.target is not None)
    assert link.target is not None
    view.go_to(link.target, navigation=Navigation.JUMP)  # what a click on the link does
    assert view.section_index == 2 and "butler kept the key" in view.visible_text()
    assert view.next_page()  # out of the note: back where the link was
    assert view.section_index == 0 and "answer is in a note" in view.visible_text()
    view.go_to(link.target, navigation=Navigation.JUMP)
    assert view.previous_page()  # backwards out of it too
    assert view.section_index == 0
    # Reading on in order never turns into the note.
    assert view.next_page() and view.section_index == 1
    assert not view.next_page() and view.section_index == 1


def test_seeing_a_note_never_moves_the_boundary_nor_offers_to(tmp_path: Path) -> None:
    book = _book(tmp_path)
    boundary = Locator(0, 0, 5)
    note_start, note_end = Locator(2, 0, 0), Locator(2, 0, 20)
    for navigation in (Navigation.JUMP, Navigation.TURN_FORWARD, Navigation.OPEN):
        update = follow_reader(
            book,
            boundary=boundary,
            finished=False,
            shown_start=note_start,
            shown_end=note_end,
            navigation=navigation,
            previous_start=Locator(0, 0, 0),
        )
        assert not update.moved and not update.reading_ahead and not update.finished
        assert update.boundary == boundary


def test_a_chapter_listed_twice_is_shown_twice_and_a_link_lands_on_the_first_copy(
    qtbot: QtBot, tmp_path: Path
) -> None:
    chapters = {
        "c1.xhtml": xhtml('<p>Go to <a href="c2.xhtml#here">the second</a>.</p>'),
        "c2.xhtml": xhtml('<p>Second <span id="here">chapter</span>, read again.</p>'),
        "c3.xhtml": xhtml("<p>Third.</p>"),
    }
    opf = package_document(list(chapters)).replace(  # manifest item "c1" is c2.xhtml
        '<itemref idref="c1"/>', '<itemref idref="c1"/><itemref idref="c1"/>'
    )
    book = read_book(make_epub(tmp_path / "twice.epub", chapters, opf=opf))
    names = [s.name.rsplit("/", 1)[-1] for s in book.sections]
    assert names == ["c1.xhtml", "c2.xhtml", "c2.xhtml", "c3.xhtml"]
    assert all(s.linear for s in book.sections)
    assert [s.index for s in book.sections] == [0, 1, 2, 3]
    assert book.sections[1].blocks == book.sections[2].blocks  # the same text, parsed once
    link = next(span for span in book.sections[0].blocks[0].spans if span.target is not None)
    assert link.target == Locator(1, 0, 7)  # the first copy of c2, at the id
    # Every copy has places of its own, in reading order; the sentence table counts both.
    sentences = [s for s in split_book(book) if "read again" in s.text]
    assert [s.locator.section for s in sentences] == [1, 2]
    assert book.end_locator().section == 3
    # Reading through the second copy moves the boundary on as any chapter does.
    update = follow_reader(
        book,
        boundary=Locator(1, 0, len(book.sections[1].blocks[0].text)),
        finished=False,
        shown_start=Locator(2, 0, 0),
        shown_end=Locator(2, 0, len(book.sections[2].blocks[0].text)),
        navigation=Navigation.TURN_FORWARD,
        previous_start=Locator(1, 0, 0),
    )
    assert update.moved and update.boundary.section == 2
    # In the view: the link opens the first copy, and turning pages shows the second.
    view = _view(qtbot, book)
    view.go_to(link.target, navigation=Navigation.JUMP)
    assert view.section_index == 1 and "read again" in view.visible_text()
    assert view.next_page() and view.section_index == 2 and "read again" in view.visible_text()
    assert view.next_page() and view.section_index == 3

"""Footnote pop-ups: War and Peace's note references show the note over the page; Go to note
jumps, and Back comes home. Contents links and long passages still jump."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from pytestqt.qtbot import QtBot

from reader_app.books.model import Block, BlockKind, Locator, Span
from reader_app.ui.aids.footnotes import note_text
from reader_app.ui.reader.epub_view import EpubView
from reader_app.ui.window.main_window import MainWindow
from tests.bookgen import marker_book
from tests.conftest import WAR_AND_PEACE, corpus_epub
from tests.ui.conftest import open_file


def point_of(view: EpubView, locator: Locator) -> QPoint:
    doc = view.current_document()
    assert doc is not None
    position = doc.position_of(locator)
    block = doc.doc.findBlock(position)
    layout = block.layout()
    line = layout.lineForTextPosition(position - block.position())
    x = line.cursorToX(position - block.position())
    x = x[0] if isinstance(x, tuple) else x
    y = doc.view_y(view.page_index, layout.position().y() + line.y() + line.height() / 2)
    return QPoint(int(layout.position().x() + x + 2), int(y))


def test_a_note_reference_pops_up_its_note_and_go_to_note_jumps(
    qtbot: QtBot, window: MainWindow
) -> None:
    book = open_file(qtbot, window, corpus_epub(WAR_AND_PEACE))
    block = book.sections[7].blocks[1]
    [span] = [s for s in block.spans if s.target is not None and s.superscript]
    window.jump_to(Locator(7, 1, span.start))
    view = window.reader.epub_view
    here = view.current_start()
    footnotes = window.aids.footnotes
    point = point_of(view, Locator(7, 1, span.start))
    QTest.mouseClick(view, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, point)
    qtbot.waitUntil(footnotes.popup.isVisible)
    assert footnotes.popup.label.text() == "The most fascinating woman in Petersburg."
    assert view.current_start() == here, "the page stays where it was"

    qtbot.mouseClick(footnotes.popup.go_button, Qt.MouseButton.LeftButton)
    assert not footnotes.popup.isVisible()
    assert view.current_start().section == span.target.section if span.target else False
    window.aids.navigator.back_action.trigger()
    assert view.current_start() == here


def test_only_short_marks_to_short_passages_pop_up() -> None:
    book = marker_book()
    note = Locator(3, 2, 0)
    contents = Locator(1, 0, 0)  # "Chapter 2", a heading
    text = "See the note 7 and Chapter 2 and the whole passage there."
    spans = (
        Span(13, 14, target=note),
        Span(19, 28, target=contents),
        Span(33, 46, target=note),
    )
    source = Block(BlockKind.PARAGRAPH, text, spans=spans)
    sections = list(book.sections)
    first = sections[0]
    sections[0] = type(first)(first.index, first.name, first.title,
                              (first.blocks[0], source, *first.blocks[2:]))
    from dataclasses import replace

    book = replace(book, sections=tuple(sections))
    popped = note_text(book, clicked=Locator(0, 1, 13), target=note)
    assert popped == book.sections[3].blocks[2].text
    assert note_text(book, clicked=Locator(0, 1, 20), target=contents) is None
    assert note_text(book, clicked=Locator(0, 1, 35), target=note) is None, "a long link jumps"


def test_opening_another_book_closes_a_footnote_pop_up(qtbot: QtBot, window: MainWindow) -> None:
    from dataclasses import replace

    from tests.ui.conftest import show_book

    book = marker_book(title="Notes")
    note = Locator(3, 2, 0)
    text = "See the note 7 here."
    sections = list(book.sections)
    first = sections[0]
    source = Block(BlockKind.PARAGRAPH, text, spans=(Span(13, 14, target=note),))
    sections[0] = replace(first, blocks=(first.blocks[0], source, *first.blocks[2:]))
    show_book(window, replace(book, sections=tuple(sections)))
    view = window.reader.epub_view
    popup = window.aids.footnotes.popup
    at = point_of(view, Locator(0, 1, 13))
    QTest.mouseClick(view, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, at)
    qtbot.waitUntil(popup.isVisible)

    show_book(window, marker_book(title="Another"))
    assert not popup.isVisible(), "the note of the last book is not left over the new one"

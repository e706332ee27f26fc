"""Links, footnotes, the mouse wheel and edge clicks in the page view."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from reader_app.books.model import Book, Locator, Span
from reader_app.books.shelf.reading import reading_offset
from reader_app.ui.window.main_window import MainWindow
from tests.bookgen import marker_book
from tests.ui.conftest import show_book


def linked_book() -> Book:
    """The marker book with its second paragraph's first word linking into chapter 4 (a plain
    link: a note reference would show its note in a pop-up, tests/ui/aids/test_footnotes.py)."""
    book = marker_book()
    first = book.sections[0]
    paragraph = first.blocks[1]
    linked = replace(paragraph, spans=(Span(0, 8, target=Locator(3, 5, 0)),))
    section = replace(first, blocks=(first.blocks[0], linked, *first.blocks[2:]))
    return replace(book, sections=(section, *book.sections[1:]))


def boundary(window: MainWindow, book: Book) -> int:
    state = window.recorded_reading_state(book.book_id)
    assert state is not None
    return reading_offset(book, state.boundary)


def test_clicking_an_internal_link_jumps_without_moving_the_boundary(
    qtbot: QtBot, window: MainWindow
) -> None:
    book = linked_book()
    show_book(window, book)
    view = window.reader.epub_view
    doc = view.current_document()
    assert doc is not None
    read = boundary(window, book)
    block = doc.doc.findBlock(doc.block_starts[1])
    layout = block.layout()
    y = doc.view_y(view.page_index, layout.position().y() + layout.lineAt(0).y() + 5)
    point = QPoint(int(doc.side_margin + 10), int(y))
    assert doc.anchor_at(QPointF(point), view.page_index, QPointF(0, 0))
    qtbot.mouseClick(view, Qt.MouseButton.LeftButton, pos=point)
    assert view.current_start().section == 3
    assert boundary(window, book) == read


def test_wheel_and_edge_clicks_turn_pages(qtbot: QtBot, window: MainWindow) -> None:
    book = marker_book()
    show_book(window, book)
    view = window.reader.epub_view

    def wheel(delta: int) -> None:
        centre = QPointF(view.width() / 2, view.height() / 2)
        event = QWheelEvent(
            centre,
            view.mapToGlobal(centre),
            QPoint(0, 0),
            QPoint(0, delta),
            Qt.MouseButton.NoButton,
            Qt.KeyboardModifier.NoModifier,
            Qt.ScrollPhase.NoScrollPhase,
            False,
        )
        QApplication.sendEvent(view, event)

    start = view.current_start()
    wheel(-120)
    after_wheel = view.current_start()
    assert reading_offset(book, after_wheel) > reading_offset(book, start)
    wheel(120)
    assert view.current_start() == start
    qtbot.mouseClick(view, Qt.MouseButton.LeftButton, pos=QPoint(view.width() - 5, 300))
    assert view.current_start() == after_wheel
    qtbot.mouseClick(view, Qt.MouseButton.LeftButton, pos=QPoint(5, 300))
    assert view.current_start() == start

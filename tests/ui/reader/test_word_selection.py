"""Selecting as in any reader: a double-click takes a word, a triple-click the sentence, and a drag
snaps to whole words (a highlight never ends "…tempt m")."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from pytestqt.qtbot import QtBot

from reader_app.books.model import Book, Locator
from reader_app.ui.reader.epub_view import EpubView
from reader_app.ui.window.main_window import MainWindow
from tests.conftest import PRIDE, corpus_epub
from tests.ui.aids.test_footnotes import point_of
from tests.ui.conftest import open_file

OPENING = "It is a truth universally acknowledged, that a single man in possession of a good "


def opening_line(book: Book) -> Locator:
    for section in book.sections:
        for index, block in enumerate(section.blocks):
            if block.text.startswith(OPENING):
                return Locator(section.index, index, 0)
    raise AssertionError("no opening sentence")


def inside(view: EpubView, start: Locator, word: str, *, letters: int = 2) -> QPoint:
    """A point `letters` letters into `word` (its first use in `start`'s block)."""
    book = view.book
    assert book is not None
    text = book.sections[start.section].blocks[start.block].text
    at = text.index(word) + letters
    return point_of(view, Locator(start.section, start.block, at))


def test_double_click_selects_a_word_and_triple_click_its_sentence(
    qtbot: QtBot, window: MainWindow
) -> None:
    book = open_file(qtbot, window, corpus_epub(PRIDE))
    start = opening_line(book)
    window.jump_to(start)
    view = window.reader.epub_view
    point = inside(view, start, "universally", letters=4)
    QTest.mouseDClick(view, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, point)
    assert view.selected_text() == "universally"
    QTest.mouseClick(view, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, point)
    assert view.selected_text() == OPENING + "fortune, must be in want of a wife."
    assert view.current_start() <= start, "a click of the triple-click turned the page"


def test_a_drag_snaps_to_whole_words(qtbot: QtBot, window: MainWindow) -> None:
    book = open_file(qtbot, window, corpus_epub(PRIDE))
    start = opening_line(book)
    window.jump_to(start)
    view = window.reader.epub_view
    begin = inside(view, start, "truth", letters=2)
    end = inside(view, start, "acknowledged", letters=5)
    QTest.mousePress(view, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, begin)
    QTest.mouseMove(view, end)
    QTest.mouseRelease(view, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, end)
    assert view.selected_text() == "truth universally acknowledged"

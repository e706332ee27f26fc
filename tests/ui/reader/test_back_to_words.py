"""The boundary notice names a place as a reader would: never a half-title as if it were a
chapter ("Back to War and Peace")."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from reader_app.books.model import Book, Locator
from reader_app.ui.window.main_window import MainWindow
from tests.conftest import WAR_AND_PEACE, corpus_epub
from tests.ui.conftest import open_file


def section_of(book: Book, member: str) -> int:
    return next(i for i, s in enumerate(book.sections) if s.name.endswith(member))


def test_the_half_title_is_named_as_the_start_of_the_book(
    qtbot: QtBot, window: MainWindow
) -> None:
    book = open_file(qtbot, window, corpus_epub(WAR_AND_PEACE))
    half_title = section_of(book, "halftitlepage.xhtml")
    assert book.chapter_title(Locator(half_title, 0, 0)) == "War and Peace"  # what it was called
    window.jump_to(Locator(half_title, 0, 0))
    window.reader.mark_read_here()
    notice = window.reader.notice
    assert notice.label.text() == "Marked as read up to the start of “War and Peace”"
    window.jump_to(Locator(section_of(book, "chapter-1-1-1.xhtml"), 3, 0))
    window.reader.mark_read_here()
    assert notice.label.text() == "Marked as read up to Book I › Part I: 1805 › I"
    notice.confirm_button.click()  # Undo
    assert notice.label.text() == "Back to the start of “War and Peace”"

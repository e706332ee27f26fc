"""The small gaps a new reader meets: a bookmark's excerpt is whole sentences without the heading;
Export Annotations sits before Quit; Find is one name; what needs a book waits for one; Book
Details gives pages and reading time, and a blurb without stray spaces."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from reader_app.books.content.opf import tidy_text
from reader_app.ui.aids.book_details import detail_rows
from reader_app.ui.window.main_window import MainWindow
from tests.conftest import PRIDE, corpus_epub
from tests.ui.companion.test_xray_in_window import chapter_start
from tests.ui.conftest import open_file


def test_a_bookmark_shows_whole_sentences_without_the_heading(
    qtbot: QtBot, window: MainWindow
) -> None:
    book = open_file(qtbot, window, corpus_epub(PRIDE))
    window.jump_to(chapter_start(book, "I"))
    bookmark = window.aids.annotations.toggle_bookmark()
    assert bookmark is not None
    assert bookmark.text.startswith("It is a truth universally acknowledged"), bookmark.text
    assert bookmark.text.endswith((".", "!", "?", "”", "…")), bookmark.text


def test_menus_name_things_once_and_wait_for_a_book(qtbot: QtBot, window: MainWindow) -> None:
    file_menu = [a.objectName() for a in window.menuBar().actions()[0].menu().actions()]
    assert file_menu.index("actionExportAnnotations") < file_menu.index("actionQuit")
    assert file_menu[-1] == "actionQuit"
    assert window.search_dock.windowTitle() == "Find in Book"
    for action in (window.toc_action, window.assistant_action, window.xray_action):
        assert not action.isEnabled(), f"{action.text()} with no book open"
    open_file(qtbot, window, corpus_epub(PRIDE))
    assert all(a.isEnabled() for a in (window.toc_action, window.assistant_action,
                                       window.xray_action))


def test_book_details_give_pages_and_reading_time_and_a_tidy_blurb(
    qtbot: QtBot, window: MainWindow
) -> None:
    book = open_file(qtbot, window, corpus_epub(PRIDE))
    entry = window.library.entry(book.book_id)
    assert entry is not None
    length = dict(detail_rows(entry))["Length"]
    assert "characters" not in length and "pages" in length and " h " in length, length
    assert tidy_text(" War and Peace , many  readers ; and more . ") == (
        "War and Peace, many readers; and more.")

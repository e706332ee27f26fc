"""The library grid in the real window: search and shelves, progress on covers as read this
session, Mark as Finished, and a book's details."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu
from pytestqt.qtbot import QtBot

from reader_app.books.shelf.library import LibraryEntry
from reader_app.ui.aids.book_details import BookDetails
from reader_app.ui.window.main_window import MainWindow
from tests.bookgen import marker_book
from tests.ui.conftest import show_book


def action(menu: QMenu, name: str) -> QAction:
    found = menu.findChild(QAction, name)
    assert found is not None
    return found


def entry_of(window: MainWindow, book_id: str) -> LibraryEntry:
    [entry] = [e for e in window.library_view.entries if e.book_id == book_id]
    return entry


def test_search_and_shelves_filter_the_grid(qtbot: QtBot, window: MainWindow) -> None:
    lantern, river, mill = (marker_book(title=t) for t in ("Lantern Tales", "River", "The Mill"))
    for book in (lantern, river, mill):
        window.library.add(book)
    show_book(window, river)
    for _ in range(3):
        window.reader.epub_view.next_page()
    window.reader.mark_finished(mill.book_id, last_section=len(mill.sections) - 1)
    window.show_library()
    view = window.library_view
    assert set(view.visible_book_ids()) == {lantern.book_id, river.book_id, mill.book_id}
    view.search.setText("lantern")
    assert view.visible_book_ids() == [lantern.book_id]
    view.search.setText("tester mill")  # author and title words together
    assert view.visible_book_ids() == [mill.book_id]
    view.search.setText("nothing like it")
    assert view.visible_book_ids() == [] and view.no_match.isVisible()
    view.search.clear()
    for shelf, expected in (("reading", river), ("new", lantern), ("done", mill)):
        view.show_box.setCurrentIndex(view.show_box.findData(shelf))
        assert view.visible_book_ids() == [expected.book_id], shelf


def test_covers_show_this_sessions_progress_and_mark_as_finished(
    qtbot: QtBot, window: MainWindow
) -> None:
    book, other = marker_book(), marker_book(title="Another")
    window.library.add(other)
    show_book(window, book)
    for _ in range(4):
        window.reader.epub_view.next_page()
    state = window.reader.state
    assert state is not None and state.progress > 0
    window.show_library()
    # Shown at once, whether or not the writer has recorded the last page yet.
    assert entry_of(window, book.book_id).progress == state.progress
    assert not entry_of(window, other.book_id).finished

    menu = window.library_view.book_menu(other.book_id)
    action(menu, "libraryFinish").trigger()
    assert entry_of(window, other.book_id).finished
    assert not action(window.library_view.book_menu(other.book_id), "libraryFinish").isEnabled()
    recorded = window.recorded_reading_state(other.book_id)
    assert recorded is not None and recorded.finished

    action(window.library_view.book_menu(book.book_id), "libraryFinish").trigger()
    assert window.reader.state is not None and window.reader.state.finished
    assert window.reader.state.boundary == book.end_locator()
    assert window.assistant_panel.header.text().startswith("Knows up to: the end")


def test_details_say_what_the_book_is_and_how_far_it_was_read(
    qtbot: QtBot, window: MainWindow
) -> None:
    book = marker_book()
    show_book(window, book)
    qtbot.keyClick(window, Qt.Key.Key_B, Qt.KeyboardModifier.ControlModifier)
    window.show_library()
    action(window.library_view.book_menu(book.book_id), "libraryDetails").trigger()
    dialog = window.findChild(BookDetails)
    assert isinstance(dialog, BookDetails)
    qtbot.waitUntil(dialog.isVisible)
    rows = dict(dialog.rows)
    assert rows["Title"] == "The Marker Book" and rows["Author"] == "A. Tester"
    assert rows["Progress"].endswith("% read")
    assert rows["Highlights and bookmarks"] == "1"
    assert rows["File"].endswith("(missing)")
    dialog.close()

"""Reading real corpus books in the real window: pages, TOC, search, layout changes, reopening."""

from __future__ import annotations

import re
from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from reader_app.books.model import Book, Locator
from reader_app.books.shelf.reading import reading_offset
from reader_app.ui.window.main_window import MainWindow
from tests.conftest import COMICS, PEPPER1, PRIDE, corpus_epub
from tests.ui.conftest import make_window, open_file


def on_screen(window: MainWindow, book: Book, locator: Locator) -> bool:
    view = window.reader.view
    start = reading_offset(book, view.current_start())
    end = reading_offset(book, view.current_end())
    return start <= reading_offset(book, locator) < max(end, start + 1)


def boundary(window: MainWindow, book: Book) -> int:
    state = window.recorded_reading_state(book.book_id)
    assert state is not None
    return reading_offset(book, state.boundary)


def test_turn_pages_with_keys_and_status_bar(qtbot: QtBot, window: MainWindow) -> None:
    book = open_file(qtbot, window, corpus_epub(PRIDE))
    view = window.reader.epub_view
    window.jump_to(book.toc[2].target)  # chapter I
    first = view.current_start()
    for key in (Qt.Key.Key_Right, Qt.Key.Key_Space, Qt.Key.Key_PageDown):
        before = reading_offset(book, view.current_start())
        qtbot.keyClick(view, key)
        assert reading_offset(book, view.current_start()) > before
    for key in (Qt.Key.Key_Left, Qt.Key.Key_PageUp):
        qtbot.keyClick(view, key)
    qtbot.keyClick(view, Qt.Key.Key_Space, Qt.KeyboardModifier.ShiftModifier)
    assert view.current_start() == first
    status = window.status_position.text()
    assert re.fullmatch(r"I · \d+ min left in chapter · 0%", status), status


def test_toc_jump_and_search_jump_do_not_move_the_boundary(
    qtbot: QtBot, window: MainWindow
) -> None:
    book = open_file(qtbot, window, corpus_epub(PRIDE))
    read = boundary(window, book)
    tree = window.toc_dock.tree
    window.toc_dock.show()
    item = tree.topLevelItem(12)
    assert item is not None
    tree.itemClicked.emit(item, 0)
    assert window.reader.epub_view.current_start().section == book.toc[12].target.section
    assert boundary(window, book) == read
    assert tree.currentItem() is item

    window.search_dock.focus_input()
    qtbot.keyClicks(window.search_dock.input, "Netherfield Park is let")
    with qtbot.waitSignal(window.search_dock.results.model().rowsInserted, timeout=10_000):
        qtbot.keyClick(window.search_dock.input, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: window.search_dock.results.count() == 1)
    window.search_dock.next_hit()
    hit = window.search_dock.results.item(0).data(Qt.ItemDataRole.UserRole + 1)
    assert on_screen(window, book, hit.locator)
    assert "Netherfield Park is let" in window.reader.epub_view.visible_text().replace("\n", " ")
    assert boundary(window, book) == read


def test_font_size_and_window_size_keep_the_same_sentence_on_screen(
    qtbot: QtBot, window: MainWindow
) -> None:
    book = open_file(qtbot, window, corpus_epub(PRIDE))
    view = window.reader.epub_view
    window.jump_to(book.toc[5].target)
    for _ in range(3):
        view.next_page()
    anchor = view.current_start()
    for _ in range(3):
        qtbot.keyClick(window, Qt.Key.Key_Plus, Qt.KeyboardModifier.ControlModifier)
        assert on_screen(window, book, anchor)
    qtbot.keyClick(window, Qt.Key.Key_Minus, Qt.KeyboardModifier.ControlModifier)
    assert on_screen(window, book, anchor)
    for size in ((1400, 900), (640, 900), (1000, 600)):
        window.resize(*size)
        qtbot.waitUntil(lambda s=size: window.width() == s[0])
        view.relayout_now()
        assert on_screen(window, book, anchor), size


def test_two_pages_side_by_side_on_a_wide_window(qtbot: QtBot, window: MainWindow) -> None:
    book = open_file(qtbot, window, corpus_epub(PRIDE))
    view = window.reader.epub_view
    window.resize(1500, 900)
    qtbot.waitUntil(lambda: view.width() > 1300)
    view.relayout_now()
    assert view.is_spread()
    window.jump_to(book.toc[3].target)
    doc = view.current_document()
    assert doc is not None
    assert view.current_end() == doc.end_locator_on_page(view.page_index + 1)
    window.resize(800, 900)
    qtbot.waitUntil(lambda: view.width() < 900)
    view.relayout_now()
    assert not view.is_spread()


def test_position_and_boundary_survive_a_restart(
    qtbot: QtBot, window: MainWindow, library_home: Path
) -> None:
    book = open_file(qtbot, window, corpus_epub(PRIDE))
    view = window.reader.epub_view
    window.jump_to(book.toc[2].target)
    window.reader.mark_read_here()
    for _ in range(7):
        qtbot.keyClick(view, Qt.Key.Key_Right)
    anchor = view.current_start()
    read = boundary(window, book)
    window.close()

    second = make_window(qtbot, library_home)
    reopened = open_file(qtbot, second, corpus_epub(PRIDE))
    assert reopened.book_id == book.book_id
    assert second.reader.epub_view.current_start() == anchor
    assert boundary(second, reopened) == read
    second.close()


def test_library_lists_opened_books_and_removes_them(qtbot: QtBot, window: MainWindow) -> None:
    book = open_file(qtbot, window, corpus_epub(PRIDE))
    comic = open_file(qtbot, window, COMICS / PEPPER1)
    window.show_library()
    grid = window.library_view
    assert grid.isVisible()
    assert set(grid.book_ids()) == {book.book_id, comic.book_id}
    assert grid.book_ids()[0] == comic.book_id  # most recently read first
    grid.sort_box.setCurrentIndex(grid.sort_box.findData("title"))
    assert grid.book_ids() == [comic.book_id, book.book_id]  # "Potion…" before "Pride…"
    grid.grid.setCurrentIndex(grid.model.index(1, 0))
    with qtbot.waitSignal(window.bookOpened, timeout=30_000):
        qtbot.keyClick(grid.grid, Qt.Key.Key_Return)
    assert window.book is not None and window.book.book_id == book.book_id
    window.show_library()
    grid.grid.setCurrentIndex(grid.model.index(0, 0))
    qtbot.keyClick(grid.grid, Qt.Key.Key_Delete)
    assert grid.book_ids() == [book.book_id]
    # Removed by the writer, behind the grid, which leaves it out at once.
    qtbot.waitUntil(lambda: window.library.entry(comic.book_id) is None, timeout=10_000)
    from reader_app.books.opening.cache import cache_path

    assert not cache_path(window.home, comic.book_id).exists()
    assert cache_path(window.home, book.book_id).exists()

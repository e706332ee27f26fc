"""The UI thread writes nothing: every write goes through the one writer (`store/writer.py`).

`ui_thread_writes` (tests/ui/conftest.py) traces every SQLite connection and records each write
statement run on the UI thread. The window is driven through the paths that used to write there
(turning "Prepare whole comic" on, removing a book, the settings of both dialogs, the comic menu,
the library's order, closing the window) and through page turns; none may show up, and what the
reader did must still be in the library afterwards.
"""

from __future__ import annotations

import threading
from pathlib import Path

from PySide6.QtGui import QAction
from pytestqt.qtbot import QtBot

from reader_app.books.model import Book
from reader_app.books.shelf.library import Library
from reader_app.paths import index_dir
from reader_app.rag.index.indexes import fts_table_name
from reader_app.rag.scope.boundary import whole_comic_chosen
from reader_app.settings import SettingsStore
from reader_app.store.db import connect
from reader_app.ui.window.main_window import MainWindow
from reader_app.ui.window.settings_dialog import AppearancePage, PreferencesDialog
from tests.conftest import JEKYLL, PEPPER1, corpus_comic, corpus_epub
from tests.ui.conftest import UiThreadWrites, make_window, open_file


def test_the_detector_records_a_write_on_the_ui_thread_and_none_from_another(
    library_home: Path, ui_thread_writes: UiThreadWrites
) -> None:
    conn = connect(library_home)
    ui_thread_writes.arm()
    SettingsStore(conn).set("comics.fit", "width")  # the old way: written where it was asked
    assert any(s.lstrip().upper().startswith("INSERT INTO SETTINGS") for s in
               ui_thread_writes.found)

    ui_thread_writes.found.clear()
    elsewhere = threading.Thread(
        target=lambda: SettingsStore(connect(library_home)).set("comics.fit", "height"))
    elsewhere.start()
    elsewhere.join()
    conn.execute("SELECT value FROM settings").fetchall()  # a read is not a write
    assert ui_thread_writes.found == []
    assert SettingsStore(conn).get("comics.fit") == "height"


def _no_preparation(window: MainWindow) -> list[bool]:
    """The preparation runs in its child process, not here: only whether it was asked for (and
    for the whole comic) is recorded."""
    started: list[bool] = []

    def start(_book: Book, *, prepare_whole_comic: bool = False) -> None:
        started.append(prepare_whole_comic)

    window.indexing.start = start  # type: ignore[method-assign]
    return started


def _action(window: MainWindow, name: str) -> QAction:
    action = window.findChild(QAction, name)
    assert action is not None, name
    return action


def test_the_window_writes_nothing_on_the_ui_thread(
    qtbot: QtBot, library_home: Path, ui_thread_writes: UiThreadWrites
) -> None:
    window = make_window(qtbot, library_home)
    started = _no_preparation(window)
    ui_thread_writes.arm()

    book = open_file(qtbot, window, corpus_comic(PEPPER1))
    view = window.reader.comic_view
    for _ in range(2):  # page turns: position and boundary
        assert view.next_page()

    # Comics › Prepare Whole Comic: recorded, and the panel says so once it is.
    _action(window, "actionPrepareComic").trigger()
    assert started == [True]
    qtbot.waitUntil(lambda: not window.assistant_panel.whole_comic.isHidden(), timeout=10_000)

    # The comic menu and the library's order: the window sees each change at once.
    _action(window, "actionFit_width").trigger()
    assert window.settings.get("comics.fit") == "width"
    _action(window, "actionSpread").trigger()
    assert window.settings.get("comics.spread") is False
    window.library_view.sort_box.setCurrentIndex(window.library_view.sort_box.findData("title"))
    assert window.settings.get("library.sort") == "title"

    # Appearance: a change applies live.
    window.show_appearance_dialog()
    appearance = window.findChild(AppearancePage)
    assert appearance is not None
    appearance.size_box.setValue(17)
    assert window.appearance.font_size == 17 and window.settings.get("appearance.font_size") == 17
    appearance.window().accept()  # OK: kept (Cancel would put the page back)
    qtbot.waitUntil(lambda: window.findChild(PreferencesDialog) is None)

    # Settings: the assistant's page and the books-and-comics page, saved by OK.
    window.show_preferences()
    preferences = window.findChild(PreferencesDialog)
    assert preferences is not None
    preferences.assistant_page.rewrite_check.setChecked(False)
    preferences.assistant_page.length_combo.setCurrentIndex(
        preferences.assistant_page.length_combo.findData("long"))
    preferences.describe_box.setChecked(True)
    preferences.accept()
    assert window.settings.get("comics.describe_pages") is True
    assert window.settings.get("assistant.answer_length") == "long"

    # Removing the open book: gone from the grid at once, and from the library behind.
    window.show_library()
    window.library_view.removeRequested.emit(book.book_id)
    assert book.book_id not in window.library_view.book_ids()
    assert window.book is None
    qtbot.waitUntil(lambda: not window.library.contains(book.book_id), timeout=10_000)
    assert book.book_id not in window.library_view.book_ids()

    window.close()  # the window's geometry, its docks and the last book
    assert ui_thread_writes.found == []

    conn = connect(library_home)
    settings = SettingsStore(conn)
    assert settings.get("comics.fit") == "width" and settings.get("comics.spread") is False
    assert settings.get("library.sort") == "title"
    assert settings.get("appearance.font_size") == 17
    assert settings.get("assistant.rewrite_queries") is False
    assert settings.get("assistant.answer_length") == "long"
    assert settings.get("comics.describe_pages") is True
    assert settings.get("window.geometry") and settings.get("library.last_book") == ""
    assert not Library(conn, library_home).contains(book.book_id)
    assert not whole_comic_chosen(conn, book.book_id)  # its row went with the book
    assert not index_dir(library_home, book.book_id).exists()
    table = fts_table_name(book.book_id)
    assert conn.execute("SELECT 1 FROM sqlite_master WHERE name = ?", (table,)).fetchone() is None
    conn.close()


def test_prepare_whole_comic_is_recorded_by_the_writer(
    qtbot: QtBot, library_home: Path, ui_thread_writes: UiThreadWrites
) -> None:
    window = make_window(qtbot, library_home)
    _no_preparation(window)
    book = open_file(qtbot, window, corpus_comic(PEPPER1))
    ui_thread_writes.arm()
    window.prepare_whole_comic()
    qtbot.waitUntil(lambda: not window.assistant_panel.whole_comic.isHidden(), timeout=10_000)
    assert ui_thread_writes.found == []
    assert whole_comic_chosen(window.library.conn, book.book_id)
    window.close()


def test_turning_a_book_s_pages_writes_nothing_on_the_ui_thread(
    qtbot: QtBot, library_home: Path, ui_thread_writes: UiThreadWrites
) -> None:
    window = make_window(qtbot, library_home)
    ui_thread_writes.arm()
    book = open_file(qtbot, window, corpus_epub(JEKYLL))
    view = window.reader.epub_view
    for _ in range(6):  # forward: the position and the boundary are saved behind
        qtbot.keyClick(view, " ")
    assert view.previous_page()
    window.set_theme("sepia")  # a relayout, and an appearance saved
    state = window.reader.state
    assert ui_thread_writes.found == []
    recorded = window.recorded_reading_state(book.book_id)
    assert recorded is not None and state is not None and recorded.boundary == state.boundary
    assert SettingsStore(window.library.conn).get("appearance.theme") == "sepia"
    window.close()
    assert ui_thread_writes.found == []

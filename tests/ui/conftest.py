"""Fixtures for driving the real main window with pytest-qt."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from reader_app.books.library import Library
from reader_app.books.model import Book
from reader_app.settings import SettingsStore
from reader_app.store.db import connect
from reader_app.ui.library.book_opening import OpenedBook, record_through
from reader_app.ui.page.appearance import Appearance
from reader_app.ui.window.main_window import MainWindow


def make_window(
    qtbot: QtBot,
    home: Path,
    *,
    size: tuple[int, int] | None = (900, 700),
    fresh_appearance: bool = True,
    prepare_assistant: bool = False,
) -> MainWindow:
    conn = connect(home)
    settings = SettingsStore(conn)
    if fresh_appearance:
        # Fixed, font-independent appearance so layouts are the same on every machine.
        Appearance(font_family="DejaVu Serif", font_size=12, theme="light").save(settings)
    window = MainWindow(
        home=home,
        library=Library(conn, home),
        settings=settings,
        prepare_assistant=prepare_assistant,
    )
    qtbot.addWidget(window)
    if size is not None:
        window.resize(*size)
    window.show()
    qtbot.waitExposed(window)
    return window


@pytest.fixture
def window(qtbot: QtBot, library_home: Path) -> Iterator[MainWindow]:
    win = make_window(qtbot, library_home)
    yield win
    win.close()


def show_book(window: MainWindow, book: Book) -> None:
    """Open a book built in memory, as if the worker had just parsed it."""
    known = record_through(window.writer, window.home, book, book.path)
    window._book_loaded(book.path, OpenedBook(book, known))
    window.reader.epub_view.relayout_now()


def open_file(qtbot: QtBot, window: MainWindow, path: Path) -> Book:
    with qtbot.waitSignal(window.bookOpened, timeout=60_000) as blocker:
        window.open_path(path)
    window.reader.epub_view.relayout_now()
    book = blocker.args[0]
    assert isinstance(book, Book)
    return book

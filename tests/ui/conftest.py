"""Fixtures for driving the real main window with pytest-qt."""

from __future__ import annotations

import logging
import re
import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from reader_app.books.model import Book
from reader_app.books.shelf.library import Library
from reader_app.settings import SettingsStore
from reader_app.store.db import connect
from reader_app.ui.library.book_opening import OpenedBook, record_through
from reader_app.ui.page.appearance import Appearance
from reader_app.ui.window.main_window import MainWindow

WRITE = re.compile(r"^\s*(INSERT|UPDATE|DELETE|REPLACE|DROP|CREATE|ALTER)\b", re.IGNORECASE)


class UiThreadWrites:
    """Records every statement that writes (INSERT, UPDATE, DELETE, REPLACE, DROP, CREATE, ALTER)
    run on the UI (main) thread, on any connection opened while it is installed and on those it
    is told to `watch`, once `arm()`ed (a test's own setup writes first). The one writer and the
    workers run their statements on other threads: those are never recorded."""

    def __init__(self) -> None:
        self.found: list[str] = []
        self.armed = False

    def watch(self, conn: sqlite3.Connection) -> sqlite3.Connection:
        conn.set_trace_callback(self._ran)
        return conn

    def arm(self) -> None:
        self.armed = True

    def _ran(self, statement: str) -> None:
        if self.armed and threading.current_thread() is threading.main_thread() and WRITE.match(
            statement
        ):
            self.found.append(statement)


@pytest.fixture
def ui_thread_writes(monkeypatch: pytest.MonkeyPatch) -> UiThreadWrites:
    """A `UiThreadWrites` watching every SQLite connection opened from now on (the window's, its
    panels', every worker's and the writer's)."""
    writes = UiThreadWrites()
    opened = sqlite3.connect

    def connect(*args: Any, **kwargs: Any) -> sqlite3.Connection:
        return writes.watch(opened(*args, **kwargs))

    monkeypatch.setattr(sqlite3, "connect", connect)
    return writes


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


class _CaughtFaults(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(self.format(record))


@pytest.fixture(autouse=True)
def no_caught_ui_faults(request: pytest.FixtureRequest) -> Iterator[None]:
    """A paint or a job's reply that raises is caught, logged and shown as a note (never left to
    Qt): in a test that is a failure all the same, unless the test provokes it on purpose."""
    handler = _CaughtFaults()
    names = ("reader_app.ui.page.safe_paint", "reader_app.ui.workers")
    loggers = [logging.getLogger(name) for name in names]
    for logger in loggers:
        logger.addHandler(handler)
    yield
    for logger in loggers:
        logger.removeHandler(handler)
    if request.node.get_closest_marker("faults_expected") is None:
        assert not handler.messages, "\n\n".join(handler.messages)

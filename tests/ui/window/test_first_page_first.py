"""The first page comes first: the cover thumbnail and the preparation child start only after the
page has been drawn, and not at all for a book already left."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QObject
from pytestqt.qtbot import QtBot

from reader_app.books.model import Book
from reader_app.ui.window.first_paint import FALLBACK_MS
from tests.conftest import ALICE, corpus_epub
from tests.ui.conftest import make_window


class PaintCounter(QObject):
    def __init__(self) -> None:
        super().__init__()
        self.paints = 0

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            self.paints += 1
        return False


def test_preparation_and_cover_start_after_the_first_page_is_drawn(
    qtbot: QtBot, library_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = make_window(qtbot, library_home, prepare_assistant=True)
    counter = PaintCounter()
    window.reader.epub_view.installEventFilter(counter)
    started: list[tuple[str, int]] = []  # (what, paints of the page before it started)
    monkeypatch.setattr(
        window.indexing, "start", lambda book: started.append(("prepare", counter.paints))
    )
    at_open: list[bool] = []

    def opened(book: Book) -> None:
        at_open.append(window.tasks.current(f"cover:{book.book_id}") is None)

    window.bookOpened.connect(opened)
    window.open_path(corpus_epub(ALICE))
    qtbot.waitUntil(lambda: bool(started), timeout=30_000)
    assert at_open == [True], "no cover job is running while the first page is laid out"
    assert started == [("prepare", 1)], "the preparation starts right after the first paint"
    book = window.book
    assert book is not None
    qtbot.waitUntil(lambda: window.library.entry(book.book_id).cover_png is not None)


def test_a_book_left_before_its_page_was_drawn_is_not_prepared(
    qtbot: QtBot, library_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = make_window(qtbot, library_home, prepare_assistant=True)
    started: list[str] = []
    monkeypatch.setattr(window.indexing, "start", lambda book: started.append(book.metadata.title))
    # Left in the same turn of the event loop as it opened: its page was never drawn.
    window.bookOpened.connect(lambda book: window.remove_book(book.book_id))
    with qtbot.waitSignal(window.bookOpened, timeout=30_000):
        window.open_path(corpus_epub(ALICE))
    qtbot.wait(FALLBACK_MS + 200)  # past the fallback: whatever was deferred has run
    assert window.book is None
    assert started == []

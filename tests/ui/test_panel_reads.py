"""Page turns cost the assistant panel no database work while it is hidden: the header follows
the state the reader view passes, and the transcript waits until the panel is shown."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from reader_app.books.library import ReadingState
from reader_app.books.model import Locator
from reader_app.ui.assistant_panel import AssistantPanel
from tests.fakes.marker_library import MarkerLibrary, marker_library


@pytest.fixture
def shelf(library_home: Path) -> Iterator[MarkerLibrary]:
    shelf = marker_library(library_home)
    shelf.read_through(1, 5)
    yield shelf
    shelf.conn.close()


@pytest.mark.parametrize("book_format", ["epub", "cbz"])
def test_page_turns_with_the_panel_hidden_read_nothing(
    qtbot: QtBot, shelf: MarkerLibrary, book_format: str
) -> None:
    book = dataclasses.replace(shelf.book, format=book_format)
    panel = AssistantPanel(shelf.home, embedder=shelf.embedder)
    qtbot.addWidget(panel)
    panel.set_book(book)
    assert not panel.isVisible()
    state = shelf.library.reading_state(book.book_id)
    assert state is not None
    statements: list[str] = []
    panel._conn.set_trace_callback(statements.append)
    try:
        for block in range(1, 8):  # what the window passes on each page turn
            turned = dataclasses.replace(state, boundary=Locator(1, 5 + block, 0))
            assert isinstance(turned, ReadingState)
            panel.refresh_scope(turned)
        assert statements == []
        assert panel.header.text().startswith("Knows up to: Chapter 2")
    finally:
        panel._conn.set_trace_callback(None)
        panel.shutdown()

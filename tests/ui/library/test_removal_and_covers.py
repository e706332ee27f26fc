"""A book removed while its cover was still being drawn stays removed: the cover's write asks
again, in order with the removal, whether the book is still in the library."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from reader_app.books.shelf.library import Library
from reader_app.store.db import connect
from tests.conftest import JEKYLL, corpus_epub
from tests.ui.conftest import make_window, open_file


def test_a_cover_that_lands_after_the_removal_does_not_bring_the_book_back(
    qtbot: QtBot, library_home: Path
) -> None:
    window = make_window(qtbot, library_home)
    book = open_file(qtbot, window, corpus_epub(JEKYLL))
    window.show_library()
    window.library_view.removeRequested.emit(book.book_id)
    # The cover job finishes now: the UI's own read may not see the removal yet.
    window._cover_ready(book, b"\x89PNG\r\n\x1a\n")
    assert window.writer.flush()
    conn = connect(library_home)
    try:
        assert not Library(conn, library_home).contains(book.book_id)
    finally:
        conn.close()
    window.close()

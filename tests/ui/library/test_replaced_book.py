"""A book file replaced on disk by another book is found by its hash when the reader opens the
library's entry: refused with a sentence, never opened as the entry it no longer is."""

from __future__ import annotations

import shutil
from pathlib import Path

from pytestqt.qtbot import QtBot

from reader_app.ui.window.main_window import MainWindow
from tests.ui.conftest import open_file
from tests.unit.books.epubgen import make_epub, package_document, xhtml


def test_opening_an_entry_whose_file_was_replaced_says_so_and_keeps_the_entry(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    shelf = tmp_path / "shelf.epub"
    first = make_epub(tmp_path / "first.epub", {"c0.xhtml": xhtml("<p>The first book.</p>")},
                      opf=package_document(["c0.xhtml"], title="The First Book"))  # fmt: skip
    other = make_epub(tmp_path / "other.epub", {"c0.xhtml": xhtml("<p>Another book.</p>")},
                      opf=package_document(["c0.xhtml"], title="Another Book"))  # fmt: skip
    shutil.copy(first, shelf)
    book = open_file(qtbot, window, shelf)
    shutil.copy(other, shelf)  # the same name, another book
    with qtbot.waitSignal(window.openFailed, timeout=30_000) as failed:
        window.open_book_id(book.book_id)
    message = str(failed.args[0])
    assert "no longer “The First Book”" in message and "replaced by another book" in message
    entry = window.library.entry(book.book_id)
    assert entry is not None and entry.title == "The First Book"
    assert window.book is not None and window.book.book_id == book.book_id  # still open

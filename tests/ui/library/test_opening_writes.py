"""Opening a book writes nothing on the UI thread: its library row, opened time and the recent
list are recorded by the one writer, before the book is shown."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from tests.conftest import JEKYLL, corpus_epub
from tests.ui.conftest import make_window, open_file

WRITES = ("INSERT", "UPDATE", "DELETE", "REPLACE")


def test_opening_a_book_records_it_through_the_writer_not_the_ui_connection(
    qtbot: QtBot, library_home: Path
) -> None:
    window = make_window(qtbot, library_home)
    ui_writes: list[str] = []
    window.library.conn.set_trace_callback(
        lambda sql: ui_writes.append(sql) if sql.lstrip().upper().startswith(WRITES) else None
    )
    path = corpus_epub(JEKYLL)

    book = open_file(qtbot, window, path)
    window.library.conn.set_trace_callback(None)

    assert ui_writes == []
    entry = window.library.entry(book.book_id)  # already there when the book was shown
    assert entry is not None and entry.opened_at is not None
    assert window.reader.state is not None  # its reading-state row existed in time
    assert window.settings.get("library.recent")[0] == str(path)
    assert window.settings.get("library.last_book") == str(path)
    window.close()

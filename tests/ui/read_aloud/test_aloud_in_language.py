"""Read aloud says why it stopped in the window's language (issue 41): a comic page that cannot
be read stops it with the catalogue's words around the error's own, translated too."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from pytestqt.qtbot import QtBot

from reader_app.books.model import Book
from reader_app.cancel import CancelToken
from reader_app.comics.text import PageText
from reader_app.errors import DamagedBookError
from tests.ui.conftest import open_file
from tests.ui.read_aloud.test_comic_aloud import comic
from tests.ui.read_aloud.test_read_aloud import scripted
from tests.ui.window.test_window_language import started_in


def damaged_pages(book: Book, first: int, cancel: CancelToken) -> Iterator[PageText]:
    raise DamagedBookError(book.path, "page-1.png", "CRC")
    yield  # a generator, as the OCR reader is


def test_a_page_that_cannot_be_read_stops_read_aloud_with_german_words(
    qtbot: QtBot, library_home: Path, tmp_path: Path, speaking: None
) -> None:
    window = started_in(qtbot, library_home, "de")
    open_file(qtbot, window, comic(tmp_path))
    aloud, _voice = scripted(window, ms_per_text=30)
    aloud.read_comic_pages = damaged_pages
    aloud.play_pause()
    qtbot.waitUntil(lambda: not aloud.playing, timeout=10_000)
    assert aloud.bar.text.startswith(
        "Vorlesen beendet: die Seite konnte nicht gelesen werden („dragon.cbz“ "), aloud.bar.text
    assert "page-1.png" in aloud.bar.text
    window.close()

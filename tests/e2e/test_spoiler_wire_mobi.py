"""The spoiler rule at the wire for books opened from MOBI 6 and AZW3 files: the same real window,
index and fake model server as test_spoiler_wire_window.py, the book parsed from a Kindle file.
No request carries a sentence after the boundary; reading on admits it. Find in Book finds a
marker sentence in the parsed file."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from reader_app.books.text.search import find_text
from reader_app.settings import SettingsStore
from tests.e2e.test_spoiler_wire_formats import the_boundary_holds_at_the_wire
from tests.e2e.test_spoiler_wire_window import (
    marker_ends,
    searched,  # noqa: F401  (a fixture, used by name)
)
from tests.fakes.fake_ollama import FakeOllama
from tests.ui.conftest import make_window, open_file
from tests.unit.books.mobigen import MARKERS_AZW3, marker_mobi


def _marker_book(kind: str, folder: Path) -> Path:
    return marker_mobi(folder / "markers.mobi") if kind == "mobi6" else MARKERS_AZW3


@pytest.mark.parametrize("kind", ["mobi6", "azw3"])
def test_no_request_carries_text_after_the_boundary_in_mobi_books(
    qtbot: QtBot, library_home: Path, tmp_path: Path, fake_ollama: FakeOllama,
    searched: list[str],  # noqa: F811
    kind: str,
) -> None:
    window = make_window(qtbot, library_home, prepare_assistant=True)
    settings = SettingsStore(window.library.conn)
    settings.set("assistant.ollama_host", fake_ollama.url)
    settings.set("assistant.rewrite_queries", True)
    book = open_file(qtbot, window, _marker_book(kind, tmp_path))
    assert book.format == "mobi"
    ends = marker_ends(book)
    assert len(ends) == 4 * 16 * 4  # every marker sentence is in the parsed book
    hits = find_text(book, "mk031503")
    assert [h.chapter for h in hits] == ["Chapter 4"]
    the_boundary_holds_at_the_wire(qtbot, window, book, fake_ollama, searched)
    window.close()

"""The spoiler rule at the wire for books opened from FB2, FB2.ZIP, plain text and Markdown
files: the same real window, index and fake model server as test_spoiler_wire_window.py, the book
parsed from a file of each format. No request carries a sentence after the boundary; reading on
admits it. Find in Book finds a marker sentence in the parsed file."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from reader_app.books.model import Book
from reader_app.books.text.search import find_text
from reader_app.settings import SettingsStore
from reader_app.ui.window.main_window import MainWindow
from tests.e2e.test_spoiler_wire_window import (
    JAILBREAKS,
    MARKER,
    ask,
    bodies_without_questions,
    boundary_offset,
    marker_ends,
    searched,  # noqa: F401  (a fixture, used by name)
)
from tests.fakes.fake_ollama import FakeOllama
from tests.ui.conftest import make_window, open_file
from tests.unit.books.formatgen import MARKER_BOOKS


@pytest.mark.parametrize(("maker", "name", "book_format"), MARKER_BOOKS.values(),
                         ids=MARKER_BOOKS.keys())
def test_no_request_carries_text_after_the_boundary_in_fb2_and_text_books(
    qtbot: QtBot, library_home: Path, tmp_path: Path, fake_ollama: FakeOllama,
    searched: list[str],  # noqa: F811
    maker: Callable[..., Path], name: str, book_format: str,
) -> None:
    window = make_window(qtbot, library_home, prepare_assistant=True)
    settings = SettingsStore(window.library.conn)
    settings.set("assistant.ollama_host", fake_ollama.url)
    settings.set("assistant.rewrite_queries", True)
    book = open_file(qtbot, window, maker(tmp_path / name))
    assert book.format == book_format
    ends = marker_ends(book)
    assert len(ends) == 4 * 16 * 4  # every marker sentence is in the parsed book
    hits = find_text(book, "mk031503")  # Find in Book: once, in the last chapter
    assert [h.locator.section for h in hits] == [len(book.sections) - 1]
    the_boundary_holds_at_the_wire(qtbot, window, book, fake_ollama, searched)
    window.close()


def the_boundary_holds_at_the_wire(qtbot: QtBot, window: MainWindow, book: Book,
                                   fake_ollama: FakeOllama, asked_for: list[str]) -> None:
    """Once the assistant is ready on the marker `book`: three pages read, the jailbreak
    questions carry no marker after the boundary; four more pages read, a question carries what
    was newly read and still nothing after it. `asked_for`: the searches made (the fixture)."""
    ends = marker_ends(book)
    qtbot.waitUntil(lambda: window.status_assistant.text() == "Assistant ready", timeout=120_000)

    view = window.reader.epub_view
    window.jump_to(book.toc[0].target)
    for _ in range(3):
        qtbot.keyClick(view, Qt.Key.Key_Right)
    read_to = boundary_offset(window, book)
    future = {m for m, end in ends.items() if end > read_to}
    assert future and len(future) < len(ends)
    window.assistant_panel.show()
    for question in JAILBREAKS:
        ask(qtbot, window, question)
    assert asked_for == list(JAILBREAKS)
    for text in bodies_without_questions(fake_ollama, list(JAILBREAKS)):
        leaked = future & set(MARKER.findall(text))
        assert not leaked, f"text after the boundary reached the model: {sorted(leaked)[:5]}"

    fake_ollama.clear()
    for _ in range(4):
        qtbot.keyClick(view, Qt.Key.Key_Right)
    newly_read_to = boundary_offset(window, book)
    assert newly_read_to > read_to
    newly_read = {m for m, end in ends.items() if read_to < end <= newly_read_to}
    asked = [*JAILBREAKS, "What happened by the river just now?"]
    ask(qtbot, window, asked[-1])
    seen = set().union(*(set(MARKER.findall(t)) for t in bodies_without_questions(fake_ollama,
                                                                                   asked)))
    assert seen & newly_read, "newly read text never reached the model"
    leaked = seen & {m for m, end in ends.items() if end > newly_read_to}
    assert not leaked, f"text after the boundary reached the model: {sorted(leaked)[:5]}"

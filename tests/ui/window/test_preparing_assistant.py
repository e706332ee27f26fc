"""Opening a book prepares the assistant in the background, with progress in the status bar."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from reader_app.prepare.news import PrepareNews
from reader_app.rag.index.embed import default_embedder
from reader_app.rag.index.indexer import index_status
from tests.conftest import JEKYLL, corpus_epub
from tests.ui.conftest import make_window, open_file


def test_opening_a_book_indexes_it_with_progress_then_ready(
    qtbot: QtBot, library_home: Path
) -> None:
    window = make_window(qtbot, library_home, prepare_assistant=True)
    seen: list[PrepareNews] = []
    window.assistantNews.connect(seen.append)
    book = open_file(qtbot, window, corpus_epub(JEKYLL))
    qtbot.waitUntil(lambda: window.status_assistant.text() == "Assistant ready", timeout=180_000)
    stages = [n.stage for n in seen]
    assert "index" in stages and stages[-1] == "ready"
    # A new book has its first page read, so the assistant is ready once that page is indexed,
    # before the rest of the book is.
    first_covered = stages.index("covered")
    assert any(n.fraction < 1.0 for n in seen[first_covered:] if n.stage == "covered")
    fractions = [n.fraction for n in seen if n.stage in ("index", "covered")]
    assert fractions == sorted(fractions) and fractions[-1] == 1.0
    model_id = default_embedder(home=library_home).model_id
    status = index_status(window.library.conn, library_home, book.book_id, model_id)
    assert status.complete
    # The reader kept working while the index was built.
    assert window.reader.epub_view.next_page()
    window.close()

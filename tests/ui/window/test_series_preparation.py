"""Reading volume 2 of a series prepares volume 1 too: it is fully in scope (DESIGN.md 2)."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from reader_app.books.model import Book
from reader_app.prepare.news import PrepareNews
from reader_app.rag.index.embed import default_embedder
from reader_app.rag.index.indexer import index_status
from reader_app.rag.scope.boundary import scope_for_book
from tests.ui.conftest import make_window, open_file
from tests.unit.books.epubgen import make_epub, package_document, xhtml

pytestmark = pytest.mark.slow


def volume(folder: Path, number: int, words: str) -> Path:
    series = (
        '<meta property="belongs-to-collection" id="c1">Lanterns</meta>'
        '<meta refines="#c1" property="collection-type">series</meta>'
        f'<meta refines="#c1" property="group-position">{number}</meta>'
    )
    chapters = {
        f"ch{c}.xhtml": xhtml(
            f"<h2>Chapter {c + 1}</h2>"
            + "".join(
                f"<p>In volume {number} the {words} number {c}-{p} shone.</p>" for p in range(12)
            )
        )
        for c in range(3)
    }
    opf = package_document(list(chapters), title=f"Lanterns {number}", metadata_extra=series)
    return make_epub(folder / f"lanterns-{number}.epub", chapters, opf=opf)


def test_opening_volume_two_indexes_volume_one(
    qtbot: QtBot, library_home: Path, tmp_path: Path
) -> None:
    first_path = volume(tmp_path, 1, "green lantern")
    second_path = volume(tmp_path, 2, "blue lantern")
    window = make_window(qtbot, library_home, prepare_assistant=False)
    first: Book = open_file(qtbot, window, first_path)  # in the library, never indexed
    window.prepare_assistant = True
    news: list[PrepareNews] = []
    window.assistantNews.connect(news.append)
    second = open_file(qtbot, window, second_path)
    qtbot.waitUntil(lambda: window.status_assistant.text() == "Assistant ready", timeout=180_000)

    model = default_embedder(home=library_home).model_id
    conn = window.library.conn
    assert index_status(conn, library_home, first.book_id, model).complete
    assert index_status(conn, library_home, second.book_id, model).complete
    assert "covered" in [n.stage for n in news]  # ready for questions before volume 1 was done
    scope = scope_for_book(conn, second.book_id)
    assert [v.book_id for v in scope.volumes] == [first.book_id, second.book_id]
    assert scope.volumes[0].chunk_limit > 0  # all of volume 1 is eligible
    window.close()

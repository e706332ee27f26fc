"""Forgetting a book drops its row, reading state, cached model, dense index and keyword table."""

from __future__ import annotations

from pathlib import Path

from reader_app.books.opening.cache import cache_path, load_book
from reader_app.books.shelf.library import Library
from reader_app.forget import forget_book
from reader_app.paths import index_dir
from reader_app.rag.index.indexer import index_book
from reader_app.rag.index.indexes import fts_table_name
from reader_app.store.db import connect
from tests.fakes.embedders import HashEmbedder
from tests.unit.books.epubgen import make_epub, xhtml


def test_forgetting_a_book_leaves_nothing_derived_from_it(
    library_home: Path, tmp_path: Path
) -> None:
    chapters = {"one.xhtml": xhtml("<p>The lantern was lit. Mr. Poole waited.</p>"),
                "two.xhtml": xhtml("<p>A door opened. Nobody came out.</p>")}
    path = make_epub(tmp_path / "little.epub", chapters)
    conn = connect(library_home)
    library = Library(conn, library_home)
    book = load_book(path, library_home)
    library.add(book)
    index_book(conn, library_home, book, embedder=HashEmbedder())
    table = fts_table_name(book.book_id)
    assert cache_path(library_home, book.book_id).exists()
    assert index_dir(library_home, book.book_id).exists()
    assert conn.execute("SELECT 1 FROM sqlite_master WHERE name = ?", (table,)).fetchone()

    forget_book(conn, library_home, book.book_id)

    assert not library.contains(book.book_id) and library.reading_state(book.book_id) is None
    assert not cache_path(library_home, book.book_id).exists()
    assert not index_dir(library_home, book.book_id).exists()
    assert conn.execute("SELECT 1 FROM sqlite_master WHERE name = ?", (table,)).fetchone() is None
    assert conn.execute("SELECT COUNT(*) FROM sentences WHERE book_id = ?",
                        (book.book_id,)).fetchone()[0] == 0
    assert path.exists()  # the reader's file is never touched

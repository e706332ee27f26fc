"""Forgetting a book: its library row and everything derived from it, above `books` and `rag`."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

from reader_app.books.opening.cache import forget_cached_model
from reader_app.books.shelf.library import Library
from reader_app.paths import index_dir
from reader_app.rag.index.indexes import drop_keyword_index


def forget_book(conn: sqlite3.Connection, home: Path, book_id: str) -> None:
    """Remove `book_id` from the library: its row and reading state (the rows that hang off it
    go with them), its dense indexes, its keyword table and its cached parsed model.

    The book file itself is the reader's and is never touched.
    """
    Library(conn, home).remove(book_id)
    shutil.rmtree(index_dir(home, book_id), ignore_errors=True)
    forget_cached_model(home, book_id)
    drop_keyword_index(conn, book_id)

"""After a change of embedding model: the library's other books re-indexed, one at a time.

Only books that were indexed before (with another model) and are not yet fully indexed with the
new one are done, most recently opened first. Until a book's new index covers the boundary,
search still answers from keyword search and the old model's index (`previous_index`).
"""

from __future__ import annotations

import logging
import sqlite3
from pathlib import Path

from reader_app.books.opening.formats import read_book
from reader_app.cancel import CancelToken
from reader_app.errors import ReaderError
from reader_app.rag.index.embed import Embedder
from reader_app.rag.index.indexer import index_book, remove_other_indexes

log = logging.getLogger(__name__)


def books_to_reindex(conn: sqlite3.Connection, model_id: str) -> list[tuple[str, Path]]:
    """(book id, file) of each book indexed with another model and not wholly with `model_id`,
    most recently opened first."""
    rows = conn.execute(
        """SELECT b.book_id, b.path FROM books b
           WHERE EXISTS (SELECT 1 FROM vector_indexes v
                         WHERE v.book_id = b.book_id AND v.model_id != ?)
             AND NOT EXISTS (SELECT 1 FROM vector_indexes v
                             WHERE v.book_id = b.book_id AND v.model_id = ?
                               AND v.indexed_count >= v.chunk_count)
           ORDER BY COALESCE(b.opened_at, 0) DESC, b.book_id""",
        (model_id, model_id),
    ).fetchall()
    return [(str(book_id), Path(path)) for book_id, path in rows]


def reindex_library(
    conn: sqlite3.Connection,
    home: Path,
    embedder: Embedder,
    *,
    cancel: CancelToken | None = None,
) -> list[str]:
    """Index every book of `books_to_reindex` with `embedder`, one after another, stopping
    between batches once `cancel` is cancelled (what is saved stays usable, and the next run
    resumes it). A book whose file is gone or changed is passed over. Returns the ids done."""
    done = []
    for book_id, path in books_to_reindex(conn, embedder.model_id):
        if cancel is not None and cancel.cancelled:
            break
        try:
            book = read_book(path)
        except (ReaderError, OSError) as error:
            log.info("not re-indexing %s: %s", path.name, error)
            continue
        if book.book_id != book_id:
            log.info("not re-indexing %s: the file has changed", path.name)
            continue
        status = index_book(conn, home, book, embedder=embedder, cancel=cancel)
        if status.complete:
            remove_other_indexes(conn, home, book_id, embedder.model_id)
            done.append(book_id)
    return done

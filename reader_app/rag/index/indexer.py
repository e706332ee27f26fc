"""Building a book's dense index in reading order: batched, resumable, cancellable, reported."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from reader_app.books.model import Book
from reader_app.cancel import CancelToken
from reader_app.rag.index.chunking import chunk_count, chunk_texts, chunks_of
from reader_app.rag.index.embed import Embedder
from reader_app.rag.index.indexes import (
    VectorIndexRecord,
    load_vector_index,
    new_vector_index,
    read_vector_record,
    save_vector_index,
    stored_ids,
    vector_file_is_whole,
    vector_index_path,
    write_vector_record,
)
from reader_app.rag.index.multilingual import (
    embedder_for_language,
    language_model_id,
    recorded_language,
)
from reader_app.rag.index.sentences import sentence_count
from reader_app.rag.index.text_units import ensure_sentences
from reader_app.store.file_lock import file_lock_or_give_up

# Saved and cancellable per batch: 128 chunks wait a few seconds at most, and are enough for
# length-sorting to cut padding (64 measured ~10% slower, 256 no faster).
DEFAULT_BATCH_SIZE = 128


@dataclass(frozen=True)
class IndexProgress:
    book_id: str
    model_id: str
    chunks_indexed: int
    chunks_total: int

    @property
    def fraction(self) -> float:
        return 1.0 if self.chunks_total == 0 else self.chunks_indexed / self.chunks_total

    @property
    def percent(self) -> int:
        return int(self.fraction * 100)


@dataclass(frozen=True)
class IndexStatus:
    book_id: str
    model_id: str
    text_ready: bool  # sentences, chunks and keyword index are built
    chunks_total: int
    chunks_indexed: int  # chunks [0, chunks_indexed) have vectors for this model
    covered_through_sid: int  # every chunk ending at or before this sid is embedded
    damaged: bool = False  # the index file is there but not whole: counted as not indexed

    @property
    def complete(self) -> bool:
        return self.text_ready and self.chunks_indexed >= self.chunks_total

    @property
    def fraction(self) -> float:
        if not self.text_ready:
            return 0.0
        return 1.0 if self.chunks_total == 0 else self.chunks_indexed / self.chunks_total

    def covers(self, boundary_sid: int) -> bool:
        """True when every chunk eligible at `boundary_sid` is embedded: search is complete."""
        return self.text_ready and boundary_sid <= self.covered_through_sid


def index_status(conn: sqlite3.Connection, home: Path, book_id: str, model_id: str) -> IndexStatus:
    """How far the book's dense index with `model_id` goes (the default model standing for the
    book's language's model: multilingual.py)."""
    model_id = language_model_id(model_id, recorded_language(conn, book_id))
    total = chunk_count(conn, book_id)
    text_ready = conn.execute(
        "SELECT 1 FROM text_units WHERE book_id = ?", (book_id,)
    ).fetchone() is not None
    record = read_vector_record(conn, book_id, model_id)
    indexed, damaged = 0, False
    path = vector_index_path(home, book_id, model_id)
    if record is not None and record.chunk_count == total and path.exists():
        indexed = min(record.indexed_count, total)
        if not vector_file_is_whole(path, vectors=indexed):
            indexed, damaged = 0, True  # derived data: the next index run rebuilds it
    return IndexStatus(
        book_id=book_id,
        model_id=model_id,
        text_ready=text_ready,
        chunks_total=total,
        chunks_indexed=indexed,
        covered_through_sid=_covered_through_sid(conn, book_id, indexed, total),
        damaged=damaged,
    )


def _covered_through_sid(conn: sqlite3.Connection, book_id: str, indexed: int, total: int) -> int:
    if indexed >= total:
        return max(sentence_count(conn, book_id) - 1, -1)
    # The first chunk without a vector ends at some sid e: boundaries below e need only
    # chunks that are already embedded.
    row = conn.execute(
        "SELECT sid_end FROM chunks WHERE book_id = ? AND chunk_id = ?", (book_id, indexed)
    ).fetchone()
    return int(row[0]) - 1


def index_book(
    conn: sqlite3.Connection,
    home: Path,
    book: Book,
    *,
    embedder: Embedder,
    progress: Callable[[IndexProgress], None] | None = None,
    cancel: CancelToken | None = None,
    batch_size: int = DEFAULT_BATCH_SIZE,
) -> IndexStatus:
    """Embed `book`'s chunks in reading order, saving after every batch.

    Resumes where an earlier run stopped; starts over when the model, its dimension or the
    book's chunks changed. `cancel` is asked between batches; what is saved stays usable.
    Run it in a worker thread with its own connection.

    One indexer at a time builds a given book's index with a given model, across processes (the
    window's preparation child, `reader-app index`, the MCP server): a second one waits, relaying
    the first one's progress and asking `cancel`, then resumes from what the first one saved,
    which is often everything.
    """
    ensure_sentences(conn, book)
    embedder = embedder_for_language(embedder, recorded_language(conn, book.book_id), home=home)
    book_id, model_id = book.book_id, embedder.model_id
    path = vector_index_path(home, book_id, model_id)
    seen = -1

    def waiting() -> None:
        nonlocal seen
        status = index_status(conn, home, book_id, model_id)
        if progress is not None and status.chunks_indexed != seen:
            seen = status.chunks_indexed
            progress(IndexProgress(book_id, model_id, status.chunks_indexed, status.chunks_total))

    with file_lock_or_give_up(path.with_suffix(".lock"), cancel=cancel or CancelToken(),
                              waiting=waiting) as held:
        if not held:  # cancelled while another indexer had it
            return index_status(conn, home, book_id, model_id)
        return _index_held(conn, home, book_id, embedder, path, progress=progress,
                           cancel=cancel, batch_size=batch_size)


def _index_held(
    conn: sqlite3.Connection,
    home: Path,
    book_id: str,
    embedder: Embedder,
    path: Path,
    *,
    progress: Callable[[IndexProgress], None] | None,
    cancel: CancelToken | None,
    batch_size: int,
) -> IndexStatus:
    model_id = embedder.model_id
    total = chunk_count(conn, book_id)
    index, done = _resumable_index(conn, path, book_id, embedder, total)
    write_vector_record(conn, VectorIndexRecord(book_id, model_id, embedder.dimension, total, done))
    if progress is not None:
        progress(IndexProgress(book_id, model_id, done, total))
    while done < total:
        if cancel is not None and cancel.cancelled:
            break
        chunks = chunks_of(conn, book_id, done, done + batch_size)
        vectors = embedder.embed(chunk_texts(conn, book_id, chunks))
        ids = np.arange(done, done + len(chunks), dtype=np.int64)
        index.add_with_ids(vectors, ids)
        # File first, then the record: after a crash between the two, the file holds more than
        # the record says, and the next run trusts the file's own ids.
        save_vector_index(index, path)
        done += len(chunks)
        write_vector_record(
            conn, VectorIndexRecord(book_id, model_id, embedder.dimension, total, done)
        )
        if progress is not None:
            progress(IndexProgress(book_id, model_id, done, total))
    if total == 0 and not path.exists():
        save_vector_index(index, path)
    return index_status(conn, home, book_id, model_id)


def remove_other_indexes(
    conn: sqlite3.Connection, home: Path, book_id: str, keep_model_id: str
) -> list[str]:
    """Delete the book's dense indexes made with other models than `keep_model_id` (call it once
    that model's index is complete: until then search falls back on the old one). A long book's
    index is ~15 MB a model. The record goes first: a crash between the two leaves a file that
    nothing reads, never a record without its file. Returns the models removed."""
    keep_model_id = language_model_id(keep_model_id, recorded_language(conn, book_id))
    models = [
        str(row[0])
        for row in conn.execute(
            "SELECT model_id FROM vector_indexes WHERE book_id = ? AND model_id != ?",
            (book_id, keep_model_id),
        )
    ]
    for model_id in models:
        with conn:
            conn.execute(
                "DELETE FROM vector_indexes WHERE book_id = ? AND model_id = ?",
                (book_id, model_id),
            )
        vector_index_path(home, book_id, model_id).unlink(missing_ok=True)
    return models


def _resumable_index(
    conn: sqlite3.Connection, path: Path, book_id: str, embedder: Embedder, total: int
) -> tuple[Any, int]:
    """The saved index and how many chunks it holds, or a fresh one if it cannot be trusted."""
    record = read_vector_record(conn, book_id, embedder.model_id)
    if record is not None and record.dimension == embedder.dimension and (
        record.chunk_count == total
    ):
        index = load_vector_index(path)
        if index is not None and index.d == embedder.dimension:
            ids = stored_ids(index)
            held = len(ids)
            if record.indexed_count <= held <= total and np.array_equal(ids, np.arange(held)):
                return index, held
    path.unlink(missing_ok=True)
    return new_vector_index(embedder.dimension), 0

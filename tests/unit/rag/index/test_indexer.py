"""The background indexer: reading order, batches, resume after a crash, cancel, rebuilds."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import faiss
import numpy as np
import pytest

from reader_app.books.model import Locator
from reader_app.books.shelf.library import Library
from reader_app.cancel import CancelToken
from reader_app.rag.index.chunking import chunk_texts, chunks_of
from reader_app.rag.index.indexer import IndexProgress, index_book, index_status
from reader_app.rag.index.indexes import load_vector_index, stored_ids, vector_index_path
from reader_app.rag.retrieval.search import search
from reader_app.rag.scope.boundary import scope_for_book
from reader_app.store.db import connect
from tests.fakes.embedders import HashEmbedder
from tests.unit.rag.markerbooks import MarkerBook, marker_book

EMBEDDER = HashEmbedder()


class SimulatedCrash(Exception):
    pass


def added(home: Path) -> tuple[MarkerBook, Library]:
    generated = marker_book(sections=4, blocks_per_section=6)
    library = Library(connect(home), home)
    library.add(generated.book)
    return generated, library


def assert_index_matches_database(
    home: Path, generated: MarkerBook, embedder: HashEmbedder
) -> None:
    conn = connect(home)
    book_id = generated.book.book_id
    status = index_status(conn, home, book_id, embedder.model_id)
    index = load_vector_index(vector_index_path(home, book_id, embedder.model_id))
    assert index is not None
    assert list(stored_ids(index)) == list(range(status.chunks_indexed))
    chunks = chunks_of(conn, book_id, 0, status.chunks_indexed)
    expected = embedder.embed(chunk_texts(conn, book_id, chunks))
    flat = faiss.downcast_index(index.index)
    stored = np.vstack([flat.reconstruct(i) for i in range(index.ntotal)])
    assert np.allclose(stored, expected, atol=1e-6)


def test_indexing_reports_progress_in_reading_order_and_ends_complete(library_home: Path) -> None:
    generated, library = added(library_home)
    reports: list[IndexProgress] = []

    status = index_book(
        library.conn, library_home, generated.book, embedder=EMBEDDER,
        progress=reports.append, batch_size=3,
    )

    assert status.complete and status.chunks_indexed == status.chunks_total > 3
    assert [r.chunks_indexed for r in reports] == sorted(r.chunks_indexed for r in reports)
    assert reports[0].chunks_indexed == 0 and reports[-1].fraction == 1.0
    assert status.covers(len(generated.sentences) - 1)
    assert_index_matches_database(library_home, generated, EMBEDDER)


def test_a_crashed_indexer_resumes_where_it_stopped(library_home: Path) -> None:
    generated, library = added(library_home)
    embedded_batches: list[int] = []

    def crash_after_two_batches(report: IndexProgress) -> None:
        if report.chunks_indexed >= 6:
            raise SimulatedCrash

    with pytest.raises(SimulatedCrash):
        index_book(
            library.conn, library_home, generated.book, embedder=EMBEDDER,
            progress=crash_after_two_batches, batch_size=3,
        )
    halfway = index_status(library.conn, library_home, generated.book.book_id, EMBEDDER.model_id)
    assert halfway.chunks_indexed == 6 and not halfway.complete
    assert_index_matches_database(library_home, generated, EMBEDDER)

    class CountingEmbedder(HashEmbedder):
        def embed(self, texts: object) -> np.ndarray:
            embedded_batches.append(len(texts))  # type: ignore[arg-type]
            return super().embed(texts)  # type: ignore[arg-type]

    status = index_book(
        connect(library_home), library_home, generated.book, embedder=CountingEmbedder(),
        batch_size=3,
    )
    assert status.complete
    assert sum(embedded_batches) == status.chunks_total - 6  # nothing embedded twice
    assert_index_matches_database(library_home, generated, EMBEDDER)


def test_a_crash_between_file_and_record_trusts_the_file(library_home: Path) -> None:
    generated, library = added(library_home)
    book_id = generated.book.book_id
    index_book(library.conn, library_home, generated.book, embedder=EMBEDDER, batch_size=3)
    # As if the process died after saving the file but before recording the count.
    library.conn.execute("UPDATE vector_indexes SET indexed_count = 3")
    library.conn.commit()

    status = index_book(library.conn, library_home, generated.book, embedder=EMBEDDER)

    assert status.complete
    assert_index_matches_database(library_home, generated, EMBEDDER)
    assert index_status(library.conn, library_home, book_id, EMBEDDER.model_id).complete


def test_cancel_stops_between_batches_and_keeps_what_is_saved(library_home: Path) -> None:
    generated, library = added(library_home)
    seen: list[int] = []

    def report(progress: IndexProgress) -> None:
        seen.append(progress.chunks_indexed)

    status = index_book(
        library.conn, library_home, generated.book, embedder=EMBEDDER, progress=report,
        cancel=CancelToken().or_when(lambda: len(seen) > 2), batch_size=2,
    )

    assert status.chunks_indexed == 4 and not status.complete
    assert_index_matches_database(library_home, generated, EMBEDDER)


def test_search_works_once_the_index_covers_the_boundary(library_home: Path) -> None:
    generated, library = added(library_home)
    book_id = generated.book.book_id
    stopped = CancelToken()
    stopped.cancel()
    status = index_book(
        library.conn, library_home, generated.book, embedder=EMBEDDER,
        cancel=stopped,  # embed nothing: only the text and keyword index exist
    )
    target = generated.sentences[10]
    read_up_to = generated.sentences[40]
    library.set_boundary(book_id, Locator(read_up_to.section, read_up_to.block + 1, 0))
    scope = scope_for_book(library.conn, book_id)
    assert not status.covers(scope.boundary_sid)

    partial = search(library.conn, library_home, scope, target.text, embedder=EMBEDDER)
    assert not partial.index_covers_boundary
    assert any(target.marker in p.text for p in partial.passages)  # keyword search still works

    status = index_book(library.conn, library_home, generated.book, embedder=EMBEDDER)
    assert status.covers(scope.boundary_sid)
    assert search(
        library.conn, library_home, scope, target.text, embedder=EMBEDDER
    ).index_covers_boundary


def test_a_changed_embedding_model_triggers_a_rebuild(library_home: Path) -> None:
    generated, library = added(library_home)
    book_id = generated.book.book_id
    index_book(library.conn, library_home, generated.book, embedder=EMBEDDER)

    other_model = HashEmbedder(dimension=32, model_id="test/other-model")
    assert not index_status(library.conn, library_home, book_id, other_model.model_id).complete
    status = index_book(library.conn, library_home, generated.book, embedder=other_model)
    assert status.complete
    assert_index_matches_database(library_home, generated, other_model)

    # Same model id, new dimension (a model replaced under the same name): rebuilt, not mixed.
    resized = HashEmbedder(dimension=48, model_id="test/other-model")
    status = index_book(library.conn, library_home, generated.book, embedder=resized)
    index = load_vector_index(vector_index_path(library_home, book_id, resized.model_id))
    assert status.complete and index is not None and index.d == 48
    assert_index_matches_database(library_home, generated, resized)


def test_changed_book_text_invalidates_the_dense_index(library_home: Path) -> None:
    generated, library = added(library_home)
    index_book(library.conn, library_home, generated.book, embedder=EMBEDDER)
    longer = marker_book(sections=5, blocks_per_section=6)
    changed = dataclasses.replace(longer.book, book_id=generated.book.book_id)

    status = index_book(library.conn, library_home, changed, embedder=EMBEDDER)

    assert status.complete
    assert_index_matches_database(library_home, dataclasses.replace(longer, book=changed),
                                  EMBEDDER)

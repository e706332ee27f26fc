"""After a change of embedding model, the library's other books are re-indexed with the new one:
real fastembed default model (the new one), real FAISS, real SQLite, real EPUB files."""

from __future__ import annotations

from pathlib import Path

from reader_app.cancel import CancelToken
from reader_app.rag.index.embed import default_embedder
from reader_app.rag.index.indexer import index_status
from reader_app.rag.index.indexes import read_vector_record, vector_index_path
from reader_app.rag.index.reindex import books_to_reindex, reindex_library
from reader_app.store.db import connect
from tests.unit.rag.libraryshelf import OLD_MODEL, shelf


def test_books_indexed_before_are_indexed_again_with_the_new_model(
    library_home: Path, tmp_path: Path
) -> None:
    books = shelf(library_home, tmp_path, indexed=("Ashby", "Brill"), added=("Corran",))
    new = default_embedder(home=library_home)
    conn = connect(library_home)
    (tmp_path / "Brill.epub").unlink()  # a book whose file is gone is passed over

    assert {book_id for book_id, _ in books_to_reindex(conn, new.model_id)} == {
        books["Ashby"].book_id, books["Brill"].book_id}  # never prepared: not "re"-indexed
    stopped = CancelToken()
    stopped.cancel()
    assert reindex_library(conn, library_home, new, cancel=stopped) == []
    done = reindex_library(conn, library_home, new)

    assert done == [books["Ashby"].book_id]
    assert index_status(conn, library_home, books["Ashby"].book_id, new.model_id).complete
    # Once the new index is whole, the old one is removed (file and record); the book that
    # could not be re-indexed keeps its old index, which search still falls back on.
    ashby, brill = books["Ashby"].book_id, books["Brill"].book_id
    assert not vector_index_path(library_home, ashby, OLD_MODEL.model_id).exists()
    assert read_vector_record(conn, ashby, OLD_MODEL.model_id) is None
    assert vector_index_path(library_home, brill, OLD_MODEL.model_id).exists()
    assert read_vector_record(conn, brill, OLD_MODEL.model_id) is not None
    for name in ("Brill", "Corran"):
        status = index_status(conn, library_home, books[name].book_id, new.model_id)
        assert status.chunks_indexed == 0
    assert [book_id for book_id, _ in books_to_reindex(conn, new.model_id)] == [
        books["Brill"].book_id]
    conn.close()


def test_a_book_prepared_with_the_chosen_model_keeps_only_that_models_index(
    library_home: Path, tmp_path: Path
) -> None:
    from reader_app.prepare.pipeline import prepare_book
    from tests.fakes.embedders import HashEmbedder

    books = shelf(library_home, tmp_path, indexed=("Ashby",), added=())
    conn = connect(library_home)
    ashby = books["Ashby"].book_id
    # A model the settings do not choose (a benchmark, a test): nothing is removed.
    another = HashEmbedder(model_id="test/another-model")
    prepare_book(conn, library_home, books["Ashby"], embedder=another, earlier_volumes=False)
    assert read_vector_record(conn, ashby, OLD_MODEL.model_id) is not None
    # The settings' model (as the window, `reader-app index` and the re-index use it).
    prepare_book(conn, library_home, books["Ashby"], earlier_volumes=False)
    for model in (OLD_MODEL, another):
        assert read_vector_record(conn, ashby, model.model_id) is None
        assert not vector_index_path(library_home, ashby, model.model_id).exists()
    assert index_status(conn, library_home, ashby, default_embedder().model_id).complete
    conn.close()

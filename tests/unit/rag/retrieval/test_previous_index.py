"""After a change of embedding model, the old model's index answers until the new one covers the
boundary: real fastembed default model (the old one), real FAISS, real SQLite.

The new model is the hash test double, standing in for a downloaded fastembed model (the default
is the only one that works offline). Its index is left part-built, as a background re-index is
when the reader asks.
"""

from __future__ import annotations

import hashlib
import itertools
from pathlib import Path

from reader_app.books.model import Block, BlockKind, Book, Locator, Metadata, Section
from reader_app.books.shelf.library import Library
from reader_app.cancel import CancelToken
from reader_app.rag.index.embed import DEFAULT_MODEL_ID, Embedder, default_embedder
from reader_app.rag.index.indexer import index_book
from reader_app.rag.retrieval.previous_index import previous_embedders
from reader_app.rag.retrieval.search import search
from reader_app.rag.scope.boundary import scope_for_book
from reader_app.store.db import connect
from tests.fakes.embedders import HashEmbedder

FILLER = (
    "The clerk counted the ledgers in the counting house.",
    "Rain fell on the slate roofs of the town all afternoon.",
    "A cart rattled along the cobbles towards the market square.",
    "The grocer argued with his neighbour about the price of candles.",
)
# Found by meaning only: no content word of the question is in the book.
TARGET = "The physician hurried across the fog-bound moor before dawn, his bag in hand."
QUESTION = "Which doctor was rushing over the heath early in the morning?"
NEW_MODEL = HashEmbedder(model_id="test/newly-chosen-model")


def _no_resources(name: str) -> bytes:
    raise KeyError(name)


def _book() -> Book:
    sections = []
    for chapter in range(3):
        blocks = [Block(BlockKind.HEADING, f"Chapter {chapter + 1}", level=2)]
        for paragraph in range(12):
            blocks.append(Block(BlockKind.PARAGRAPH, " ".join(FILLER)))
            if (chapter, paragraph) == (2, 4):
                blocks.append(Block(BlockKind.PARAGRAPH, TARGET))
        sections.append(Section(chapter, f"ch{chapter}.xhtml", f"Chapter {chapter + 1}",
                                tuple(blocks)))
    return Book(
        book_id=hashlib.sha256(b"previous-index-book").hexdigest(),
        path=Path("/nonexistent/previous-index.epub"),
        format="epub",
        metadata=Metadata(title="The Moor", authors=("A. Tester",), description=""),
        sections=tuple(sections),
        toc=(),
        cover=None,
        load_resource=_no_resources,
    )


def _partly_indexed(library: Library, home: Path, book: Book, embedder: Embedder) -> None:
    """Index `book` with `embedder` for one batch, then stop (the re-index is still running)."""
    checks = itertools.count()
    index_book(library.conn, home, book, embedder=embedder, batch_size=4,
               cancel=CancelToken().or_when(lambda: next(checks) >= 1))


def test_the_old_models_index_answers_until_the_new_one_covers_the_boundary(
    library_home: Path,
) -> None:
    book = _book()
    library = Library(connect(library_home), library_home)
    library.add(book)
    old = default_embedder(home=library_home)
    index_book(library.conn, library_home, book, embedder=old)  # indexed before the change
    _partly_indexed(library, library_home, book, NEW_MODEL)  # the change: re-indexing
    library.mark_finished(book.book_id, book.end_locator())
    scope = scope_for_book(library.conn, book.book_id)

    fallback = previous_embedders(library.conn, library_home, scope, NEW_MODEL)
    result = search(library.conn, library_home, scope, QUESTION, k=2, embedder=NEW_MODEL)
    without = search(library.conn, library_home, scope, QUESTION, k=2, embedder=NEW_MODEL,
                     other_embedders=())

    assert [model.model_id for model in fallback] == [DEFAULT_MODEL_ID]
    assert not result.index_covers_boundary
    assert any(TARGET in passage.text for passage in result.passages)
    # Keyword search and the part-built new index alone do not find it: the old index did.
    assert not any(TARGET in passage.text for passage in without.passages)

    index_book(library.conn, library_home, book, embedder=NEW_MODEL)  # the re-index finishes
    done = search(library.conn, library_home, scope, QUESTION, k=2, embedder=NEW_MODEL)

    assert previous_embedders(library.conn, library_home, scope, NEW_MODEL) == []
    assert done.index_covers_boundary
    library.conn.close()


def test_the_old_index_is_masked_like_the_new_one(library_home: Path) -> None:
    book = _book()
    library = Library(connect(library_home), library_home)
    library.add(book)
    old = default_embedder(home=library_home)
    index_book(library.conn, library_home, book, embedder=old)  # covers the whole book
    _partly_indexed(library, library_home, book, NEW_MODEL)
    library.set_boundary(book.book_id, Locator(2, 4, 0))  # the paragraph before the target
    scope = scope_for_book(library.conn, book.book_id)

    result = search(library.conn, library_home, scope, QUESTION, k=20, embedder=NEW_MODEL)

    assert previous_embedders(library.conn, library_home, scope, NEW_MODEL)  # it was used
    assert result.passages
    assert not any("physician" in passage.text for passage in result.passages)
    assert result.recent is None or "physician" not in result.recent.text
    assert all(passage.sid_end <= scope.boundary_sid for passage in result.passages)
    library.conn.close()


def test_a_model_that_would_have_to_be_downloaded_is_passed_over(library_home: Path) -> None:
    book = _book()
    library = Library(connect(library_home), library_home)
    library.add(book)
    index_book(library.conn, library_home, book, embedder=HashEmbedder())  # not loadable
    _partly_indexed(library, library_home, book, NEW_MODEL)
    library.mark_finished(book.book_id, book.end_locator())
    scope = scope_for_book(library.conn, book.book_id)

    assert previous_embedders(library.conn, library_home, scope, NEW_MODEL) == []
    result = search(library.conn, library_home, scope, "ledgers", k=2, embedder=NEW_MODEL)
    assert result.passages and not result.index_covers_boundary
    library.conn.close()

"""Real model, FAISS and SQLite on real books: reader questions find the evidence already read."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from reader_app.books.model import Book, Locator
from reader_app.books.opening.formats import read_book
from reader_app.books.shelf.library import Library
from reader_app.cancel import CancelToken
from reader_app.rag.index.embed import Embedder, default_embedder
from reader_app.rag.index.indexer import IndexProgress, index_book, index_status
from reader_app.rag.index.indexes import load_vector_index, stored_ids, vector_index_path
from reader_app.rag.index.text_units import ensure_sentences
from reader_app.rag.retrieval.search import search
from reader_app.rag.scope.boundary import Scope, scope_for_book
from reader_app.store.db import connect
from tests.conftest import OZ1, OZ2, PRIDE, corpus_epub
from tests.fakes.embedders import HashEmbedder

pytestmark = pytest.mark.slow

# (question in the reader's words, evidence phrases: any one in a top-6 passage counts)
PRIDE_QUESTIONS = (
    ("Who has just rented the big house in the neighbourhood?", ("young man of large fortune",)),
    ("What is the new neighbour's yearly income?", ("four or five thousand a year",)),
    (
        "What rude remark did the proud gentleman make about Elizabeth at the ball?",
        ("not handsome enough to tempt me",),
    ),
    ("How did Sir William Lucas get his title?", ("knighthood",)),
    ("Why did Mrs. Bennet send Jane on a horse instead of the carriage?", ("on horseback",)),
    (
        "How did Elizabeth get to Netherfield when her sister fell ill?",
        ("three miles", "dirty stockings"),
    ),
    (
        "Why will the Bennet girls lose their home when their father dies?",
        ("entail", "turn you all out of this house"),
    ),
    ("Which noble lady gave Mr. Collins his parish?", ("lady catherine de bourgh",)),
    ("Which book of sermons did the clergyman read to the girls?", ("fordyce",)),
    ("What did the officer claim Darcy's father had promised him?", ("best living in his gift",)),
    ("Where is Mr. Darcy's family estate?", ("derbyshire",)),
    ("What soldiers are quartered near the town?", ("militia",)),
)
OZ_QUESTIONS = (
    ("Where did Dorothy grow up?", ("kansas prairies",)),
    ("Who raised the girl?", ("uncle henry", "aunt em")),
    ("What sort of pet does Dorothy have?", ("little black dog",)),
    ("Where did the family shelter when a big storm came?", ("cyclone cellar",)),
    ("Whose death was caused by Dorothy's falling house?", ("wicked witch of the east",)),
    ("What magic footwear did Dorothy take?", ("silver shoes",)),
    ("How did the good witch protect Dorothy before she left?", ("kissed",)),
    ("What does the straw man hope the Wizard will give him?", ("brains",)),
    ("Why was the tin man stuck in the forest?", ("rusted",)),
    ("What is the lion missing?", ("courage",)),
    ("What made Dorothy fall asleep in the field of flowers?", ("poppies",)),
    (
        "Who helped carry the sleeping lion out of the field?",
        ("queen of the field mice", "field mice"),
    ),
)
# Boundaries at chapter ends: after chapter XVI of Pride and Prejudice (about 22%) and after
# chapter IX of The Wonderful Wizard of Oz (about 39%).
PRIDE_BOUNDARY = Locator(18, 0, 0)
OZ_BOUNDARY = Locator(13, 0, 0)
# Measured 0.54 with the int8 MiniLM model (see the report); a drop below this is a regression.
RECALL_FLOOR = 0.45


@dataclass
class IndexedBook:
    book: Book
    scope: Scope


@dataclass(repr=False)
class Shelf:
    home: Path
    conn: sqlite3.Connection
    embedder: Embedder
    pride: IndexedBook
    oz: IndexedBook


class SimulatedCrash(Exception):
    pass


def _index_up_to_boundary(
    conn: sqlite3.Connection, home: Path, book: Book, boundary: Locator, embedder: Embedder
) -> IndexedBook:
    Library(conn, home).add(book)
    ensure_sentences(conn, book)
    Library(conn, home).set_boundary(book.book_id, boundary)
    scope = scope_for_book(conn, book.book_id)
    needed = scope.current.chunk_limit
    reached = [0]

    def report(progress: IndexProgress) -> None:
        reached[0] = progress.chunks_indexed

    index_book(
        conn, home, book, embedder=embedder, progress=report, batch_size=64,
        cancel=CancelToken().or_when(lambda: reached[0] >= needed),
    )
    return IndexedBook(book, scope)


@pytest.fixture(scope="module")
def shelf(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Shelf]:
    home = tmp_path_factory.mktemp("corpus")
    conn = connect(home)
    embedder = default_embedder(home=home)
    pride_book = read_book(corpus_epub(PRIDE))
    # Pride and Prejudice is indexed through a simulated crash after the first batch, then
    # resumed: the questions below then run against a resumed index.
    Library(conn, home).add(pride_book)

    def crash(progress: IndexProgress) -> None:
        if progress.chunks_indexed > 0:
            raise SimulatedCrash

    with pytest.raises(SimulatedCrash):
        index_book(conn, home, pride_book, embedder=embedder, progress=crash, batch_size=64)
    pride = _index_up_to_boundary(conn, home, pride_book, PRIDE_BOUNDARY, embedder)
    oz = _index_up_to_boundary(conn, home, read_book(corpus_epub(OZ1)), OZ_BOUNDARY, embedder)
    yield Shelf(home, conn, embedder, pride, oz)
    conn.close()


def _recall(shelf: Shelf, indexed: IndexedBook, questions: tuple) -> tuple[float, list[str]]:
    missed = []
    for question, evidence in questions:
        result = search(shelf.conn, shelf.home, indexed.scope, question, embedder=shelf.embedder)
        assert result.index_covers_boundary
        texts = [p.text.replace("\u00a0", " ").lower() for p in result.passages]
        if not any(phrase in text for phrase in evidence for text in texts):
            missed.append(question)
        assert all(p.sid_end <= indexed.scope.boundary_sid for p in result.passages)
    return 1 - len(missed) / len(questions), missed


def test_reader_questions_find_evidence_already_read(
    shelf: Shelf, record_property: pytest.RecordProperty
) -> None:
    pride_recall, pride_missed = _recall(shelf, shelf.pride, PRIDE_QUESTIONS)
    oz_recall, oz_missed = _recall(shelf, shelf.oz, OZ_QUESTIONS)
    overall = (pride_recall * len(PRIDE_QUESTIONS) + oz_recall * len(OZ_QUESTIONS)) / (
        len(PRIDE_QUESTIONS) + len(OZ_QUESTIONS)
    )
    record_property("recall_at_6_pride", pride_recall)
    record_property("recall_at_6_oz", oz_recall)
    record_property("recall_at_6", overall)
    print(f"\nrecall@6: Pride and Prejudice {pride_recall:.2f}, Oz {oz_recall:.2f}, "
          f"overall {overall:.2f}; missed: {pride_missed + oz_missed}")
    assert overall >= RECALL_FLOOR, (overall, pride_missed + oz_missed)


def test_a_resumed_real_index_is_consistent_with_the_database(shelf: Shelf) -> None:
    book_id = shelf.pride.book.book_id
    status = index_status(shelf.conn, shelf.home, book_id, shelf.embedder.model_id)
    index = load_vector_index(vector_index_path(shelf.home, book_id, shelf.embedder.model_id))
    assert index is not None
    assert list(stored_ids(index)) == list(range(status.chunks_indexed))
    assert status.covers(shelf.pride.scope.boundary_sid) and not status.complete


def test_a_changed_embedding_model_rebuilds_without_touching_the_first(shelf: Shelf) -> None:
    book = shelf.oz.book
    before = index_status(shelf.conn, shelf.home, book.book_id, shelf.embedder.model_id)
    other = HashEmbedder(dimension=96, model_id="test/another-model")
    assert index_status(shelf.conn, shelf.home, book.book_id, other.model_id).chunks_indexed == 0

    rebuilt = index_book(shelf.conn, shelf.home, book, embedder=other)

    assert rebuilt.complete and rebuilt.chunks_total == before.chunks_total
    after = index_status(shelf.conn, shelf.home, book.book_id, shelf.embedder.model_id)
    assert after == before  # the default model's index is still there, still valid


def test_the_second_oz_book_sees_the_first_whole_and_not_the_reverse(shelf: Shelf) -> None:
    second = read_book(corpus_epub(OZ2))
    library = Library(shelf.conn, shelf.home)
    library.add(second)
    ensure_sentences(shelf.conn, second)
    library.set_boundary(second.book_id, Locator(4, 0, 0))

    scope = scope_for_book(shelf.conn, second.book_id)

    first_total = shelf.conn.execute(
        "SELECT chunk_count FROM text_units WHERE book_id = ?", (shelf.oz.book.book_id,)
    ).fetchone()[0]
    assert [(v.book_id, v.chunk_limit) for v in scope.volumes[:-1]] == [
        (shelf.oz.book.book_id, first_total)
    ]
    first_scope = scope_for_book(shelf.conn, shelf.oz.book.book_id)
    assert [v.book_id for v in first_scope.volumes] == [shelf.oz.book.book_id]

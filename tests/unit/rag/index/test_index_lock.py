"""One indexer at a time per book and model, across processes: a second one waits (relaying the
first one's progress, still cancellable) and then resumes from what the first one saved. Real
processes, real FAISS files, real SQLite; the hash test double embeds."""

from __future__ import annotations

import multiprocessing
import threading
from collections.abc import Sequence
from multiprocessing.synchronize import Event
from pathlib import Path

import numpy as np

from reader_app.books.shelf.library import Library
from reader_app.cancel import CancelToken
from reader_app.rag.index.indexer import IndexProgress, index_book, index_status
from reader_app.rag.index.indexes import vector_index_path
from reader_app.rag.index.text_units import ensure_sentences
from reader_app.store.db import connect
from reader_app.store.file_lock import file_lock_or_give_up
from tests.fakes.embedders import HashEmbedder
from tests.unit.rag.markerbooks import marker_book

MODEL = "test/locked-model"


def _book():  # type: ignore[no-untyped-def]
    return marker_book(sections=4, blocks_per_section=6).book


class GatedEmbedder(HashEmbedder):
    """Embeds its first batch only once `gate` is set: the first indexer, caught mid-work."""

    def __init__(self, gate: Event, started: Event) -> None:
        super().__init__(model_id=MODEL)
        self.gate, self.started = gate, started

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        self.started.set()
        assert self.gate.wait(60)
        return super().embed(texts)


class Counting(HashEmbedder):
    def __init__(self) -> None:
        super().__init__(model_id=MODEL)
        self.calls = 0

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        self.calls += 1
        return super().embed(texts)


def _first_indexer(home: str, gate: Event, started: Event) -> None:
    conn = connect(Path(home))
    index_book(conn, Path(home), _book(), embedder=GatedEmbedder(gate, started), batch_size=8)
    conn.close()


def _hold(path: str, held: Event, release: Event) -> None:
    with file_lock_or_give_up(Path(path), cancel=CancelToken()):
        held.set()
        assert release.wait(60)


def _library(home: Path) -> None:
    conn = connect(home)
    book = _book()
    Library(conn, home).add(book)
    ensure_sentences(conn, book)
    conn.close()


def test_a_second_indexer_waits_for_the_first_and_resumes_from_what_it_saved(
    library_home: Path,
) -> None:
    _library(library_home)
    context = multiprocessing.get_context("spawn")
    gate, started = context.Event(), context.Event()
    first = context.Process(target=_first_indexer, args=(str(library_home), gate, started))
    first.start()
    try:
        assert started.wait(60)  # the first indexer holds the index and is embedding
        conn = connect(library_home, check_same_thread=False)
        second = Counting()
        news: list[IndexProgress] = []
        outcome = []
        worker = threading.Thread(target=lambda: outcome.append(
            index_book(conn, library_home, _book(), embedder=second, progress=news.append)))
        worker.start()
        worker.join(1.0)
        assert worker.is_alive() and second.calls == 0  # waiting, not embedding twice
        gate.set()
        worker.join(60)
        first.join(60)
    finally:
        gate.set()
        first.join(60)
    assert first.exitcode == 0
    status = outcome[0]
    assert status.complete and second.calls == 0  # the first one's work, resumed: nothing left
    assert news and news[-1].chunks_indexed == status.chunks_total
    conn.close()


def test_a_cancel_while_waiting_leaves_the_index_alone(library_home: Path) -> None:
    _library(library_home)
    book = _book()
    lock = vector_index_path(library_home, book.book_id, MODEL).with_suffix(".lock")
    context = multiprocessing.get_context("spawn")
    held, release = context.Event(), context.Event()
    holder = context.Process(target=_hold, args=(str(lock), held, release))
    holder.start()
    try:
        assert held.wait(60)
        conn = connect(library_home)
        polls = iter(range(3))
        embedder = Counting()
        status = index_book(conn, library_home, book, embedder=embedder,
                            cancel=CancelToken().or_when(lambda: next(polls, None) is None))
        assert embedder.calls == 0 and status.chunks_indexed == 0
        assert conn.execute("SELECT COUNT(*) FROM vector_indexes").fetchone()[0] == 0
        release.set()
        status = index_book(conn, library_home, book, embedder=embedder)  # free again
        assert status.complete and embedder.calls > 0
        assert index_status(conn, library_home, book.book_id, MODEL).complete
        conn.close()
    finally:
        release.set()
        holder.join(60)

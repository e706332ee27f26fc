"""Preparing a book in the child process (reader_app/prepare/process.py): the real pipeline, model,
FAISS and SQLite in another process, its news relayed, a crash reported and resumed."""

from __future__ import annotations

import dataclasses
import os
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest

from reader_app.books.model import Book
from reader_app.books.opening.cache import load_book
from reader_app.books.shelf.library import Library
from reader_app.cancel import CancelToken
from reader_app.prepare.news import PrepareNews
from reader_app.prepare.process import PreparationProcess
from reader_app.rag.index.embed import DEFAULT_MODEL_ID
from reader_app.rag.index.indexer import index_status
from reader_app.store.db import connect
from tests.conftest import JEKYLL, PRIDE, corpus_epub

pytestmark = pytest.mark.slow

INDEXING = ("index", "covered")  # "covered": what was read (nothing yet) is embedded


def _added(home: Path, name: str) -> Book:
    book = load_book(corpus_epub(name), home)
    conn = connect(home)
    try:
        Library(conn, home).add(book)
    finally:
        conn.close()
    return book


@pytest.fixture
def child() -> Iterator[PreparationProcess]:
    process = PreparationProcess()
    yield process
    process.close()


def test_a_book_is_prepared_in_another_process_and_its_news_reaches_this_one(
    library_home: Path, child: PreparationProcess
) -> None:
    book = _added(library_home, JEKYLL)
    seen: list[PrepareNews] = []
    child.prepare(library_home, book, prepare_whole_comic=False, progress=seen.append,
                  cancel=CancelToken())

    stages = [news.stage for news in seen]
    assert "failed" not in stages, seen
    assert stages.index("text") < stages.index("index") < stages.index("ready")
    assert all(news.book_id == book.book_id for news in seen)
    assert child.pid is not None and child.pid != os.getpid()  # kept for the next book
    conn = connect(library_home)
    try:
        assert index_status(conn, library_home, book.book_id, DEFAULT_MODEL_ID).complete
    finally:
        conn.close()


def test_a_child_killed_mid_index_is_reported_and_the_next_preparation_resumes(
    library_home: Path, child: PreparationProcess
) -> None:
    book = _added(library_home, PRIDE)  # 17 batches: killed after the first, it is far from done
    seen: list[PrepareNews] = []

    def kill_after_first_batch(news: PrepareNews) -> None:
        seen.append(news)
        if news.stage in INDEXING and news.fraction > 0 and child.pid is not None:
            os.kill(child.pid, signal.SIGKILL)

    child.prepare(library_home, book, prepare_whole_comic=False,
                  progress=kill_after_first_batch, cancel=CancelToken())

    assert seen[-1].stage == "failed"
    assert "stopped unexpectedly" in seen[-1].message
    assert "resumes" in seen[-1].message
    conn = connect(library_home)
    try:
        partial = index_status(conn, library_home, book.book_id, DEFAULT_MODEL_ID)
        assert 0 < partial.chunks_indexed < partial.chunks_total

        again: list[PrepareNews] = []

        def progress(news: PrepareNews) -> bool:  # the index's own news (not "Loading…")
            return news.stage in INDEXING and not news.message

        child.prepare(library_home, book, prepare_whole_comic=False, progress=again.append,
                      cancel=CancelToken().or_when(  # a new child
                          lambda: any(progress(news) for news in again)))
        first_index = next(news for news in again if progress(news))
        assert first_index.fraction >= partial.fraction  # resumed, not started over
        assert again[-1].stage == "cancelled"
    finally:
        conn.close()


def test_cancelling_stops_the_child_between_batches_and_it_serves_the_next_job(
    library_home: Path, child: PreparationProcess
) -> None:
    book = _added(library_home, JEKYLL)
    seen: list[PrepareNews] = []
    child.prepare(library_home, book, prepare_whole_comic=False, progress=seen.append,
                  cancel=CancelToken().or_when(
                      lambda: any(news.stage in INDEXING for news in seen)))

    assert seen[-1].stage == "cancelled"
    assert "ready" not in [news.stage for news in seen]
    pid = child.pid
    assert pid is not None  # the same child waits for the next job

    changed = dataclasses.replace(book, book_id="0" * 64)  # not the file's digest any more
    refused: list[PrepareNews] = []
    child.prepare(library_home, changed, prepare_whole_comic=False, progress=refused.append,
                  cancel=CancelToken())
    assert [news.stage for news in refused] == ["failed"]
    assert "changed on disk" in refused[0].message
    assert child.pid == pid


def test_an_idle_child_is_stopped_and_the_next_job_starts_another(library_home: Path) -> None:
    import time

    book = _added(library_home, JEKYLL)
    changed = dataclasses.replace(book, book_id="0" * 64)  # refused at once: a short job
    child = PreparationProcess(idle_stop_s=0.5)
    try:
        seen: list[PrepareNews] = []
        child.prepare(library_home, changed, prepare_whole_comic=False, progress=seen.append,
                      cancel=CancelToken())
        first = child.pid
        assert first is not None and [news.stage for news in seen] == ["failed"]
        deadline = time.monotonic() + 30
        while child.pid is not None and time.monotonic() < deadline:
            time.sleep(0.1)
        assert child.pid is None  # its memory went back to the system
        child.prepare(library_home, changed, prepare_whole_comic=False, progress=seen.append,
                      cancel=CancelToken())
        assert child.pid not in (None, first)
        assert [news.stage for news in seen] == ["failed", "failed"]
    finally:
        child.close()


def test_closing_cancels_the_job_under_way_instead_of_waiting_for_it(library_home: Path) -> None:
    import threading

    book = _added(library_home, PRIDE)
    child = PreparationProcess()
    seen: list[PrepareNews] = []
    indexing = threading.Event()

    def heard(news: PrepareNews) -> None:
        seen.append(news)
        if news.stage in INDEXING and not news.message:
            indexing.set()

    job = threading.Thread(target=lambda: child.prepare(
        library_home, book, prepare_whole_comic=False, progress=heard, cancel=CancelToken()))
    job.start()
    assert indexing.wait(timeout=120)
    child.close()  # as at exit: the whole book is far from embedded
    job.join(timeout=60)
    assert not job.is_alive()
    assert seen[-1].stage in ("cancelled", "failed")
    assert "ready" not in [news.stage for news in seen]
    assert child.pid is None

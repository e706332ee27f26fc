"""Preparing the assistant in the background: the core's `prepare_book` as a `Workers` job."""

from __future__ import annotations

import logging
from pathlib import Path

from PySide6.QtCore import QObject, Signal

from reader_app.books.model import Book
from reader_app.errors import ReaderError
from reader_app.prepare import PrepareNews
from reader_app.store.faults import explain_library_fault
from reader_app.ui.workers import Job, Workers

log = logging.getLogger(__name__)

# The window hears the core's news, plus "failed" (with the reason) from the job itself.
IndexingNews = PrepareNews


def _prepare_work(job: Job, *, book: Book, home: Path, prepare_whole_comic: bool) -> None:
    """Runs on the pool thread; every piece of news is the job's progress."""
    from reader_app.prepare import prepare_book
    from reader_app.store.db import connect

    conn = connect(home, check_same_thread=False)
    try:
        prepare_book(
            conn,
            home,
            book,
            prepare_whole_comic=prepare_whole_comic,
            progress=job,
            cancel=job.is_cancelled,
        )
    except ReaderError as exc:
        job(PrepareNews(book.book_id, "failed", message=str(exc)))
    except Exception as exc:  # shown in the status bar; the reader keeps working
        fault = explain_library_fault(exc, home=home)  # a full disk, a read-only folder
        if fault is None:
            log.exception("preparing the assistant failed for %s", book.path.name)
        else:
            log.warning("preparing the assistant for %s stopped: %s", book.path.name, fault)
        message = str(fault) if fault is not None else f"{type(exc).__name__}: {exc}"
        job(PrepareNews(book.book_id, "failed", message=message))
    finally:
        conn.close()


def _reindex_work(job: Job, *, home: Path) -> list[str]:
    """The library's other books, re-indexed with the model chosen in the settings."""
    from reader_app.rag.embed import embedder_for
    from reader_app.rag.reindex import reindex_library
    from reader_app.settings import SettingsStore
    from reader_app.store.db import connect

    conn = connect(home, check_same_thread=False)
    try:
        embedder = embedder_for(str(SettingsStore(conn).get("assistant.embedding_model")),
                                home=home)
        return reindex_library(conn, home, embedder, cancel=job.is_cancelled)
    finally:
        conn.close()


class IndexingController(QObject):
    """One background preparation at a time; opening another book cancels the previous one.
    After a change of model the library's other books follow, behind the open book's."""

    news = Signal(object)  # PrepareNews, for the current book only (the lane's stale rule)

    def __init__(self, home: Path, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.home = home
        self.workers = Workers(self, max_threads=1)  # one preparation runs at a time
        self.library_pending = False  # the other books still to re-index for a new model

    def start(self, book: Book, *, prepare_whole_comic: bool = False) -> None:
        home = self.home
        self.workers.submit(
            "prepare",
            lambda job: _prepare_work(
                job, book=book, home=home, prepare_whole_comic=prepare_whole_comic
            ),
            on_done=lambda _none: None,
            on_error=lambda error: log.error("preparing %s crashed: %r", book.path.name, error),
            on_progress=self.news.emit,
        )
        if self.library_pending:  # queued again behind the book just opened
            self._submit_library()

    def model_changed(self, book: Book | None) -> None:
        """A new embedding model: the open book is re-indexed first, then the others."""
        self.library_pending = True
        if book is not None:
            self.start(book)
        else:
            self._submit_library()

    def _submit_library(self) -> None:
        home = self.home

        def finished(_done: object) -> None:
            self.library_pending = False

        self.workers.submit(
            "library",
            lambda job: _reindex_work(job, home=home),
            on_done=finished,
            on_error=lambda error: log.warning("re-indexing the library stopped: %s", error),
        )

    def cancel(self) -> None:
        self.workers.drop("prepare")
        self.workers.drop("library")

    def wait(self, msecs: int = 60_000) -> bool:
        return self.workers.wait(msecs)

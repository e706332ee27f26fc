"""Preparing the assistant in the background: OCR for comics, then the index, with progress."""

from __future__ import annotations

import itertools
import logging
import sqlite3
import threading
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal, Slot

from reader_app.books.model import Book
from reader_app.errors import ReaderError
from reader_app.rag.embed import Embedder, embedder_for
from reader_app.settings import SettingsStore

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class IndexingNews:
    book_id: str
    # "ocr", "describe", "index", "keyword" (the keyword index covers the whole book, so the
    # assistant answers from it while the dense index catches up), "covered" (the dense index
    # covers what has been read; the rest is still being prepared), "ready", "cancelled",
    # "failed"
    stage: str
    fraction: float = 0.0
    message: str = ""
    book: Book | None = None  # for comics, the book with its pages' text once OCR is done
    job_id: int = 0  # the preparation this comes from: news of a job no longer awaited is dropped


class _Relay(QObject):
    news = Signal(object)


class _IndexJob(QRunnable):
    def __init__(
        self,
        *,
        book: Book,
        home: Path,
        relay: _Relay,
        job_id: int,
        prepare_whole_comic: bool = False,
    ) -> None:
        super().__init__()
        self.job_id = job_id
        self.book = book
        self.prepare_whole_comic = prepare_whole_comic
        self.home = home
        self.relay = relay
        self.cancelled = threading.Event()

    def _say(
        self, stage: str, fraction: float = 0.0, message: str = "", book: Book | None = None
    ) -> None:
        self.relay.news.emit(
            IndexingNews(self.book.book_id, stage, fraction, message, book, self.job_id)
        )

    def _describe(self, conn: sqlite3.Connection, book: Book) -> Mapping[int, str]:
        """Page descriptions when the reader turned them on; never past the boundary unless
        the reader asked to prepare the whole comic. Any trouble leaves the comic undescribed."""
        from reader_app.rag.describe import describe_pages

        run = describe_pages(
            conn,
            self.home,
            book,
            prepare_whole_comic=self.prepare_whole_comic,
            progress=lambda done, total: self._say("describe", done / max(total, 1)),
            cancel=self.cancelled.is_set,
        )
        if run.reason and SettingsStore(conn).get("comics.describe_pages"):
            self._say("describe", 0.0, message=run.reason)
        return run.descriptions

    def _with_text(self, conn: sqlite3.Connection, book: Book, *, describe: bool) -> Book | None:
        """The book as the index sees it: comics get their pages' OCR text (and descriptions).
        None when cancelled."""
        if book.format != "cbz":
            return book
        from reader_app.rag.comics import ocr_book, with_page_text

        current = book.book_id == self.book.book_id
        if current:
            self._say("ocr", 0.0)
        text = ocr_book(
            conn,
            self.home,
            book,
            progress=(
                (lambda done, total: self._say("ocr", done / max(total, 1))) if current else None
            ),
            cancel=self.cancelled.is_set,
        )
        if self.cancelled.is_set():
            return None
        descriptions = self._describe(conn, book) if describe else {}
        if self.cancelled.is_set():
            return None
        return with_page_text(book, text, descriptions=descriptions)

    def run(self) -> None:
        from reader_app.store.db import connect

        conn = connect(self.home, check_same_thread=False)
        try:
            self._prepare(conn)
        except ReaderError as exc:
            self._say("failed", message=str(exc))
        except Exception as exc:  # shown in the status bar; the reader keeps working
            log.exception("preparing the assistant failed for %s", self.book.path.name)
            self._say("failed", message=f"{type(exc).__name__}: {exc}")
        finally:
            conn.close()

    def _prepare(self, conn: sqlite3.Connection) -> None:
        from reader_app.rag.boundary import scope_for_book
        from reader_app.rag.indexer import IndexProgress, index_book, index_status
        from reader_app.rag.sentences import ensure_sentences

        book = self._with_text(conn, self.book, describe=True)
        if book is None:
            self._say("cancelled")
            return
        if book.format == "cbz":
            self._say("ocr", 1.0, book=book)
        # The text first: within seconds the keyword index covers the whole book, and the
        # assistant answers from it while the embeddings catch up.
        ensure_sentences(conn, book)
        self._say("keyword", 0.0)
        if self.cancelled.is_set():
            self._say("cancelled")
            return
        model_id = SettingsStore(conn).get("assistant.embedding_model")
        embedder = embedder_for(model_id, home=self.home)  # loaded once per process
        announced = False

        def progress(p: IndexProgress) -> None:
            # The assistant can answer as soon as the index covers what has been read.
            nonlocal announced
            if not announced:
                boundary = scope_for_book(conn, book.book_id).boundary_sid
                status = index_status(conn, self.home, book.book_id, model_id)
                if status.text_ready and status.covers(boundary):
                    announced = True
            self._say("covered" if announced else "keyword", p.fraction)

        status = index_book(
            conn,
            self.home,
            book,
            embedder=embedder,
            progress=progress,
            cancel=self.cancelled.is_set,
        )
        if not status.complete:
            self._say("cancelled", status.fraction)
            return
        self._prepare_earlier_volumes(conn, embedder)
        if not self.cancelled.is_set():
            self._say("ready", 1.0)

    def _prepare_earlier_volumes(self, conn: sqlite3.Connection, embedder: Embedder) -> None:
        """Earlier volumes of the series are fully in scope: make their dense index too."""
        from reader_app.books.cache import load_book
        from reader_app.rag.indexer import index_book, index_status

        rows = conn.execute(
            """SELECT b.book_id, b.path FROM books b JOIN books current
               ON current.book_id = ? AND b.series_name = current.series_name
               AND b.series_index < current.series_index
               ORDER BY b.series_index""",
            (self.book.book_id,),
        ).fetchall()
        for book_id, path in rows:
            if self.cancelled.is_set():
                return
            if index_status(conn, self.home, book_id, embedder.model_id).complete:
                continue
            if not Path(path).exists():
                log.info("earlier volume %s is not at %s; searched by keyword only", book_id, path)
                continue
            self._say("covered", 1.0, message=f"Preparing {Path(path).name}, an earlier volume…")
            try:
                volume = self._with_text(conn, load_book(Path(path), self.home), describe=False)
            except ReaderError as exc:
                log.warning("earlier volume %s could not be prepared: %s", path, exc)
                continue
            if volume is not None:
                index_book(conn, self.home, volume, embedder=embedder, cancel=self.cancelled.is_set)


class IndexingController(QObject):
    """One background preparation at a time; opening another book cancels the previous one."""

    news = Signal(object)  # IndexingNews, for the current book only

    def __init__(self, home: Path, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.home = home
        self.pool = QThreadPool(self)
        self.pool.setMaxThreadCount(1)
        self._relay = _Relay()
        self._relay.news.connect(self._forward)
        self._job: _IndexJob | None = None
        self._job_ids = itertools.count(1)
        self.current_book_id: str | None = None
        self.current_job_id = 0  # the one preparation whose news is awaited

    def start(self, book: Book, *, prepare_whole_comic: bool = False) -> int:
        """Prepare `book` in the background, cancelling any earlier preparation. Returns the
        job id its news carries."""
        self.cancel()
        self.current_book_id = book.book_id
        self.current_job_id = next(self._job_ids)
        job = _IndexJob(
            book=book,
            home=self.home,
            relay=self._relay,
            job_id=self.current_job_id,
            prepare_whole_comic=prepare_whole_comic,
        )
        job.setAutoDelete(False)
        self._job = job
        self.pool.start(job)
        return self.current_job_id

    def cancel(self) -> None:
        if self._job is not None:
            self._job.cancelled.set()
        self.current_book_id = None
        self.current_job_id = 0

    def wait(self, msecs: int = 60_000) -> bool:
        return self.pool.waitForDone(msecs)

    @Slot(object)
    def _forward(self, news: IndexingNews) -> None:
        # By job, not by book: a cancelled preparation of the same book (before a model change)
        # must not announce the new index ready.
        if news.job_id == self.current_job_id and news.book_id == self.current_book_id:
            self.news.emit(news)

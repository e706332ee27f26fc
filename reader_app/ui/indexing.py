"""Preparing the assistant in the background: a Qt job around the core's `prepare_book`."""

from __future__ import annotations

import itertools
import logging
import threading
from pathlib import Path

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal, Slot

from reader_app.books.model import Book
from reader_app.errors import ReaderError
from reader_app.prepare import PrepareNews

log = logging.getLogger(__name__)

# The window hears the core's news, plus "failed" (with the reason) from the job itself.
IndexingNews = PrepareNews


class _Relay(QObject):
    news = Signal(int, object)  # job id, news


class _PrepareJob(QRunnable):
    def __init__(
        self, *, book: Book, home: Path, relay: _Relay, job_id: int,
        prepare_whole_comic: bool = False,
    ) -> None:
        super().__init__()
        self.job_id = job_id
        self.book = book
        self.home = home
        self.relay = relay
        self.prepare_whole_comic = prepare_whole_comic
        self.cancelled = threading.Event()

    def run(self) -> None:
        from reader_app.prepare import prepare_book
        from reader_app.store.db import connect

        conn = connect(self.home, check_same_thread=False)
        try:
            prepare_book(
                conn,
                self.home,
                self.book,
                prepare_whole_comic=self.prepare_whole_comic,
                progress=self._say,
                cancel=self.cancelled.is_set,
            )
        except ReaderError as exc:
            self._say(PrepareNews(self.book.book_id, "failed", message=str(exc)))
        except Exception as exc:  # shown in the status bar; the reader keeps working
            log.exception("preparing the assistant failed for %s", self.book.path.name)
            self._say(
                PrepareNews(self.book.book_id, "failed", message=f"{type(exc).__name__}: {exc}")
            )
        finally:
            conn.close()

    def _say(self, news: PrepareNews) -> None:
        self.relay.news.emit(self.job_id, news)


class IndexingController(QObject):
    """One background preparation at a time; opening another book cancels the previous one."""

    news = Signal(object)  # PrepareNews, for the current book only

    def __init__(self, home: Path, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.home = home
        self.pool = QThreadPool(self)
        self.pool.setMaxThreadCount(1)
        self._relay = _Relay()
        self._relay.news.connect(self._forward)
        self._job: _PrepareJob | None = None
        self._job_ids = itertools.count(1)
        self.current_book_id: str | None = None
        self.current_job_id = 0  # the one preparation whose news is awaited

    def start(self, book: Book, *, prepare_whole_comic: bool = False) -> int:
        """Prepare `book` in the background, cancelling any earlier preparation. Returns the
        job id its news carries."""
        self.cancel()
        self.current_book_id = book.book_id
        self.current_job_id = next(self._job_ids)
        job = _PrepareJob(
            book=book, home=self.home, relay=self._relay, job_id=self.current_job_id,
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

    @Slot(int, object)
    def _forward(self, job_id: int, news: PrepareNews) -> None:
        # By job, not by book: a cancelled preparation of the same book (before a model change)
        # must not announce the new index ready.
        if job_id == self.current_job_id and news.book_id == self.current_book_id:
            self.news.emit(news)

"""Preparing the assistant in the background: OCR for comics, then the index, with progress."""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal, Slot

from reader_app.books.model import Book
from reader_app.errors import ReaderError
from reader_app.rag.embed import Embedder

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class IndexingNews:
    book_id: str
    stage: str  # "ocr", "index", "ready", "cancelled", "failed"
    fraction: float = 0.0
    message: str = ""
    book: Book | None = None  # for comics, the book with its pages' text once OCR is done


class _Relay(QObject):
    news = Signal(object)


class _IndexJob(QRunnable):
    def __init__(
        self, *, book: Book, home: Path, embedder_holder: _EmbedderHolder, relay: _Relay
    ) -> None:
        super().__init__()
        self.book = book
        self.home = home
        self.embedder_holder = embedder_holder
        self.relay = relay
        self.cancelled = threading.Event()

    def _say(
        self, stage: str, fraction: float = 0.0, message: str = "", book: Book | None = None
    ) -> None:
        self.relay.news.emit(IndexingNews(self.book.book_id, stage, fraction, message, book))

    def run(self) -> None:
        from reader_app.rag.indexer import IndexProgress, index_book
        from reader_app.store.db import connect

        conn = connect(self.home, check_same_thread=False)
        try:
            book = self.book
            if book.format == "cbz":
                from reader_app.rag.comics import ocr_book, with_page_text

                self._say("ocr", 0.0)
                text = ocr_book(
                    conn,
                    self.home,
                    book,
                    progress=lambda done, total: self._say("ocr", done / max(total, 1)),
                    cancel=self.cancelled.is_set,
                )
                if self.cancelled.is_set():
                    self._say("cancelled")
                    return
                book = with_page_text(book, text)
                self._say("ocr", 1.0, book=book)
            embedder = self.embedder_holder.get(self.home)

            def progress(p: IndexProgress) -> None:
                self._say("index", p.fraction)

            status = index_book(
                conn,
                self.home,
                book,
                embedder=embedder,
                progress=progress,
                cancel=self.cancelled.is_set,
            )
            if status.complete:
                self._say("ready", 1.0)
            else:
                self._say("cancelled", status.fraction)
        except ReaderError as exc:
            self._say("failed", message=str(exc))
        except Exception as exc:  # shown in the status bar; the reader keeps working
            log.exception("preparing the assistant failed for %s", self.book.path.name)
            self._say("failed", message=f"{type(exc).__name__}: {exc}")
        finally:
            conn.close()


class _EmbedderHolder:
    """Loads the embedding model once, on first use, in whichever worker needs it first."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._embedder: Embedder | None = None

    def get(self, home: Path) -> Embedder:
        with self._lock:
            if self._embedder is None:
                from reader_app.rag.embed import default_embedder

                self._embedder = default_embedder(home=home)
            return self._embedder


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
        self._embedders = _EmbedderHolder()
        self._job: _IndexJob | None = None
        self.current_book_id: str | None = None

    def start(self, book: Book) -> None:
        self.cancel()
        self.current_book_id = book.book_id
        job = _IndexJob(
            book=book, home=self.home, embedder_holder=self._embedders, relay=self._relay
        )
        job.setAutoDelete(False)
        self._job = job
        self.pool.start(job)

    def cancel(self) -> None:
        if self._job is not None:
            self._job.cancelled.set()
        self.current_book_id = None

    def wait(self, msecs: int = 60_000) -> bool:
        return self.pool.waitForDone(msecs)

    @Slot(object)
    def _forward(self, news: IndexingNews) -> None:
        if news.book_id == self.current_book_id:
            self.news.emit(news)

"""Preparing the assistant in the background: the core's `prepare_book` as a `Workers` job.

The job runs in the child process of `reader_app/prepare/process.py` (so the window never shares
its GIL with the work), its pool thread waiting and relaying the news. `in_child=False` runs it
in the pool thread itself, where a test can replace a function of the pipeline.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, Signal

from reader_app.books.model import Book
from reader_app.prepare.process import (
    ChildUnavailableError,
    preparation_process,
    run_library_reindex,
    run_preparation,
)
from reader_app.store.writer import Writer
from reader_app.ui.workers import Job, Workers

log = logging.getLogger(__name__)


def _prepare_work(job: Job, *, book: Book, home: Path, prepare_whole_comic: bool,
                  in_child: bool, written: Callable[[], object]) -> None:
    """Runs on the pool thread; every piece of news is the job's progress. A book built in
    memory (no file for the child to load) is prepared here."""
    written()  # the settings and reading state the window queued before are in the database
    if in_child and book.path.is_file():
        try:
            preparation_process().prepare(home, book, prepare_whole_comic=prepare_whole_comic,
                                          progress=job, cancel=job)
            return
        except ChildUnavailableError as error:
            log.warning("%s; preparing in this process", error)
    run_preparation(home, book, prepare_whole_comic=prepare_whole_comic, progress=job,
                    cancel=job)


def _reindex_work(job: Job, *, home: Path, in_child: bool,
                  written: Callable[[], object]) -> list[str]:
    written()  # the new embedding model is in the database
    if in_child:
        try:
            return preparation_process().reindex_library(home, cancel=job)
        except ChildUnavailableError as error:
            log.warning("%s; re-indexing in this process", error)
    return run_library_reindex(home, cancel=job)


class IndexingController(QObject):
    """One background preparation at a time; opening another book cancels the previous one.
    After a change of model the library's other books follow, behind the open book's."""

    in_child = True  # see the module's docstring

    # reader_app.prepare.news's PrepareNews (and "failed", with the reason, from the job itself),
    # for the current book only (the lane's stale rule)
    news = Signal(object)

    def __init__(self, home: Path, parent: QObject | None = None, *,
                 writer: Writer | None = None) -> None:
        super().__init__(parent)
        self.home = home
        self.writer = writer  # its jobs read what the window queued before them
        self.workers = Workers(self, max_threads=1)  # one preparation runs at a time
        self.library_pending = False  # the other books still to re-index for a new model

    def start(self, book: Book, *, prepare_whole_comic: bool = False) -> None:
        home, written = self.home, self._written()
        self.workers.submit(
            "prepare",
            lambda job: _prepare_work(
                job, book=book, home=home, prepare_whole_comic=prepare_whole_comic,
                in_child=self.in_child, written=written,
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

    def _written(self) -> Callable[[], object]:
        """What a job calls first: wait (on its pool thread) for the writes queued until now."""
        writer = self.writer
        if writer is None:
            return lambda: None
        ticket = writer.last_ticket
        return lambda: writer.wait_for(ticket)

    def _submit_library(self) -> None:
        home, written = self.home, self._written()

        def finished(_done: object) -> None:
            self.library_pending = False

        self.workers.submit(
            "library",
            lambda job: _reindex_work(job, home=home, in_child=self.in_child, written=written),
            on_done=finished,
            on_error=lambda error: log.warning("re-indexing the library stopped: %s", error),
        )

    def cancel(self) -> None:
        self.workers.drop("prepare")
        self.workers.drop("library")

    def wait(self, msecs: int = 60_000) -> bool:
        return self.workers.wait(msecs)

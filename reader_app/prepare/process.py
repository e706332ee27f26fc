"""Preparing books in a child process, so the window's process never shares its GIL with the work.

Text preparation (splitting War and Peace into 31,000 sentences, chunking, counting tokens) is
pure Python, and onnxruntime and the tokenizer hold the GIL while the embedding model loads. In
a worker thread both compete with the UI thread for the GIL: measured on War and Peace's first
preparation at 10%, a page turned every 100 ms, the longest stall was 118 to 138 ms (p99 gap
53 ms); with no preparation at all, 37 to 56 ms (p99 6 to 9 ms). So the window hands the work to
one child process (spawned, never forked: the parent has Qt threads), which keeps the embedding
model loaded between books and reports the same `PrepareNews` through a pipe.

- One child per process, started on first use, at a lower CPU priority (nice 10), and stopped
  after IDLE_STOP_S without a job; jobs run in it one at a time, in the order asked. Each job
  carries the parent's environment, so a changed `OLLAMA_HOST` is followed.
- Cancelling sets an event the child checks between steps and batches, as in process.
- The child loads the book itself (from the parse cache) and refuses a file that changed since
  the window opened it. It stops if the parent dies.
- If the child dies mid-job the job fails with a message saying so; the index keeps what was
  saved and the next preparation resumes it in a new child.

`run_preparation` is the in-process form of the same job, with the same failure reporting; the
child runs it, and so does a caller that must stay in process.
"""

from __future__ import annotations

import atexit
import contextlib
import dataclasses
import logging
import multiprocessing
import os
import threading
from collections.abc import Callable
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from reader_app.books.model import Book
from reader_app.cancel import CancelToken, parent_gone
from reader_app.errors import ReaderError
from reader_app.prepare.news import PrepareNews, Progress, saying
from reader_app.translatable import QT_TRANSLATE_NOOP, sentence

log = logging.getLogger(__name__)

_POLL_S = 0.05  # how often a waiting parent looks at its job's cancel flag and the child
CHILD_NICENESS = 10
# An idle child is stopped: its memory (the model, the last book: ~550 MB after War and Peace)
# goes back to the system, and the next book starts a new one (a second or two).
IDLE_STOP_S = 120.0
CLOSE_WAIT_S = 5.0


class PreparationProcessError(ReaderError):
    """The child process that prepares books stopped during a job."""


class ChildUnavailableError(PreparationProcessError):
    """The child process could not be started: the caller runs the job in process instead."""


def run_preparation(
    home: Path, book: Book, *, prepare_whole_comic: bool, progress: Progress, cancel: CancelToken
) -> None:
    """Prepare `book` with a connection of its own; a failure is reported as "failed" news with
    what the reader should know, never raised."""
    from reader_app.prepare.pipeline import prepare_book
    from reader_app.store.db import connect
    from reader_app.store.faults import explain_library_fault

    try:
        conn = connect(home, check_same_thread=False)
        try:
            prepare_book(conn, home, book, prepare_whole_comic=prepare_whole_comic,
                         progress=progress, cancel=cancel)
        finally:
            conn.close()
    except ReaderError as exc:
        progress(saying(book.book_id, "failed", exc))
    except Exception as exc:  # shown in the status bar; the reader keeps working
        fault = explain_library_fault(exc, home=home)  # a full disk, a read-only folder
        if fault is None:
            log.exception("preparing the assistant failed for %s", book.path.name)
        else:
            log.warning("preparing the assistant for %s stopped: %s", book.path.name, fault)
        progress(saying(book.book_id, "failed",
                        fault if fault is not None else f"{type(exc).__name__}: {exc}"))


def run_library_reindex(home: Path, *, cancel: CancelToken) -> list[str]:
    """The library's other books, re-indexed with the model chosen in the settings."""
    from reader_app.rag.index.embed import embedder_for
    from reader_app.rag.index.reindex import reindex_library
    from reader_app.settings import SettingsStore
    from reader_app.store.db import connect

    conn = connect(home, check_same_thread=False)
    try:
        embedder = embedder_for(str(SettingsStore(conn).get("assistant.embedding_model")),
                                home=home)
        return reindex_library(conn, home, embedder, cancel=cancel)
    finally:
        conn.close()


class PreparationProcess:
    """The parent's side of the child: `prepare` and `reindex_library` block their (worker)
    thread until the child's job ends, relaying its news."""

    def __init__(self, *, idle_stop_s: float = IDLE_STOP_S) -> None:
        self._lock = threading.Lock()  # one job at a time; also guards starting the child
        self._process: Any = None
        self._conn: Connection | None = None
        self._cancel: Any = None
        self._idle_stop_s = idle_stop_s
        self._idle: threading.Timer | None = None

    @property
    def pid(self) -> int | None:
        process = self._process
        return process.pid if process is not None and process.is_alive() else None

    def prepare(
        self, home: Path, book: Book, *, prepare_whole_comic: bool, progress: Progress,
        cancel: CancelToken,
    ) -> None:
        """Prepare `book` in the child. A child that dies is reported as "failed" news, like any
        other failure; one that cannot start raises ChildUnavailableError."""
        request = ("prepare", str(home), str(book.path), book.book_id, prepare_whole_comic)
        try:
            self._run(request, progress, cancel)
        except ChildUnavailableError:
            raise
        except PreparationProcessError as error:
            progress(saying(book.book_id, "failed", error))

    def reindex_library(self, home: Path, *, cancel: CancelToken) -> list[str]:
        done = self._run(("reindex", str(home)), lambda news: None, cancel)
        return list(done or [])

    def close(self) -> None:
        """Stop the child (at exit, or from a test): a job under way is cancelled and given a
        few seconds to reach its next batch; a child that does not stop by then is ended."""
        idle, cancel, process = self._idle, self._cancel, self._process
        if idle is not None:
            idle.cancel()
        if cancel is not None:
            cancel.set()
        if self._lock.acquire(timeout=CLOSE_WAIT_S):
            try:
                self._stop_child()
            finally:
                self._lock.release()
        elif process is not None:  # the job's thread sees it die and reports that
            process.terminate()

    def _run(self, request: tuple[Any, ...], progress: Progress, cancel: CancelToken) -> Any:
        while not self._lock.acquire(timeout=_POLL_S):  # another window's job is under way
            if cancel.cancelled:
                return None
        try:
            if self._idle is not None:
                self._idle.cancel()
            conn = self._started()
            self._cancel.clear()
            conn.send((request, dict(os.environ)))
            return self._relay(conn, progress, cancel)
        finally:
            self._idle = threading.Timer(self._idle_stop_s, self._stop_if_idle)
            self._idle.daemon = True
            self._idle.start()
            self._lock.release()

    def _stop_if_idle(self) -> None:
        if self._lock.acquire(blocking=False):  # not while a job runs (it restarts the timer)
            try:
                self._stop_child()
            finally:
                self._lock.release()

    def _relay(self, conn: Connection, progress: Progress, cancel: CancelToken) -> Any:
        while True:
            if cancel.cancelled:
                self._cancel.set()
            try:
                ready = conn.poll(_POLL_S)
                message = conn.recv() if ready else None
            except (EOFError, OSError):
                message = None
                ready = True
            if message is None:
                if ready or not self._process.is_alive():
                    raise self._died()
                continue
            kind, value = message
            if kind == "news":
                progress(value)
            elif kind == "done":
                return value
            else:  # "error": the job raised; the child stays usable
                raise PreparationProcessError(value)

    def _died(self) -> PreparationProcessError:
        process = self._process
        process.join(timeout=1.0)
        code = process.exitcode
        self._forget_child()
        return PreparationProcessError(
            sentence(QT_TRANSLATE_NOOP(
                "Errors", "The process preparing the assistant stopped unexpectedly (exit code "
                "{code}). What it saved is kept: preparation resumes when the book is opened "
                "again."), code=code)
        )

    def _started(self) -> Connection:
        if self._process is not None and self._process.is_alive() and self._conn is not None:
            return self._conn
        self._forget_child()
        context = multiprocessing.get_context("spawn")  # never fork a process with Qt threads
        parent_end, child_end = context.Pipe()
        cancel_event = context.Event()
        process = context.Process(target=_serve, args=(child_end, cancel_event, os.getpid()),
                                  name="pagemate-prepare", daemon=True)
        try:
            process.start()
        except (OSError, RuntimeError) as error:  # no processes left, or a broken bundle
            raise ChildUnavailableError(
                sentence(QT_TRANSLATE_NOOP(
                    "Errors", "Could not start the process that prepares the assistant: {error}"),
                    error=str(error))
            ) from error
        finally:
            child_end.close()
        self._process, self._conn, self._cancel = process, parent_end, cancel_event
        return parent_end

    def _stop_child(self) -> None:
        if self._conn is not None:
            with contextlib.suppress(OSError):
                self._conn.send(None)
        if self._process is not None:
            self._process.join(timeout=2.0)
            if self._process.is_alive():
                self._process.terminate()
                self._process.join(timeout=2.0)
        self._forget_child()

    def _forget_child(self) -> None:
        if self._conn is not None:
            self._conn.close()
        self._process = self._conn = self._cancel = None


_shared: PreparationProcess | None = None
_shared_lock = threading.Lock()


def preparation_process() -> PreparationProcess:
    """The process-wide child (started when the first job is sent, stopped at exit)."""
    global _shared
    with _shared_lock:
        if _shared is None:
            _shared = PreparationProcess()
            atexit.register(_shared.close)
        return _shared


# -- the child -----------------------------------------------------------------------------------


def _serve(conn: Connection, cancel_event: Any, parent_pid: int) -> None:
    """The child's loop: one job per message, until None or the parent goes away."""
    logging.basicConfig(level=logging.WARNING, format="pagemate-prepare: %(message)s")
    # Background work: the reader's own process comes first for the CPU (the model's threads
    # would otherwise take both cores of a small laptop from the page being laid out).
    with contextlib.suppress(AttributeError, OSError):  # no os.nice on Windows
        os.nice(CHILD_NICENESS)

    cancelled = CancelToken().or_when(cancel_event.is_set).or_when(parent_gone(parent_pid))

    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            return
        if message is None:
            return
        request, environ = message
        os.environ.clear()
        os.environ.update(environ)
        try:
            result = _handle(request, lambda news: _send_news(conn, news), cancelled)
        except Exception as error:  # reported to the parent, which shows it
            log.exception("a preparation job failed")
            reply: tuple[str, Any] = ("error", f"{type(error).__name__}: {error}")
        else:
            reply = ("done", result)
        try:
            conn.send(reply)
        except OSError:
            return


def _send_news(conn: Connection, news: PrepareNews) -> None:
    # The news's book (a comic with its pages' text) stays in the child: nothing reads it in the
    # window, and a book does not travel through a pipe.
    conn.send(("news", dataclasses.replace(news, book=None)))


def _handle(request: tuple[Any, ...], report: Callable[[PrepareNews], None],
            cancelled: CancelToken) -> Any:
    kind = request[0]
    if kind == "reindex":
        return run_library_reindex(Path(request[1]), cancel=cancelled)
    _, home_text, path_text, book_id, prepare_whole_comic = request
    from reader_app.books.opening.cache import load_book

    home = Path(home_text)
    try:
        book = load_book(Path(path_text), home)
    except ReaderError as error:
        report(saying(book_id, "failed", error))
        return None
    if book.book_id != book_id:
        report(saying(book_id, "failed", sentence(QT_TRANSLATE_NOOP(
            "Errors", "“{file}” changed on disk since it was opened; open it again to prepare "
            "the assistant."), file=Path(path_text).name)))
        return None
    run_preparation(home, book, prepare_whole_comic=prepare_whole_comic, progress=report,
                    cancel=cancelled)
    return None

"""A lock shared by every process using one library: the window, its preparation child, the
command line and the MCP server.

Threads of one process coordinate with `threading` locks; that says nothing to another process
building the same book's text at the same moment, and two builders deleting and writing the same
rows in turns leave chunks without their vectors. `library_lock(conn, name)` holds an exclusive
advisory lock on a file beside the library's database (`flock` on POSIX, `msvcrt.locking` on
Windows) until the block ends; the operating system releases it if the process dies. A database
without a file (in memory) has no other process to fear: the lock is then a no-op.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from reader_app.cancel import CancelToken


def database_file(conn: sqlite3.Connection) -> Path | None:
    """The file of the connection's main database, or None when it is in memory."""
    for _seq, name, file in conn.execute("PRAGMA database_list").fetchall():
        if name == "main":
            return Path(file) if file else None
    return None


@contextlib.contextmanager
def library_lock(conn: sqlite3.Connection, name: str) -> Iterator[None]:
    """Hold the library-wide lock `name` (a short word: one lock file per name)."""
    database = database_file(conn)
    if database is None:
        yield
        return
    path = database.with_name(f"{database.name}.{name}.lock")
    with open(path, "a+b") as handle:
        _lock(handle.fileno())
        try:
            yield
        finally:
            _unlock(handle.fileno())


@contextlib.contextmanager
def file_lock_or_give_up(
    path: Path, *, cancel: CancelToken, waiting: Callable[[], object] = lambda: None,
    interval: float = 0.25,
) -> Iterator[bool]:
    """Hold an exclusive lock on `path` (created if missing) and yield True; while another
    process (or another thread, through its own handle) holds it, call `waiting()` and ask
    `cancel` every `interval` seconds, and yield False as soon as it is cancelled. Waiting is how
    a second indexer of one index stays out of the first one's way without blocking a cancel."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "a+b") as handle:
        while not _try_lock(handle.fileno()):
            waiting()
            if cancel.cancelled:
                yield False
                return
            time.sleep(interval)
        try:
            yield True
        finally:
            _unlock(handle.fileno())


if sys.platform == "win32":  # pragma: no cover - exercised on Windows only
    import msvcrt

    def _try_lock(fd: int) -> bool:
        os.lseek(fd, 0, os.SEEK_SET)
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

    def _lock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        while True:
            try:
                msvcrt.locking(fd, msvcrt.LK_LOCK, 1)  # retries for 10 s, then raises
                return
            except OSError:
                continue

    def _unlock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)

else:
    import fcntl

    def _lock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_EX)

    def _try_lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True

    def _unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)

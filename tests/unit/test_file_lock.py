"""The library-wide lock (reader_app/store/file_lock.py) holds across processes: the window, its
preparation child and the command line never build one book's text at the same time."""

from __future__ import annotations

import multiprocessing
import queue
import sqlite3
from pathlib import Path

from reader_app.store.file_lock import database_file, library_lock


def _take_the_lock(database: str, took: multiprocessing.Queue[str]) -> None:
    conn = sqlite3.connect(database)
    with library_lock(conn, "text"):
        took.put("taken")
    conn.close()


def test_another_process_waits_until_the_lock_is_released(tmp_path: Path) -> None:
    database = tmp_path / "library.sqlite3"
    conn = sqlite3.connect(database)
    assert database_file(conn) == database
    context = multiprocessing.get_context("spawn")
    took: multiprocessing.Queue[str] = context.Queue()
    with library_lock(conn, "text"):
        other = context.Process(target=_take_the_lock, args=(str(database), took))
        other.start()
        try:
            took.get(timeout=2.0)
            raise AssertionError("the other process took a lock this one holds")
        except queue.Empty:
            pass
    assert took.get(timeout=60.0) == "taken"  # released: the other process goes on
    other.join(timeout=30.0)
    assert other.exitcode == 0
    assert (tmp_path / "library.sqlite3.text.lock").exists()
    conn.close()


def test_a_database_in_memory_needs_no_lock_file(tmp_path: Path) -> None:
    conn = sqlite3.connect(":memory:")
    assert database_file(conn) is None
    with library_lock(conn, "text"):
        pass
    conn.close()

"""Opening the library database: one SQLite file in WAL mode, migrated on open."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from reader_app.paths import database_path
from reader_app.store.faults import explain_library_fault
from reader_app.store.migrations import apply_migrations


def connect(home: Path, *, check_same_thread: bool = True) -> sqlite3.Connection:
    """A new connection to the library in `home`, schema up to date. One per thread.

    A full disk, a read-only folder or a damaged database is a `LibraryError` saying so.
    """
    path = database_path(home)
    conn: sqlite3.Connection | None = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(path, timeout=30.0, check_same_thread=check_same_thread)
        conn.row_factory = sqlite3.Row
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=NORMAL")
        conn.execute("PRAGMA foreign_keys=ON")
        apply_migrations(conn)
    except (sqlite3.Error, OSError) as error:
        if conn is not None:
            conn.close()
        fault = explain_library_fault(error, home=home)
        if fault is None:
            raise
        raise fault from error
    return conn

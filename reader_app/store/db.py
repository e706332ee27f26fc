"""Opening the library database: one SQLite file in WAL mode, migrated on open."""

from __future__ import annotations

import contextlib
import logging
import os
import sqlite3
from pathlib import Path

from reader_app.errors import LibraryError, ReaderError
from reader_app.paths import database_path
from reader_app.store.faults import damaged_library, empty_library, explain_library_fault
from reader_app.store.migrations import MIGRATIONS, apply_migrations
from reader_app.translatable import QT_TRANSLATE_NOOP, sentence

log = logging.getLogger(__name__)


def connect(home: Path, *, check_same_thread: bool = True) -> sqlite3.Connection:
    """A new connection to the library in `home`, schema up to date. One per thread.

    A full disk, a read-only folder or a damaged database is a `LibraryError` saying so; so is
    any other failure while opening it (a damaged schema page can make SQLite's own message
    undecodable), and an index file left empty (0 bytes: `LibraryError.empty`), which would
    otherwise silently become a new library without the reader's positions.
    """
    path = database_path(home)
    conn: sqlite3.Connection | None = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.exists():
            _create(path)
        elif path.stat().st_size == 0:
            raise empty_library(home)
        conn = sqlite3.connect(path, timeout=30.0, check_same_thread=check_same_thread)
        conn.row_factory = sqlite3.Row
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=NORMAL")
        conn.execute("PRAGMA foreign_keys=ON")
        apply_migrations(conn)
    except Exception as error:
        if conn is not None:
            with contextlib.suppress(Exception):
                conn.close()
        if isinstance(error, ReaderError):
            raise
        fault = explain_library_fault(error, home=home)
        if fault is not None:
            raise fault from error
        if isinstance(error, OSError):
            raise  # not the database's fault: a folder that cannot be made, a lost mount
        log.info("the library database could not be opened", exc_info=error)
        raise damaged_library(error, home=home) from error
    return conn


def connect_read_only(home: Path) -> sqlite3.Connection:
    """A connection that only reads (a library on a read-only disk or folder): nothing is
    migrated, and a library whose schema is older than this Pagemate cannot be read this way."""
    path = database_path(home)
    try:
        if not path.exists() or path.stat().st_size == 0:
            raise empty_library(home) if path.exists() else FileNotFoundError(path)
        try:
            conn = _open_read_only(path, immutable=False)
        except sqlite3.OperationalError:  # WAL with no -shm beside it on a read-only disk
            conn = _open_read_only(path, immutable=True)
        applied = {row[0] for row in conn.execute("SELECT version FROM schema_migrations")}
    except Exception as error:
        if isinstance(error, ReaderError):
            raise
        fault = explain_library_fault(error, home=home)
        raise fault or damaged_library(error, home=home) from error
    if not set(MIGRATIONS) <= applied:
        conn.close()
        raise LibraryError(
            sentence(QT_TRANSLATE_NOOP(
                "Errors", "The library in {home} was last used by an older Pagemate and cannot be "
                "updated while its folder is read-only."), home=str(home))
        )
    return conn


def is_read_only(conn: sqlite3.Connection) -> bool:
    return bool(conn.execute("PRAGMA query_only").fetchone()[0])


def _open_read_only(path: Path, *, immutable: bool) -> sqlite3.Connection:
    flags = "mode=ro&immutable=1" if immutable else "mode=ro"
    conn = sqlite3.connect(f"{path.as_uri()}?{flags}", uri=True, timeout=30.0)
    conn.row_factory = sqlite3.Row
    conn.execute("PRAGMA query_only=ON")
    conn.execute("SELECT count(*) FROM sqlite_master").fetchone()  # fails now if unreadable
    return conn


def _create(path: Path) -> None:
    """Make a new library database whole, then put it in place: the database file is never
    seen empty (an empty one means a lost index, see `connect`), even by a second process
    starting at the same moment."""
    fresh = path.with_name(f".{path.name}.{os.getpid()}.new")
    fresh.unlink(missing_ok=True)
    conn = sqlite3.connect(fresh)
    try:
        apply_migrations(conn)
    finally:
        conn.close()
    try:
        os.link(fresh, path)  # fails if another process put its own in place first
    except FileExistsError:
        pass
    except OSError:  # a file system without hard links
        if not path.exists():
            os.replace(fresh, path)
    fresh.unlink(missing_ok=True)

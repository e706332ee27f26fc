"""A damaged library index rebuilt from the book files, keeping the reading positions that can
still be read from the damaged database."""

from __future__ import annotations

import contextlib
import logging
import pickle
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

from reader_app.errors import BookError
from reader_app.paths import cache_dir, database_path
from reader_app.store.db import connect

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class RebuildReport:
    books: int  # books added back to the new index
    positions: int  # reading positions carried over
    missing: tuple[str, ...]  # book files that could not be read again
    damaged_copy: Path  # where the damaged database was kept


def rebuild_library(home: Path) -> RebuildReport:
    """Move the damaged database aside, make a new one and add back every known book file.

    Book files come from the damaged database where its rows can still be read, and from the
    parsed-book cache (each cached model records its file). Reading positions and boundaries are
    carried over where the damaged database still yields them.
    """
    from reader_app.books.opening.cache import load_book
    from reader_app.books.shelf.library import Library

    database = database_path(home)
    damaged_copy = database.with_name(f"{database.name}.damaged-{time.strftime('%Y%m%d-%H%M%S')}")
    paths, states = _salvage(database)
    paths.update(_cached_book_paths(home))
    for suffix in ("", "-wal", "-shm"):
        source = database.with_name(database.name + suffix)
        if source.exists():
            source.replace(damaged_copy.with_name(damaged_copy.name + suffix))
    conn = connect(home)
    library = Library(conn, home)
    added, carried, missing = 0, 0, []
    try:
        for book_id, path in sorted(paths.items(), key=lambda item: item[1]):
            try:
                book = load_book(Path(path), home)
            except BookError:
                missing.append(path)
                continue
            library.add(book)
            added += 1
            state = states.get(book_id)
            if state is not None and book.book_id == book_id:
                with contextlib.suppress(sqlite3.Error):
                    conn.execute(
                        "UPDATE reading_state SET section=?, block=?, char=?, progress=?, "
                        "boundary_section=?, boundary_block=?, boundary_char=?, finished=? "
                        "WHERE book_id=?",
                        (*state, book_id),
                    )
                    conn.commit()
                    carried += 1
    finally:
        conn.close()
    return RebuildReport(added, carried, tuple(missing), damaged_copy)


def _salvage(database: Path) -> tuple[dict[str, str], dict[str, tuple[object, ...]]]:
    """Book paths and reading states still readable from a damaged database (maybe none)."""
    paths: dict[str, str] = {}
    states: dict[str, tuple[object, ...]] = {}
    try:
        conn = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    except sqlite3.Error:
        return paths, states
    # A damaged database raises what it likes: a corrupt schema name even UnicodeDecodeError.
    try:
        with contextlib.suppress(sqlite3.Error, UnicodeDecodeError):
            for book_id, path in conn.execute("SELECT book_id, path FROM books"):
                paths[str(book_id)] = str(path)
        with contextlib.suppress(sqlite3.Error, UnicodeDecodeError):
            for row in conn.execute(
                "SELECT book_id, section, block, char, progress, boundary_section, "
                "boundary_block, boundary_char, finished FROM reading_state"
            ):
                states[str(row[0])] = tuple(row[1:])
    finally:
        conn.close()
    return paths, states


def _cached_book_paths(home: Path) -> dict[str, str]:
    found: dict[str, str] = {}
    folder = cache_dir(home)
    for file in sorted(folder.glob("*.model")) if folder.exists() else ():
        try:
            with file.open("rb") as handle:
                _version, book = pickle.load(handle)  # our own cache files, written by us
            found[str(book.book_id)] = str(book.path)
        except Exception:  # a torn or foreign cache file names no book
            log.info("skipping unreadable cache file %s", file.name)
    return found

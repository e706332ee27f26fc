"""A book named on the command line is parsed in a child process while the window starts.

Launching with a file (a double-click in the file manager) spends about half a second importing
and building the window before the open job can begin, and a long book's first parse (War and
Peace: about a second) then waits behind it, on the same core. Started as soon as the library
folder is known, a child process parses the book on the other core and leaves the parsed model
in the book cache (`cache.load_book`, the very file a reopen reads); the open job waits for the
child, then reads the cache, which unpickles only the chapters the first page needs.

The child ends with the window's process: killed or crashed, that process runs no exit handler,
so the child watches for its parent's end itself (`cancel.parent_gone`, as the preparation child
does) and exits at once, leaving nothing in the cache.

The child is only a head start: when it fails (not a book, a hostile or DRM-locked file, no
process to be had, a full disk) or is still at work after `WAIT_SECONDS`, the open job parses
the book itself, exactly as without it, and reports what is wrong the same way. A book already
in the cache costs the child a hash of the file, and the open job no wait.
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import os
import sqlite3
import threading
from multiprocessing.process import BaseProcess
from pathlib import Path

from reader_app.books.files.safezip import resolved_book_path
from reader_app.cancel import CancelToken, end_process_when, parent_gone
from reader_app.errors import BookError

log = logging.getLogger(__name__)

WAIT_SECONDS = 120.0  # longer than any book's parse; a child still at work then is given up
# Comics open from their zip's listing: nothing to parse ahead.
SUFFIXES = (".epub", ".fb2", ".txt", ".md", ".markdown")

_lock = threading.Lock()
_children: dict[Path, BaseProcess] = {}  # resolved file -> the child parsing it


def parse_ahead(file: str | Path, home: Path) -> bool:
    """Start a child that parses `file` into the book cache in `home`; False when not started
    (not a book file this helps, missing, or no process to be had)."""
    path = Path(file)
    try:
        if path.suffix.lower() not in SUFFIXES or not path.is_file():
            return False
        key = resolved_book_path(path)
        if _cached_already(path, key, home):
            return False
    except (OSError, BookError):  # a folder not to be looked into, a loop: the open job says so
        return False
    context = multiprocessing.get_context("spawn")  # never fork a process with Qt threads
    child = context.Process(target=_parse, args=(str(key), str(home), os.getpid()),
                            name="pagemate-open", daemon=True)
    try:
        child.start()
    except (OSError, RuntimeError) as error:  # no processes left, or a broken bundle
        log.info("no head start for %s: %s", path.name, error)
        return False
    with _lock:
        _children[key] = child
    return True


def wait_for_ahead(file: str | Path, timeout: float = WAIT_SECONDS) -> bool | None:
    """Wait for the child parsing `file`, if one was started: True when it finished its work,
    False when it failed or was given up, None when there was none. Never on the UI thread.
    Asked on every open: BookError when the path cannot be resolved (its links loop)."""
    key = resolved_book_path(file)
    with _lock:
        child = _children.pop(key, None)
    if child is None:
        return None
    child.join(timeout)
    if child.is_alive():
        log.warning("the head start on %s took over %.0f s: given up", key.name, timeout)
        child.terminate()
        child.join(2.0)
        return False
    if child.exitcode != 0:
        log.info("the head start on %s ended with code %s", key.name, child.exitcode)
        return False
    return True


def _cached_already(path: Path, key: Path, home: Path) -> bool:
    """Whether the library knows a book at this path whose model is in the cache (a reopen):
    then no child is worth its start. A file replaced since is still parsed, by the open job."""
    from reader_app.books.opening.cache import cache_path
    from reader_app.paths import database_path

    database = database_path(home)
    if not database.is_file():
        return False
    try:
        with contextlib.closing(sqlite3.connect(f"{database.as_uri()}?mode=ro", uri=True)) as conn:
            rows = conn.execute("SELECT book_id FROM books WHERE path IN (?, ?)",
                                (str(path), str(key))).fetchall()
    except sqlite3.Error:  # a damaged or older library: the window explains it, not this
        return False
    return any(cache_path(home, str(book_id)).is_file() for (book_id,) in rows)


def _parse(file: str, home: str, parent_pid: int) -> None:
    """The child: parse into the cache, or leave the error to the open job (exit code 1). It
    ends at once, writing nothing, when the window's process is gone (killed, crashed)."""
    from reader_app.books.opening.cache import load_book

    end_process_when(CancelToken().or_when(parent_gone(parent_pid)))
    try:
        load_book(Path(file), Path(home))
    except Exception:  # the open job parses again and explains it to the reader
        raise SystemExit(1) from None

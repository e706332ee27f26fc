"""A full disk during later writes (issue 18): the writer holds what it could not save, says so
once, loses nothing already saved, and saves the held writes in order once there is room.

The disk is filled with SQLite's own cap, `PRAGMA max_page_count` on the writer's connection
(real SQLITE_FULL); a trigger makes each reading-state save need a new page, as a save appended to
the write-ahead log on a real full disk does. Removing the trigger from another connection is
"freeing some space"."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

from reader_app.books.model import Locator
from reader_app.books.shelf.library import Library
from reader_app.errors import LibraryError
from reader_app.store.db import connect
from reader_app.store.writer import Writer
from tests.fakes.marker_library import marker_library

NEEDS_ROOM = "every_save_needs_room"


def fill_the_disk(conn: sqlite3.Connection) -> None:
    """On `conn`: no page may be added from now on, and every reading-state save adds one."""
    conn.execute("CREATE TABLE IF NOT EXISTS filler (x BLOB)")
    conn.execute(
        f"CREATE TRIGGER IF NOT EXISTS {NEEDS_ROOM} AFTER UPDATE ON reading_state "
        "BEGIN INSERT INTO filler VALUES (randomblob(65536)); END"
    )
    conn.commit()
    pages = conn.execute("PRAGMA page_count").fetchone()[0]
    conn.execute(f"PRAGMA max_page_count = {pages}")


def free_some_space(home: Path) -> None:
    conn = connect(home)
    with conn:
        conn.execute(f"DROP TRIGGER {NEEDS_ROOM}")
    conn.close()


def _position(home: Path, book_id: str) -> Locator:
    conn = connect(home)
    try:
        state = Library(conn, home).reading_state(book_id)
    finally:
        conn.close()
    assert state is not None
    return state.position


def test_a_full_disk_holds_the_saves_and_they_land_once_there_is_room(library_home: Path) -> None:
    shelf = marker_library(library_home)
    book_id, home = shelf.book.book_id, library_home
    faults: list[LibraryError] = []
    recovered = threading.Event()
    writer = Writer(home, on_fault=faults.append, on_recovered=recovered.set)

    def save(block: int) -> int:
        return writer.submit(
            lambda conn: Library(conn, home).save_position(
                book_id, Locator(0, block, 0), progress=block / 100
            )
        )

    try:
        save(1)
        writer.flush()
        writer.submit(fill_the_disk)
        for block in (5, 9):
            save(block)
        writer.flush()
        # Told once, with what to do; what was saved before is untouched; nothing dropped.
        assert len(faults) == 1 and "is full" in str(faults[0]) and "Free some space" in str(
            faults[0]
        )
        assert writer.held == 2
        assert _position(home, book_id) == Locator(0, 1, 0)
        save(12)
        writer.flush()
        assert writer.held == 3 and len(faults) == 1 and not recovered.is_set()

        free_some_space(home)
        save(14)
        writer.flush()
        assert recovered.is_set() and writer.held == 0
        assert _position(home, book_id) == Locator(0, 14, 0)
    finally:
        writer.close()
        shelf.conn.close()


def test_saves_held_when_the_writer_closes_are_tried_once_more(library_home: Path) -> None:
    shelf = marker_library(library_home)
    book_id, home = shelf.book.book_id, library_home
    writer = Writer(home)
    writer.submit(fill_the_disk)
    writer.submit(
        lambda conn: Library(conn, home).save_position(book_id, Locator(0, 7, 0), progress=0.07)
    )
    writer.flush()
    assert writer.held == 1
    free_some_space(home)
    writer.close()
    assert _position(home, book_id) == Locator(0, 7, 0)
    shelf.conn.close()


def test_a_write_failing_for_another_reason_is_logged_and_not_held(library_home: Path) -> None:
    marker_library(library_home).conn.close()
    faults: list[LibraryError] = []
    writer = Writer(library_home, on_fault=faults.append)
    try:
        writer.submit(lambda conn: conn.execute("INSERT INTO no_such_table VALUES (1)"))
        writer.flush()
        assert writer.held == 0 and faults == []
    finally:
        writer.close()


def test_tickets_queued_out_of_order_count_as_written_only_once_every_earlier_one_is(
    library_home: Path,
) -> None:
    # Two threads number their writes, then queue them the other way round: the later ticket
    # runs first, yet waiting for it also waits for the earlier one.
    marker_library(library_home).conn.close()
    writer = Writer(library_home)
    gate = threading.Event()
    try:
        first = next(writer._tickets)  # numbered first, queued last
        ran = threading.Event()
        second = writer.submit(lambda conn: ran.set())
        assert ran.wait(5)
        assert not writer.wait_for(second, timeout=0.2) and not writer.landed(second)
        writer._queue.put((first, lambda conn: gate.set()))
        assert writer.wait_for(second, timeout=5) and gate.is_set() and writer.landed(first)
        assert writer.wait_for(writer.last_ticket, timeout=5) and writer.held == 0
    finally:
        writer.close()
    assert writer.flush(timeout=0.1)  # a closed writer has nothing left to wait for

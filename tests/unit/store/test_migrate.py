"""The library's schema migrations, through `connect` as the app opens a library: a blank library
reaches the latest schema; a library left at any earlier version, with rows in it, is brought up
to date with its rows kept; and a migration that fails or is killed halfway leaves the library at
the version before it, whole, for the next start to finish.

A library "at version N" is made by opening it with only the first N migrations known.
"""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import textwrap
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from reader_app.errors import LibraryError
from reader_app.paths import database_path
from reader_app.store import migrations
from reader_app.store.db import connect
from tests.conftest import ROOT

Migration = Callable[[sqlite3.Connection], None]

VERSIONS = sorted(migrations.MIGRATIONS)
LATEST = VERSIONS[-1]
BOOK = "b" * 64

# Rows written once the library is at a version: each migration's tables get some, so every
# upgrade is tried with data in them. A new migration adds its rows here.
SEEDS: dict[int, list[tuple[str, tuple[Any, ...]]]] = {
    1: [
        ("INSERT INTO books VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
         (BOOK, "/books/lantern.epub", "epub", "The Lantern Bearers", "A. Tester", "en",
          "A quiet story.", "Lanterns", 1.0, 4, 12_345, b"\x89PNG", 1000.0, 2000.0)),
        ("INSERT INTO reading_state (book_id, section, block, char, progress, boundary_section,"
         " boundary_block, boundary_char, finished, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?,"
         " ?)", (BOOK, 1, 5, 7, 0.4, 1, 5, 30, 0, 2000.0)),
        ("INSERT INTO settings VALUES (?, ?)", ("reading.chars_per_minute", "1100")),
    ],
    2: [
        # Columns named: a later migration adds one (story, 12), and the rows of every version
        # are seeded into a library at the version before the latest.
        ("INSERT INTO sentences (book_id, sid, section, block, char_start, char_end, text) "
         "VALUES (?, ?, ?, ?, ?, ?, ?)",
         (BOOK, 0, 0, 0, 0, 25, "Anna carried the lantern.")),
        ("INSERT INTO chunks VALUES (?, ?, ?, ?, ?, ?)", (BOOK, 0, 0, 0, 0, 6)),
        ("INSERT INTO text_units (book_id, splitter, text_digest, sentence_count, chunk_count,"
         " fts_table, built_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
         (BOOK, "splitter-1", "digest", 1, 1, "fts_book", 3000.0)),
        ("INSERT INTO vector_indexes VALUES (?, ?, ?, ?, ?, ?)",
         (BOOK, "all-MiniLM-L6-v2", 384, 1, 1, 3000.0)),
    ],
    3: [
        ("INSERT INTO conversations (conversation_id, book_id, created_at, updated_at)"
         " VALUES (?, ?, ?, ?)", (1, BOOK, 4000.0, 4001.0)),
        ("INSERT INTO messages (message_id, conversation_id, role, text, boundary_sid,"
         " created_at) VALUES (?, ?, ?, ?, ?, ?)", (1, 1, "user", "Who carried it?", 0, 4000.0)),
        ("INSERT INTO messages (message_id, conversation_id, role, text, boundary_sid, reply_to,"
         " citations, model, total_ms, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
         (2, 1, "assistant", "Anna did [1].", 0, 1, "[[0, 0, 0]]", "qwen2.5:3b", 812.5, 4001.0)),
        ("INSERT INTO conversation_summaries VALUES (?, ?, ?, ?, ?, ?)",
         (1, 1, 0, 2, "They spoke of Anna.", 4002.0)),
        ("INSERT INTO query_rewrites VALUES (?, ?, ?, ?)",
         ("rewrite-key", "Anna lantern", '["lantern"]', 4000.0)),
    ],
    4: [
        ("INSERT INTO ocr_pages VALUES (?, ?, ?, ?, ?, ?, ?)",
         ("page-hash", "ocr-1", 800, 1200, '[{"text": "Hi"}]', "[[0, 0, 10, 10]]", 5000.0)),
        ("INSERT INTO page_descriptions VALUES (?, ?, ?, ?)",
         ("page-hash", "llava", "A witch on a broom.", 5000.0)),
    ],
    5: [
        ("UPDATE text_units SET fts_tokenizer = ?, chunk_plan = ?", ("unicode61", "256/32")),
    ],
    6: [
        ("INSERT INTO retrieval_helper_cache VALUES (?, ?, ?, ?, ?)",
         ("rank", "rank-key", "qwen2.5:3b", "[0]", 6000.0)),
    ],
    7: [
        ("INSERT INTO entity_builds VALUES (?, ?, ?, ?, ?, ?)",
         (BOOK, "extractor-1", "digest", 1, 1, 7000.0)),
        ("INSERT INTO entity_forms VALUES (?, ?, ?, ?, ?)", (BOOK, 0, "", "Anna", 0)),
        ("INSERT INTO entity_mentions VALUES (?, ?, ?, ?, ?, ?)", (BOOK, 0, 0, 0, 0, 1)),
        ("INSERT INTO entity_links VALUES (?, ?, ?, ?, ?, ?)", (BOOK, 1, 0, 0, "same-name",
                                                                 "text")),
        ("INSERT INTO companion_texts VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
         (1, BOOK, "description", "0", 0, 0, 0, 1, "Anna carries lanterns.", "extract", "",
          7000.0)),
    ],
    8: [
        ("UPDATE messages SET answer_check = ? WHERE message_id = 2",
         ('{"receipt": {"boundary": 0}, "flagged": []}',)),
        ("UPDATE reading_state SET whole_comic = 1", ()),
    ],
    9: [
        ("INSERT INTO annotations VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
         ("annotation-1", BOOK, "highlight", 0, 0, 0, 0, 0, 25, "Anna carried the lantern.",
          "yellow", "the first lantern", 9000.0, 9001.0)),
    ],
    10: [
        ("UPDATE conversations SET character_key = 3, character_name = 'Anna'", ()),
        ("INSERT INTO conversation_claims VALUES (?, ?, ?, ?)", (1, "owner-token", 4242, 10_000.0)),
    ],
    11: [
        ("UPDATE messages SET sent_text = ? WHERE role = 'assistant'",
         ("<book>\nthe reader has read up to: Chapter 1\n</book>\n\nQuestion: Who?",)),
    ],
    12: [
        ("UPDATE sentences SET story = 0 WHERE sid = 0", ()),
        ("INSERT INTO note_links VALUES (?, ?, ?, ?)", (BOOK, 0, 0, 0)),
    ],
    13: [
        ("INSERT INTO listening VALUES (?, ?, ?, ?, ?)", (BOOK, 93.5, 240, 18, 12_000.0)),
    ],
}


@contextmanager
def knowing(monkeypatch: pytest.MonkeyPatch, known: dict[int, Migration]) -> Iterator[None]:
    """While inside, opening a library applies only the migrations in `known`."""
    with monkeypatch.context() as patch:
        patch.setattr(migrations, "MIGRATIONS", known)
        yield


def first(count: int) -> dict[int, Migration]:
    return {v: m for v, m in migrations.MIGRATIONS.items() if v <= count}


def raw(home: Path) -> sqlite3.Connection:
    """A plain connection to the library file, that migrates nothing (for looking and seeding)."""
    return sqlite3.connect(database_path(home))


def library_at(home: Path, version: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """The library in `home` at `version`, with the rows of every migration so far in it."""
    assert set(SEEDS) >= set(VERSIONS), "a new migration needs rows in SEEDS, to be upgraded with"
    with knowing(monkeypatch, first(version)):
        connect(home).close()
    conn = raw(home)
    with conn:
        for seeded in range(1, version + 1):
            for sql, values in SEEDS[seeded]:
                conn.execute(sql, values)
    conn.close()


def applied(home: Path) -> list[int]:
    conn = raw(home)
    try:
        return [row[0] for row in conn.execute("SELECT version FROM schema_migrations ORDER BY 1")]
    finally:
        conn.close()


def schema(home: Path) -> list[tuple[str, str, str]]:
    conn = raw(home)
    try:
        return conn.execute(
            "SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' "
            "ORDER BY type, name"
        ).fetchall()
    finally:
        conn.close()


def tables(conn: sqlite3.Connection) -> list[str]:
    return [row[0] for row in conn.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
        "AND name != 'schema_migrations' ORDER BY name")]


def columns(conn: sqlite3.Connection, table: str) -> list[str]:
    return [row[1] for row in conn.execute(f"PRAGMA table_info({table})")]


Contents = dict[str, tuple[list[str], list[tuple[Any, ...]]]]


def contents(home: Path, *, like: Contents | None = None) -> Contents:
    """Every table's columns and rows; with `like`, only the tables and columns `like` has."""
    conn = raw(home)
    try:
        found: Contents = {}
        for table in tables(conn) if like is None else list(like):
            names = columns(conn, table) if like is None else like[table][0]
            listed = ", ".join(names)
            rows = conn.execute(f"SELECT {listed} FROM {table} ORDER BY {listed}").fetchall()
            found[table] = (names, rows)
        return found
    finally:
        conn.close()


def sound(home: Path) -> None:
    """The database file is whole and its rows point where they should."""
    conn = raw(home)
    try:
        assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        assert conn.execute("PRAGMA foreign_key_check").fetchall() == []
    finally:
        conn.close()


@pytest.fixture(scope="module")
def latest_schema(tmp_path_factory: pytest.TempPathFactory) -> list[tuple[str, str, str]]:
    """The schema a blank library is given."""
    home = tmp_path_factory.mktemp("blank-library")
    connect(home).close()
    return schema(home)


def test_a_blank_library_gets_every_migration_once(
    library_home: Path, latest_schema: list[tuple[str, str, str]]
) -> None:
    connect(library_home).close()
    assert applied(library_home) == VERSIONS
    conn = raw(library_home)
    names = dict(conn.execute("SELECT version, name FROM schema_migrations").fetchall())
    stamps = conn.execute("SELECT version, applied_at FROM schema_migrations").fetchall()
    assert names == {v: m.__name__ for v, m in migrations.MIGRATIONS.items()}
    assert {"books", "reading_state", "sentences", "messages", "annotations",
            "conversation_claims"} <= set(tables(conn))
    conn.close()
    assert schema(library_home) == latest_schema
    sound(library_home)
    connect(library_home).close()  # opened again: nothing is applied twice
    conn = raw(library_home)
    assert conn.execute("SELECT version, applied_at FROM schema_migrations").fetchall() == stamps
    conn.close()


@pytest.mark.parametrize("version", VERSIONS[:-1])
def test_a_library_at_an_earlier_version_is_upgraded_keeping_its_rows(
    version: int, library_home: Path, monkeypatch: pytest.MonkeyPatch,
    latest_schema: list[tuple[str, str, str]],
) -> None:
    library_at(library_home, version, monkeypatch)
    assert applied(library_home) == VERSIONS[:version]
    before = contents(library_home)
    assert sum(len(rows) for _, rows in before.values()) >= 3

    connect(library_home).close()

    assert applied(library_home) == VERSIONS
    assert schema(library_home) == latest_schema
    assert contents(library_home, like=before) == before
    _new_columns_hold_their_defaults(library_home, before)
    sound(library_home)


def _new_columns_hold_their_defaults(home: Path, before: Contents) -> None:
    """The rows kept have, in each column added since, the default that column declares."""
    conn = raw(home)
    try:
        for table, (old, rows) in before.items():
            for _, name, _, _, default, _ in conn.execute(f"PRAGMA table_info({table})"):
                if name in old or not rows:
                    continue
                expected = conn.execute(f"SELECT {default or 'NULL'}").fetchone()[0]
                values = {row[0] for row in conn.execute(f"SELECT {name} FROM {table}")}
                assert values == {expected}, (table, name)
    finally:
        conn.close()


def halfway(migration: Migration) -> Migration:
    """`migration`, failing after its first statement (after its whole body if it has one)."""

    def failing(conn: sqlite3.Connection) -> None:
        done = 0

        class Filling:
            def execute(self, *args: Any) -> sqlite3.Cursor:
                nonlocal done
                if done == 1:
                    raise sqlite3.OperationalError("database or disk is full")
                done += 1
                return conn.execute(*args)

            def __getattr__(self, name: str) -> Any:
                return getattr(conn, name)

        migration(Filling())  # type: ignore[arg-type]
        raise sqlite3.OperationalError("database or disk is full")

    failing.__name__ = migration.__name__
    return failing


@pytest.mark.parametrize("broken", VERSIONS)
def test_a_migration_failing_halfway_leaves_the_version_before_and_the_next_start_finishes(
    broken: int, library_home: Path, monkeypatch: pytest.MonkeyPatch,
    latest_schema: list[tuple[str, str, str]],
) -> None:
    library_at(library_home, broken - 1, monkeypatch)
    schema_before, before = schema(library_home), contents(library_home)
    known = {**migrations.MIGRATIONS, broken: halfway(migrations.MIGRATIONS[broken])}

    with knowing(monkeypatch, known), pytest.raises(LibraryError, match="is full"):
        connect(library_home)

    assert applied(library_home) == VERSIONS[: broken - 1]
    assert schema(library_home) == schema_before, "nothing of the broken migration is left"
    assert contents(library_home) == before
    sound(library_home)

    connect(library_home).close()  # the next start, with room on the disk
    assert applied(library_home) == VERSIONS
    assert schema(library_home) == latest_schema
    assert contents(library_home, like=before) == before
    sound(library_home)


KILLED = textwrap.dedent(
    """
    import os, sys
    from pathlib import Path
    from reader_app.store import migrations
    from reader_app.store.db import connect

    version = int(sys.argv[1])
    real = migrations.MIGRATIONS[version]

    def killed(conn):
        real(conn)  # the whole body is written, in the migration's open transaction ...
        os._exit(9)  # ... and the process dies before it commits

    migrations.MIGRATIONS = {**migrations.MIGRATIONS, version: killed}
    connect(Path(sys.argv[2]))
    """
)


@pytest.mark.parametrize("killed", [VERSIONS[0], LATEST])
def test_a_process_killed_inside_a_migration_leaves_the_version_before(
    killed: int, library_home: Path, monkeypatch: pytest.MonkeyPatch,
    latest_schema: list[tuple[str, str, str]],
) -> None:
    library_at(library_home, killed - 1, monkeypatch)
    schema_before, before = schema(library_home), contents(library_home)
    run = subprocess.run(
        [sys.executable, "-c", KILLED, str(killed), str(library_home)],
        cwd=ROOT, capture_output=True, text=True, timeout=120, check=False,
    )
    assert run.returncode == 9, run.stderr

    assert applied(library_home) == VERSIONS[: killed - 1]
    assert schema(library_home) == schema_before
    assert contents(library_home) == before
    sound(library_home)

    connect(library_home).close()
    assert applied(library_home) == VERSIONS
    assert schema(library_home) == latest_schema
    assert contents(library_home, like=before) == before

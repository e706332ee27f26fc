"""Numbered schema migrations, applied once each and recorded; never edit one after release."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable

Migration = Callable[[sqlite3.Connection], None]


def run_script(conn: sqlite3.Connection, sql: str) -> None:
    """Run several statements inside the caller's transaction (executescript would commit)."""
    for statement in _split_sql(sql):
        conn.execute(statement)


def m001_library(conn: sqlite3.Connection) -> None:
    run_script(
        conn,
        """
        CREATE TABLE books (
            book_id       TEXT PRIMARY KEY,          -- SHA-256 of the file's bytes
            path          TEXT NOT NULL,             -- where the file was last seen
            format        TEXT NOT NULL,             -- 'epub' | 'cbz'
            title         TEXT NOT NULL,
            authors       TEXT NOT NULL DEFAULT '',  -- comma-separated, for display and sorting
            language      TEXT NOT NULL DEFAULT '',
            description   TEXT NOT NULL DEFAULT '',
            series_name   TEXT,
            series_index  REAL,
            section_count INTEGER NOT NULL DEFAULT 0,
            char_count    INTEGER NOT NULL DEFAULT 0,
            cover_png     BLOB,                      -- small thumbnail, NULL for a generated cover
            added_at      REAL NOT NULL,
            opened_at     REAL
        );
        CREATE TABLE reading_state (
            book_id          TEXT PRIMARY KEY REFERENCES books(book_id) ON DELETE CASCADE,
            -- first visible character of the page on screen
            section          INTEGER NOT NULL DEFAULT 0,
            block            INTEGER NOT NULL DEFAULT 0,
            char             INTEGER NOT NULL DEFAULT 0,
            progress         REAL NOT NULL DEFAULT 0,
            -- the spoiler boundary: the place just after the last character read going forward;
            -- boundary_section = -1 means nothing has been read yet
            boundary_section INTEGER NOT NULL DEFAULT -1,
            boundary_block   INTEGER NOT NULL DEFAULT 0,
            boundary_char    INTEGER NOT NULL DEFAULT 0,
            finished         INTEGER NOT NULL DEFAULT 0,
            updated_at       REAL NOT NULL
        );
        CREATE TABLE settings (
            key   TEXT PRIMARY KEY,
            value TEXT NOT NULL                      -- JSON
        );
        """
    )


# Version number -> migration. Numbers are permanent; add new ones at the end.
MIGRATIONS: dict[int, Migration] = {
    1: m001_library,
}


def apply_migrations(conn: sqlite3.Connection) -> None:
    """Apply every migration not yet recorded, each in its own transaction."""
    conn.execute(
        "CREATE TABLE IF NOT EXISTS schema_migrations "
        "(version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at REAL NOT NULL)"
    )
    conn.commit()
    applied = {row[0] for row in conn.execute("SELECT version FROM schema_migrations")}
    for version, migration in sorted(MIGRATIONS.items()):
        if version in applied:
            continue
        try:
            conn.execute("BEGIN IMMEDIATE")
            # Another connection may have migrated between our read and the lock.
            if conn.execute(
                "SELECT 1 FROM schema_migrations WHERE version = ?", (version,)
            ).fetchone():
                conn.rollback()
                continue
            migration(conn)
            conn.execute(
                "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)",
                (version, migration.__name__, time.time()),
            )
            conn.commit()
        except BaseException:
            conn.rollback()
            raise


def _split_sql(sql: str) -> list[str]:
    statements: list[str] = []
    buffer = ""
    for line in sql.splitlines(keepends=True):
        buffer += line
        if sqlite3.complete_statement(buffer):
            if buffer.strip():
                statements.append(buffer.strip())
            buffer = ""
    if buffer.strip():
        statements.append(buffer.strip())
    return statements

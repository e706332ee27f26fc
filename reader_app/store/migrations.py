"""Numbered schema migrations, applied once each and recorded; never edit one after release.

This module is the runner and the table of versions; the steps themselves are in `first_steps.py`
(1 to 6) and `later_steps.py` (7 on, where a new one is added).
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable

from reader_app.store.first_steps import (
    m001_library,
    m002_retrieval,
    m003_assistant,
    m004_comics,
    m005_text_unit_versions,
    m006_retrieval_helper_cache,
)
from reader_app.store.later_steps import (
    m007_companion,
    m008_answer_checks,
    m009_annotations,
    m010_character_chat,
    m011_sent_turns,
    m012_story,
    m013_listening,
)

Migration = Callable[[sqlite3.Connection], None]


# Version number -> migration. Numbers are permanent; add new ones at the end.
MIGRATIONS: dict[int, Migration] = {
    1: m001_library,
    2: m002_retrieval,
    3: m003_assistant,
    4: m004_comics,
    5: m005_text_unit_versions,
    6: m006_retrieval_helper_cache,
    7: m007_companion,
    8: m008_answer_checks,
    9: m009_annotations,
    10: m010_character_chat,
    11: m011_sent_turns,
    12: m012_story,
    13: m013_listening,
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

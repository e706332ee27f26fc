"""The first schema: the library and reading state, retrieval's text tables and indexes, the
assistant's conversations, comics (migrations 1 to 6), and `run_script`, which every step uses.

Never edit a step after release: `migrations.py` numbers them and applies each once.
"""

from __future__ import annotations

import sqlite3


def run_script(conn: sqlite3.Connection, sql: str) -> None:
    """Run several statements inside the caller's transaction (executescript would commit)."""
    for statement in _split_sql(sql):
        conn.execute(statement)


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
        """,
    )


def m002_retrieval(conn: sqlite3.Connection) -> None:
    run_script(
        conn,
        """
        -- The canonical text of every book, one row per sentence, sids dense in reading order.
        CREATE TABLE sentences (
            book_id    TEXT NOT NULL REFERENCES books(book_id) ON DELETE CASCADE,
            sid        INTEGER NOT NULL,
            section    INTEGER NOT NULL,
            block      INTEGER NOT NULL,
            char_start INTEGER NOT NULL,
            char_end   INTEGER NOT NULL,             -- exclusive, trailing space not included
            text       TEXT NOT NULL,
            PRIMARY KEY (book_id, sid)
        ) WITHOUT ROWID;
        CREATE INDEX sentences_by_place ON sentences (book_id, section, block, char_end);
        -- Runs of consecutive sentences, chunk ids in reading order: sid_end rises with chunk_id,
        -- so the chunks eligible at a boundary are a prefix [0, c).
        CREATE TABLE chunks (
            book_id     TEXT NOT NULL REFERENCES books(book_id) ON DELETE CASCADE,
            chunk_id    INTEGER NOT NULL,
            sid_start   INTEGER NOT NULL,
            sid_end     INTEGER NOT NULL,            -- inclusive
            section     INTEGER NOT NULL,
            token_count INTEGER NOT NULL,
            PRIMARY KEY (book_id, chunk_id)
        ) WITHOUT ROWID;
        CREATE INDEX chunks_by_sid_end ON chunks (book_id, sid_end);
        -- One row per book whose sentences and chunks are complete (written in one transaction);
        -- text_digest notices when a book's text changes (comic pages gaining OCR text).
        CREATE TABLE text_units (
            book_id        TEXT PRIMARY KEY REFERENCES books(book_id) ON DELETE CASCADE,
            splitter       TEXT NOT NULL,
            text_digest    TEXT NOT NULL,
            sentence_count INTEGER NOT NULL,
            chunk_count    INTEGER NOT NULL,
            fts_table      TEXT NOT NULL,            -- this book's contentless FTS5 table
            built_at       REAL NOT NULL
        );
        -- What the FAISS file of (book, embedding model) holds: chunks [0, indexed_count).
        CREATE TABLE vector_indexes (
            book_id       TEXT NOT NULL REFERENCES books(book_id) ON DELETE CASCADE,
            model_id      TEXT NOT NULL,
            dimension     INTEGER NOT NULL,
            chunk_count   INTEGER NOT NULL,
            indexed_count INTEGER NOT NULL,
            updated_at    REAL NOT NULL,
            PRIMARY KEY (book_id, model_id)
        );
        """,
    )


def m003_assistant(conn: sqlite3.Connection) -> None:
    run_script(
        conn,
        """
        -- Conversations with the assistant, per book; "New conversation" starts another.
        CREATE TABLE conversations (
            conversation_id INTEGER PRIMARY KEY,
            book_id         TEXT NOT NULL REFERENCES books(book_id) ON DELETE CASCADE,
            created_at      REAL NOT NULL,
            updated_at      REAL NOT NULL
        );
        CREATE INDEX conversations_by_book ON conversations (book_id, updated_at);
        CREATE TABLE messages (
            message_id        INTEGER PRIMARY KEY,
            conversation_id   INTEGER NOT NULL
                              REFERENCES conversations(conversation_id) ON DELETE CASCADE,
            role              TEXT NOT NULL CHECK (role IN ('user', 'assistant')),
            text              TEXT NOT NULL,
            boundary_sid      INTEGER NOT NULL,       -- the boundary the message was made at
            -- complete | incomplete (failed mid-answer) | stopped | fallback (Ollama down);
            -- only complete answers go back into prompts as history
            status            TEXT NOT NULL DEFAULT 'complete',
            error             TEXT NOT NULL DEFAULT '',
            reply_to          INTEGER REFERENCES messages(message_id) ON DELETE CASCADE,
            citations         TEXT NOT NULL DEFAULT '[]',  -- JSON: passages used (chunk ids, sids)
            suggestions       TEXT NOT NULL DEFAULT '[]',  -- JSON: follow-up questions offered
            model             TEXT NOT NULL DEFAULT '',
            prepare_ms        REAL,
            first_token_ms    REAL,
            total_ms          REAL,
            prompt_tokens     INTEGER,
            completion_tokens INTEGER,
            created_at        REAL NOT NULL
        );
        CREATE INDEX messages_by_conversation ON messages (conversation_id, message_id);
        -- Summaries of older turns; usable only while the boundary is at or beyond boundary_sid.
        CREATE TABLE conversation_summaries (
            summary_id         INTEGER PRIMARY KEY,
            conversation_id    INTEGER NOT NULL
                               REFERENCES conversations(conversation_id) ON DELETE CASCADE,
            boundary_sid       INTEGER NOT NULL,
            through_message_id INTEGER NOT NULL,      -- the newest message it covers
            text               TEXT NOT NULL,
            created_at         REAL NOT NULL
        );
        -- Query rewrites keyed by SHA-256 of the question and the last four turns.
        CREATE TABLE query_rewrites (
            cache_key     TEXT PRIMARY KEY,
            search_phrase TEXT NOT NULL,
            keywords      TEXT NOT NULL,              -- JSON list
            created_at    REAL NOT NULL
        );
        """,
    )


def m004_comics(conn: sqlite3.Connection) -> None:
    run_script(
        conn,
        """
        -- OCR of comic pages keyed by the SHA-256 of the page image bytes, so no page is read
        -- twice. Raw lines and panels are kept (not ordered blocks): reading order is recomputed
        -- cheaply, e.g. when a comic is switched to right-to-left.
        CREATE TABLE ocr_pages (
            content_hash TEXT NOT NULL,
            engine       TEXT NOT NULL,              -- OCR engine and model version
            width        INTEGER NOT NULL,           -- page size in pixels as stored in the file
            height       INTEGER NOT NULL,
            lines        TEXT NOT NULL,              -- JSON [{text, quad, score}], page pixels
            panels       TEXT NOT NULL,              -- JSON [[left, top, right, bottom]]
            created_at   REAL NOT NULL,
            PRIMARY KEY (content_hash, engine)
        ) WITHOUT ROWID;
        -- Vision-model descriptions of comic pages, also keyed by page content.
        CREATE TABLE page_descriptions (
            content_hash TEXT NOT NULL,
            model        TEXT NOT NULL,
            text         TEXT NOT NULL,
            created_at   REAL NOT NULL,
            PRIMARY KEY (content_hash, model)
        ) WITHOUT ROWID;
        """,
    )


def m005_text_unit_versions(conn: sqlite3.Connection) -> None:
    run_script(
        conn,
        """
        -- How each book's keyword index and chunks were built: the FTS5 tokenizer of its table
        -- and the chunk plan (sizes, overlap). A book built another way is rebuilt when next
        -- prepared; '' (books built before this was recorded) never matches.
        ALTER TABLE text_units ADD COLUMN fts_tokenizer TEXT NOT NULL DEFAULT '';
        ALTER TABLE text_units ADD COLUMN chunk_plan TEXT NOT NULL DEFAULT '';
        """
    )


def m006_retrieval_helper_cache(conn: sqlite3.Connection) -> None:
    run_script(
        conn,
        """
        -- Replies of the chat model's retrieval helpers (a hypothetical passage for a question,
        -- a ranking of scoped candidates), keyed by SHA-256 of everything the call was sent.
        CREATE TABLE retrieval_helper_cache (
            kind       TEXT NOT NULL,                -- 'hypothetical' or 'rank'
            cache_key  TEXT NOT NULL,
            model      TEXT NOT NULL,
            value      TEXT NOT NULL,                -- JSON
            created_at REAL NOT NULL,
            PRIMARY KEY (kind, cache_key, model)
        ) WITHOUT ROWID;
        """
    )

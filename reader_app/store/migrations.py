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


def m007_companion(conn: sqlite3.Connection) -> None:
    run_script(
        conn,
        """
        -- Names found offline in each book (rag/companion/entities.py): forms, mentions and
        -- merges. All of
        -- it is derived from the book's text in one forward pass, so what is in scope at a
        -- boundary is simply the rows at or before it.
        CREATE TABLE entity_builds (
            book_id       TEXT PRIMARY KEY REFERENCES books(book_id) ON DELETE CASCADE,
            extractor     TEXT NOT NULL,
            text_digest   TEXT NOT NULL,
            form_count    INTEGER NOT NULL,
            mention_count INTEGER NOT NULL,
            built_at      REAL NOT NULL
        );
        CREATE TABLE entity_forms (
            book_id   TEXT NOT NULL REFERENCES books(book_id) ON DELETE CASCADE,
            form_id   INTEGER NOT NULL,              -- in order of first appearance
            title     TEXT NOT NULL,                 -- "Mr.", "Lady", ''
            names     TEXT NOT NULL,                 -- space-joined: "Elizabeth Bennet"
            first_sid INTEGER NOT NULL,
            PRIMARY KEY (book_id, form_id)
        ) WITHOUT ROWID;
        CREATE TABLE entity_mentions (
            book_id TEXT NOT NULL REFERENCES books(book_id) ON DELETE CASCADE,
            sid     INTEGER NOT NULL,
            form_id INTEGER NOT NULL,
            section INTEGER NOT NULL,
            block   INTEGER NOT NULL,                -- (section, block): the paragraph
            flags   INTEGER NOT NULL  -- 1 strong, 2 speech, 4 titled, 8 place, 16 "the"
        );
        CREATE INDEX entity_mentions_by_sid ON entity_mentions (book_id, sid);
        CREATE INDEX entity_mentions_by_form ON entity_mentions (book_id, form_id, sid);
        -- form_id is the same character as into_form_id from made_at_sid on; source 'text' for
        -- the offline rules, 'model' for a merge a model proposed from passages at or before it.
        CREATE TABLE entity_links (
            book_id      TEXT NOT NULL REFERENCES books(book_id) ON DELETE CASCADE,
            form_id      INTEGER NOT NULL,
            into_form_id INTEGER NOT NULL,
            made_at_sid  INTEGER NOT NULL,
            rule         TEXT NOT NULL,
            source       TEXT NOT NULL DEFAULT 'text'
        );
        CREATE INDEX entity_links_by_book ON entity_links (book_id, made_at_sid);
        -- Text made from the book for the companion: X-Ray descriptions, chapter summaries,
        -- recaps. made_at_sid is the boundary it was made at: it is shown or sent to a model only
        -- while the boundary is at or beyond it (rag/scope/boundary.py decides).
        CREATE TABLE companion_texts (
            text_id       INTEGER PRIMARY KEY,
            book_id       TEXT NOT NULL REFERENCES books(book_id) ON DELETE CASCADE,
            kind          TEXT NOT NULL,             -- description | chapter | partial | ...
            subject       TEXT NOT NULL,             -- entity key, chapter number, ...
            sid_start     INTEGER NOT NULL,          -- the sentences it was made from
            sid_end       INTEGER NOT NULL,
            made_at_sid   INTEGER NOT NULL,
            mention_count INTEGER NOT NULL DEFAULT 0,  -- descriptions: mentions it had seen
            text          TEXT NOT NULL,
            source        TEXT NOT NULL,             -- model | extract
            model         TEXT NOT NULL DEFAULT '',
            created_at    REAL NOT NULL
        );
        CREATE INDEX companion_texts_by_subject
            ON companion_texts (book_id, kind, subject, made_at_sid);
        """
    )


def m008_answer_checks(conn: sqlite3.Connection) -> None:
    run_script(
        conn,
        """
        -- The spoiler receipt of an answer (rag/assistant/answer_check.py), JSON: {"receipt":
        -- {boundary,
        -- passages}, "flagged": [{text, start, end, sentence, first_sid, first_at}]}; '{}' when
        -- the answer was not checked (made before this migration).
        ALTER TABLE messages ADD COLUMN answer_check TEXT NOT NULL DEFAULT '{}';
        -- 1 while the reader has chosen "Prepare whole comic": the one labelled exception to
        -- the boundary (a vision model may see every page); shown in the panel while on.
        ALTER TABLE reading_state ADD COLUMN whole_comic INTEGER NOT NULL DEFAULT 0;
        """
    )


def m009_annotations(conn: sqlite3.Connection) -> None:
    run_script(
        conn,
        """
        -- The reader's highlights (with notes) and bookmarks, anchored by locators: font and
        -- window changes never move them. A bookmark has start = end.
        CREATE TABLE annotations (
            annotation_id TEXT PRIMARY KEY,      -- made by the app, so writes can go behind
            book_id       TEXT NOT NULL REFERENCES books(book_id) ON DELETE CASCADE,
            kind          TEXT NOT NULL,         -- 'highlight' | 'bookmark'
            start_section INTEGER NOT NULL, start_block INTEGER NOT NULL,
            start_char    INTEGER NOT NULL, end_section INTEGER NOT NULL,
            end_block     INTEGER NOT NULL, end_char INTEGER NOT NULL,
            text          TEXT NOT NULL,         -- the quoted words
            colour        TEXT NOT NULL DEFAULT '',
            note          TEXT NOT NULL DEFAULT '',
            created_at    REAL NOT NULL,
            updated_at    REAL NOT NULL
        );
        CREATE INDEX annotations_by_book ON annotations (book_id, start_section, start_block);
        """
    )


CHARACTER_CHAT = (
    # A conversation with a character (rag/characters/chat.py) is a conversation like the
    # assistant's, tagged with the X-Ray key of the character (rag/companion/xray.py: stable across
    # boundaries) and the name shown for it; NULL for the assistant's own conversations.
    "ALTER TABLE conversations ADD COLUMN character_key INTEGER",
    "ALTER TABLE conversations ADD COLUMN character_name TEXT NOT NULL DEFAULT ''",
    "CREATE INDEX conversations_by_character "
    "ON conversations (book_id, character_key, updated_at)",
    # One message at a time per conversation, across windows and processes: the sender holds
    # the row while the reply streams (rag/assistant/conversation_claims.py). owner is a fresh
    # token per
    # message; a claim of a process that is gone (pid) is stale.
    """CREATE TABLE conversation_claims (
        conversation_id INTEGER PRIMARY KEY
                        REFERENCES conversations(conversation_id) ON DELETE CASCADE,
        owner           TEXT NOT NULL,
        pid             INTEGER NOT NULL,
        claimed_at      REAL NOT NULL
    )""",
)


def m010_character_chat(conn: sqlite3.Connection) -> None:
    for statement in CHARACTER_CHAT:  # inside the caller's transaction
        conn.execute(statement)


def m011_sent_turns(conn: sqlite3.Connection) -> None:
    run_script(
        conn,
        """
        -- What an answer's question was sent to the model as (where the reader was, the
        -- excerpts, the question), so a follow-up sends the earlier turns byte for byte and the
        -- server's prompt cache reads only the new turn; '' before this migration.
        ALTER TABLE messages ADD COLUMN sent_text TEXT NOT NULL DEFAULT '';
        """
    )


def m012_story(conn: sqlite3.Connection) -> None:
    """What counts as the story (rag/index/story.py): a flag on each sentence, and the notes
    tied to the sentence that refers to them. Books are rebuilt by their chunk plan's change."""
    run_script(
        conn,
        """
        ALTER TABLE sentences ADD COLUMN story INTEGER NOT NULL DEFAULT 1;
        -- A note's sentences and the first story sentence that links to it: in scope once that
        -- sentence is read, wherever the note's own text sits.
        CREATE TABLE note_links (
            book_id        TEXT NOT NULL REFERENCES books(book_id) ON DELETE CASCADE,
            note_sid_start INTEGER NOT NULL,
            note_sid_end   INTEGER NOT NULL,         -- inclusive
            ref_sid        INTEGER NOT NULL,
            PRIMARY KEY (book_id, note_sid_start)
        ) WITHOUT ROWID;
        CREATE INDEX note_links_by_ref ON note_links (book_id, ref_sid);
        """,
    )


def m013_listening(conn: sqlite3.Connection) -> None:
    run_script(
        conn,
        """
        -- Read aloud: what was heard in full of each book, kept apart from reading (the reading
        -- speed is measured from the reader's own page turns only).
        CREATE TABLE listening (
            book_id    TEXT PRIMARY KEY REFERENCES books(book_id) ON DELETE CASCADE,
            seconds    REAL NOT NULL DEFAULT 0,      -- time spent speaking those sentences
            words      INTEGER NOT NULL DEFAULT 0,
            sentences  INTEGER NOT NULL DEFAULT 0,
            updated_at REAL NOT NULL
        );
        """,
    )


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

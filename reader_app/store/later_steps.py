"""The schema's later steps: the companion, answer checks, annotations, character chat, the turns
as sent, the story and its notes, listening (migrations 7 on). A new migration is added here.

Never edit a step after release: `migrations.py` numbers them and applies each once.
"""

from __future__ import annotations

import sqlite3

from reader_app.store.first_steps import run_script


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

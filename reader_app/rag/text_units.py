"""The text units of a book built in one go: sentence table, chunks and keyword index."""

from __future__ import annotations

import hashlib
import sqlite3
import time

from reader_app.books.model import Book
from reader_app.books.segment import SPLITTER_VERSION
from reader_app.rag.chunking import build_text_units
from reader_app.rag.sentences import split_book


def text_digest(book: Book) -> str:
    """Changes whenever the text the sentence table is built from changes."""
    digest = hashlib.sha256(SPLITTER_VERSION.encode())
    for section in book.sections:
        for block_index, block in enumerate(section.blocks):
            digest.update(f"\x00{section.index}\x00{block_index}\x00".encode())
            digest.update(block.text.encode())
    return digest.hexdigest()


def ensure_sentences(conn: sqlite3.Connection, book: Book) -> int:
    """Build the sentence table, chunks and keyword index of `book` unless they are current.

    Idempotent; all of it is written in one transaction, so a crash leaves the old state or the
    new one. Returns the number of sentences.
    """
    digest = text_digest(book)
    row = conn.execute(
        "SELECT text_digest, sentence_count FROM text_units WHERE book_id = ?", (book.book_id,)
    ).fetchone()
    if row is not None and row["text_digest"] == digest:
        return int(row["sentence_count"])
    sentences = split_book(book)
    with conn:
        conn.execute("DELETE FROM sentences WHERE book_id = ?", (book.book_id,))
        conn.executemany(
            "INSERT INTO sentences (book_id, sid, section, block, char_start, char_end, text) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            (
                (book.book_id, s.sid, s.section, s.block, s.char_start, s.char_end, s.text)
                for s in sentences
            ),
        )
        chunk_count, fts_table = build_text_units(conn, book.book_id, sentences)
        conn.execute(
            """INSERT INTO text_units (book_id, splitter, text_digest, sentence_count,
                                       chunk_count, fts_table, built_at)
               VALUES (?, ?, ?, ?, ?, ?, ?)
               ON CONFLICT(book_id) DO UPDATE SET splitter = excluded.splitter,
                   text_digest = excluded.text_digest, sentence_count = excluded.sentence_count,
                   chunk_count = excluded.chunk_count, fts_table = excluded.fts_table,
                   built_at = excluded.built_at""",
            (book.book_id, SPLITTER_VERSION, digest, len(sentences), chunk_count, fts_table,
             time.time()),
        )
    return len(sentences)

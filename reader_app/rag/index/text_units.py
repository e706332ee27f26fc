"""A book's text units (sentences, chunks, keyword index): computed first, then short transactions.

Everything slow (splitting, counting, planning, joining chunk texts) happens before the first
write, and the rows go in batches of at most WRITE_BATCH_ROWS, each its own transaction, so a
page turn saving the reading position never waits long behind preparation. The book's
`text_units` row is removed in the first transaction and written in the last: until then every
reader sees the book as "text not ready" (nothing eligible), and a crash halfway leaves no row,
so the next call builds again from scratch.
"""

from __future__ import annotations

import bisect
import hashlib
import re
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import TypeVar

from reader_app.books.model import Book
from reader_app.books.text.language import book_language
from reader_app.books.text.page_breaks import PAGE_BREAKS_VERSION
from reader_app.books.text.segment import SPLITTER_VERSION
from reader_app.rag.index.chunking import (
    CHUNK_PLAN,
    Chunk,
    chunk_plan,
    chunk_text_from,
    plan_chunks,
    text_units_current,
)
from reader_app.rag.index.indexes import (
    add_to_keyword_index,
    create_keyword_index,
    fts_table_name,
)
from reader_app.rag.index.keywords import analyzer_for, keyword_scheme
from reader_app.rag.index.sentences import Sentence, split_book
from reader_app.rag.index.story import NoteLink, note_links, write_note_links
from reader_app.store.file_lock import library_lock

# About 10-20 ms of SQLite work per transaction on a laptop: short enough that another writer
# (the reading position) waits at most that long.
WRITE_BATCH_ROWS = 1000
# FTS5 rows cost more than plain rows (every word is a posting): fewer per transaction.
FTS_BATCH_ROWS = 250

# Words and single punctuation marks: within ~7% of the WordPiece count on English prose (War
# and Peace: 686,035 against 731,739) at a twentieth of the cost (0.13 s against 2.3 s).
_APPROXIMATE_TOKEN = re.compile(r"\w+|[^\w\s]")


def text_digest(book: Book) -> str:
    """Changes whenever the text the sentence table is built from changes."""
    digest = hashlib.sha256(SPLITTER_VERSION.encode())
    if book.format == "pdf":  # its sentences run on over its page breaks
        digest.update(PAGE_BREAKS_VERSION.encode())
    for section in book.sections:
        for block_index, block in enumerate(section.blocks):
            digest.update(f"\x00{section.index}\x00{block_index}\x00".encode())
            digest.update(block.text.encode())
    return digest.hexdigest()


def approximate_token_counts(texts: Sequence[str]) -> list[int]:
    """Roughly how many tokens the embedding model makes of each text.

    Chunk planning only needs sizes near its target (about 100 tokens); exact counts would cost
    most of the preparation time. A chunk that comes out a little over the model's limit loses
    its last words from its vector only: the keyword index still holds all of its text.
    """
    return [len(_APPROXIMATE_TOKEN.findall(text)) for text in texts]


@dataclass(frozen=True, slots=True)
class TextUnits:
    """What preparation computes for a book before writing any of it."""

    digest: str
    sentences: tuple[Sentence, ...]
    chunks: tuple[Chunk, ...]
    chunk_texts: tuple[str, ...]
    notes: tuple[NoteLink, ...] = ()
    keyword_scheme: str = keyword_scheme("en")
    # What the keyword table holds for each chunk: its text (porter) or its stems.
    keyword_texts: tuple[str, ...] | None = None
    plan: str = CHUNK_PLAN  # how the chunks were planned (chunking.chunk_plan)

    @property
    def indexed_texts(self) -> tuple[str, ...]:
        return self.chunk_texts if self.keyword_texts is None else self.keyword_texts


def compute_text_units(book: Book) -> TextUnits:
    """Sentences, chunks and chunk texts of `book`: pure computation, no database.

    Only the story is chunked (rag/index/story.py); each note a story sentence refers to is
    chunked on its own, so the boundary can admit it with the sentence that refers to it."""
    sentences = split_book(book)
    outside = frozenset((s.section, s.block) for s in sentences if not s.story)
    notes = note_links(book, sentences, outside)
    counts = approximate_token_counts([s.text for s in sentences])
    chunks = plan_chunks(sentences, counts, groups=_chunk_groups(book, sentences, notes))
    texts = tuple(chunk_text_from(sentences, c) for c in chunks)
    scheme = book_keyword_scheme(book)
    analyzer = analyzer_for(scheme, [s.text for s in sentences])
    return TextUnits(
        digest=text_digest(book),
        sentences=tuple(sentences),
        chunks=tuple(chunks),
        chunk_texts=texts,
        notes=tuple(notes),
        keyword_scheme=scheme,
        keyword_texts=None if analyzer is None else tuple(map(analyzer.index_text, texts)),
        plan=chunk_plan(book.format),
    )


def book_keyword_scheme(book: Book) -> str:
    """How the keyword table of `book` is built: by the language it is written in."""
    return keyword_scheme(book_language(book).code)


def _chunk_groups(
    book: Book, sentences: Sequence[Sentence], notes: Sequence[NoteLink]
) -> list[tuple[str, int] | None]:
    """The unit each sentence is chunked in: its section (a paged book's chapter: its sections
    are pages, which cut a scene, a paragraph and even a sentence anywhere), its note, or none
    (not the story)."""
    unit = _chapter_of_page(book) if book.format == "pdf" else None
    groups: list[tuple[str, int] | None] = [
        (("chapter", unit(s.section)) if unit else ("section", s.section)) if s.story else None
        for s in sentences
    ]
    for note in notes:
        for sid in range(note.note_sid_start, note.note_sid_end + 1):
            if groups[sid] is not None:
                groups[sid] = ("note", note.note_sid_start)
    return groups


def _chapter_of_page(book: Book) -> Callable[[int], int]:
    """Page -> the number of contents entries that start at or before it (0 before the first)."""
    starts = sorted({e.target.section for top in book.toc for _, e in top.walk()})
    return lambda page: bisect.bisect_right(starts, page)


class _BookLocks:
    """One lock per book, so two threads of this process never interleave one book's batches."""

    def __init__(self) -> None:
        self._guard = threading.Lock()
        self._locks: dict[str, threading.Lock] = {}

    def __call__(self, book_id: str) -> threading.Lock:
        with self._guard:
            return self._locks.setdefault(book_id, threading.Lock())


_book_lock = _BookLocks()


def stored_digest(
    conn: sqlite3.Connection, book_id: str, *, scheme: str = keyword_scheme("en"),
    plan: str = CHUNK_PLAN,
) -> tuple[str, int] | None:
    row = conn.execute(
        "SELECT text_digest, sentence_count, fts_tokenizer, chunk_plan FROM text_units "
        "WHERE book_id = ?",
        (book_id,),
    ).fetchone()
    if row is None or not text_units_current(row, scheme=scheme, plan=plan):  # not today's
        return None
    return (str(row["text_digest"]), int(row["sentence_count"]))


def ensure_sentences(conn: sqlite3.Connection, book: Book) -> int:
    """Build the sentence table, chunks and keyword index of `book` unless they are current.

    Idempotent. Returns the number of sentences. Run it off the UI thread.
    """
    digest = text_digest(book)
    scheme = book_keyword_scheme(book)
    plan = chunk_plan(book.format)
    if _pages_without_words(book):
        # The window's copy of a PDF is its pages as pictures: the text the preparation read
        # from its text layer (or its OCR) stands, never replaced by no text at all.
        row = conn.execute("SELECT sentence_count FROM text_units WHERE book_id = ?",
                           (book.book_id,)).fetchone()
        if row is not None:
            return int(row[0])
    stored = stored_digest(conn, book.book_id, scheme=scheme, plan=plan)
    if stored is not None and stored[0] == digest:
        return stored[1]
    # One builder at a time: threads of this process, then every process of the library.
    with _book_lock(book.book_id), library_lock(conn, "text"):
        # another builder may have just built it
        stored = stored_digest(conn, book.book_id, scheme=scheme, plan=plan)
        if stored is not None and stored[0] == digest:
            return stored[1]
        units = compute_text_units(book)
        write_text_units(conn, book.book_id, units)
    return len(units.sentences)


def _pages_without_words(book: Book) -> bool:
    """A PDF as the window opened it, before its text layer is read (pdf_text.readable_book)."""
    return book.format == "pdf" and not any(
        block.text.strip() for section in book.sections for block in section.blocks)


def write_text_units(conn: sqlite3.Connection, book_id: str, units: TextUnits) -> None:
    """Replace the book's stored text with `units` in short transactions (see the module doc)."""
    with conn:
        # Any dense index of the book is stale: its chunk ids no longer mean the same text.
        conn.execute("DELETE FROM text_units WHERE book_id = ?", (book_id,))
        conn.execute("DELETE FROM vector_indexes WHERE book_id = ?", (book_id,))
        create_keyword_index(conn, book_id, (), scheme=units.keyword_scheme)
    _delete_in_batches(conn, "sentences", "sid", book_id)
    _delete_in_batches(conn, "chunks", "chunk_id", book_id)
    for sentence_batch in _batches(units.sentences, WRITE_BATCH_ROWS):
        with conn:
            conn.executemany(
                "INSERT OR REPLACE INTO sentences "
                "(book_id, sid, section, block, char_start, char_end, text, story) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                [(book_id, s.sid, s.section, s.block, s.char_start, s.char_end, s.text,
                  int(s.story)) for s in sentence_batch],
            )
    for chunk_batch in _batches(units.chunks, WRITE_BATCH_ROWS):
        with conn:
            conn.executemany(
                "INSERT OR REPLACE INTO chunks "
                "(book_id, chunk_id, sid_start, sid_end, section, token_count) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                [(book_id, c.chunk_id, c.sid_start, c.sid_end, c.section, c.token_count)
                 for c in chunk_batch],
            )
    for number, text_batch in enumerate(_batches(units.indexed_texts, FTS_BATCH_ROWS)):
        with conn:
            add_to_keyword_index(
                conn, book_id, first_rowid=number * FTS_BATCH_ROWS, texts=text_batch
            )
    with conn:
        write_note_links(conn, book_id, units.notes)
        conn.execute(
            """INSERT INTO text_units (book_id, splitter, text_digest, sentence_count,
                                       chunk_count, fts_table, built_at, fts_tokenizer,
                                       chunk_plan)
               VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
               ON CONFLICT(book_id) DO UPDATE SET splitter = excluded.splitter,
                   text_digest = excluded.text_digest, sentence_count = excluded.sentence_count,
                   chunk_count = excluded.chunk_count, fts_table = excluded.fts_table,
                   built_at = excluded.built_at, fts_tokenizer = excluded.fts_tokenizer,
                   chunk_plan = excluded.chunk_plan""",
            (book_id, SPLITTER_VERSION, units.digest, len(units.sentences), len(units.chunks),
             fts_table_name(book_id), time.time(), units.keyword_scheme, units.plan),
        )


def _delete_in_batches(conn: sqlite3.Connection, table: str, key: str, book_id: str) -> None:
    """Delete a book's rows of `table` a batch of keys at a time (the key leads its index)."""
    while True:
        with conn:
            row = conn.execute(
                f"SELECT {key} FROM {table} WHERE book_id = ? ORDER BY {key} LIMIT 1 OFFSET ?",
                (book_id, WRITE_BATCH_ROWS),
            ).fetchone()
            if row is None:
                conn.execute(f"DELETE FROM {table} WHERE book_id = ?", (book_id,))
                return
            conn.execute(
                f"DELETE FROM {table} WHERE book_id = ? AND {key} < ?", (book_id, int(row[0]))
            )


_Item = TypeVar("_Item")


def _batches(items: Sequence[_Item], size: int) -> Iterator[Sequence[_Item]]:
    for start in range(0, len(items), size):
        yield items[start : start + size]

"""Chunk plans (overlapping windows) and the recorded tokenizer and plan that trigger a rebuild."""

from __future__ import annotations

import itertools
from pathlib import Path

from reader_app.books.shelf.library import Library
from reader_app.rag.index.chunking import CHUNK_PLAN, chunk_plan, chunks_of, plan_chunks
from reader_app.rag.index.indexer import index_book, index_status
from reader_app.rag.index.indexes import FTS_TOKENIZER, fts_table_name, keyword_search
from reader_app.rag.index.sentences import Sentence
from reader_app.rag.index.text_units import ensure_sentences
from reader_app.store.db import connect
from tests.fakes.embedders import HashEmbedder
from tests.unit.rag.markerbooks import as_pdf, marker_book


def _sentences(sections: list[int]) -> list[Sentence]:
    return [Sentence(sid, section, sid, 0, 5, f"s{sid}") for sid, section in enumerate(sections)]


def test_windows_overlap_stay_in_their_section_and_end_in_rising_order() -> None:
    sentences = _sentences([0] * 10 + [1] * 6)
    chunks = plan_chunks(sentences, [20] * 16, target_tokens=100, stride_tokens=40)

    assert [(c.sid_start, c.sid_end) for c in chunks] == [
        (0, 4), (2, 6), (4, 8), (6, 9), (10, 14), (12, 15),
    ]
    assert all(a.sid_end < b.sid_end for a, b in itertools.pairwise(chunks))
    assert all({s.section for s in sentences[c.sid_start : c.sid_end + 1]} == {c.section}
               for c in chunks)
    covered = {sid for c in chunks for sid in range(c.sid_start, c.sid_end + 1)}
    assert covered == set(range(16))


def test_without_a_stride_chunks_run_end_to_end() -> None:
    chunks = plan_chunks(_sentences([0] * 10), [20] * 10, target_tokens=100, stride_tokens=None)
    assert [(c.sid_start, c.sid_end) for c in chunks] == [(0, 4), (5, 9)]


def test_a_sentence_longer_than_the_stride_still_moves_the_window_on() -> None:
    chunks = plan_chunks(_sentences([0] * 4), [300, 10, 10, 10], stride_tokens=50)
    assert [c.sid_start for c in chunks] == [0, 1]
    assert chunks[-1].sid_end == 3


def test_a_pdfs_windows_run_on_across_its_pages_within_a_chapter(library_home: Path) -> None:
    # A page ends anywhere in a scene (or a sentence): windows cut at every page end left the
    # PDF's passages short of what its EPUB's held (dev set recall 0.59 against 0.69).
    conn = connect(library_home)
    generated = as_pdf(marker_book(sections=4, blocks_per_section=3), chapters=(0, 2))
    Library(conn, library_home).add(generated.book)
    ensure_sentences(conn, generated.book)
    book_id = generated.book.book_id
    page = {s.index: s.section for s in generated.sentences}
    chunks = chunks_of(conn, book_id, 0, 10_000)

    assert any(page[c.sid_start] != page[c.sid_end] for c in chunks)  # across a page
    assert all(page[c.sid_start] // 2 == page[c.sid_end] // 2 for c in chunks)  # not a chapter
    # Each records where its chapter begins: search widens and merges within it.
    assert [c.section for c in chunks] == [page[c.sid_start] // 2 * 2 for c in chunks]
    row = conn.execute("SELECT chunk_plan FROM text_units WHERE book_id = ?", (book_id,))
    assert row.fetchone()[0] == chunk_plan("pdf") != CHUNK_PLAN  # a PDF prepared before: rebuilt


def test_a_book_built_with_another_tokenizer_or_plan_is_rebuilt(library_home: Path) -> None:
    conn = connect(library_home)
    generated = marker_book(sections=2, blocks_per_section=4)
    Library(conn, library_home).add(generated.book)
    ensure_sentences(conn, generated.book)
    book_id = generated.book.book_id
    embedder = HashEmbedder()
    index_book(conn, library_home, generated.book, embedder=embedder)
    row = conn.execute(
        "SELECT fts_tokenizer, chunk_plan FROM text_units WHERE book_id = ?", (book_id,)
    ).fetchone()
    assert tuple(row) == (FTS_TOKENIZER, CHUNK_PLAN)
    table = fts_table_name(book_id)

    # As an older build left it: a table without diacritic folding, nothing recorded.
    with conn:
        conn.execute(f"DROP TABLE {table}")
        conn.execute(f"CREATE VIRTUAL TABLE {table} USING fts5(text, content='', "
                     "tokenize='unicode61 remove_diacritics 0')")
        conn.execute("UPDATE text_units SET fts_tokenizer = '', chunk_plan = '' "
                     "WHERE book_id = ?", (book_id,))
    assert keyword_search(conn, table, "lantern", chunk_limit=1000, limit=5) == []

    ensure_sentences(conn, generated.book)

    sql = conn.execute("SELECT sql FROM sqlite_master WHERE name = ?", (table,)).fetchone()[0]
    assert FTS_TOKENIZER in sql
    assert keyword_search(conn, table, "lantern", chunk_limit=1000, limit=5)
    row = conn.execute(
        "SELECT fts_tokenizer, chunk_plan FROM text_units WHERE book_id = ?", (book_id,)
    ).fetchone()
    assert tuple(row) == (FTS_TOKENIZER, CHUNK_PLAN)
    # The dense index described the old chunks: it is stale and gets rebuilt.
    assert index_status(conn, library_home, book_id, embedder.model_id).chunks_indexed == 0
    assert chunks_of(conn, book_id, 0, 10_000)


def test_accents_fold_and_words_stem_in_the_keyword_index(library_home: Path) -> None:
    conn = connect(library_home)
    with conn:
        from reader_app.rag.index.indexes import create_keyword_index

        table = create_keyword_index(conn, "book", ["Natásha was dancing.", "Pierre sat."])
    assert [i for i, _ in keyword_search(conn, table, "Natasha dances",
                                         chunk_limit=2, limit=5)] == [0]


def test_a_pdf_given_without_its_text_layer_keeps_the_text_its_preparation_read(
    library_home: Path, tmp_path: Path
) -> None:
    """The window's copy of a PDF is its pages as pictures; the companion and the checks call
    ensure_sentences with it. It once replaced the text layer's sentences with none: a question
    then found the reader had read nothing."""
    from reader_app.books.opening.formats import read_book
    from reader_app.books.opening.pdf_text import readable_book
    from tests.e2e.test_pdf_companion import STORY
    from tests.unit.books.pdfgen import write_pdf

    book = read_book(write_pdf(tmp_path / "dragon.pdf", STORY))
    conn = connect(library_home)
    Library(conn, library_home).add(book)
    assert ensure_sentences(conn, book) == 0  # nothing read from it yet: nothing to keep
    read = ensure_sentences(conn, readable_book(book))
    assert read > 0
    assert ensure_sentences(conn, book) == read
    assert conn.execute("SELECT COUNT(*) FROM sentences WHERE book_id = ?",
                        (book.book_id,)).fetchone()[0] == read
    conn.close()

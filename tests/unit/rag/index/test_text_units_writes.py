"""Text preparation: linear in the input, written in short transactions, safe to interrupt."""

from __future__ import annotations

import hashlib
import random
import time
from pathlib import Path

import pytest

from reader_app.books.model import Block, BlockKind, Book, Metadata, Section
from reader_app.books.shelf.library import Library
from reader_app.rag.index import text_units
from reader_app.rag.index.chunking import chunk_count
from reader_app.rag.index.sentences import sentence_count, sentences_between
from reader_app.rag.index.text_units import (
    WRITE_BATCH_ROWS,
    approximate_token_counts,
    compute_text_units,
    ensure_sentences,
)
from reader_app.store.db import connect
from tests.unit.rag.markerbooks import marker_book

_SAMPLE = (
    "the prince said that he would go to Moscow with Mr. Darcy before winter and she "
    "answered nothing but looked at the old count who was smiling e.g. at his daughter"
)
_WORDS = _SAMPLE.split()


def _prose(size: int, *, seed: int) -> str:
    """About `size` characters of sentences, with honorifics and abbreviations in them."""
    rng = random.Random(seed)
    words: list[str] = []
    length = 0
    while length < size:
        word = rng.choice(_WORDS)
        if rng.random() < 0.08:
            word += rng.choice(".!?")
        words.append(word)
        length += len(word) + 1
    return " ".join(words)


def _book(name: str, blocks: list[str]) -> Book:
    return Book(
        book_id=hashlib.sha256(name.encode()).hexdigest(),
        path=Path(f"/nonexistent/{name}.epub"),
        format="epub",
        metadata=Metadata(title=name),
        sections=(
            Section(0, "c.xhtml", "Chapter", tuple(Block(BlockKind.PARAGRAPH, b) for b in blocks)),
        ),
        toc=(),
        cover=None,
        load_resource=lambda name: b"",
    )


def _seconds(book: Book) -> float:
    best = float("inf")
    for _ in range(2):
        started = time.perf_counter()
        units = compute_text_units(book)
        best = min(best, time.perf_counter() - started)
        assert units.chunks
    return best


def test_one_huge_paragraph_or_thousands_of_lines_take_about_as_long_as_a_chapter() -> None:
    size = 1_000_000
    text = _prose(size, seed=7)
    # A normal chapter of the same size: paragraphs of about 600 characters.
    paragraphs = [text[i : i + 600] for i in range(0, len(text), 600)]
    normal = _seconds(_book("normal", paragraphs))
    one_paragraph = _seconds(_book("one paragraph", [text]))
    lines = [text[i : i + 50] for i in range(0, 20_000 * 50, 50)]
    br_lines = _seconds(_book("br lines", ["\n".join(lines)]))
    # Quadratic splitting took minutes here; linear work stays within a small factor.
    budget = 5 * normal + 1.0
    assert one_paragraph < budget, (one_paragraph, normal)
    assert br_lines < budget, (br_lines, normal)


def test_a_long_run_of_punctuation_is_not_quadratic() -> None:
    started = time.perf_counter()
    compute_text_units(_book("dots", ["x" + "." * 500_000 + "y and " + "!?" * 100_000]))
    assert time.perf_counter() - started < 5.0


def test_approximate_token_counts_are_close_to_words_and_marks() -> None:
    assert approximate_token_counts(["Mr. Darcy bowed.", "", "Natásha, come!"]) == [5, 0, 4]


def test_every_write_transaction_is_bounded(tmp_path: Path) -> None:
    marker = marker_book(sections=6, blocks_per_section=60, sentences_per_block=8)
    conn = connect(tmp_path)
    Library(conn, tmp_path).add(marker.book)
    statements: list[str] = []
    conn.set_trace_callback(statements.append)
    ensure_sentences(conn, marker.book)
    conn.set_trace_callback(None)
    rows_in_transaction, largest = 0, 0
    for statement in statements:
        if statement.startswith("BEGIN"):
            rows_in_transaction = 0
        elif statement.startswith("INSERT"):
            rows_in_transaction += 1
            largest = max(largest, rows_in_transaction)
    assert len(marker.sentences) > 2 * WRITE_BATCH_ROWS  # so there must be several batches
    assert largest <= WRITE_BATCH_ROWS
    assert sentence_count(conn, marker.book.book_id) == len(marker.sentences)


def test_an_interrupted_build_is_not_ready_and_the_next_call_builds_it_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    marker = marker_book(sections=4, blocks_per_section=40, sentences_per_block=6)
    conn = connect(tmp_path)
    Library(conn, tmp_path).add(marker.book)
    real_add = text_units.add_to_keyword_index
    calls = []

    def crash_on_second_batch(*args: object, **kwargs: object) -> None:
        calls.append(1)
        if len(calls) == 2:
            raise KeyboardInterrupt  # stands in for a crash or a kill
        real_add(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(text_units, "add_to_keyword_index", crash_on_second_batch)
    monkeypatch.setattr(text_units, "FTS_BATCH_ROWS", 10)
    with pytest.raises(KeyboardInterrupt):
        ensure_sentences(conn, marker.book)
    # Half written: nothing is eligible, so nothing half-built can be searched.
    assert sentence_count(conn, marker.book.book_id) == 0
    assert chunk_count(conn, marker.book.book_id) == 0

    monkeypatch.setattr(text_units, "add_to_keyword_index", real_add)
    assert ensure_sentences(conn, marker.book) == len(marker.sentences)
    stored = sentences_between(conn, marker.book.book_id, 0, len(marker.sentences))
    assert [s.text for s in stored] == [p.text for p in marker.sentences]
    table = conn.execute(
        "SELECT fts_table FROM text_units WHERE book_id = ?", (marker.book.book_id,)
    ).fetchone()[0]
    indexed = conn.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0]
    assert indexed == chunk_count(conn, marker.book.book_id)

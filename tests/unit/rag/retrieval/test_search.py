"""Hybrid search results: reading order, where-the-reader-is text, citations, budget, fusion."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

import pytest

from reader_app.books.model import Locator
from reader_app.books.shelf.library import Library
from reader_app.rag.index.indexer import index_book
from reader_app.rag.index.indexes import keyword_query
from reader_app.rag.retrieval.passages import READER_CONTEXT_SENTENCES
from reader_app.rag.retrieval.search import (
    AGREED_NEIGHBOURS,
    DEFAULT_CANDIDATES,
    SINGLE_LIST_NEIGHBOURS,
    UNLIMITED_TOKENS,
    WHOLE_PASSAGE_NEIGHBOURS,
    SearchStages,
    search,
)
from reader_app.rag.scope.boundary import scope_for_book
from reader_app.store.db import connect
from tests.fakes.embedders import HashEmbedder
from tests.unit.rag.markerbooks import MarkerBook, as_pdf, marker_book, markers_in

EMBEDDER = HashEmbedder()


def indexed(home: Path) -> tuple[MarkerBook, Library]:
    generated = marker_book(sections=4, blocks_per_section=6)
    library = Library(connect(home), home)
    library.add(generated.book)
    index_book(library.conn, home, generated.book, embedder=EMBEDDER)
    return generated, library


def test_passages_come_back_in_reading_order_with_places_to_jump_to(library_home: Path) -> None:
    generated, library = indexed(library_home)
    library.mark_finished(generated.book.book_id, generated.book.end_locator())
    scope = scope_for_book(library.conn, generated.book.book_id)

    result = search(library.conn, library_home, scope, "lantern river gate late", k=8,
                    embedder=EMBEDDER)

    # Overlapping or touching hits are joined into one passage: at most 8, no sentence twice.
    assert 1 <= len(result.passages) <= 8
    assert all(
        a.sid_end < b.sid_start for a, b in itertools.pairwise(result.passages)
    )
    for passage in result.passages:
        first = generated.sentences[passage.sid_start]
        assert passage.locator == Locator(first.section, first.block, first.char_start)
        assert passage.text.startswith(first.text)
        assert passage.section == first.section


def test_recent_text_is_what_follows_the_last_eligible_chunk_and_the_page_just_read(
    library_home: Path,
) -> None:
    generated, library = indexed(library_home)
    book_id = generated.book.book_id
    for sentence in generated.sentences[::5]:
        library.set_boundary(book_id, Locator(sentence.section, sentence.block, sentence.char_end))
        scope = scope_for_book(library.conn, book_id)
        assert scope.boundary_sid == sentence.index

        result = search(library.conn, library_home, scope, "anything", embedder=EMBEDDER)

        row = library.conn.execute(
            "SELECT MAX(sid_end) FROM chunks WHERE book_id = ? AND sid_end <= ?",
            (book_id, sentence.index),
        ).fetchone()
        after_chunks = -1 if row[0] is None else int(row[0])
        page_start = max(sentence.index - READER_CONTEXT_SENTENCES + 1, 0)
        expected_start = min(after_chunks + 1, page_start)
        assert result.recent is not None
        assert (result.recent.sid_start, result.recent.sid_end) == (expected_start, sentence.index)
        recent = [index for _, index in markers_in(result.recent.text)]
        assert recent == list(range(expected_start, sentence.index + 1))
        assert result.recent.text.endswith(sentence.text)


def test_a_rare_word_is_found_by_keyword_even_when_the_vectors_disagree(
    library_home: Path,
) -> None:
    generated, library = indexed(library_home)
    book_id = generated.book.book_id
    library.mark_finished(book_id, generated.book.end_locator())
    scope = scope_for_book(library.conn, book_id)
    target = generated.sentences[30]

    result = search(library.conn, library_home, scope, f"tell me about {target.marker}", k=1,
                    embedder=HashEmbedder(dimension=2, model_id="test/hash-embedder"))

    assert target.marker in result.passages[0].text


def test_a_small_token_budget_keeps_only_the_best_passage(library_home: Path) -> None:
    generated, library = indexed(library_home)
    library.mark_finished(generated.book.book_id, generated.book.end_locator())
    scope = scope_for_book(library.conn, generated.book.book_id)
    target = generated.sentences[12]

    result = search(library.conn, library_home, scope, target.marker, k=6, token_budget=10,
                    embedder=EMBEDDER)

    assert len(result.passages) == 1
    assert target.marker in result.passages[0].text


def test_passages_asked_for_whole_get_three_sentences_each_side_and_a_budget_more_for_agreed_hits(
    library_home: Path,
) -> None:
    generated, library = indexed(library_home)
    book_id = generated.book.book_id
    library.mark_finished(book_id, generated.book.end_locator())
    scope = scope_for_book(library.conn, book_id)
    section = [s.index for s in generated.sentences if s.section == 1]
    target = generated.sentences[section[len(section) // 2]]  # room on both sides

    def span_of(**options: Any) -> tuple[int, int]:
        result = search(library.conn, library_home, scope, target.marker, k=1,
                        embedder=EMBEDDER, **options)
        return result.passages[0].sid_start, result.passages[0].sid_end

    # The book is shorter than the dense list, so every window is in it: the best hit, which
    # the keyword search finds by its marker, is one both rankings found.
    chunks = library.conn.execute(
        "SELECT COUNT(*) FROM chunks WHERE book_id = ?", (book_id,)
    ).fetchone()[0]
    assert chunks < DEFAULT_CANDIDATES
    hit = span_of(token_budget=UNLIMITED_TOKENS, stages=SearchStages(neighbours=0))
    agreed = span_of()
    whole = span_of(token_budget=UNLIMITED_TOKENS)
    keyword_only = SearchStages(dense=False)
    keyword_hit = span_of(token_budget=UNLIMITED_TOKENS,
                          stages=SearchStages(dense=False, neighbours=0))
    single = span_of(stages=keyword_only)  # one ranking only: every hit found by one

    assert hit[0] <= target.index <= hit[1]
    assert section[0] <= min(hit[0], keyword_hit[0]) - WHOLE_PASSAGE_NEIGHBOURS
    assert max(hit[1], keyword_hit[1]) + WHOLE_PASSAGE_NEIGHBOURS <= section[-1]
    assert whole == (hit[0] - WHOLE_PASSAGE_NEIGHBOURS, hit[1] + WHOLE_PASSAGE_NEIGHBOURS)
    assert agreed == (hit[0] - AGREED_NEIGHBOURS, hit[1] + AGREED_NEIGHBOURS)
    assert single == (keyword_hit[0] - SINGLE_LIST_NEIGHBOURS,
                      keyword_hit[1] + SINGLE_LIST_NEIGHBOURS)
    assert AGREED_NEIGHBOURS > SINGLE_LIST_NEIGHBOURS


def test_a_pdfs_passage_runs_on_to_the_next_page_of_its_chapter_and_no_further(
    library_home: Path,
) -> None:
    generated = as_pdf(marker_book(sections=4, blocks_per_section=3), chapters=(0, 2))
    library = Library(connect(library_home), library_home)
    library.add(generated.book)
    index_book(library.conn, library_home, generated.book, embedder=EMBEDDER)
    library.mark_finished(generated.book.book_id, generated.book.end_locator())
    scope = scope_for_book(library.conn, generated.book.book_id)
    last_of = {s.section: s for s in generated.sentences}  # each page's last sentence

    def passage_for(marker: str) -> tuple[int, int]:
        found = search(library.conn, library_home, scope, marker, k=1, embedder=EMBEDDER,
                       token_budget=UNLIMITED_TOKENS, stages=SearchStages(dense=False))
        return found.passages[0].sid_start, found.passages[0].sid_end

    # The foot of page 1 goes on at the head of page 2, in the same chapter; page 2 ends the
    # chapter, and the next one's first page is not the same scene.
    assert passage_for(last_of[0].marker)[1] > last_of[0].index
    assert passage_for(last_of[1].marker)[1] == last_of[1].index
    assert passage_for(generated.sentences[last_of[1].index + 1].marker)[0] == last_of[1].index + 1


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("Who is Mr. Darcy?", '"mr" OR "darcy"'),
        ('title:"x" OR NEAR(a b) *', '"title" OR "x" OR "near" OR "b"'),
        ("the of and", '"the" OR "of" OR "and"'),
        ("?!", None),
    ],
)
def test_keyword_queries_are_quoted_terms_so_operators_mean_nothing(
    query: str, expected: str | None
) -> None:
    assert keyword_query(query) == expected

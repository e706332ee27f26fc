"""Spans to passages within the token budget: a long span is cut around its best hit, not lost."""

from __future__ import annotations

from pathlib import Path

from reader_app.books.shelf.library import Library
from reader_app.rag.index.sentences import sentences_between
from reader_app.rag.index.text_units import ensure_sentences
from reader_app.rag.retrieval.passages import Span, approximate_tokens, passages_within
from reader_app.store.db import connect
from tests.unit.rag.markerbooks import MarkerBook, marker_book


def prepared(home: Path, *, sections: int = 2, blocks: int = 12) -> tuple[MarkerBook, Library]:
    generated = marker_book(sections=sections, blocks_per_section=blocks)
    library = Library(connect(home), home)
    library.add(generated.book)
    ensure_sentences(library.conn, generated.book)
    return generated, library


def cost(library: Library, book_id: str, start: int, end: int) -> int:
    return sum(approximate_tokens(s.text) + 1
               for s in sentences_between(library.conn, book_id, start, end))


def test_a_span_too_long_for_what_is_left_keeps_its_best_hit_widened_to_fit(
    library_home: Path,
) -> None:
    generated, library = prepared(library_home)
    book_id = generated.book.book_id
    first = Span(book_id, 0, 0, 0, 3, 1.0, 0, 3)
    section = [s.index for s in generated.sentences if s.section == 1]
    core = (section[10], section[12])
    long = Span(book_id, 1, 5, section[0], section[-1], 0.5, *core)
    budget = cost(library, book_id, 0, 3) + cost(library, book_id, *core) + 40

    passages = passages_within(library.conn, [first, long], budget)

    assert len(passages) == 2
    cut = passages[1]
    # The best hit is whole, widened on both sides, and the span no longer runs end to end.
    assert cut.sid_start < core[0] and core[1] < cut.sid_end
    assert (cut.sid_start, cut.sid_end) != (section[0], section[-1])
    assert sum(approximate_tokens(p.text) for p in passages) <= budget
    assert generated.sentences[core[0]].text in cut.text
    assert generated.sentences[core[1]].text in cut.text


def test_a_span_whose_best_hit_alone_does_not_fit_is_left_out_and_the_first_is_always_kept(
    library_home: Path,
) -> None:
    generated, library = prepared(library_home)
    book_id = generated.book.book_id
    section = [s.index for s in generated.sentences if s.section == 1]
    first = Span(book_id, 0, 0, 0, 20, 1.0, 0, 20)
    second = Span(book_id, 1, 5, section[0], section[-1], 0.5, section[0], section[-1])

    passages = passages_within(library.conn, [first, second], 10)

    assert [(p.sid_start, p.sid_end) for p in passages] == [(0, 20)]

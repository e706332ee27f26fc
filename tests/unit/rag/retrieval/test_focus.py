"""Passages cut to what the question asks when the budget is tight (rag/retrieval/focus.py): each
of the best spans gives its sentence most like the question, in the ranking's order, and the
budget left widens them a sentence a round; a budget that holds the best spans whole changes
nothing."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from reader_app.books.shelf.library import Library
from reader_app.rag.retrieval.focus import (
    EXCERPT_TOKENS,
    FOCUS_SPANS,
    GAP,
    focused_passages,
    needs_focus,
    word_likeness,
)
from reader_app.rag.retrieval.passages import Span, approximate_tokens
from tests.unit.rag.markerbooks import MarkerBook, PlacedSentence
from tests.unit.rag.retrieval import test_passages as passages_test
from tests.unit.rag.retrieval.test_passages import cost


def prepared(home: Path) -> tuple[MarkerBook, Library]:
    return passages_test.prepared(home, sections=3, blocks=6)


def liking(*favoured: str) -> Callable[[Sequence[str]], list[float]]:
    """A likeness that prefers the sentences holding `favoured` markers, the first most."""
    def likeness(texts: Sequence[str]) -> list[float]:
        return [next((1.0 - n / 10 for n, m in enumerate(favoured) if m in t), 0.0)
                for t in texts]
    return likeness


def spans_of(generated: MarkerBook, book_id: str, *, first: int = 6) -> list[Span]:
    """Three spans, one in each section, best first: the first of `first` sentences, the
    others of six."""
    spans = []
    for rank, section in enumerate((2, 0, 1)):
        sids = [s.index for s in generated.sentences if s.section == section][:6]
        if rank == 0 and first == 1:
            spans.append(Span(book_id, section, rank, sids[2], sids[2], 1.0, sids[2], sids[2]))
            continue
        spans.append(Span(book_id, section, rank, sids[0], sids[-1], 1.0 - rank / 10,
                          sids[2], sids[3]))
    return spans


def tokens(*sentences: PlacedSentence) -> int:
    return sum(approximate_tokens(s.text) + 1 for s in sentences)


def test_the_best_span_keeps_half_the_budget_and_the_rest_goes_to_the_sentences_most_alike(
    library_home: Path,
) -> None:
    generated, library = prepared(library_home)
    book_id = generated.book.book_id
    spans = spans_of(generated, book_id)
    core = cost(library, book_id, spans[0].core_start, spans[0].core_end)
    chosen = [generated.sentences[span.sid_start + 5] for span in spans[1:]]  # not the cores
    budget = 2 * max(core, tokens(*chosen) + 2 * EXCERPT_TOKENS)

    passages = focused_passages(library.conn, spans, budget, "",
                                liking(*(s.marker for s in chosen)))

    assert [p.chunk_id for p in passages[:3]] == [0, 1, 2]
    assert passages[0].sid_start <= spans[0].core_start <= spans[0].core_end <= passages[0].sid_end
    assert [s.text in p.text for s, p in zip(chosen, passages[1:], strict=True)] == [True, True]
    # each passage besides the first costs its excerpt's tag
    assert sum(approximate_tokens(p.text) for p in passages) + 2 * EXCERPT_TOKENS <= budget


def test_sentences_of_a_span_that_are_not_next_to_each_other_are_one_passage_with_a_gap(
    library_home: Path,
) -> None:
    generated, library = prepared(library_home)
    spans = spans_of(generated, generated.book.book_id, first=1)
    head = generated.sentences[spans[0].sid_start]
    far_apart = [generated.sentences[spans[1].sid_start], generated.sentences[spans[1].sid_end]]
    budget = tokens(head, *far_apart) + EXCERPT_TOKENS

    passages = focused_passages(library.conn, spans, budget, "",
                                liking(*(s.marker for s in far_apart)))

    assert [p.text for p in passages] == [head.text,
                                          f"{far_apart[0].text}{GAP}{far_apart[1].text}"]
    assert (passages[1].sid_start, passages[1].sid_end) == (far_apart[0].index,
                                                            far_apart[1].index)


def test_the_best_span_is_kept_whatever_the_budget_and_the_others_only_if_they_fit(
    library_home: Path,
) -> None:
    generated, library = prepared(library_home)
    spans = spans_of(generated, generated.book.book_id)

    passages = focused_passages(library.conn, spans, 1, "", liking())

    assert len(passages) == 1 and passages[0].chunk_id == 0
    assert (passages[0].sid_start, passages[0].sid_end) == (spans[0].core_start,
                                                            spans[0].core_end)


def test_without_a_model_the_questions_rarer_words_choose(library_home: Path) -> None:
    generated, library = prepared(library_home)
    spans = spans_of(generated, generated.book.book_id, first=1)
    wanted = generated.sentences[spans[2].sid_start + 4]
    budget = tokens(generated.sentences[spans[0].sid_start], wanted) + EXCERPT_TOKENS

    passages = focused_passages(library.conn, spans, budget, f"What of {wanted.marker}?")

    assert [p.text for p in passages][1:] == [wanted.text]


def test_a_word_in_every_text_weighs_little_beside_a_rare_one() -> None:
    likeness = word_likeness("Why did Anna hide the lantern?")
    scores = likeness(["Anna hid the lantern.", "The mill.", "The lantern, the river.",
                       "The end."])
    assert scores[0] > scores[2] > scores[1] == scores[3] > 0.0  # "the" is everywhere


def test_focus_is_for_a_budget_that_cannot_hold_the_best_spans_cores_whole(
    library_home: Path,
) -> None:
    generated, library = prepared(library_home)
    book_id = generated.book.book_id
    spans = spans_of(generated, book_id)
    cores = sum(cost(library, book_id, s.core_start, s.core_end) for s in spans[:FOCUS_SPANS])

    assert needs_focus(library.conn, spans, cores - 1)
    assert not needs_focus(library.conn, spans, cores)
    assert not needs_focus(library.conn, spans[:1], 1)  # one span: cut as before

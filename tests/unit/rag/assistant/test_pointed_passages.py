"""The best passages inside the pages read along (search's `inside`, the context's `pointed`):
not sent again, but pointed at by number and first words, so the model can cite them and the
reader is shown them like any passage, while what the server reads afresh stays small."""

from __future__ import annotations

import dataclasses

import pytest

from reader_app.rag.assistant.answer_run import fallback_answer
from reader_app.rag.assistant.read_along import ReadAlong
from reader_app.rag.retrieval.search import POINTED, search
from reader_app.rag.scope.boundary import scope_for_book
from reader_app.rag.scope.seal import ScopeViolationError
from reader_app.rag.scope.sealed import ScopedContext
from tests.fakes.fake_ollama import FakeOllama, ScriptedReplies
from tests.fakes.marker_library import MarkerLibrary
from tests.fakes.server_clock import ServerClock
from tests.unit.rag.assistant.test_read_along import _answers, _assistant, _read_along


def _question_inside(shelf: MarkerLibrary) -> str:
    """Words of a paragraph just read: its best chunk lies in the window."""
    return " ".join(sorted(shelf.markers_read(1, 4) - shelf.markers_read(1, 3)))


def _answered_after_reading_along(shelf: MarkerLibrary, fake: FakeOllama) -> ScopedContext:
    """The context of a question about a paragraph just read, asked after reading along."""
    fake.clock = ServerClock(prompt_per_second=20_000, reply_per_second=2_000)
    assistant = _assistant(shelf, fake, "ollama")
    _read_along(assistant, shelf)
    run = assistant.ask(shelf.book, _question_inside(shelf))
    "".join(run.tokens())
    context = run.context
    assert context.pointed and context.window is not None
    return context


def test_search_returns_the_best_chunks_inside_the_stretch_apart(
    shelf: MarkerLibrary, fake_ollama: FakeOllama
) -> None:
    assistant = _assistant(shelf, fake_ollama, "ollama")
    scope = scope_for_book(shelf.conn, shelf.book.book_id)
    window = ReadAlong(shelf.conn, shelf.book, assistant.gateway).window(scope)
    assert window is not None
    query = _question_inside(shelf)
    found = search(shelf.conn, shelf.home, scope, query, embedder=shelf.embedder,
                   token_budget=400, outside=(window.sid_start, window.sid_end))
    assert not found.best_outside and 1 <= len(found.inside) <= POINTED
    assert all(window.sid_start <= p.sid_start and p.sid_end <= window.sid_end
               for p in found.inside)
    assert query.split()[0] in found.inside[0].text
    assert all(p.sid_end < window.sid_start or p.sid_start > window.sid_end
               for p in found.passages)  # none sent twice
    plain = search(shelf.conn, shelf.home, scope, query, embedder=shelf.embedder,
                   token_budget=400)
    assert plain.inside == ()
    pointers_only = search(shelf.conn, shelf.home, scope, query, embedder=shelf.embedder,
                           token_budget=0, outside=(window.sid_start, window.sid_end))
    assert pointers_only.passages == () and pointers_only.inside == found.inside


def test_a_question_points_at_the_window_by_number_and_the_answer_cites_it(
    shelf: MarkerLibrary, fake_ollama: FakeOllama
) -> None:
    fake_ollama.clock = ServerClock(prompt_per_second=20_000, reply_per_second=2_000)
    assistant = _assistant(shelf, fake_ollama, "ollama")
    window = _read_along(assistant, shelf)
    fake_ollama.reply_with(ScriptedReplies(answer="It was said just now [9]."))
    run = assistant.ask(shelf.book, _question_inside(shelf))
    "".join(run.tokens())
    context = run.context
    assert context.pointed and run.prepared.window_tokens > 0
    labels = [p.label for p in (*context.passages, *context.pointed)]
    assert labels == list(range(1, len(labels) + 1))  # numbered on after the passages
    turn = _answers(fake_ollama)[-1].body["messages"][len(window) + 1]["content"]
    for passage in context.pointed:
        assert f'<excerpt number="{passage.label}"' in turn
        assert passage.text not in turn  # pointed at, not sent again
        assert passage.citation.quote[:20] in turn
    assert run.outcome is not None
    stored = [c.sid_start for c in run.outcome.answer.citations]
    assert [p.citation.sid_start for p in context.pointed] == stored[len(context.passages):]
    # Shown to the reader when the model cannot answer, like any passage.
    shown = fallback_answer(context).text
    assert any(p.citation.quote[:20] in shown for p in context.pointed)


def test_a_passage_outside_the_window_cannot_be_pointed_at(
    shelf: MarkerLibrary, fake_ollama: FakeOllama
) -> None:
    context = _answered_after_reading_along(shelf, fake_ollama)
    window = context.window
    assert window is not None
    far = dataclasses.replace(context.pointed[0].citation,
                              sid_start=window.excerpts[0].sid_start - 1)
    moved = dataclasses.replace(context.pointed[0], citation=far)
    with pytest.raises(ScopeViolationError):
        dataclasses.replace(context, pointed=(moved,))
    with pytest.raises(ScopeViolationError):
        dataclasses.replace(context, window=None)


def test_a_passage_running_on_from_one_page_of_the_window_to_the_next_can_be_pointed_at(
    shelf: MarkerLibrary, fake_ollama: FakeOllama
) -> None:
    """A PDF's passages run on across its pages (each page its own excerpt of the window)."""
    context = _answered_after_reading_along(shelf, fake_ollama)
    window = context.window
    assert window is not None
    first, second = window.excerpts[-2:]
    assert first.sid_end + 1 == second.sid_start
    across = dataclasses.replace(context.pointed[0].citation, sid_start=first.sid_end,
                                 sid_end=second.sid_start)
    moved = dataclasses.replace(context.pointed[0], citation=across)
    assert dataclasses.replace(context, pointed=(moved,)).pointed == (moved,)

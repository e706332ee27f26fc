"""The chat model's retrieval helpers through the real client and the fake Ollama: cached,
scoped, and a failure leaves the fused order."""

from __future__ import annotations

import pytest

from reader_app.rag.assistant.model_ranking import RetrievalHelpers
from reader_app.rag.model.gateway import ModelGateway
from reader_app.rag.retrieval.search import search
from reader_app.rag.scope.boundary import scope_for_book
from reader_app.rag.scope.excerpts import Span, excerpts_in_scope
from tests.fakes.fake_ollama import FakeOllama, Reply, ScriptedReplies
from tests.fakes.marker_library import MARKER, MarkerLibrary


@pytest.fixture
def shelf(shelf: MarkerLibrary) -> MarkerLibrary:
    """The shared shelf (tests/conftest.py) read on into chapter 3, where the late names are."""
    shelf.read_through(2, 3)
    return shelf


def _helpers(shelf: MarkerLibrary, fake: FakeOllama) -> RetrievalHelpers:
    return RetrievalHelpers(shelf.conn, ModelGateway(host=fake.url, model="qwen2.5:3b"))


def test_the_model_s_pick_comes_first_and_only_scoped_passages_are_sent(
    shelf: MarkerLibrary, fake_ollama: FakeOllama
) -> None:
    fake_ollama.reply_with(ScriptedReplies(rank={"best": [3, 99, 3, 1]}))
    scope = scope_for_book(shelf.conn, shelf.book.book_id)
    plain = search(shelf.conn, shelf.home, scope, "lantern mill", k=4, embedder=shelf.embedder,
                   token_budget=100_000)
    ranked = search(shelf.conn, shelf.home, scope, "lantern mill", k=4,
                    embedder=shelf.embedder, token_budget=100_000,
                    reranker=_helpers(shelf, fake_ollama).reranker("Who had the lantern?"))

    [request] = fake_ollama.model_calls()
    assert request.body["options"]["num_ctx"] >= len(request.text) // 3
    assert "Who had the lantern?" in request.text
    assert not set(MARKER.findall(request.text)) & shelf.markers_unread(2, 3)
    excerpts = request.body["messages"][1]["content"].split("</excerpt>")[:-1]
    third_sent = set(MARKER.findall(excerpts[2]))
    first_sent = set(MARKER.findall(excerpts[0]))
    # Excerpt 3 was picked first, then excerpt 1: both are among the four returned.
    returned = [set(MARKER.findall(p.text)) for p in ranked.passages]
    assert any(third_sent <= r for r in returned) and any(first_sent <= r for r in returned)
    assert len(ranked.passages) == len(plain.passages)


def test_rankings_and_hypothetical_passages_are_cached(
    shelf: MarkerLibrary, fake_ollama: FakeOllama
) -> None:
    fake_ollama.reply_with(ScriptedReplies())
    helpers = _helpers(shelf, fake_ollama)
    first = helpers.hypothetical("Who had the lantern?", title="The Lantern Bearers")
    again = helpers.hypothetical("Who had the lantern?", title="The Lantern Bearers")
    rank = helpers.reranker("Who had the lantern?")
    book_id = shelf.book.book_id
    candidates = excerpts_in_scope(shelf.conn, scope_for_book(shelf.conn, book_id),
                                   [Span(book_id, 0, 0, ""), Span(book_id, 1, 1, "")],
                                   story_only=False)
    assert list(rank(candidates)) == [1, 0]
    assert list(rank(candidates)) == [1, 0]

    assert first == again == "Anna lifted the lantern by the mill."
    assert len(fake_ollama.model_calls()) == 2
    hypothetical_request = fake_ollama.model_calls()[0]
    assert hypothetical_request.body["options"]["num_ctx"] >= 4096
    assert not MARKER.findall(hypothetical_request.text)  # no book text at all


def test_a_failed_or_malformed_ranking_keeps_the_fused_order(
    shelf: MarkerLibrary, fake_ollama: FakeOllama
) -> None:
    scope = scope_for_book(shelf.conn, shelf.book.book_id)
    plain = search(shelf.conn, shelf.home, scope, "lantern mill", k=4, embedder=shelf.embedder)
    for reply in (Reply("not json"), Reply({"best": "three"}), Reply("", status=500,
                                                                       error="boom")):
        fake_ollama.reply_with(ScriptedReplies(rank=reply))
        ranked = search(shelf.conn, shelf.home, scope, "lantern mill", k=4,
                        embedder=shelf.embedder,
                        reranker=_helpers(shelf, fake_ollama).reranker(f"Who? {reply}"))
        assert ranked.passages == plain.passages


def test_a_hypothetical_passage_is_searched_beside_the_question(
    shelf: MarkerLibrary, fake_ollama: FakeOllama
) -> None:
    scope = scope_for_book(shelf.conn, shelf.book.book_id)
    sentences = shelf.conn.execute(
        "SELECT text FROM sentences WHERE book_id = ? AND sid <= ? ORDER BY sid",
        (shelf.book.book_id, scope.boundary_sid),
    ).fetchall()
    target = sentences[len(sentences) // 2][0]  # a sentence already read, said verbatim
    without = search(shelf.conn, shelf.home, scope, "zzz", k=1, embedder=shelf.embedder,
                     token_budget=100_000)
    # k=3: overlapping windows hold the sentence more than once, and a sentence is quoted once.
    with_it = search(shelf.conn, shelf.home, scope, "zzz", k=3, embedder=shelf.embedder,
                     token_budget=100_000, hypothetical=target)
    assert not any(target in p.text for p in without.passages)
    assert any(target in p.text for p in with_it.passages)

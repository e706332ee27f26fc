"""The conversation store: messages per book, history within budget and boundary, summaries."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from reader_app.books.model import Locator
from reader_app.rag.assistant.conversations import AnswerStats, ConversationStore
from reader_app.rag.scope.citations import Citation
from reader_app.store.db import connect

BOOK = "b" * 64


@pytest.fixture
def store(library_home: Path) -> Iterator[ConversationStore]:
    conn = connect(library_home)
    _add_book(conn, BOOK)
    yield ConversationStore(conn)
    conn.close()


def _add_book(conn: sqlite3.Connection, book_id: str) -> None:
    with conn:
        conn.execute(
            "INSERT INTO books (book_id, path, format, title, added_at) VALUES (?, ?, ?, ?, 0)",
            (book_id, "/x.epub", "epub", "X"),
        )


def _turn(store: ConversationStore, conversation: int, n: int, *, boundary: int = 10,
          status: str = "complete", text: str | None = None) -> None:
    question = store.add_question(conversation, text=f"question {n}", boundary_sid=boundary)
    store.add_answer(
        conversation,
        reply_to=question.message_id,
        text=text or f"answer {n}",
        boundary_sid=boundary,
        citations=(),
        status=status,  # type: ignore[arg-type]
    )


def test_messages_come_back_with_citations_and_stats_after_reconnecting(
    store: ConversationStore, library_home: Path
) -> None:
    conversation = store.new_conversation(BOOK)
    question = store.add_question(conversation, text="Who is Anna?", boundary_sid=12)
    citation = Citation(label=1, chunk_id=3, sid_start=7, sid_end=9,
                        locator=Locator(1, 2, 30), chapter="Chapter 2", quote="Anna carried…")
    store.add_answer(
        conversation, reply_to=question.message_id, text="Anna is a villager [1].",
        boundary_sid=12, citations=(citation,), status="complete",
        stats=AnswerStats(model="qwen2.5:3b", prepare_ms=12.5, first_token_ms=80.0,
                          total_ms=900.0, prompt_tokens=321, completion_tokens=45),
    )
    again = ConversationStore(connect(library_home))
    assert again.latest_conversation(BOOK) == conversation
    messages = again.messages(conversation)
    assert [m.role for m in messages] == ["user", "assistant"]
    answer = messages[1]
    assert answer.citations == (citation,)
    assert answer.reply_to == question.message_id
    assert answer.stats.model == "qwen2.5:3b" and answer.stats.prompt_tokens == 321
    assert answer.boundary_sid == 12 and not answer.incomplete


def test_new_conversation_becomes_the_current_one(store: ConversationStore) -> None:
    first = store.current_conversation(BOOK)
    _turn(store, first, 1)
    second = store.new_conversation(BOOK)
    assert second != first
    assert store.current_conversation(BOOK) == second
    assert store.messages(second) == []


def test_incomplete_stopped_and_fallback_answers_are_not_history(store: ConversationStore) -> None:
    conversation = store.new_conversation(BOOK)
    _turn(store, conversation, 1)
    _turn(store, conversation, 2, status="incomplete")
    _turn(store, conversation, 3, status="stopped")
    _turn(store, conversation, 4, status="fallback")
    _turn(store, conversation, 5)
    turns = store.complete_turns(conversation, boundary_sid=100)
    assert [t.question.text for t in turns] == ["question 1", "question 5"]


def test_turns_made_past_the_current_boundary_are_not_history(store: ConversationStore) -> None:
    conversation = store.new_conversation(BOOK)
    _turn(store, conversation, 1, boundary=10)
    _turn(store, conversation, 2, boundary=50)
    assert [t.question.text for t in store.complete_turns(conversation, boundary_sid=49)] == [
        "question 1"
    ]
    assert len(store.complete_turns(conversation, boundary_sid=50)) == 2


def test_recent_turns_keep_the_newest_that_fit_the_budget(store: ConversationStore) -> None:
    conversation = store.new_conversation(BOOK)
    for n in range(6):
        _turn(store, conversation, n, text="x" * 396)  # ~100 tokens per answer
    recent = store.recent_turns(conversation, boundary_sid=100, token_budget=330)
    assert [t.question.text for t in recent] == ["question 3", "question 4", "question 5"]


def test_summary_is_usable_only_at_or_beyond_its_boundary(store: ConversationStore) -> None:
    conversation = store.new_conversation(BOOK)
    store.save_summary(conversation, text="early talk", boundary_sid=20, through_message_id=4)
    store.save_summary(conversation, text="later talk", boundary_sid=80, through_message_id=8)
    assert store.usable_summary(conversation, boundary_sid=10) is None
    summary = store.usable_summary(conversation, boundary_sid=50)
    assert summary is not None and summary.text == "early talk"
    newest = store.usable_summary(conversation, boundary_sid=80)
    assert newest is not None and newest.text == "later talk"


def test_rewrite_cache_round_trips(store: ConversationStore) -> None:
    assert store.cached_rewrite("k") is None
    store.store_rewrite("k", search_phrase="Anna's lantern", keywords=("Anna", "lantern"))
    assert store.cached_rewrite("k") == ("Anna's lantern", ("Anna", "lantern"))


def test_removing_the_book_removes_its_conversations(store: ConversationStore) -> None:
    conversation = store.new_conversation(BOOK)
    _turn(store, conversation, 1)
    with store.conn:
        store.conn.execute("DELETE FROM books WHERE book_id = ?", (BOOK,))
    assert store.messages(conversation) == []
    assert store.latest_conversation(BOOK) is None

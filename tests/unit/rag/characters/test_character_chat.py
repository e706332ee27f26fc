"""Character chat's engine with the real ollama client and the fake server: the rewrite cache,
the raw-message fallback, one message at a time, failures never stored as said, the summary."""

from __future__ import annotations

import json
import sqlite3

import pytest

from reader_app.errors import AnswerFailedError, OllamaUnreachableError
from reader_app.rag.assistant.conversation_claims import ConversationBusyError, claim
from reader_app.rag.assistant.conversations import ConversationStore
from reader_app.rag.assistant.engine import AssistantConfig
from reader_app.rag.characters.chat import CharacterChat
from reader_app.rag.characters.store import conversations
from reader_app.store.db import connect
from tests.fakes.fake_ollama import FakeOllama, RecordedRequest, Reply
from tests.fakes.marker_library import MarkerLibrary


class Script:
    """Replies by kind; counts the rewrites asked for."""

    def __init__(self, rewrite: object = None, answer: Reply | str = "Good day to you.") -> None:
        self.rewrite = rewrite if rewrite is not None else {
            "narrative_query": "Anna carried the lantern to the mill",
            "keyword_query": "Anna lantern mill"}
        self.answer = answer
        self.rewrites: list[RecordedRequest] = []

    def __call__(self, request: RecordedRequest) -> Reply:
        fmt = request.format
        if isinstance(fmt, dict) and "narrative_query" in fmt.get("properties", {}):
            self.rewrites.append(request)
            return self.rewrite if isinstance(self.rewrite, Reply) else Reply(self.rewrite)
        if request.wants_stream:
            return self.answer if isinstance(self.answer, Reply) else Reply(self.answer)
        return Reply("Anna is a villager who carries things.")


def chat_on(lib: MarkerLibrary, host: str, conn: sqlite3.Connection | None = None
            ) -> CharacterChat:
    return CharacterChat(conn or lib.conn, lib.home,
                         config=AssistantConfig(host=host, model="qwen2.5:3b"),
                         embedder=lib.embedder)


def talk(chat: CharacterChat, lib: MarkerLibrary, message: str) -> str:
    run = chat.send(lib.book, message, name="Anna")
    return "".join(run.tokens())


def test_a_reply_streams_in_character_and_the_conversation_is_listed_beside_the_assistants(
    shelf: MarkerLibrary, fake_ollama: FakeOllama
) -> None:
    script = Script()
    fake_ollama.reply_with(script)
    chat = chat_on(shelf, fake_ollama.url)
    ordinary = chat.store.current_conversation(shelf.book.book_id)
    run = chat.send(shelf.book, "Where did you take the lantern?", name="Anna")
    assert list(run.tokens()) == ["Good", " day", " to", " you."]
    assert run.outcome is not None and run.outcome.status == "complete"
    assert run.citations and all(c.sid_end <= run.boundary_sid for c in run.citations)
    listed = conversations(shelf.conn, shelf.book.book_id)
    assert {c.title for c in listed} == {"Assistant", "Talk to Anna"}
    assert next(c for c in listed if c.character_key is not None).messages == 2
    # The assistant's own conversation stays the panel's: a character chat is not "latest".
    assert chat.store.latest_conversation(shelf.book.book_id) == ordinary
    answer = [r for r in fake_ollama.model_calls() if r.wants_stream][-1]
    assert '<character name="Anna">' in answer.message_text()
    assert "Stay in character" in answer.message_text()
    chat.close()


def test_the_rewrite_is_cached_under_the_message_and_the_last_four_messages(
    shelf: MarkerLibrary, fake_ollama: FakeOllama
) -> None:
    script = Script()
    fake_ollama.reply_with(script)
    chat = chat_on(shelf, fake_ollama.url)
    talk(chat, shelf, "Hello there.")
    talk(chat, shelf, "Hello there.")  # the same words, but after a different conversation
    assert len(script.rewrites) == 2
    # A second conversation with the same history (none) and the same message: a hit.
    other = chat_on(shelf, fake_ollama.url)
    first = chat.conversations(shelf.book.book_id)[0].conversation_id
    ConversationStore(shelf.conn).delete_conversation(first)
    talk(other, shelf, "Hello there.")
    assert len(script.rewrites) == 2, "same message, same last four messages: cached"
    talk(other, shelf, "Hello again.")
    assert len(script.rewrites) == 3, "another message: asked again"
    keys = [row[0] for row in shelf.conn.execute("SELECT cache_key FROM query_rewrites")]
    assert len(keys) == 3 and all(len(k) == 64 for k in keys)
    chat.close()
    other.close()


def test_a_malformed_rewrite_falls_back_to_the_raw_message_for_both_searches(
    shelf: MarkerLibrary, fake_ollama: FakeOllama
) -> None:
    script = Script(rewrite={"narrative_query": 42, "oops": True})
    fake_ollama.reply_with(script)
    chat = chat_on(shelf, fake_ollama.url)
    run = chat.send(shelf.book, "Boris carried the violin", name="Anna")
    "".join(run.tokens())
    assert run.search_query == "Boris carried the violin"
    assert shelf.conn.execute("SELECT COUNT(*) FROM query_rewrites").fetchone()[0] == 0
    assert run.outcome is not None and run.outcome.status == "complete"
    chat.close()


def test_one_message_at_a_time_even_from_another_connection(
    shelf: MarkerLibrary, fake_ollama: FakeOllama
) -> None:
    fake_ollama.reply_with(Script())
    chat = chat_on(shelf, fake_ollama.url)
    run = chat.send(shelf.book, "First.", name="Anna")
    second_conn = connect(shelf.home)  # another window or process
    other = chat_on(shelf, fake_ollama.url, second_conn)
    with pytest.raises(ConversationBusyError, match="Anna is still answering"):
        other.send(shelf.book, "Second.", name="Anna")
    with pytest.raises(ConversationBusyError):
        claim(second_conn, run.conversation_id, busy_note="busy")
    "".join(run.tokens())  # the reply is stored: the conversation is free again
    "".join(other.send(shelf.book, "Second.", name="Anna").tokens())
    texts = [m.text for m in chat.store.messages(run.conversation_id)]
    assert texts == ["First.", "Good day to you.", "Second.", "Good day to you."]
    other.close()
    second_conn.close()
    chat.close()


def test_a_claim_left_by_a_process_that_is_gone_is_taken_over(
    shelf: MarkerLibrary, fake_ollama: FakeOllama
) -> None:
    fake_ollama.reply_with(Script())
    chat = chat_on(shelf, fake_ollama.url)
    "".join(chat.send(shelf.book, "Hello.", name="Anna").tokens())
    conversation = chat.conversations(shelf.book.book_id)[0].conversation_id
    with shelf.conn:
        shelf.conn.execute("INSERT INTO conversation_claims VALUES (?, 'gone', ?, 0)",
                           (conversation, 2**22 + 12345))
    assert talk(chat, shelf, "Still there?") == "Good day to you."
    chat.close()


def test_ollama_down_is_a_clear_failure_never_stored_as_said(
    shelf: MarkerLibrary,
) -> None:
    chat = chat_on(shelf, "http://127.0.0.1:9")
    run = chat.send(shelf.book, "Are you there?", name="Anna")
    with pytest.raises(OllamaUnreachableError):
        "".join(run.tokens())
    assert run.outcome is not None
    answer = run.outcome.answer
    assert answer.status == "fallback" and "Anna cannot answer right now" in answer.text
    assert run.persona.source == "extract"
    # Free again, and nothing of it is history.
    assert not chat.store.complete_turns(run.conversation_id, boundary_sid=run.boundary_sid)
    chat.close()


def test_a_reply_cut_off_mid_stream_is_marked_and_never_history(
    shelf: MarkerLibrary, fake_ollama: FakeOllama
) -> None:
    script = Script(answer=Reply("I went to the mill and then", fail_after=3))
    fake_ollama.reply_with(script)
    chat = chat_on(shelf, fake_ollama.url)
    run = chat.send(shelf.book, "Where did you go?", name="Anna")
    with pytest.raises(AnswerFailedError):
        "".join(run.tokens())
    assert run.outcome is not None and run.outcome.status == "incomplete"
    script.answer = "All is well."
    talk(chat, shelf, "And then?")
    answer = [r for r in fake_ollama.model_calls() if r.wants_stream][-1]
    assert "I went to the mill" not in answer.message_text()
    chat.close()


def test_the_summary_every_ten_messages_is_stored_with_its_boundary(
    shelf: MarkerLibrary, fake_ollama: FakeOllama
) -> None:
    fake_ollama.reply_with(Script())
    chat = chat_on(shelf, fake_ollama.url)
    for n in range(5):
        run = chat.send(shelf.book, f"Tell me more, part {n}.", name="Anna")
        "".join(run.tokens())
        made = chat.maintain_summary(run.conversation_id, boundary_sid=run.boundary_sid)
        assert made == (n == 4)
    row = shelf.conn.execute(
        "SELECT boundary_sid, text FROM conversation_summaries WHERE conversation_id = ?",
        (run.conversation_id,)).fetchone()
    assert row is not None and 0 <= row[0] <= run.boundary_sid
    summary = [r for r in fake_ollama.model_calls()
               if "summarise a conversation" in json.dumps(r.body)][-1]
    assert "<excerpt" in summary.message_text(), "the passages the replies used"
    chat.close()

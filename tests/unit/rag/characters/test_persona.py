"""Personas: two passes from read passages (Elizabeth's own words on Pride and Prejudice),
stored with their boundary, remade once enough new mentions have been read."""

from __future__ import annotations

from pathlib import Path

from reader_app.books.opening.cache import load_book
from reader_app.books.shelf.library import Library
from reader_app.rag.assistant.engine import AssistantConfig
from reader_app.rag.characters.calls import CharacterCalls
from reader_app.rag.characters.chat import CharacterChat
from reader_app.rag.characters.persona import build_persona, needs_rebuild, usable_persona
from reader_app.rag.companion.entity_store import ensure_entities
from reader_app.rag.companion.xray import find_by_name
from reader_app.rag.index.sentences import sentences_between, sid_at
from reader_app.rag.index.text_units import ensure_sentences
from reader_app.rag.model.gateway import ModelGateway
from reader_app.rag.scope.boundary import scope_at
from reader_app.store.db import connect
from tests.conftest import PRIDE, corpus_epub
from tests.fakes.fake_ollama import FakeOllama, RecordedRequest, Reply
from tests.fakes.marker_library import MarkerLibrary


def notes(request: RecordedRequest) -> Reply:
    if request.wants_stream:
        return Reply("Good day.")
    if isinstance(request.format, dict):
        return Reply({"narrative_query": "Anna", "keyword_query": "Anna"})
    return Reply("Notes on her.")


def test_the_voice_pass_reads_her_own_words_up_to_the_boundary(
    library_home: Path, fake_ollama: FakeOllama
) -> None:
    fake_ollama.reply_with(notes)
    conn = connect(library_home)
    book = load_book(corpus_epub(PRIDE), library_home)
    Library(conn, library_home).add(book)
    ensure_sentences(conn, book)
    ensure_entities(conn, book)
    boundary = sid_at(conn, book.book_id, book.locator_at_progress(0.06))
    scope = scope_at(conn, book.book_id, boundary_sid=boundary)
    entry = find_by_name(conn, scope, "Elizabeth")
    assert entry is not None
    gateway = ModelGateway(host=fake_ollama.url, model="qwen2.5:3b")
    persona = build_persona(conn, book, scope, entry, CharacterCalls(gateway))
    gateway.close()
    _facts, voice = fake_ollama.model_calls()
    assert "said Elizabeth" in voice.message_text()
    assert "Notes on her." in voice.message_text(), "the facts go into the voice pass"
    read = " ".join(s.text for s in sentences_between(conn, book.book_id, 0, boundary))
    assert persona.quotes and all(" ".join(q.split()[:4]) in read for q in persona.quotes)
    assert persona.made_at_sid == boundary and persona.source == "model"
    assert usable_persona(conn, scope, entry) == persona
    earlier = scope_at(conn, book.book_id, boundary_sid=boundary - 1)
    assert usable_persona(conn, earlier, entry) is None, "made further on: not used"
    conn.close()


def test_a_persona_is_remade_once_enough_new_mentions_are_read(
    unread_shelf: MarkerLibrary, fake_ollama: FakeOllama
) -> None:
    fake_ollama.reply_with(notes)
    lib = unread_shelf
    lib.read_through(1, 0)
    chat = CharacterChat(lib.conn, lib.home, embedder=lib.embedder,
                         config=AssistantConfig(host=fake_ollama.url, model="qwen2.5:3b"))
    first = chat.send(lib.book, "Hello.", name="Anna")
    "".join(first.tokens())
    assert not first.persona_stale and first.persona.source == "model"
    lib.read_through(3, 6)
    later = chat.send(lib.book, "Hello again.", name="Anna")
    "".join(later.tokens())
    assert later.persona == first.persona, "the older persona answers while a new one is made"
    assert later.persona_stale and needs_rebuild(later.persona, later.entry)
    remade = chat.refresh_persona(lib.book, later.entry.key)
    assert remade is not None and remade.made_at_sid == later.boundary_sid
    assert remade.mention_count > first.persona.mention_count
    assert chat.refresh_persona(lib.book, later.entry.key) is None, "fresh now"
    chat.close()

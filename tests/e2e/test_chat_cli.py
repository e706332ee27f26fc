"""`reader-app chat FILE --as NAME MESSAGE --json` on Pride and Prejudice: the reply and the
passage ids used, the conversation continued on the next call, nothing later sent."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from reader_app.books.opening.cache import load_book
from reader_app.cli import main
from reader_app.rag.index.sentences import sentence_count, sentences_between
from reader_app.settings import SettingsStore
from reader_app.store.db import connect
from tests.conftest import PRIDE, corpus_epub
from tests.fakes.fake_ollama import FakeOllama, RecordedRequest, Reply


def scripted(request: RecordedRequest) -> Reply:
    fmt = request.format
    if isinstance(fmt, dict) and "narrative_query" in fmt.get("properties", {}):
        return Reply({"narrative_query": "Elizabeth dances at the Meryton assembly with Mr. "
                      "Darcy refusing", "keyword_query": "Darcy dance assembly"})
    if request.wants_stream:
        return Reply("I thought him the proudest, most disagreeable man in the world.")
    return Reply("Elizabeth Bennet, second daughter, lively and quick.")


def test_chat_replies_in_character_with_the_passage_ids_and_continues(
    capsys: pytest.CaptureFixture[str], fake_ollama: FakeOllama, library_home: Path
) -> None:
    path = str(corpus_epub(PRIDE))
    conn = connect(library_home)
    SettingsStore(conn).set("assistant.ollama_host", fake_ollama.url)
    fake_ollama.reply_with(scripted)
    assert main(["chat", path, "--as", "Elizabeth", "What do you think of Mr. Darcy?",
                 "--json", "--at", "4"]) == 0
    first = json.loads(capsys.readouterr().out)
    assert first["reply"].startswith("I thought him the proudest")
    assert first["status"] == "complete" and "Elizabeth" in first["character"]
    assert first["passage_ids"] and first["passage_ids"] == [p["passage_id"]
                                                             for p in first["passages"]]
    boundary = first["boundary_sid"]
    assert all(p["sid_end"] <= boundary for p in first["passages"])
    assert first["persona"]["source"] == "model" and first["persona"]["made_at_sid"] <= boundary

    assert main(["chat", path, "--as", "Elizabeth", "And of Mr. Bingley?", "--json",
                 "--at", "4"]) == 0
    second = json.loads(capsys.readouterr().out)
    assert second["conversation_id"] == first["conversation_id"]
    answer = [r for r in fake_ollama.model_calls() if r.wants_stream][-1]
    assert "What do you think of Mr. Darcy?" in answer.message_text(), "the conversation goes on"

    book = load_book(Path(path), library_home)
    later = sentences_between(conn, book.book_id, boundary + 1,
                              sentence_count(conn, book.book_id) - 1)
    sent = "\n".join(r.message_text() for r in fake_ollama.model_calls())
    distinctive = [s.text for s in later if len(s.text) > 60]
    assert distinctive and not any(text in sent for text in distinctive)
    conn.close()


def test_chat_with_someone_not_met_yet_is_a_clear_error(
    capsys: pytest.CaptureFixture[str], fake_ollama: FakeOllama, library_home: Path
) -> None:
    conn = connect(library_home)
    SettingsStore(conn).set("assistant.ollama_host", fake_ollama.url)
    conn.close()
    code = main(["chat", str(corpus_epub(PRIDE)), "--as", "Wickham", "Hello", "--at", "4"])
    assert code == 2
    assert "haven't met Wickham" in capsys.readouterr().err
    assert fake_ollama.model_calls() == []

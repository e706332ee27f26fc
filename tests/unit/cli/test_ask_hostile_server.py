"""`reader-app ask` and the MCP tool `ask_book` against a hostile model server (issue 38), over
both wires: counts past what SQLite holds are not stored (the answer is), and an answer the
server stalls (one token, then only keepalives) ends at its deadline with a sentence and the
partial answer kept, marked incomplete."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from reader_app.books.model import Locator
from reader_app.books.opening.cache import load_book
from reader_app.books.shelf.library import Library
from reader_app.cli import ask as ask_command
from reader_app.cli import main
from reader_app.mcp.ask import ask_book
from reader_app.prepare.pipeline import prepare_book
from reader_app.rag.assistant.engine import AssistantConfig
from reader_app.settings import SettingsStore
from reader_app.store.db import connect
from tests.conftest import JEKYLL, corpus_epub
from tests.fakes.embedders import HashEmbedder
from tests.fakes.fake_ollama import FakeOllama, Reply, ScriptedReplies
from tests.unit.rag.model.test_hostile_server import keepalives, token_line

EMBEDDER = HashEmbedder()


@pytest.fixture
def jekyll(library_home: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setattr(ask_command, "default_embedder", lambda **_: EMBEDDER)
    return corpus_epub(JEKYLL)


@pytest.fixture(params=["ollama", "openai"])
def api(request: pytest.FixtureRequest, fake_ollama: FakeOllama, library_home: Path) -> str:
    conn = connect(library_home)
    url = fake_ollama.v1_url if request.param == "openai" else fake_ollama.url
    SettingsStore(conn).set("assistant.ollama_host", url)
    conn.close()
    return str(request.param)


@pytest.fixture
def short_deadlines(monkeypatch: pytest.MonkeyPatch) -> None:
    """The answer's deadline half a second after its first token; the read timeout (the first
    token's deadline) stays 20 s, far past it."""
    made = AssistantConfig.gateway

    def gateway(self: AssistantConfig, **options: Any) -> Any:
        return made(self, **{**options, "timeout": 20.0, "answer_deadline": 0.5})

    monkeypatch.setattr(AssistantConfig, "gateway", gateway)


def stalled(api: str) -> Reply:
    return Reply(raw=[token_line(api, "Mr. Hyde "), *keepalives(api, seconds=30)])


def test_ask_stores_an_answer_whose_counts_are_past_what_sqlite_holds(
    jekyll: Path, api: str, fake_ollama: FakeOllama, capsys: pytest.CaptureFixture[str]
) -> None:
    answer = Reply("Mr. Hyde is a small man [1].", prompt_eval_count=2**63, eval_count=2**64)
    fake_ollama.reply_with(ScriptedReplies(answer=answer))
    assert main(["ask", str(jekyll), "Who is Mr. Hyde?", "--at", "10", "--json"]) == 0
    payload = json.loads(capsys.readouterr().out)
    assert payload["status"] == "complete" and payload["answer"] == answer.content
    assert payload["timings"]["prompt_tokens"] is None


def test_ask_ends_a_stalled_answer_with_a_sentence_and_the_partial_answer(
    jekyll: Path, api: str, fake_ollama: FakeOllama, short_deadlines: None,
    capsys: pytest.CaptureFixture[str],
) -> None:
    fake_ollama.reply_with(ScriptedReplies(answer=stalled(api)))
    assert main(["ask", str(jekyll), "Who is Mr. Hyde?", "--at", "10", "--json"]) == 0
    payload = json.loads(capsys.readouterr().out)
    assert payload["status"] == "incomplete" and payload["answer"] == "Mr. Hyde "
    assert "didn't answer within 0.5 seconds" in payload["error"]
    assert main(["ask", str(jekyll), "Who is Mr. Hyde?", "--at", "10"]) == 0
    printed = capsys.readouterr()
    assert printed.out.startswith("Mr. Hyde \n") and "didn't answer within" in printed.err


def test_the_mcp_tool_says_what_happened_and_keeps_the_partial_answer(
    library_home: Path, api: str, fake_ollama: FakeOllama, short_deadlines: None
) -> None:
    conn = connect(library_home)
    book = load_book(corpus_epub(JEKYLL), library_home)
    library = Library(conn, library_home)
    library.add(book)
    prepared = prepare_book(conn, library_home, book, embedder=EMBEDDER, dense=False).book
    library.advance_boundary(book.book_id, Locator(2, 5, 0))
    conn.close()
    fake_ollama.reply_with(ScriptedReplies(answer=Reply("Hyde [1].", prompt_eval_count=2**63)))
    whole = ask_book(library_home, prepared, "Who is Mr. Hyde?", embedder=EMBEDDER)
    assert whole["status"] == "complete" and whole["answer"] == "Hyde [1]."
    fake_ollama.reply_with(ScriptedReplies(answer=stalled(api)))
    cut = ask_book(library_home, prepared, "Who is Mr. Hyde?", embedder=EMBEDDER)
    assert cut["status"] == "incomplete" and cut["answer"] == "Mr. Hyde "
    assert "didn't answer within 0.5 seconds" in cut["note"]

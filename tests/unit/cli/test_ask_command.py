"""`reader-app ask` on a real EPUB, against the fake Ollama and against no Ollama at all."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from reader_app.books.model import Locator
from reader_app.books.opening.cache import load_book
from reader_app.books.shelf.library import Library
from reader_app.cli import ask as ask_command
from reader_app.cli import main
from reader_app.rag.scope.boundary import scope_for_book
from reader_app.settings import SettingsStore
from reader_app.store.db import connect
from tests.conftest import JEKYLL, WAR_AND_PEACE, corpus_epub
from tests.fakes.embedders import HashEmbedder
from tests.fakes.fake_ollama import FakeOllama, Reply, ScriptedReplies


@pytest.fixture
def jekyll(library_home: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    # The real embedder is proven elsewhere; here the command's own behaviour is under test.
    embedder = HashEmbedder()
    monkeypatch.setattr(ask_command, "default_embedder", lambda **_: embedder)
    return corpus_epub(JEKYLL)


def _set_host(home: Path, host: str) -> None:
    conn = connect(home)
    SettingsStore(conn).set("assistant.ollama_host", host)
    conn.close()


def test_ask_prints_the_answer_and_the_passages_used_as_json(
    jekyll: Path, library_home: Path, fake_ollama: FakeOllama, capsys: pytest.CaptureFixture[str]
) -> None:
    _set_host(library_home, fake_ollama.url)
    fake_ollama.reply_with(ScriptedReplies(answer="Mr. Utterson is a lawyer [1]."))
    code = main(["ask", str(jekyll), "Who is Mr. Utterson?", "--at", "10", "--json"])
    assert code == 0
    payload = json.loads(capsys.readouterr().out)
    assert payload["answer"] == "Mr. Utterson is a lawyer [1]."
    assert payload["status"] == "complete"
    assert payload["boundary_sid"] > 0 and payload["passages"]
    assert all(p["sid_end"] <= payload["boundary_sid"] for p in payload["passages"])
    assert {"passage_id", "sid_start", "sid_end", "chapter", "quote"} <= set(payload["passages"][0])


def test_ask_uses_the_recorded_boundary_and_leaves_no_conversation_behind(
    jekyll: Path, library_home: Path, fake_ollama: FakeOllama, capsys: pytest.CaptureFixture[str]
) -> None:
    _set_host(library_home, fake_ollama.url)
    conn = connect(library_home)
    book = load_book(jekyll, library_home)
    library = Library(conn, library_home)
    library.add(book)
    library.advance_boundary(book.book_id, Locator(2, 5, 0))
    assert main(["ask", str(jekyll), "Who is Mr. Hyde?", "--json"]) == 0
    recorded = json.loads(capsys.readouterr().out)
    assert main(["ask", str(jekyll), "Who is Mr. Hyde?", "--upto-sid", "10", "--json"]) == 0
    explicit = json.loads(capsys.readouterr().out)
    assert explicit["boundary_sid"] == 10
    assert recorded["boundary_sid"] == scope_for_book(conn, book.book_id).boundary_sid > 10
    assert conn.execute("SELECT COUNT(*) FROM conversations").fetchone()[0] == 0
    conn.close()


def test_ask_with_ollama_down_names_the_host_prints_read_passages_and_exits_0(
    jekyll: Path, library_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _set_host(library_home, "http://127.0.0.1:9")
    code = main(["ask", str(jekyll), "Where does Mr. Utterson walk?", "--at", "20"])
    captured = capsys.readouterr()
    assert code == 0
    assert "Ollama isn't running at http://127.0.0.1:9" in captured.err
    assert "most relevant passages from what you've read" in captured.out
    assert "Passages used:" in captured.out


def test_ask_with_an_empty_question_fails_clearly(
    jekyll: Path, library_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _set_host(library_home, "http://127.0.0.1:9")
    assert main(["ask", str(jekyll), "  ", "--at", "20"]) == 2
    assert "Type a question" in capsys.readouterr().err


def test_ask_json_reports_the_receipt_and_what_it_flagged(
    jekyll: Path, library_home: Path, fake_ollama: FakeOllama, capsys: pytest.CaptureFixture[str]
) -> None:
    _set_host(library_home, fake_ollama.url)
    answer = "Mr. Utterson is a lawyer [1]. Later Sir Danvers Carew is found dead in the lane."
    fake_ollama.reply_with(ScriptedReplies(answer=answer))
    assert main(["ask", str(jekyll), "Who is Mr. Utterson?", "--at", "10", "--json"]) == 0
    payload = json.loads(capsys.readouterr().out)
    receipt = payload["receipt"]
    assert receipt["passages"] == len(payload["passages"]) > 0
    assert receipt["boundary"] == "Search for Mr. Hyde (10%)"  # English, in any locale
    assert receipt["text"].startswith(
        f"From the text up to {receipt['boundary']} · "
    )
    flagged = payload["flagged"]
    assert [f["text"] for f in flagged] == ["Danvers Carew"]
    [carew] = flagged
    assert answer[carew["start"] : carew["end"]] == "Danvers Carew"
    assert carew["first_sid"] > payload["boundary_sid"]
    assert "Carew" in carew["first_at"] or "(" in carew["first_at"]
    start, end = carew["sentence"]
    assert answer[start:end].startswith("Later Sir Danvers Carew")

    # Read to the end: nothing is later any more, so nothing flags.
    assert main(["ask", str(jekyll), "Who is Mr. Utterson?", "--at", "100", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["flagged"] == []


def test_ask_on_a_never_prepared_long_book_answers_in_seconds_from_keyword_search(
    library_home: Path, fake_ollama: FakeOllama, capsys: pytest.CaptureFixture[str]
) -> None:
    # The real embedder, and War and Peace never opened: nothing is embedded yet.
    _set_host(library_home, fake_ollama.url)
    fake_ollama.reply_with(ScriptedReplies(answer="Pierre is at Borodino [1]."))
    started = time.perf_counter()
    code = main(["ask", str(corpus_epub(WAR_AND_PEACE)), "Where is Pierre?", "--at", "80",
                 "--json"])
    elapsed = time.perf_counter() - started
    captured = capsys.readouterr()
    assert code == 0
    assert "answering from keyword search" in captured.err
    payload = json.loads(captured.out)
    assert payload["status"] == "complete" and payload["passages"]
    # Masked like any answer: no passage after the boundary.
    assert all(p["sid_end"] <= payload["boundary_sid"] for p in payload["passages"])
    # Embedding the whole book first took minutes; the text alone takes seconds (CI margin).
    assert elapsed < 60, elapsed


@pytest.mark.parametrize("misbehave", ["malformed-line", "no-done", "html"])
def test_ask_against_a_misbehaving_server_keeps_the_partial_answer_marked_incomplete(
    jekyll: Path,
    library_home: Path,
    fake_ollama: FakeOllama,
    capsys: pytest.CaptureFixture[str],
    misbehave: str,
) -> None:
    _set_host(library_home, fake_ollama.url)
    answer = Reply("Mr. Utterson is a lawyer [1].", misbehave=misbehave)
    fake_ollama.reply_with(ScriptedReplies(answer=answer))
    code = main(["ask", str(jekyll), "Who is Mr. Utterson?", "--at", "10", "--json"])
    captured = capsys.readouterr()
    assert code == 0, captured.err
    payload = json.loads(captured.out)
    assert payload["status"] in ("incomplete", "fallback"), payload
    assert "Traceback" not in captured.err
    if misbehave != "html":  # the page came before any token: nothing to keep
        assert payload["answer"] == "Mr. Utterson is a lawyer [1]."
        assert payload["status"] == "incomplete"
        assert "stopped" in payload["error"] or "not Ollama's" in payload["error"]


def test_ask_on_a_device_file_fails_clearly_without_reading_it(
    library_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["ask", "/dev/zero", "Who?", "--at", "10"]) == 2
    assert "not a regular file" in capsys.readouterr().err


def test_a_damaged_library_is_explained_by_the_command_line(
    library_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (library_home / "library.sqlite3").write_bytes(b"not a database " * 500)
    assert main(["search", "/dev/zero", "lantern"]) == 2
    err = capsys.readouterr().err
    assert "library index" in err and "damaged" in err and "Traceback" not in err


def test_ask_json_reports_what_the_reader_waited_for(
    jekyll: Path, library_home: Path, fake_ollama: FakeOllama, capsys: pytest.CaptureFixture[str]
) -> None:
    _set_host(library_home, fake_ollama.url)
    fake_ollama.reply_with(ScriptedReplies(answer=Reply("Mr. Utterson is a lawyer [1].",
                                                        prompt_eval_duration=2_500_000_000)))
    assert main(["ask", str(jekyll), "Who is Mr. Utterson?", "--at", "10", "--json"]) == 0
    timings = json.loads(capsys.readouterr().out)["timings"]
    assert set(timings) >= {"first_token_s", "server_prompt_s", "prompt_tokens",
                            "model_calls_before_answer", "passage_budget"}  # named: promised
    assert timings["prompt_tokens_read"] == 42  # Ollama counts only what it read afresh
    assert timings["expected_prompt_s"] is None  # the speed was not known before this answer
    assert timings["first_token_deadline_s"] >= 60
    assert 0 < timings["first_token_s"] < 60
    assert timings["prompt_tokens"] == 42  # as the server reported it for the answer call
    assert timings["server_prompt_s"] == 2.5
    assert timings["model_calls_before_answer"] == 0  # a first question: no rewrite first
    assert timings["passage_budget"] == 3000

"""`reader-app xray` and `reader-app recap` on Pride and Prejudice, at --at and at the stored
boundary; recap requests through the real client carry no sentence after the boundary."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from reader_app.books.model import Locator
from reader_app.books.opening.cache import load_book
from reader_app.books.shelf.library import Library
from reader_app.cli import main
from reader_app.rag.index.sentences import sentence_count, sentences_between, sid_at
from reader_app.settings import SettingsStore
from reader_app.store.db import connect
from tests.conftest import PRIDE, corpus_epub
from tests.fakes.fake_ollama import FakeOllama, Reply


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict:
    assert main(list(argv)) == 0
    return json.loads(capsys.readouterr().out)


def test_xray_lists_only_names_met_by_the_boundary(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(corpus_epub(PRIDE))
    early = run_json(capsys, "xray", path, "--json", "--at", "4")
    names = " | ".join(e["name"] for e in early["entities"])
    assert "Elizabeth" in names and "Darcy" in names and "Wickham" not in names
    assert all(e["first_sid"] <= early["boundary_sid"] for e in early["entities"])
    assert early["ties"] and early["knows_up_to"]
    later = run_json(capsys, "xray", path, "--json", "--at", "40")
    assert "Wickham" in " | ".join(e["name"] for e in later["entities"])
    # No boundary recorded and no --at: nothing has been read.
    nothing = run_json(capsys, "xray", path, "--json")
    assert nothing["entities"] == [] and nothing["boundary_sid"] == -1
    assert main(["xray", path, "--at", "4"]) == 0
    assert "knows up to" in capsys.readouterr().out


def test_recap_uses_the_stored_boundary_and_sends_nothing_later(
    capsys: pytest.CaptureFixture[str], fake_ollama: FakeOllama, library_home: Path
) -> None:
    path = corpus_epub(PRIDE)
    conn = connect(library_home)
    book = load_book(path, library_home)
    library = Library(conn, library_home)
    library.add(book)
    SettingsStore(conn).set("assistant.ollama_host", fake_ollama.url)
    third = next(item for e in book.toc for _, item in e.walk() if item.title == "III")
    inside = book.sections[third.target.section].blocks[5]
    read_to = Locator(third.target.section, 5, len(inside.text))
    library.set_boundary(book.book_id, read_to)
    fake_ollama.reply_with(lambda _request: Reply("A short summary."))
    result = run_json(capsys, "recap", str(path), "--json")
    chapters = [p["chapter"] for p in result["paragraphs"]]
    assert chapters[-3:] == ["I", "II", "III"]
    assert result["paragraphs"][-1]["partial"] is True
    assert all(p["source"] == "model" for p in result["paragraphs"])
    boundary = sid_at(conn, book.book_id, read_to)
    assert result["boundary_sid"] == boundary
    later = sentences_between(conn, book.book_id, boundary + 1,
                              sentence_count(conn, book.book_id) - 1)
    sent = "\n".join(r.message_text() for r in fake_ollama.model_calls())
    assert fake_ollama.model_calls()
    distinctive = [s.text for s in later if len(s.text) > 60]
    assert distinctive and not any(text in sent for text in distinctive)
    conn.close()


def test_recap_without_a_model_gives_extracts(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["recap", str(corpus_epub(PRIDE)), "--at", "3", "--no-model"]) == 0
    out = capsys.readouterr().out
    assert "the story so far" in out and "[extract]" in out and "— I" in out

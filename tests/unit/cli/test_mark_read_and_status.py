"""`reader-app mark-read` moves the stored boundary as "Mark as read up to here" does;
`reader-app status` reports it, with the index state."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from reader_app.books.opening.cache import load_book
from reader_app.books.shelf.library import Library
from reader_app.cli import main
from reader_app.rag.index.sentences import sentences_between
from reader_app.rag.index.text_units import ensure_sentences
from reader_app.rag.scope.boundary import scope_for_book
from reader_app.store.db import connect
from tests.unit.books.epubgen import make_epub, xhtml

CHAPTERS = {
    "one.xhtml": xhtml("<h1>One</h1><p>Orla lit the lamp. The sea was calm.</p>"),
    "two.xhtml": xhtml("<h1>Two</h1><p>Piet rowed over. He blew green glass.</p>"),
    "three.xhtml": xhtml("<h1>Three</h1><p>The storm broke the lens. Orla wept.</p>"),
}


@pytest.fixture
def book_file(tmp_path: Path) -> Path:
    return make_epub(tmp_path / "gull.epub", CHAPTERS, toc=[
        ("One", "one.xhtml"), ("Two", "two.xhtml"), ("Three", "three.xhtml")])


def status(file: Path, capsys: pytest.CaptureFixture[str]) -> dict:
    assert main(["status", str(file), "--json"]) == 0
    return dict(json.loads(capsys.readouterr().out))


def last_read_text(library_home: Path, file: Path) -> str:
    conn = connect(library_home)
    try:
        book = load_book(file, library_home)
        ensure_sentences(conn, book)
        sid = scope_for_book(conn, book.book_id).boundary_sid
        return sentences_between(conn, book.book_id, sid, sid)[0].text if sid >= 0 else ""
    finally:
        conn.close()


def test_mark_read_to_a_chapter_makes_exactly_that_chapter_eligible(
    book_file: Path, library_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["mark-read", str(book_file), "--chapter", "2"]) == 0
    assert "read up to Two" in capsys.readouterr().out
    assert last_read_text(library_home, book_file) == "He blew green glass."
    report = status(book_file, capsys)
    assert report["boundary"]["chapter"] == "Two" and not report["boundary"]["finished"]
    assert report["boundary"]["chapter_number"] == 2
    assert report["index"]["text_ready"] and report["index"]["sentences"] == 9
    assert report["boundary"]["sid"] == 5


def test_mark_read_goes_forward_only_unless_allowed_back(
    book_file: Path, library_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["mark-read", str(book_file), "--chapter", "2"]) == 0
    assert main(["mark-read", str(book_file), "--chapter", "1"]) == 2
    assert "--allow-back" in capsys.readouterr().err
    assert last_read_text(library_home, book_file) == "He blew green glass."
    assert main(["mark-read", str(book_file), "--chapter", "1", "--allow-back"]) == 0
    assert last_read_text(library_home, book_file) == "The sea was calm."


def test_mark_read_to_the_end_finishes_the_book(
    book_file: Path, library_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["mark-read", str(book_file), "--end"]) == 0
    capsys.readouterr()
    report = status(book_file, capsys)
    assert report["boundary"]["finished"] and report["boundary"]["percent"] == 100
    assert last_read_text(library_home, book_file) == "Orla wept."
    # A finished book cannot be marked back to a chapter without leave.
    assert main(["mark-read", str(book_file), "--at", "50"]) == 2


def test_bad_places_are_clear_errors_and_change_nothing(
    book_file: Path, library_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["mark-read", str(book_file), "--chapter", "9"]) == 2
    assert "chapters 1 to 3" in capsys.readouterr().err
    assert main(["mark-read", str(book_file), "--at", "120"]) == 2
    assert "0 to 100" in capsys.readouterr().err
    conn = connect(library_home)
    state = Library(conn, library_home).reading_state(load_book(book_file, library_home).book_id)
    conn.close()
    assert state is not None and not state.has_read_anything


def test_status_of_a_book_not_in_the_library_says_what_to_do(
    book_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["status", str(book_file)]) == 2
    assert "open it in Pagemate first" in capsys.readouterr().err
    assert main(["mark-read", str(book_file), "--at", "40"]) == 0
    capsys.readouterr()
    assert main(["status", str(book_file)]) == 0
    out = capsys.readouterr().out
    assert "boundary: Two" in out and "not prepared" in out

"""Every library fault is a sentence, each made for real: a damaged schema whose SQLite message
cannot even be decoded, an empty index file, a full disk after the library opened, a read-only
library (reading commands still work), a damaged passage index, output cut short by `| head`."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from reader_app.books.model import Locator
from reader_app.books.opening.cache import load_book
from reader_app.books.shelf.library import Library
from reader_app.cli import main, run_command
from reader_app.errors import LibraryError
from reader_app.paths import database_path
from reader_app.rag.index.indexer import index_book, index_status
from reader_app.rag.index.indexes import vector_index_path
from reader_app.rag.index.text_units import ensure_sentences
from reader_app.store.db import connect
from reader_app.ui.library.library_recovery import open_or_recover
from tests.conftest import ROOT, mounted_tmpfs
from tests.fakes.embedders import HashEmbedder
from tests.unit.books.epubgen import make_epub, xhtml

CHAPTERS = {
    "one.xhtml": xhtml("<h1>One</h1><p>Orla lit the lamp. The sea was calm.</p>"),
    "two.xhtml": xhtml("<h1>Two</h1><p>Piet rowed over. He blew green glass.</p>"),
}


def _book_in_library(home: Path, folder: Path, *, read_to: int = 1) -> Path:
    path = make_epub(folder / "gull.epub", CHAPTERS)
    conn = connect(home)
    book = load_book(path, home)
    Library(conn, home).add(book)
    Library(conn, home).advance_boundary(book.book_id, Locator(read_to, 1, 0))
    conn.close()
    return path


def _damage_a_schema_name(home: Path) -> None:
    """A table whose name in the schema page becomes bytes that are no UTF-8: SQLite's
    "malformed database schema (…)" then carries them, and Python cannot decode the message."""
    conn = connect(home)
    conn.execute("CREATE TABLE marker_zzzzzzzz (x)")
    conn.commit()
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    path = database_path(home)
    data = path.read_bytes().replace(b"marker_zzzzzzzz", b"\xff\xfe" * 7 + b"\xff")
    path.write_bytes(data.replace(b"CREATE TABLE \xff", b"CREATE TABLX \xff"))


def test_a_damaged_schema_that_raises_unicode_decode_error_is_the_library_is_damaged(
    library_home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    book = _book_in_library(library_home, tmp_path)
    _damage_a_schema_name(library_home)
    with pytest.raises(UnicodeDecodeError):  # what every command met before
        sqlite3.connect(database_path(library_home)).execute("PRAGMA journal_mode").fetchall()
    with pytest.raises(LibraryError, match="is damaged") as raised:
        connect(library_home)
    assert raised.value.damaged
    assert main(["status", str(book)]) == 2
    captured = capsys.readouterr()
    assert "is damaged" in captured.err and "Traceback" not in captured.err
    told: list[str] = []
    conn = open_or_recover(library_home, ask=lambda _m: True, tell=told.append)
    assert conn is not None and Library(conn, library_home).entries()  # the book came back
    conn.close()


def test_an_empty_index_file_is_rebuilt_from_the_books_and_said(
    library_home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    book = _book_in_library(library_home, tmp_path)
    database_path(library_home).write_bytes(b"")
    for suffix in ("-wal", "-shm"):
        database_path(library_home).with_name(f"library.sqlite3{suffix}").unlink(missing_ok=True)
    with pytest.raises(LibraryError, match="was empty") as raised:
        connect(library_home)
    assert raised.value.empty
    assert main(["status", str(book), "--json"]) == 0  # rebuilt, then the command ran
    captured = capsys.readouterr()
    assert "was empty; rebuilding it from your books. Reading positions could not be " \
        "recovered." in captured.err
    assert json.loads(captured.out)["title"] == "A Generated Book"


def test_the_window_rebuilds_an_empty_index_without_asking_and_says_so(
    library_home: Path, tmp_path: Path
) -> None:
    _book_in_library(library_home, tmp_path)
    database_path(library_home).write_bytes(b"")
    told: list[str] = []
    conn = open_or_recover(library_home, ask=lambda _m: pytest.fail("asked"), tell=told.append)
    assert conn is not None and len(Library(conn, library_home).entries()) == 1
    conn.close()
    assert told and "was empty" in told[0] and "1 book and 0 reading positions" in told[0]


def test_a_new_library_is_never_an_empty_file(library_home: Path) -> None:
    connect(library_home).close()
    assert database_path(library_home).stat().st_size > 0
    assert not list(library_home.glob(".library.sqlite3*"))  # the new file was moved in place


def test_a_disk_that_fills_after_the_library_opened_is_a_sentence(
    small_disk: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    home = small_disk / "library"
    connect(home).close()

    def fills_the_disk(_argv: list[str]) -> int:
        conn = connect(home)
        conn.execute("CREATE TABLE filler (data BLOB)")
        for _ in range(4096):
            conn.execute("INSERT INTO filler VALUES (?)", (b"\0" * 4096,))
        conn.commit()
        return 0

    assert run_command("search", fills_the_disk, []) == 2
    error = capsys.readouterr().err
    assert error.startswith("reader-app search: The disk holding the library")
    assert "is full" in error and "Traceback" not in error


def test_a_read_only_library_still_answers_status_and_search(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    with mounted_tmpfs(tmp_path / "disk", size="64m") as disk:
        home = disk / "library"
        monkeypatch.setenv("READER_APP_HOME", str(home))
        book = _book_in_library(home, tmp_path, read_to=2)
        conn = connect(home)
        ensure_sentences(conn, load_book(book, home))  # the keyword index, as `index` makes it
        conn.close()
        subprocess.run(["mount", "-o", "remount,ro", str(disk)], check=True)
        assert main(["status", str(book), "--json"]) == 0
        captured = capsys.readouterr()
        assert json.loads(captured.out)["boundary"]["section"] == 2
        assert "read-only" in captured.err
        assert main(["search", str(book), "green glass", "--json"]) == 0
        found = json.loads(capsys.readouterr().out)
        assert any("green glass" in passage["text"] for passage in found["passages"]), found
        assert main(["mark-read", str(book), "--chapter", "1"]) == 2  # a write: a sentence
        assert "read-only" in capsys.readouterr().err


def test_a_damaged_passage_index_is_reported_damaged_not_indexed(
    library_home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _book_in_library(library_home, tmp_path)
    conn = connect(library_home)
    book = load_book(path, library_home)
    embedder = HashEmbedder()
    index_book(conn, library_home, book, embedder=embedder)
    assert index_status(conn, library_home, book.book_id, embedder.model_id).complete
    index_file = vector_index_path(library_home, book.book_id, embedder.model_id)
    index_file.write_bytes(index_file.read_bytes()[: index_file.stat().st_size // 2])
    status = index_status(conn, library_home, book.book_id, embedder.model_id)
    assert status.damaged and status.chunks_indexed == 0 and not status.complete
    index_file.write_bytes(b"\0" * 4096)
    assert index_status(conn, library_home, book.book_id, embedder.model_id).damaged
    conn.close()


def test_output_cut_short_by_head_ends_quietly(tmp_path: Path) -> None:
    script = (
        "import sys\nfrom reader_app.cli import run_command\n"
        "def lots(argv):\n    for n in range(200000):\n        print('passage', n)\n    return 0\n"
        "sys.exit(run_command('search', lots, []))\n"
    )
    result = subprocess.run(
        f"{sys.executable} -c \"$SCRIPT\" | head -c 20; echo \"status ${{PIPESTATUS[0]}}\"",
        shell=True, executable="/bin/bash", cwd=ROOT, capture_output=True, text=True,
        env={"SCRIPT": script, "PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}, check=False,
    )  # fmt: skip
    assert result.stdout.endswith("status 141\n"), result
    assert result.stderr == "", result.stderr  # no BrokenPipeError traceback

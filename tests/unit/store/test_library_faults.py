"""Library faults, each made for real: a damaged database is rebuilt from the book files keeping
reading positions, a full disk and a read-only folder are explained, no temporary file is left."""

from __future__ import annotations

import sqlite3
import subprocess
from pathlib import Path

import numpy as np
import pytest

from reader_app.books.model import Locator
from reader_app.books.opening.cache import load_book
from reader_app.books.shelf.library import Library
from reader_app.errors import LibraryError
from reader_app.paths import database_path
from reader_app.rag.index.indexes import new_vector_index, save_vector_index
from reader_app.store.db import connect
from reader_app.ui.library.library_recovery import open_or_recover
from tests.unit.books.epubgen import make_epub, xhtml


def _books(folder: Path) -> list[Path]:
    folder.mkdir(exist_ok=True)
    return [
        make_epub(
            folder / f"book{n}.epub",
            {f"c{i}.xhtml": xhtml(f"<h1>Part {i}</h1><p>Book {n}, {i}.</p>") for i in range(3)},
        )
        for n in range(2)
    ]


def _library_with_positions(home: Path, books: list[Path]) -> list[str]:
    conn = connect(home)
    library = Library(conn, home)
    ids = []
    for index, path in enumerate(books):
        book = load_book(path, home)
        library.add(book)
        library.save_position(book.book_id, Locator(index + 1, 1, 0), progress=0.5)
        library.advance_boundary(book.book_id, Locator(index + 1, 1, 0))
        ids.append(book.book_id)
    conn.close()
    return ids


def _corrupt_page_of(home: Path, table: str) -> None:
    """Overwrite the root page of `table` with garbage, leaving every other page intact."""
    path = database_path(home)
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        page_size = conn.execute("PRAGMA page_size").fetchone()[0]
        root = conn.execute("SELECT rootpage FROM sqlite_master WHERE name=?", (table,)).fetchone()
    conn.close()
    data = bytearray(path.read_bytes())
    start = (root[0] - 1) * page_size
    data[start : start + page_size] = b"\xa5" * page_size
    path.write_bytes(bytes(data))


def test_a_damaged_database_is_rebuilt_keeping_the_reading_positions(
    library_home: Path, tmp_path: Path
) -> None:
    ids = _library_with_positions(library_home, _books(tmp_path / "books"))
    _corrupt_page_of(library_home, "schema_migrations")
    with pytest.raises(LibraryError) as caught:
        connect(library_home)
    assert caught.value.damaged and "damaged" in str(caught.value)
    asked: list[str] = []
    told: list[str] = []
    conn = open_or_recover(library_home, ask=lambda m: asked.append(m) or True, tell=told.append)
    assert conn is not None
    assert "Rebuild the library index now?" in asked[0]
    assert "2 books and 2 reading positions kept" in told[0]
    library = Library(conn, library_home)
    assert sorted(e.book_id for e in library.entries()) == sorted(ids)
    for index, book_id in enumerate(ids):
        state = library.reading_state(book_id)
        assert state is not None and state.boundary == Locator(index + 1, 1, 0)
    assert list(library_home.glob("library.sqlite3.damaged-*"))
    conn.close()


def test_a_database_of_garbage_is_rebuilt_from_the_parsed_book_cache(
    library_home: Path, tmp_path: Path
) -> None:
    ids = _library_with_positions(library_home, _books(tmp_path / "books"))
    database_path(library_home).write_bytes(b"this is not sqlite at all " * 200)
    for suffix in ("-wal", "-shm"):
        database_path(library_home).with_name(f"library.sqlite3{suffix}").unlink(missing_ok=True)
    told: list[str] = []
    conn = open_or_recover(library_home, ask=lambda m: True, tell=told.append)
    assert conn is not None and "2 books and 0 reading positions" in told[0]
    assert sorted(e.book_id for e in Library(conn, library_home).entries()) == sorted(ids)
    conn.close()


def test_declining_the_rebuild_leaves_the_damaged_file_alone(library_home: Path) -> None:
    database_path(library_home).write_bytes(b"garbage" * 1000)
    assert open_or_recover(library_home, ask=lambda m: False, tell=lambda m: None) is None
    assert database_path(library_home).read_bytes() == b"garbage" * 1000


def test_a_full_disk_is_explained_and_a_failed_index_write_leaves_no_tmp(small_disk: Path) -> None:
    home = small_disk / "library"
    connect(home).close()
    filler = small_disk / "filler"
    try:
        with filler.open("ab") as handle:
            while True:
                handle.write(b"\0" * 4096)
                handle.flush()
    except OSError:
        pass
    index = new_vector_index(64)
    index.add_with_ids(np.random.default_rng(1).random((500, 64), dtype=np.float32), np.arange(500))
    target = home / "indexes" / "book" / "vectors.faiss"
    with pytest.raises(LibraryError, match="full"):
        save_vector_index(index, target)
    assert not list(target.parent.glob("*.tmp"))
    assert not target.exists()


def test_a_read_only_library_folder_is_explained(small_disk: Path) -> None:
    home = small_disk / "library"
    conn = connect(home)
    conn.close()
    for suffix in ("-wal", "-shm"):
        database_path(home).with_name(f"library.sqlite3{suffix}").unlink(missing_ok=True)
    subprocess.run(["mount", "-o", "remount,ro", str(small_disk)], check=True)
    with pytest.raises(LibraryError, match="read-only"):
        connect(home)

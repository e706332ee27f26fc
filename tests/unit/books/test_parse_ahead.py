"""A book named at launch is parsed in a child process while the window starts
(books/opening/ahead.py): the open reads the child's result from the cache, and whatever goes
wrong with the child, the open parses and reports exactly as without it."""

from __future__ import annotations

from pathlib import Path

import pytest

from reader_app import app as app_module
from reader_app.books.opening import ahead, cache
from reader_app.books.opening.cache import cache_path, load_book
from reader_app.books.opening.formats import read_book
from reader_app.books.shelf.library import Library
from reader_app.errors import BookError
from reader_app.store.db import connect
from reader_app.store.writer import Writer
from reader_app.ui.library.book_opening import open_and_record
from tests.unit.books.epubgen import make_epub, xhtml


def _book(tmp_path: Path) -> Path:
    chapters = {f"c{n}.xhtml": xhtml(f"<h1>Chapter {n}</h1>" + "<p>Words of the story.</p>" * 40)
                for n in range(1, 13)}
    return make_epub(tmp_path / "long.epub", chapters)


def _no_parse_here(monkeypatch: pytest.MonkeyPatch) -> None:
    def refused(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("the book was parsed in this process")

    monkeypatch.setattr(cache, "read_book", refused)


def test_the_open_reads_the_book_the_child_parsed_and_never_parses_it_itself(
    library_home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _book(tmp_path)
    expected = read_book(path)
    assert ahead.parse_ahead(path, library_home)
    _no_parse_here(monkeypatch)
    writer = Writer(library_home)
    try:
        opened = open_and_record(path, library_home, writer)  # waits for the child first
    finally:
        writer.close()
    assert opened.book.sections == expected.sections and opened.book.toc == expected.toc
    assert opened.book.metadata == expected.metadata and opened.book.path == path
    assert cache_path(library_home, expected.book_id).is_file()


def test_a_file_that_is_not_a_book_is_reported_by_the_open_as_without_a_head_start(
    library_home: Path, tmp_path: Path
) -> None:
    broken = tmp_path / "broken.epub"
    broken.write_bytes(b"PK\x03\x04 this is no zip archive at all" * 10)
    with pytest.raises(BookError) as without:
        read_book(broken)
    assert ahead.parse_ahead(broken, library_home)  # the suffix says book: it is tried
    assert ahead.wait_for_ahead(broken) is False
    with pytest.raises(BookError) as with_child:
        load_book(broken, library_home)
    assert str(with_child.value) == str(without.value)


def test_a_child_still_at_work_when_the_wait_ends_is_given_up_and_the_open_parses(
    library_home: Path, tmp_path: Path
) -> None:
    path = _book(tmp_path)
    assert ahead.parse_ahead(path, library_home)
    assert ahead.wait_for_ahead(path, timeout=0.0) is False  # not even started Python yet
    assert ahead.wait_for_ahead(path) is None, "given up once, not waited for again"
    assert load_book(path, library_home).sections == read_book(path).sections


def test_no_child_for_a_book_the_library_has_cached_a_comic_or_a_missing_file(
    library_home: Path, tmp_path: Path
) -> None:
    path = _book(tmp_path)
    book = load_book(path, library_home)
    conn = connect(library_home)
    try:
        Library(conn, library_home).add(book)
    finally:
        conn.close()
    assert not ahead.parse_ahead(path, library_home), "a reopen reads the cache at once"
    assert ahead.wait_for_ahead(path) is None
    comic = tmp_path / "comic.cbz"
    comic.write_bytes(b"PK")
    assert not ahead.parse_ahead(comic, library_home)
    assert not ahead.parse_ahead(tmp_path / "gone.epub", library_home)


def test_a_file_that_cannot_even_be_looked_at_gets_no_child_and_no_error(
    library_home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _book(tmp_path)

    def refused(_self: Path) -> bool:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(Path, "is_file", refused)
    assert not ahead.parse_ahead(path, library_home)  # the open job reports it, in the window


def test_a_launch_with_a_book_starts_the_head_start_before_the_window(
    library_home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import reader_app.ui.window.launch as launch_module

    started: list[tuple[str, Path]] = []
    monkeypatch.setattr(ahead, "parse_ahead", lambda file, home: started.append((file, home)))
    monkeypatch.setattr(launch_module, "launch", lambda **_options: 0)
    path = str(_book(tmp_path))
    assert app_module.run_app(file=path, screenshot=None) == 0
    assert started == [(path, library_home)]
    assert app_module.run_app(file=path, screenshot=str(tmp_path / "shot.png")) == 0
    assert app_module.run_app(file=None, screenshot=None) == 0
    assert len(started) == 1, "no head start for a screenshot, nor without a book"

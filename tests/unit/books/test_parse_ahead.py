"""A book named at launch is parsed in a child process while the window starts
(books/opening/ahead.py): the open reads the child's result from the cache, and whatever goes
wrong with the child, the open parses and reports exactly as without it."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from reader_app import app as app_module
from reader_app.books.opening import ahead, cache
from reader_app.books.opening.cache import cache_path, load_book
from reader_app.books.opening.formats import read_book
from reader_app.books.shelf.library import Library
from reader_app.errors import BookError
from reader_app.paths import cache_dir
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


# The window's process: starts the head start on a book, says its child's id, waits to be
# killed. The child (spawned: it imports this file as __mp_main__) parses slowly, so that it is
# surely at work when the window is killed, and marks the file in argv[3] when it begins.
WINDOW = """
import multiprocessing, sys, time
from pathlib import Path

SLOW_PARSE_S = 8.0


def slow_read_book(path, **options):
    Path(sys.argv[3]).touch()
    time.sleep(SLOW_PARSE_S)
    return read_book(path, **options)


if __name__ == "__mp_main__":
    from reader_app.books.opening import cache

    read_book = cache.read_book
    cache.read_book = slow_read_book
elif __name__ == "__main__":
    from reader_app.books.opening.ahead import parse_ahead

    assert parse_ahead(sys.argv[1], Path(sys.argv[2]))
    print(multiprocessing.active_children()[0].pid, flush=True)
    time.sleep(120)
"""
GONE_WITHIN_S = 5.0  # the watcher asks every 0.2 s; the slow parse would take 8 s


def _running(pid: int) -> bool:
    """Whether `pid` is a live process (a zombie nobody has reaped yet has ended)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return False
    except OSError:  # no /proc: ask the process itself
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        return True
    return state not in ("Z", "X")


def _wait_until(condition: Callable[[], bool], seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def test_the_head_start_ends_with_a_killed_window_and_leaves_no_cache(
    library_home: Path, tmp_path: Path
) -> None:
    path, script, at_work = _book(tmp_path), tmp_path / "window.py", tmp_path / "at-work"
    script.write_text(WINDOW)
    root = Path(__file__).resolve().parents[3]
    window = subprocess.Popen(
        [sys.executable, str(script), str(path), str(library_home), str(at_work)],
        stdout=subprocess.PIPE, text=True, env=dict(os.environ, PYTHONPATH=str(root)),
    )  # fmt: skip
    child = 0
    try:
        assert _wait_until(at_work.exists, 60), "the head start never began its parse"
        assert window.stdout is not None
        child = int(window.stdout.readline())
        os.kill(window.pid, signal.SIGKILL)
        window.wait(10)
        assert _wait_until(lambda: not _running(child), GONE_WITHIN_S), "the child outlived it"
        assert not list(cache_dir(library_home).glob("*.model")), "the child wrote the cache"
    finally:
        window.kill()
        window.wait(10)
        if child and _running(child):
            os.kill(child, signal.SIGKILL)


def _symlink_loop(tmp_path: Path) -> Path:
    first, second = tmp_path / "loop.epub", tmp_path / "back.epub"
    first.symlink_to(second)
    second.symlink_to(first)
    return first


def test_a_symlink_loop_is_a_book_error_for_the_wait_and_the_open_never_a_runtime_error(
    library_home: Path, tmp_path: Path
) -> None:
    loop = _symlink_loop(tmp_path)
    assert not ahead.parse_ahead(loop, library_home)
    with pytest.raises(BookError, match="loop") as waited:
        ahead.wait_for_ahead(loop)
    writer = Writer(library_home)
    try:
        with pytest.raises(BookError, match="loop") as opened:
            open_and_record(loop, library_home, writer)  # what the window's open job runs
    finally:
        writer.close()
    assert str(waited.value) == str(opened.value)
    assert "loop.epub" in str(opened.value) and "RuntimeError" not in str(opened.value)
    with pytest.raises(BookError, match="loop"):  # past the head start: the file's own check
        load_book(loop, library_home)

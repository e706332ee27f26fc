"""One preparation for every front end: `reader-app index` reads a comic by OCR as the window does.

The command line runs as a subprocess, as a user runs it; the window prepares through its real
worker. Both must build the same sentence and chunk tables from the same comic.
"""

from __future__ import annotations

import json
import re
import sqlite3
import zipfile
from pathlib import Path

import pytest
from PIL import Image
from pytestqt.qtbot import QtBot

from reader_app.books.model import Locator
from reader_app.books.shelf.library import Library
from reader_app.prepare.news import PrepareNews
from reader_app.store.db import connect
from reader_app.ui.window.preparation import IndexingController
from tests.conftest import COMIC_TRANSCRIPT as TRANSCRIPT
from tests.conftest import COMICS, PEPPER1, reader_app

COMIC = COMICS / PEPPER1
PAGE_3_LINE = "Don't even think about it"


def normalised(text: str) -> str:
    text = text.lower().replace("’", "'")
    return " ".join(re.sub(r"[^a-z0-9' ]+", " ", text).split())


def tables(home: Path, book_id: str) -> tuple[list[tuple[object, ...]], list[tuple[object, ...]]]:
    conn = sqlite3.connect(home / "library.sqlite3")
    try:
        sentences = conn.execute(
            "SELECT sid, section, block, char_start, char_end, text FROM sentences "
            "WHERE book_id = ? ORDER BY sid", (book_id,)).fetchall()
        chunks = conn.execute(
            "SELECT chunk_id, sid_start, sid_end, section, token_count FROM chunks "
            "WHERE book_id = ? ORDER BY chunk_id", (book_id,)).fetchall()
    finally:
        conn.close()
    return sentences, chunks


def only_book_id(home: Path) -> str:
    conn = sqlite3.connect(home / "library.sqlite3")
    try:
        (book_id,) = conn.execute("SELECT book_id FROM books").fetchone()
    finally:
        conn.close()
    return str(book_id)


def set_boundary(home: Path, book_id: str, page: int) -> None:
    """As the comic view records it: the whole page is read."""
    conn = connect(home)
    try:
        Library(conn, home).set_boundary(book_id, Locator.end_of_section(page))
    finally:
        conn.close()


@pytest.mark.slow
def test_index_command_reads_the_comic_dialogue_by_ocr(comic_home: Path) -> None:
    sentences, chunks = tables(comic_home, only_book_id(comic_home))
    assert chunks, "the comic's pages were indexed"
    by_page: dict[int, str] = {}
    for _sid, section, _block, _start, _end, text in sentences:
        by_page[int(section)] = by_page.get(int(section), "") + " " + normalised(str(text))
    transcript = json.loads(TRANSCRIPT.read_text(encoding="utf-8"))
    lines = [(page["index"], block["text"]) for page in transcript["pages"]
             for block in page["blocks"] if len(block["text"].split()) >= 3]
    assert len(lines) >= 5
    for page, line in lines:
        assert normalised(line) in by_page.get(page, ""), (page, line, by_page.get(page))


@pytest.mark.slow
def test_search_finds_a_page_3_line_only_once_page_3_is_read(comic_home: Path) -> None:
    book_id = only_book_id(comic_home)
    set_boundary(comic_home, book_id, 4)
    after = reader_app(comic_home, "search", str(COMIC), PAGE_3_LINE, "--json")
    assert after.returncode == 0, after.stderr
    found = json.loads(after.stdout)
    assert any("think about it" in p["text"] for p in found["passages"])

    set_boundary(comic_home, book_id, 2)
    before = reader_app(comic_home, "search", str(COMIC), PAGE_3_LINE, "--json")
    assert before.returncode == 0, before.stderr
    assert "think about it" not in before.stdout.lower()
    result = json.loads(before.stdout)
    assert all(p["section"] <= 2 for p in result["passages"])


def test_a_book_without_any_text_says_so_and_fails(tmp_path: Path) -> None:
    blank = tmp_path / "blank.cbz"
    page = tmp_path / "page.png"
    Image.new("RGB", (400, 600), "white").save(page)
    with zipfile.ZipFile(blank, "w") as archive:
        archive.write(page, "001.png")
        archive.write(page, "002.png")
    run = reader_app(tmp_path / "home", "index", str(blank))
    assert run.returncode != 0
    assert "no text" in run.stderr


@pytest.mark.slow
def test_window_and_command_line_build_identical_tables(
    qtbot: QtBot, comic_home: Path, tmp_path: Path
) -> None:
    """The window's worker prepares the same comic again from a copy of the library whose text
    tables were dropped (the OCR cache is kept, so only OCR's slow half is skipped)."""
    book_id = only_book_id(comic_home)
    expected = tables(comic_home, book_id)
    home = tmp_path / "window-library"
    home.mkdir()
    source = sqlite3.connect(comic_home / "library.sqlite3")
    copy = sqlite3.connect(home / "library.sqlite3")
    source.backup(copy)
    source.close()
    with copy:
        for table in ("sentences", "chunks", "text_units", "vector_indexes"):
            copy.execute(f"DELETE FROM {table}")
    copy.close()
    assert tables(home, book_id) == ([], [])

    from reader_app.books.opening.cache import load_book

    controller = IndexingController(home)
    seen: list[PrepareNews] = []
    controller.news.connect(seen.append)
    controller.start(load_book(COMIC, home))
    qtbot.waitUntil(lambda: bool(seen) and seen[-1].stage in ("ready", "failed"), timeout=300_000)
    assert seen[-1].stage == "ready", seen[-1].message
    assert seen[0].stage == "ocr"
    assert tables(home, book_id) == expected
    assert expected[0] and expected[1]

"""Listening totals per book (books/shelf/listening.py): added up, read back, said in words."""

from __future__ import annotations

from pathlib import Path

from reader_app.books.shelf.library import Library
from reader_app.books.shelf.listening import Listened, add_listened, listened_to, listening_text
from reader_app.store.db import connect
from tests.bookgen import marker_book


def test_the_totals_add_up_per_book_and_a_removed_book_keeps_none(library_home: Path) -> None:
    conn = connect(library_home)
    book = marker_book()
    Library(conn, library_home).add(book)
    add_listened(conn, book.book_id, Listened(30.0, 70, 5))
    add_listened(conn, book.book_id, Listened(90.0, 210, 12))
    assert listened_to(conn, book.book_id) == Listened(120.0, 280, 17)
    said = listening_text(Listened(120.0, 280, 17))
    assert said == "2 min listened, 280 words (140 words a minute)"
    assert listening_text(Listened()) == ""
    add_listened(conn, "f" * 64, Listened(10.0, 20, 1))  # not in the library: nothing kept
    assert listened_to(conn, "f" * 64) == Listened()
    conn.close()

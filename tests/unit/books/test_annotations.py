"""Annotations in the real library database, and their Markdown export."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from reader_app.books.model import Block, BlockKind, Locator
from reader_app.books.shelf.annotations import (
    AnnotationStore,
    export_markdown,
    new_bookmark,
    new_highlight,
    reanchored,
    text_at,
    with_colour,
    with_note,
)
from reader_app.books.shelf.library import Library
from reader_app.store.db import connect
from tests.bookgen import marker_book


def test_annotations_are_kept_per_book_in_reading_order(library_home: Path) -> None:
    conn = connect(library_home)
    library = Library(conn, library_home)
    book, other = marker_book(), marker_book(title="Another")
    library.add(book)
    library.add(other)
    store = AnnotationStore(conn)
    late = new_highlight(book_id=book.book_id, start=Locator(2, 3, 0), end=Locator(2, 3, 40),
                         text="Sentence mk020200 tells", colour="blue")
    early = new_bookmark(book_id=book.book_id, at=Locator(0, 1, 0), text="Sentence mk000000")
    store.save(late)
    store.save(early)
    store.save(new_highlight(book_id=other.book_id, start=Locator(0, 1, 0),
                             end=Locator(0, 1, 5), text="other"))
    store.save(with_note(with_colour(late, "pink"), "  the lantern again  "))
    conn.close()

    again = AnnotationStore(connect(library_home)).for_book(book.book_id)
    assert [a.annotation_id for a in again] == [early.annotation_id, late.annotation_id]
    assert again[1].colour == "pink" and again[1].note == "the lantern again"
    assert again[1].start == Locator(2, 3, 0) and again[1].end == Locator(2, 3, 40)


def test_removing_a_book_removes_its_annotations(library_home: Path) -> None:
    conn = connect(library_home)
    library = Library(conn, library_home)
    book = marker_book()
    library.add(book)
    store = AnnotationStore(conn)
    store.save(new_bookmark(book_id=book.book_id, at=Locator(1, 0, 0), text="Chapter 2"))
    library.remove(book.book_id)
    assert store.for_book(book.book_id) == []


def test_a_highlight_needs_text_and_a_known_colour() -> None:
    with pytest.raises(ValueError, match="cover some text"):
        new_highlight(book_id="b", start=Locator(0, 1, 5), end=Locator(0, 1, 5), text="")
    with pytest.raises(ValueError, match="colour"):
        new_highlight(book_id="b", start=Locator(0, 1, 0), end=Locator(0, 1, 5), text="x",
                      colour="mauve")


def test_export_lists_chapters_quotes_notes_and_bookmarks_in_reading_order() -> None:
    book = marker_book()
    late = with_note(
        new_highlight(book_id=book.book_id, start=Locator(2, 1, 0), end=Locator(2, 1, 17),
                      text="Sentence mk020000", colour="green"),
        "Why the lantern?\nSee chapter 1.",
    )
    early = new_highlight(book_id=book.book_id, start=Locator(0, 2, 0), end=Locator(0, 2, 17),
                          text="Sentence mk000100")
    mark = new_bookmark(book_id=book.book_id, at=Locator(1, 0, 0), text="Chapter 2 Sentence")
    text = export_markdown(book, [late, mark, early])
    assert text.startswith("# The Marker Book\n\n*A. Tester*\n")
    assert text.index("## Chapter 1") < text.index("> Sentence mk000100") < text.index(
        "## Chapter 2") < text.index("- Bookmark (") < text.index("## Chapter 3") < text.index(
        "> Sentence mk020000")  # fmt: skip
    assert "— green highlight, 50%" in text
    assert "**Note:** Why the lantern?\nSee chapter 1." in text
    assert "— yellow highlight, 1%" in text
    assert export_markdown(book, []).endswith("No highlights or bookmarks yet.\n")


def test_a_highlight_follows_its_words_when_a_new_reading_moves_them(library_home: Path) -> None:
    book = marker_book()
    at = book.sections[1].blocks[3].text.index("Sentence mk010201")
    highlight = new_highlight(book_id=book.book_id, start=Locator(1, 3, at),
                              end=Locator(1, 3, at + 17), text="Sentence mk010201")
    assert text_at(book, highlight.start, highlight.end) == "Sentence mk010201"
    assert reanchored(book, highlight) is highlight
    # A newer parser reads an epigraph before the first paragraph of chapter 2.
    first = book.sections[1]
    epigraph = Block(BlockKind.QUOTE, "Sentence mk010201 was foretold.")
    moved_book = replace(book, sections=(book.sections[0], replace(
        first, blocks=(first.blocks[0], epigraph, *first.blocks[1:])), *book.sections[2:]))
    moved = reanchored(moved_book, highlight)
    assert (moved.start, moved.end) == (Locator(1, 4, at), Locator(1, 4, at + 17)), "the nearest"
    assert text_at(moved_book, moved.start, moved.end) == highlight.text
    gone = replace(highlight, text="words the book no longer has")
    assert reanchored(moved_book, gone) is gone

    conn = connect(library_home)
    Library(conn, library_home).add(book)
    store = AnnotationStore(conn)
    store.save(highlight)
    store.save(moved)
    [kept] = store.for_book(book.book_id)
    assert (kept.start, kept.end) == (moved.start, moved.end)

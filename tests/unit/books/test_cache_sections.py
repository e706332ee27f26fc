"""A reopened book unpickles a section's blocks only when asked for them, and is in every other
way the book its parse gave: text, search, progress, table of contents, equality."""

from __future__ import annotations

import dataclasses
import pickle
from pathlib import Path

from reader_app.books.model import Book, Locator, Section
from reader_app.books.opening.cache import CachedSection, load_book
from reader_app.books.opening.formats import read_book
from reader_app.books.text.search import find_text
from reader_app.digest import file_sha256
from tests.conftest import JEKYLL, corpus_epub


def _reopened(library_home: Path) -> tuple[Book, Book]:
    path = corpus_epub(JEKYLL)
    load_book(path, library_home)  # parsed, and cached
    return load_book(path, library_home), read_book(path, book_id=file_sha256(path))


def _unpickled(book: Book) -> list[int]:
    return [s.index for s in book.sections if isinstance(s, CachedSection) and s.unpickled]


def test_reopening_reads_no_section_until_one_is_asked_for(library_home: Path) -> None:
    reopened, parsed = _reopened(library_home)
    assert all(isinstance(s, CachedSection) for s in reopened.sections)
    assert _unpickled(reopened) == []
    # What the window needs of the whole book before its first page: none of the blocks.
    assert reopened.metadata == parsed.metadata and reopened.toc == parsed.toc
    assert reopened.char_count == parsed.char_count
    for entry in parsed.toc:
        assert reopened.progress(entry.target) == parsed.progress(entry.target)
    assert _unpickled(reopened) == []
    third = reopened.sections[3]
    assert third.blocks == parsed.sections[3].blocks
    assert _unpickled(reopened) == [3]


def test_a_reopened_book_reads_as_the_parsed_one(library_home: Path) -> None:
    reopened, parsed = _reopened(library_home)
    assert find_text(reopened, "Utterson") == find_text(parsed, "Utterson")
    inside = Locator(5, 3, 12)
    assert reopened.progress(inside) == parsed.progress(inside)
    assert reopened.locator_at_progress(0.5) == parsed.locator_at_progress(0.5)
    assert reopened.end_locator() == parsed.end_locator()
    assert reopened.sections == parsed.sections
    assert [hash(s) for s in reopened.sections] == [hash(s) for s in parsed.sections]


def test_a_cached_section_travels_and_is_remade_as_a_section(library_home: Path) -> None:
    reopened, parsed = _reopened(library_home)
    sent = pickle.loads(pickle.dumps(reopened.sections[4]))  # to another process
    assert type(sent) is Section and sent == parsed.sections[4]
    kept = parsed.sections[4].blocks[:2]
    remade = dataclasses.replace(reopened.sections[4], blocks=kept)  # as comics/text.py does
    assert remade.blocks == kept
    assert remade.char_count == sum(len(b.text) for b in kept)
    assert remade == dataclasses.replace(parsed.sections[4], blocks=kept)

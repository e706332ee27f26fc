"""What counts as the story: marked matter, unmarked title pages and contents, bare headings and
notes, decided once when the text units are built; a library built before is rebuilt."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from reader_app.books.model import Book
from reader_app.books.opening.cache import load_book
from reader_app.books.opening.formats import read_book
from reader_app.books.shelf.library import Library
from reader_app.rag.index.chunking import CHUNK_PLAN
from reader_app.rag.index.indexer import index_book, index_status
from reader_app.rag.index.indexes import load_vector_index, stored_ids, vector_index_path
from reader_app.rag.index.sentences import split_book
from reader_app.rag.index.story import outside_story, sections_outside_story
from reader_app.rag.index.text_units import compute_text_units, ensure_sentences
from reader_app.store.db import connect
from tests.bookgen import KEPT_MARKERS, MATTER_MARKERS, NOTE_READ, NOTE_UNREAD, matter_epub
from tests.conftest import WAR_AND_PEACE, corpus_epub
from tests.fakes.embedders import HashEmbedder


def _book(tmp_path: Path, *, marked: bool) -> Book:
    return read_book(matter_epub(tmp_path / f"harbour-{marked}.epub", marked=marked))


def _outside_text(book: Book) -> str:
    outside = outside_story(book)
    return " ".join(
        block.text for section in book.sections for n, block in enumerate(section.blocks)
        if (section.index, n) in outside
    )


def test_marked_matter_and_bare_headings_are_not_the_story(tmp_path: Path) -> None:
    book = _book(tmp_path, marked=True)
    outside = _outside_text(book)
    for marker in MATTER_MARKERS.values():
        assert marker in outside, marker
    # The book's own words around its story stay, and so do its notes and chapter headings.
    for marker in (*KEPT_MARKERS.values(), NOTE_READ, NOTE_UNREAD, "Anna Lantern"):
        assert marker not in outside, marker
    chapter = next(s for s in book.sections if s.name.endswith("chapter1.xhtml"))
    assert chapter.blocks[0].text == "Chapter 1"
    assert (chapter.index, 0) not in outside_story(book)  # a heading over text stays with it

    units = compute_text_units(book)
    chunked = "\n".join(units.chunk_texts)
    assert not any(marker in chunked for marker in MATTER_MARKERS.values())
    assert all(marker in chunked for marker in KEPT_MARKERS.values())
    # Every story sentence is in some chunk; no chunk holds a sentence that is not the story.
    covered = {sid for c in units.chunks for sid in range(c.sid_start, c.sid_end + 1)}
    assert covered == {s.sid for s in units.sentences if s.story}


def test_without_marks_the_title_page_contents_and_bare_headings_are_found_by_structure(
    tmp_path: Path,
) -> None:
    book = _book(tmp_path, marked=False)
    assert not any(block.marks for section in book.sections for block in section.blocks)
    outside = _outside_text(book)
    for kind in ("titlepage", "toc", "halftitlepage", "heading"):
        assert MATTER_MARKERS[kind] in outside, kind
    for marker in (*KEPT_MARKERS.values(), "Anna Lantern", NOTE_READ):
        assert marker not in outside, marker
    assert not any(
        MATTER_MARKERS[kind] in text
        for text in compute_text_units(book).chunk_texts
        for kind in ("titlepage", "toc", "halftitlepage", "heading")
    )


def test_a_note_is_its_own_unit_tied_to_the_sentence_that_refers_to_it(tmp_path: Path) -> None:
    book = _book(tmp_path, marked=True)
    units = compute_text_units(book)
    by_sid = {s.sid: s.text for s in units.sentences}
    found = {}
    for note in units.notes:
        text = " ".join(by_sid[sid] for sid in range(note.note_sid_start, note.note_sid_end + 1))
        found[NOTE_READ if NOTE_READ in text else NOTE_UNREAD] = by_sid[note.ref_sid]
    assert "lit by hand" in found[NOTE_READ]
    assert "drifted toward the shoals" in found[NOTE_UNREAD]
    # Each note's chunk holds that note alone.
    note_chunks = [t for t in units.chunk_texts if NOTE_READ in t or NOTE_UNREAD in t]
    assert len(note_chunks) == 2 and all(not (NOTE_READ in t and NOTE_UNREAD in t)
                                         for t in note_chunks)


@pytest.mark.slow
def test_war_and_peace_keeps_its_story_and_drops_its_imprint_and_bare_headings() -> None:
    book = read_book(corpus_epub(WAR_AND_PEACE))
    sentences = split_book(book)
    names = {s.sid: book.sections[s.section].name.rsplit("/", 1)[-1] for s in sentences}
    left_out = {names[s.sid] for s in sentences if not s.story}
    assert {"imprint.xhtml", "colophon.xhtml", "uncopyright.xhtml", "halftitlepage.xhtml",
            "book-1.xhtml", "part-1-1.xhtml"} <= left_out
    assert not any(name.startswith(("chapter-", "dramatis", "endnotes")) for name in left_out)
    skipped = {book.sections[i].name.rsplit("/", 1)[-1] for i in sections_outside_story(book)}
    assert "imprint.xhtml" in skipped and "chapter-1-1-1.xhtml" not in skipped
    units = compute_text_units(book)
    assert len(units.notes) == 137  # every endnote, tied to its first reference
    assert not any("Standard Ebooks" in text for text in units.chunk_texts)


def test_a_library_indexed_before_is_rebuilt_and_its_index_resumes_after_a_crash(
    tmp_path: Path, library_home: Path
) -> None:
    home = library_home
    conn = connect(home)
    book = load_book(matter_epub(tmp_path / "harbour.epub"), home)
    Library(conn, home).add(book)
    embedder = HashEmbedder()
    index_book(conn, home, book, embedder=embedder)
    # As a library indexed before this chunk plan: every chunk, imprint and all, embedded.
    with conn:
        conn.execute("UPDATE text_units SET chunk_plan = 'windows target=100 stride=50 max=242'")
        conn.execute("UPDATE sentences SET story = 1")

    ensure_sentences(conn, book)  # what every preparation runs first
    row = conn.execute("SELECT chunk_plan FROM text_units WHERE book_id = ?",
                       (book.book_id,)).fetchone()
    assert row[0] == CHUNK_PLAN
    assert conn.execute("SELECT COUNT(*) FROM sentences WHERE book_id = ? AND NOT story",
                        (book.book_id,)).fetchone()[0] > 0
    assert index_status(conn, home, book.book_id, embedder.model_id).chunks_indexed == 0

    # A crash after two batches: the next run resumes from what was saved, not from zero.
    class Crash(Exception):
        pass

    calls = 0
    original = embedder.embed

    def crashing(texts: list[str]) -> np.ndarray:
        nonlocal calls
        calls += 1
        if calls > 2:
            raise Crash
        return original(texts)

    embedder.embed = crashing  # type: ignore[method-assign]
    with pytest.raises(Crash):
        index_book(conn, home, book, embedder=embedder, batch_size=2)
    embedder.embed = original  # type: ignore[method-assign]
    assert index_status(conn, home, book.book_id, embedder.model_id).chunks_indexed == 4
    status = index_book(conn, home, book, embedder=embedder, batch_size=2)
    assert status.chunks_indexed == status.chunks_total
    index = load_vector_index(vector_index_path(home, book.book_id, embedder.model_id))
    assert list(stored_ids(index)) == list(range(status.chunks_total))
    conn.close()

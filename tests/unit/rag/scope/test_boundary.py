"""The scope: built only from the recorded reading state; a prefix of chunks; series-aware."""

from __future__ import annotations

import itertools
import sqlite3
from pathlib import Path

import pytest

from reader_app.books.model import Locator, Series
from reader_app.books.shelf.library import Library
from reader_app.errors import ScopeError
from reader_app.rag.index.chunking import chunk_texts, chunks_of
from reader_app.rag.index.text_units import ensure_sentences
from reader_app.rag.scope.boundary import eligible_chunk_limit, scope_at, scope_for_book
from reader_app.store.db import connect
from tests.unit.rag.markerbooks import MarkerBook, marker_book, markers_in


def add(conn: sqlite3.Connection, home: Path, generated: MarkerBook) -> None:
    Library(conn, home).add(generated.book)
    ensure_sentences(conn, generated.book)


def test_a_book_without_reading_state_is_an_error_not_an_empty_scope(
    library_home: Path,
) -> None:
    conn = connect(library_home)
    with pytest.raises(ScopeError):
        scope_for_book(conn, "0" * 64)


def test_nothing_read_means_nothing_eligible(library_home: Path) -> None:
    conn = connect(library_home)
    generated = marker_book()
    add(conn, library_home, generated)

    scope = scope_for_book(conn, generated.book.book_id)

    assert scope.boundary_sid == -1
    assert scope.current.chunk_limit == 0


def test_finishing_the_book_makes_every_chunk_eligible(library_home: Path) -> None:
    conn = connect(library_home)
    generated = marker_book()
    add(conn, library_home, generated)
    library = Library(conn, library_home)
    library.mark_finished(generated.book.book_id, Locator(0, 1, 0))  # even a stale locator

    scope = scope_for_book(conn, generated.book.book_id)

    total = conn.execute("SELECT COUNT(*) FROM chunks").fetchone()[0]
    assert scope.boundary_sid == len(generated.sentences) - 1
    assert scope.current.chunk_limit == total


def test_eligible_chunks_are_exactly_those_ending_at_or_before_the_boundary(
    library_home: Path,
) -> None:
    conn = connect(library_home)
    generated = marker_book(sections=3, blocks_per_section=8)
    add(conn, library_home, generated)
    book_id = generated.book.book_id
    everything = chunks_of(conn, book_id, 0, 10_000)
    assert [c.chunk_id for c in everything] == list(range(len(everything)))
    # Windows may overlap but never leave a gap, and both ends rise with the chunk id.
    assert everything[0].sid_start == 0
    assert all(
        a.sid_start < b.sid_start <= a.sid_end + 1 and a.sid_end < b.sid_end
        for a, b in itertools.pairwise(everything)
    )

    for boundary_sid in range(-1, len(generated.sentences)):
        limit = eligible_chunk_limit(conn, book_id, boundary_sid)
        eligible_text = " ".join(chunk_texts(conn, book_id, everything[:limit]))
        assert all(index <= boundary_sid for _, index in markers_in(eligible_text))
        # The prefix is maximal: the next chunk really does end after the boundary.
        if limit < len(everything):
            assert everything[limit].sid_end > boundary_sid


def series_of_three(conn: sqlite3.Connection, home: Path) -> list[MarkerBook]:
    volumes = [
        marker_book(volume=n, sections=2, blocks_per_section=6, series=Series("Saga", float(n)))
        for n in (1, 2, 3)
    ]
    for generated in volumes:
        add(conn, home, generated)
    return volumes


def test_earlier_volumes_are_eligible_whole_and_later_ones_never(library_home: Path) -> None:
    conn = connect(library_home)
    one, two, three = series_of_three(conn, library_home)
    # Early in volume 2: a naive `volume <= 2 AND sid <= b` filter would cut volume 1 at b.
    Library(conn, library_home).set_boundary(two.book.book_id, Locator(0, 2, 0))

    scope = scope_for_book(conn, two.book.book_id)

    by_book = {v.book_id: v.chunk_limit for v in scope.volumes}
    all_of_one = conn.execute(
        "SELECT COUNT(*) FROM chunks WHERE book_id = ?", (one.book.book_id,)
    ).fetchone()[0]
    assert by_book[one.book.book_id] == all_of_one
    assert three.book.book_id not in by_book
    assert [v.book_id for v in scope.volumes] == [one.book.book_id, two.book.book_id]
    last_chunk_of_one = chunks_of(conn, one.book.book_id, all_of_one - 1, all_of_one)[0]
    assert last_chunk_of_one.sid_end > scope.boundary_sid  # the case the naive filter drops


def test_the_first_volume_sees_no_other_volume(library_home: Path) -> None:
    conn = connect(library_home)
    one, _, _ = series_of_three(conn, library_home)
    Library(conn, library_home).mark_finished(one.book.book_id, Locator(1, 6, 0))

    scope = scope_for_book(conn, one.book.book_id)

    assert [v.book_id for v in scope.volumes] == [one.book.book_id]


def test_explicit_boundary_is_clamped_to_the_book(library_home: Path) -> None:
    conn = connect(library_home)
    generated = marker_book(sections=1, blocks_per_section=2)
    add(conn, library_home, generated)

    assert scope_at(conn, generated.book.book_id, boundary_sid=10_000).boundary_sid == (
        len(generated.sentences) - 1
    )
    assert scope_at(conn, generated.book.book_id, boundary_sid=-7).boundary_sid == -1
    with pytest.raises(ScopeError):
        scope_at(conn, "f" * 64, boundary_sid=3)

"""Every eligibility question is answered by rag.scope.boundary, by the search mask's rule."""

from __future__ import annotations

from pathlib import Path

import pytest

from reader_app.books.model import Locator
from reader_app.rag.index.sentences import split_book
from reader_app.rag.scope.boundary import (
    last_comic_page_in_scope,
    last_page_to_describe,
    made_within,
    scope_for_book,
    selection_may_be_sent,
    whole_comic_chosen,
)
from reader_app.rag.scope.sealed import ScopedPageImage, ScopeViolationError
from tests.fakes.marker_library import MarkerLibrary


def test_a_selection_counts_by_whole_sentences_like_the_search_mask(shelf: MarkerLibrary) -> None:
    book = shelf.book
    second = next(s for s in split_book(book) if (s.section, s.block) == (1, 3) and s.char_start)
    # The boundary lies in the middle of `second`: by the mask, `second` is not read.
    middle = Locator(1, 3, (second.char_start + second.char_end) // 2)
    shelf.library.set_boundary(book.book_id, middle)
    boundary_sid = scope_for_book(shelf.conn, book.book_id).boundary_sid
    assert boundary_sid == second.sid - 1
    before_middle = Locator(1, 3, middle.char - 3)
    # A character offset rule would allow this; the sentence it ends in is not read whole.
    assert not selection_may_be_sent(shelf.conn, book, before_middle)
    assert selection_may_be_sent(shelf.conn, book, Locator(1, 3, second.char_start - 1))
    shelf.library.set_boundary(book.book_id, Locator(1, 3, second.char_end))
    assert selection_may_be_sent(shelf.conn, book, before_middle)
    assert not selection_may_be_sent(shelf.conn, book, Locator(2, 1, 5))


def test_nothing_may_be_sent_before_reading(shelf: MarkerLibrary) -> None:
    shelf.library.reset_boundary(shelf.book.book_id)
    assert not selection_may_be_sent(shelf.conn, shelf.book, Locator(0, 0, 3))


def test_stored_texts_are_usable_only_at_or_after_the_boundary_they_were_made_at() -> None:
    assert made_within(10, boundary_sid=10) and made_within(3, boundary_sid=10)
    assert not made_within(11, boundary_sid=10)


def test_comic_pages_follow_the_boundary_unless_the_reader_chose_the_whole_comic(
    shelf: MarkerLibrary,
) -> None:
    book_id = shelf.book.book_id
    shelf.library.set_boundary(book_id, Locator(2, 0, 0))
    assert last_comic_page_in_scope(shelf.conn, book_id, page_count=4) == 2
    assert last_page_to_describe(shelf.conn, book_id, page_count=4) == 2
    assert not whole_comic_chosen(shelf.conn, book_id)
    shelf.library.set_whole_comic(book_id, True)
    assert whole_comic_chosen(shelf.conn, book_id)
    assert last_page_to_describe(shelf.conn, book_id, page_count=4) == 3
    assert last_comic_page_in_scope(shelf.conn, book_id, page_count=4) == 2, "answers stay masked"
    shelf.library.set_whole_comic(book_id, False)
    assert last_page_to_describe(shelf.conn, book_id, page_count=4) == 2


def test_a_page_past_the_limit_cannot_be_handed_to_the_vision_model() -> None:
    page = ScopedPageImage.of(page_index=2, limit=2, title="T", image=b"jpeg")
    assert page.page_index == 2
    with pytest.raises(ScopeViolationError):
        ScopedPageImage.of(page_index=3, limit=2, title="T", image=b"jpeg")
    with pytest.raises(ScopeViolationError):
        ScopedPageImage(3, "T", b"jpeg", object())


def test_a_window_that_prepares_in_the_background_never_builds_text_to_answer(
    library_home: Path,
) -> None:
    # The reader page asks on the UI thread (prepare=False when the window prepares books in
    # the background): a book not prepared yet says no and builds nothing there.
    from reader_app.books.opening.cache import load_book
    from reader_app.books.shelf.library import Library
    from reader_app.rag.index.sentences import sentence_count
    from reader_app.store.db import connect
    from tests.conftest import JEKYLL, corpus_epub

    book = load_book(corpus_epub(JEKYLL), library_home)
    conn = connect(library_home)
    try:
        library = Library(conn, library_home)
        library.add(book)
        library.set_boundary(book.book_id, book.locator_at_progress(0.5))
        early = book.locator_at_progress(0.2)
        assert not selection_may_be_sent(conn, book, early, prepare=False)
        assert sentence_count(conn, book.book_id) == 0
        assert selection_may_be_sent(conn, book, early)  # the command line's way: built here
        assert sentence_count(conn, book.book_id) > 0
        assert selection_may_be_sent(conn, book, early, prepare=False)
    finally:
        conn.close()

"""A book's notes are kept as sentences, in the model and in its cache (issue 41): the template
and its arguments, so that the window says them in the language of the day it shows them; the
command line and the logs read their English. A cache file from before (its notes plain English
text) is parsed again rather than shown in English for ever."""

from __future__ import annotations

import pickle
from dataclasses import replace
from pathlib import Path

import pytest

from reader_app.books.opening import cache
from reader_app.books.opening.cache import PARSER_VERSION, cache_path, load_book
from reader_app.translatable import NOTES, Sentence
from tests.unit.books.epubgen import make_epub, package_document, xhtml

LAST_ENGLISH_NOTES = 18  # the cache version whose notes were formatted English text


def repeating_epub(folder: Path) -> Path:
    opf = package_document(["c0.xhtml"]).replace(
        '<itemref idref="c0"/>', '<itemref idref="c0"/>' * 1500)
    return make_epub(folder / "repeat.epub", {"c0.xhtml": xhtml("<p>Once.</p>")}, opf=opf)


def test_a_note_is_its_template_and_its_numbers_kept_through_the_cache(
    tmp_path: Path, library_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = repeating_epub(tmp_path)
    parsed = load_book(path, library_home)
    [note] = parsed.notes
    assert isinstance(note, Sentence) and note.context == NOTES
    assert note.template == ("The book's reading order lists chapters again {count} times; only "
                             "the first {shown} repeats are shown.")
    assert dict(note.args) == {"count": 1499, "shown": 16}  # numbers, not English text
    assert str(note) == ("The book's reading order lists chapters again 1,499 times; only the "
                         "first 16 repeats are shown.")

    monkeypatch.setattr(cache, "read_book", lambda *a, **k: pytest.fail("not from the cache"))
    again = load_book(path, library_home)
    assert again.notes == parsed.notes and isinstance(again.notes[0], Sentence)


def test_a_cache_file_with_english_notes_is_parsed_again(
    tmp_path: Path, library_home: Path
) -> None:
    path = repeating_epub(tmp_path)
    book = load_book(path, library_home)
    old = replace(book, notes=("The book's reading order lists chapters again 1,499 times; "
                               "only the first 16 repeats are shown.",))
    with cache_path(library_home, book.book_id).open("wb") as handle:
        pickle.dump((LAST_ENGLISH_NOTES, old), handle)
    assert PARSER_VERSION > LAST_ENGLISH_NOTES
    reopened = load_book(path, library_home)
    assert all(isinstance(note, Sentence) for note in reopened.notes), reopened.notes

"""Read aloud speaks a French or German book with a voice of its language, and hyphenation uses
the book language's dictionary (issue 41)."""

from __future__ import annotations

import dataclasses
import threading
from pathlib import Path
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from reader_app.books.model import Book
from reader_app.books.text import language as language_module
from reader_app.books.text.language import LanguagePick
from reader_app.books.typography.hyphenation import SOFT_HYPHEN, break_positions, supports
from reader_app.books.typography.hyphenation import with_soft_hyphens as hyphenated
from reader_app.ui.read_aloud.speech import Voice
from tests.bookgen import marker_book
from tests.ui.conftest import make_window, open_file, show_book
from tests.ui.read_aloud.test_read_aloud import scripted
from tests.ui.read_aloud.test_voices import voice_items, voice_menu
from tests.unit.books.epubgen import make_epub, package_document, xhtml

VOICES = (Voice("English (Great Britain)", "en"), Voice("French (France)", "fr"),
          Voice("French (Belgium)", "fr"), Voice("German", "de"), Voice("Spanish (Spain)", "es"))


@pytest.mark.parametrize(("language", "expected"), [
    ("fr-FR", {"French (France)": True, "French (Belgium)": False}),
    ("de", {"German": True}),
    ("es", {"Spanish (Spain)": True}),
])
def test_a_books_language_picks_its_voices(
    qtbot: QtBot, library_home: Path, language: str, expected: dict[str, bool]
) -> None:
    window = make_window(qtbot, library_home, size=(1400, 900))
    book = marker_book(chapters=1, paragraphs=10, sentences=3)
    show_book(window, dataclasses.replace(
        book, metadata=dataclasses.replace(book.metadata, language=language)))
    _aloud, voice = scripted(window, voices=VOICES)
    assert voice.language == language
    assert voice_items(voice_menu(window)) == expected


def _broken(word: str, language: str) -> str:
    return hyphenated(word, 0, len(word), break_positions(word, language=language), "-")


@pytest.mark.parametrize(("language", "word", "expected"), [
    # Raabe: German breaks between the parts of a compound, after "ch", never "Kir-che".
    ("de", "Kirchenglockengeläut", "Kir-chen-glo-cken-ge-läut"),
    ("de-AT", "Sonntagmorgen", "Sonn-tag-mor-gen"),
    # Balzac: French keeps "ill" together (English's patterns make "mer-veil-leuse-ment").
    ("fr-CA", "merveilleusement", "mer-veilleu-se-ment"),
    ("es", "extraordinario", "ex-tra-or-di-na-rio"),
])
def test_hyphenation_uses_the_books_language(language: str, word: str, expected: str) -> None:
    assert supports(language)
    assert _broken(word, language) == expected
    assert SOFT_HYPHEN not in _broken(word, language)
    assert _broken(word, "en") != expected, "English patterns would break it elsewhere"


FRENCH_PAGE = (
    "Lucien Morel descendit vers la rivière avec sa lanterne, et il ne savait pas encore que "
    "Mathilde l'attendait près du moulin. Elle était venue de la ville pour lui parler de la "
    "lettre que son père avait reçue, mais elle ne voulait pas que les autres la voient.")
ENGLISH_PAGE = (
    "Lucien walked down to the river with his lantern, and he did not know yet that Mathilde "
    "was waiting for him by the mill. She had come from the town to tell him of the letter "
    "that her father had received, but she did not want the others to see her there.")


@pytest.mark.parametrize(("tag", "page", "spoken"), [
    ("en", FRENCH_PAGE, "fr"),  # a converter's "en" on a French novel
    ("", FRENCH_PAGE, "fr"),  # no tag at all
    ("fr-CA", FRENCH_PAGE, "fr-CA"),  # tag and text agree: the tag's region is kept
    ("en-GB", ENGLISH_PAGE, "en-GB"),
])
def test_the_voice_follows_the_language_the_book_is_written_in(
    qtbot: QtBot, library_home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, tag: str,
    page: str, spoken: str,
) -> None:
    decided_on: list[bool] = []  # whether each decision was made on the UI thread
    real = language_module.book_language

    def book_language(book: Book, **options: Any) -> LanguagePick:
        decided_on.append(threading.current_thread() is threading.main_thread())
        return real(book, **options)

    monkeypatch.setattr(language_module, "book_language", book_language)
    chapters = {f"c{n}.xhtml": xhtml("".join(f"<p>{page} ({n}.{p})</p>" for p in range(12)))
                for n in range(2)}
    path = make_epub(tmp_path / "lanterne.epub", chapters,
                     opf=package_document(list(chapters), title="La Lanterne", language=tag))
    window = make_window(qtbot, library_home)
    _aloud, voice = scripted(window, voices=VOICES)
    book = open_file(qtbot, window, path)
    assert book.metadata.language == tag
    assert voice.language == spoken
    assert decided_on and not any(decided_on), "the text is read on the worker that opens it"

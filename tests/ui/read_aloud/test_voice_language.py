"""Read aloud speaks a French or German book with a voice of its language, and hyphenation uses
the book language's dictionary (issue 41)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from reader_app.books.typography.hyphenation import SOFT_HYPHEN, break_positions, supports
from reader_app.books.typography.hyphenation import with_soft_hyphens as hyphenated
from reader_app.ui.read_aloud.speech import Voice
from tests.bookgen import marker_book
from tests.ui.conftest import make_window, show_book
from tests.ui.read_aloud.test_read_aloud import scripted
from tests.ui.read_aloud.test_voices import voice_items, voice_menu

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

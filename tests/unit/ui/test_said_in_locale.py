"""Sentences made outside the window, said in its language (issue 41): the numbers inside them
grouped as the window's locale groups them, the command line's English as it was, and a book's
notes (a plain English one from an older cache among them) framed in the window's language."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QLocale

from reader_app.books.model import Book, Metadata
from reader_app.books.shelf.listening import Listened, listening_text
from reader_app.books.shelf.reading_time import duration_text
from reader_app.errors import ContextTooLongError
from reader_app.translatable import QT_TRANSLATE_NOOP, Sentence, english, note, sentence
from reader_app.ui.library.cover_jobs import reading_notes_text
from reader_app.ui.read_aloud.bar import speed_words as bar_speed
from reader_app.ui.read_aloud.voice import speed_words as settings_speed
from reader_app.ui.translation import decimal_text, install_language, number_text, said, translate

NNBSP = "\u202f"  # French groups digits with a narrow no-break space


REPEATS = note(QT_TRANSLATE_NOOP(
    "BookNotes", "The book's reading order lists chapters again {count} times; only the first "
    "{shown} repeats are shown."), count=12345, shown=16)


@pytest.mark.parametrize(("language", "grouped"), [
    ("en", "12,345"), ("de", "12.345"), ("fr", "12\u202f345"), ("es", "12.345")])
def test_numbers_in_a_sentence_follow_the_windows_locale(
    speaking: None, language: str, grouped: str
) -> None:
    install_language(language)
    assert grouped in said(REPEATS)
    too_big = note(QT_TRANSLATE_NOOP("BookNotes", "an inline image of {mb} MB, over the {limit} "
                                                  "MB limit"), mb=5.2, limit=4)
    assert ("5.2" if language == "en" else "5,2") in said(too_big)
    error = ContextTooLongError(host="http://h", context_tokens=32768, prompt_tokens=40960)
    assert QLocale().toString(32768) in said(error)
    assert str(error).count("32,768") == 1, "the command line's English keeps its grouping"


def test_english_groups_whole_numbers_and_leaves_the_rest_as_they_are() -> None:
    assert str(REPEATS) == ("The book's reading order lists chapters again 12,345 times; only "
                            "the first 16 repeats are shown.")
    assert [english(part) for part in (1234567, 2.5, 90.0, True, "1234")] == [
        "1,234,567", "2.5", "90", "True", "1234"]
    inner = sentence(QT_TRANSLATE_NOOP("Errors", " ({prompt} tokens)"), prompt=4096)
    assert str(sentence(QT_TRANSLATE_NOOP("Errors", "too long{sizes}"), sizes=inner)) == (
        "too long (4,096 tokens)")


def test_a_c_locale_window_groups_numbers_the_english_way(speaking: None) -> None:
    QLocale.setDefault(QLocale.c())
    assert said(REPEATS) == str(REPEATS)


def book_with(notes: tuple[Sentence | str, ...]) -> Book:
    return Book(book_id="b", path=Path("/books/wieder.epub"), format="epub",
                metadata=Metadata(title="Wieder"), sections=(), toc=(), cover=None,
                load_resource=lambda name: b"", notes=notes)


def test_notes_are_said_in_the_windows_language_and_old_english_ones_as_they_are(
    speaking: None
) -> None:
    old = "The book's table of contents could not be read (a damaged index)."  # an older cache
    book = book_with((REPEATS, old, REPEATS, REPEATS, REPEATS))
    install_language("de")
    assert reading_notes_text(book) == (
        "„wieder.epub“ wurde geöffnet, aber: Die Lesereihenfolge des Buches führt Kapitel "
        f"12.345-mal erneut auf; nur die ersten 16 Wiederholungen werden gezeigt. {old} "
        "Die Lesereihenfolge des Buches führt Kapitel 12.345-mal erneut auf; nur die ersten 16 "
        "Wiederholungen werden gezeigt. (und 2 weitere)")
    install_language("fr")
    assert reading_notes_text(book_with((old,))) == (
        f"«\u00a0wieder.epub\u00a0» a été ouvert, mais\u00a0: {old}")
    assert reading_notes_text(book_with((REPEATS, REPEATS, REPEATS, REPEATS))).endswith(
        " (et 1 autre)")
    install_language("en")
    assert reading_notes_text(book_with((old,) * 5)) == (
        f"“wieder.epub” opened, but: {old} {old} {old} (and 2 more)")
    assert reading_notes_text(book_with(())) == ""


def test_the_listening_line_groups_its_words_in_the_windows_locale(speaking: None) -> None:
    heard = Listened(seconds=3900.0, words=9120, sentences=700)
    install_language("de")
    assert listening_text(heard, say=lambda words: translate("ReadingTime", words),
                          number=number_text) == (
        "1 Std. 05 Min. gehört, 9.120 Wörter (140 Wörter pro Minute)")
    assert listening_text(heard) == "1 h 05 min listened, 9,120 words (140 words a minute)"


@pytest.mark.parametrize(("language", "speed", "hours"), [
    ("en", "1.2×", "1,000 h 05 min"), ("de", "1,2×", "1.000 Std. 05 Min."),
    ("fr", "1,2×", f"1{NNBSP}000\u00a0h 05\u00a0min")])
def test_read_alouds_speed_and_long_times_follow_the_windows_locale(
    speaking: None, language: str, speed: str, hours: str
) -> None:
    install_language(language)
    assert bar_speed(0.2) == speed and settings_speed(0.2) == speed  # the bar and Settings
    assert bar_speed(1.0) == "2×" and decimal_text(1.25) == speed.replace("2×", "25")
    assert duration_text(60_005, say=lambda words: translate("ReadingTime", words),
                         number=number_text) == hours
    assert duration_text(60_005) == "1,000 h 05 min", "the command line's English"

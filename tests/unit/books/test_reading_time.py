"""The place line and the time left: contents paths, a speed from page turns, sensible defaults."""

from __future__ import annotations

from pathlib import Path

from reader_app.books.model import Locator
from reader_app.books.opening.cache import load_book
from reader_app.books.shelf.reading_time import (
    DEFAULT_CHARS_PER_MINUTE,
    ReadingSpeed,
    chapter_end,
    duration_text,
    place_path,
    status_text,
)
from tests.bookgen import marker_book
from tests.conftest import WAR_AND_PEACE, corpus_epub


def test_the_place_in_nested_contents_reads_outermost_first(library_home: Path) -> None:
    book = load_book(corpus_epub(WAR_AND_PEACE), library_home)
    [wrapper] = [e for e in book.toc if e.title == "War and Peace"]
    book_one = wrapper.children[0]
    part_one = book_one.children[0]
    chapter_two = part_one.children[1]
    inside = Locator(chapter_two.target.section, 3, 10)
    assert place_path(book, inside) == ("Book I", "Part I: 1805", chapter_two.title)
    assert chapter_end(book, inside) == part_one.children[2].target
    line = status_text(book, inside, speed=ReadingSpeed()).line
    assert line.startswith(f"Book I › Part I: 1805 › {chapter_two.title} · ")
    assert line.endswith(" min left in chapter · 1%")


def test_the_speed_is_a_usual_one_until_a_few_turns_are_measured() -> None:
    speed = ReadingSpeed()
    assert speed.chars_per_minute() == DEFAULT_CHARS_PER_MINUTE
    assert not speed.page_turned(chars=2000, seconds=1.0), "flicking through is not reading"
    assert not speed.page_turned(chars=2000, seconds=3600), "the reader was away"
    assert not speed.page_turned(chars=2000, seconds=5.0), "skimming is not reading"
    assert speed.page_turned(chars=1000, seconds=60) and speed.page_turned(chars=1000, seconds=40)
    assert not speed.measured and speed.chars_per_minute() == DEFAULT_CHARS_PER_MINUTE
    assert speed.page_turned(chars=1000, seconds=50)
    assert speed.measured and speed.chars_per_minute() == 3000 / 150 * 60
    assert ReadingSpeed(prior=900.0).chars_per_minute() == 900.0


def test_time_left_follows_the_speed() -> None:
    book = marker_book(chapters=2)
    start = Locator(0, 1, 0)
    chapter_chars = book.char_offset(Locator(1, 0, 0)) - book.char_offset(start)
    speed = ReadingSpeed(prior=chapter_chars / 12)
    text = status_text(book, start, speed=speed)
    assert text.line == "Chapter 1 · 12 min left in chapter · 0%"
    assert "About 24 min left in the book" in text.detail and "usual reading speed" in text.detail
    assert duration_text(0.4) == "less than a minute"
    assert duration_text(125) == "2 h 05 min"

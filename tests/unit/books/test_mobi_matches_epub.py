"""The same book read from MOBI 6, AZW3 and a joint MOBI has the EPUB's text in its sentence
table, chapter by chapter: a difflib ratio over each chapter's words, asserted by its median and
its share of close chapters.

The committed small joint file is compared with its committed EPUB (always, CI too); calibre's
Jekyll and Hyde with the corpus EPUB (skipped when the corpus is absent); other corpus books
converted by scripts/make_format_fixtures.py when present."""

from __future__ import annotations

import difflib
import statistics
from functools import cache
from pathlib import Path

import pytest

from reader_app.books.opening.formats import read_book
from reader_app.rag.index.sentences import split_book
from scripts.make_format_fixtures import OUT
from tests.conftest import JEKYLL, OZ1, PRIDE, corpus_epub
from tests.unit.books.mobigen import JEKYLL_AZW3, JEKYLL_MOBI, SMALL_EPUB, SMALL_JOINT

NEARBY = 2  # a format may have a section more or fewer (calibre adds a contents page)


@cache
def chapter_words(path: Path) -> tuple[tuple[str, ...], ...]:
    """Each section's sentences (from the sentence table's splitter) as words, sections that
    have sentences only."""
    by_section: dict[int, list[str]] = {}
    for sentence in split_book(read_book(path)):
        by_section.setdefault(sentence.section, []).extend(sentence.text.split())
    return tuple(tuple(words) for _, words in sorted(by_section.items()))


def chapter_ratios(reference: Path, other: Path) -> list[float]:
    """For each chapter of `reference`, its best ratio against the chapters of `other` at about
    the same place in the book."""
    ours, theirs = chapter_words(reference), chapter_words(other)
    ratios = []
    for index, words in enumerate(ours):
        nearby = theirs[max(index - NEARBY, 0) : index + NEARBY + 1]
        ratios.append(max(
            (difflib.SequenceMatcher(None, words, candidate, autojunk=False).ratio()
             for candidate in nearby), default=0.0,
        ))  # fmt: skip
    return ratios


def assert_matches(reference: Path, other: Path, *, median: float, close_share: float) -> None:
    ratios = chapter_ratios(reference, other)
    figure = statistics.median(ratios)
    close = sum(r >= 0.95 for r in ratios) / len(ratios)
    report = f"{other.name}: median {figure:.3f}, chapters at 0.95 or more {close:.0%}, {ratios}"
    assert figure >= median, report
    assert close >= close_share, report
    assert abs(len(chapter_words(other)) - len(chapter_words(reference))) <= NEARBY, report


def test_the_joint_files_kf8_text_is_its_epubs_by_chapter() -> None:
    assert_matches(SMALL_EPUB, SMALL_JOINT, median=0.99, close_share=1.0)


@pytest.mark.parametrize("converted", [JEKYLL_MOBI, JEKYLL_AZW3], ids=["mobi6", "azw3"])
def test_calibres_conversions_have_the_epubs_text_by_chapter(converted: Path) -> None:
    assert_matches(corpus_epub(JEKYLL), converted, median=0.99, close_share=0.9)


def test_the_committed_mobi6_and_azw3_agree() -> None:
    assert_matches(JEKYLL_AZW3, JEKYLL_MOBI, median=0.99, close_share=0.9)


@pytest.mark.slow
@pytest.mark.parametrize("book", [PRIDE, OZ1])
@pytest.mark.parametrize("ending", [".mobi", ".azw3", ".both.mobi"])
def test_other_corpus_books_converted_match_their_epub(book: str, ending: str) -> None:
    converted = OUT / book.replace(".epub", ending)
    if not converted.exists():
        pytest.skip(f"not converted: run python -m scripts.make_format_fixtures ({converted})")
    assert_matches(corpus_epub(book), converted, median=0.98, close_share=0.9)

"""The same book read from FB2, plain text and Markdown has the EPUB's text in its sentence
table, chapter by chapter: a difflib ratio over each chapter's words, asserted by its median and
its worst chapters.

The EPUB is the corpus's (skipped when the corpus is absent); the committed conversions are
also compared with each other, so CI without the corpus still checks the readers agree. Other
corpus books converted by scripts/make_text_fixtures.py are compared when present."""

from __future__ import annotations

import difflib
import statistics
from functools import cache
from pathlib import Path

import pytest

from reader_app.books.opening.formats import read_book
from reader_app.rag.index.sentences import split_book
from scripts.make_text_fixtures import OUT
from tests.conftest import JEKYLL, OZ1, PRIDE, corpus_epub
from tests.unit.books.formatgen import JEKYLL_FB2_ZIP, JEKYLL_GUTENBERG, JEKYLL_MD, JEKYLL_TXT

NEARBY = 2  # a format may have a section more or fewer (a title page with or without text)


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


def assert_matches(reference: Path, other: Path, *, median: float, worst_share: float) -> None:
    ratios = chapter_ratios(reference, other)
    figure = statistics.median(ratios)
    close = sum(r >= 0.9 for r in ratios) / len(ratios)
    report = f"{other.name}: median {figure:.3f}, chapters at 0.9 or more {close:.0%}, {ratios}"
    assert figure >= median, report
    assert close >= worst_share, report
    assert abs(len(chapter_words(other)) - len(chapter_words(reference))) <= NEARBY, report


@pytest.mark.parametrize("converted", [JEKYLL_FB2_ZIP, JEKYLL_TXT, JEKYLL_MD],
                         ids=["fb2.zip", "txt", "markdown"])
def test_calibres_conversions_have_the_epubs_text_by_chapter(converted: Path) -> None:
    assert_matches(corpus_epub(JEKYLL), converted, median=0.98, worst_share=0.95)


def test_a_gutenberg_style_text_has_the_epubs_text_by_chapter() -> None:
    # Hard-wrapped at 70 columns, CHAPTER headings over titles in capitals, Windows-1252. Its
    # title page and colophon hold Project Gutenberg's header and licence, so two chapters differ.
    assert_matches(corpus_epub(JEKYLL), JEKYLL_GUTENBERG, median=0.97, worst_share=0.75)


@pytest.mark.parametrize("converted", [JEKYLL_TXT, JEKYLL_MD, JEKYLL_GUTENBERG],
                         ids=["txt", "markdown", "gutenberg-style"])
def test_the_committed_conversions_agree_with_the_fb2(converted: Path) -> None:
    assert_matches(JEKYLL_FB2_ZIP, converted, median=0.97, worst_share=0.75)


@pytest.mark.slow
@pytest.mark.parametrize("book", [PRIDE, OZ1])
@pytest.mark.parametrize("ending", [".fb2.zip", ".txt", ".md"])
def test_other_corpus_books_converted_match_their_epub(book: str, ending: str) -> None:
    converted = OUT / book.replace(".epub", ending)
    if not converted.exists():
        pytest.skip(f"not converted: run python -m scripts.make_text_fixtures ({converted})")
    assert_matches(corpus_epub(book), converted, median=0.95, worst_share=0.8)

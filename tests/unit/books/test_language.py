"""The book's language: its tag checked against its text, with passages from real novels."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from reader_app.books.opening.formats import read_book
from reader_app.books.text.language import (
    LanguagePick,
    language_tag,
    passage_language,
    pick_language,
)
from tests.conftest import PRIDE, ROOT, corpus_epub

# scripts/tei_to_epub.py writes the development books here (beside the checkout by default).
LANGCORPUS = Path(os.environ.get("PAGEMATE_LANGCORPUS", ROOT.parent / "langcorpus"))

# Madame Bovary (Flaubert, 1857), part one, chapter two.
BOVARY = (
    "Charles monta, au premier, voir le malade. Il le trouva dans son lit, suant sous ses "
    "couvertures et ayant rejeté bien loin son bonnet de coton. C'était un gros petit homme de "
    "cinquante ans, à la peau blanche, à l'œil bleu, chauve sur le devant de la tête, et qui "
    "portait des boucles d'oreilles."
)
# Heidis Lehr- und Wanderjahre (Spyri, 1880), chapter two.
HEIDI = (
    "»So geh hinunter, wenn wir denn einig sind«, sagte der Alte und folgte dem Kind auf dem "
    "Fuß nach. Dann ging er zum Kessel hin, schob den großen weg und drehte den kleinen heran, "
    "der an der Kette hing, setzte sich auf den hölzernen Dreifuß mit dem runden Sitz davor hin "
    "und blies ein helles Feuer an."
)
# Pride and Prejudice (Austen, 1813), chapter four.
PRIDE_PASSAGE = (
    "His sisters were very anxious for his having an estate of his own; but though he was now "
    "established only as a tenant, Miss Bingley was by no means unwilling to preside at his "
    "table, nor was Mrs. Hurst, who had married a man of more fashion than fortune, less "
    "disposed to consider his house as her home when it suited her."
)


def test_each_passage_is_recognised_in_its_own_language() -> None:
    assert passage_language(BOVARY) == "fr"
    assert passage_language(HEIDI) == "de"
    assert passage_language(PRIDE_PASSAGE) == "en"
    assert passage_language("Emma Bovary, Charles.") == ""  # too short to say


def test_tags_are_read_in_any_of_their_spellings() -> None:
    assert language_tag("fr-FR") == "fr"
    assert language_tag("ger") == "de"
    assert language_tag("en_GB") == "en"
    assert language_tag("French") == "fr"
    assert language_tag("") == ""
    assert language_tag("x-klingon") == ""


def test_a_tag_that_lies_is_overruled_by_the_text() -> None:
    assert pick_language("en", [BOVARY] * 5) == LanguagePick("fr", "text", "en")


def test_no_tag_is_detected_and_nothing_to_go_on_is_english() -> None:
    assert pick_language("", [HEIDI] * 3).code == "de"
    assert pick_language("", []) == LanguagePick("en", "default", "")
    assert pick_language("", ["Ja.", "Oui."]).code == "en"


def test_a_mixed_book_takes_its_majority_and_a_tag_stands_against_a_weak_minority() -> None:
    assert pick_language("", [BOVARY, BOVARY, BOVARY, HEIDI]).code == "fr"
    # A German book with English letters quoted in it stays German.
    assert pick_language("de", [HEIDI, PRIDE_PASSAGE, PRIDE_PASSAGE, HEIDI, HEIDI]).code == "de"
    # A tag with no text to check it against is taken as it is (a comic before its OCR).
    assert pick_language("fr", []) == LanguagePick("fr", "tag", "fr")


def test_the_english_corpus_book_is_english() -> None:
    book = read_book(corpus_epub(PRIDE))
    from reader_app.books.text.language import book_language

    assert book_language(book) == LanguagePick("en", "text", "en-GB")


@pytest.mark.parametrize(
    ("name", "expected"),
    [("gustave-flaubert_madame-bovary.epub", LanguagePick("fr", "text", "fr")),
     ("mistagged-en_madame-bovary.epub", LanguagePick("fr", "text", "en")),
     ("untagged_heidi.epub", LanguagePick("de", "text", ""))],
)
def test_the_development_books_with_true_false_and_no_tags(name: str, expected: LanguagePick
                                                           ) -> None:
    path = LANGCORPUS / name
    if not path.exists():
        pytest.skip(f"development book missing: {path} (scripts/tei_to_epub.py makes it)")
    from reader_app.books.text.language import book_language

    assert book_language(read_book(path)) == expected

"""Offline name finding: the rules, each on a few sentences, and the forward-pass guarantee."""

from __future__ import annotations

import hashlib
from collections import Counter
from pathlib import Path

import pytest

from reader_app.books.model import Block, BlockKind, Book, Metadata, Section
from reader_app.rag.companion.entities import Extraction, extract_entities
from tests.conftest import ALICE, OZ1, PRIDE, corpus_epub


def book_of(*paragraphs: str) -> Book:
    blocks = tuple(Block(BlockKind.PARAGRAPH, p) for p in paragraphs)
    digest = hashlib.sha256("\n".join(paragraphs).encode()).hexdigest()
    return Book(digest, Path("/nonexistent/names.epub"), "epub", Metadata(title="Names"),
                (Section(0, "ch1.xhtml", "Chapter 1", blocks),), (), None, _no_resources)


def _no_resources(name: str) -> bytes:
    raise KeyError(name)


def groups(extraction: Extraction) -> list[set[str]]:
    """Forms merged into one character (all links), as sets of their texts."""
    parent = {f.form_id: f.form_id for f in extraction.forms}

    def find(x: int) -> int:
        while parent[x] != x:
            x = parent[x]
        return x

    for link in extraction.links:
        parent[find(link.form_id)] = find(link.into_form_id)
    by_root: dict[int, set[str]] = {}
    for form in extraction.forms:
        by_root.setdefault(find(form.form_id), set()).add(form.text)
    return list(by_root.values())


def together(extraction: Extraction, a: str, b: str) -> bool:
    return any({a, b} <= group for group in groups(extraction))


def names(extraction: Extraction) -> set[str]:
    return {f.text for f in extraction.forms}


def test_sentence_starts_are_not_names_but_mid_sentence_capitals_are() -> None:
    found = names(extract_entities(book_of(
        "The morning was grey. Perhaps it would rain. She walked with Margaret to the mill.",
        "However, nobody came. Then Margaret laughed.",
    )))
    assert "Margaret" in found
    assert not found & {"The", "Perhaps", "However", "Then", "She"}


def test_titles_lead_names_and_a_bare_title_needs_the_article() -> None:
    extraction = extract_entities(book_of(
        "They dined with Mr. Darcy and Lady Catherine de Bourgh at the house.",
        "Everyone bowed to the Queen. Sir, said the footman.",
    ))
    found = names(extraction)
    assert {"Mr. Darcy", "Lady Catherine de Bourgh", "Queen"} <= found
    assert "Sir" not in found
    titled = [m for m in extraction.mentions if m.titled]
    assert len(titled) >= 2


def test_speech_attribution_marks_a_person() -> None:
    extraction = extract_entities(book_of(
        "“Come along,” said Dorothy. “We must hurry,” Toto barked, and Nell replied at once."
    ))
    speech = {f.text for f in extraction.forms
              if any(m.speech for m in extraction.mentions if m.form_id == f.form_id)}
    assert {"Dorothy", "Nell"} <= speech


def test_full_name_titled_form_and_given_name_merge() -> None:
    extraction = extract_entities(book_of(
        "Elizabeth Bennet smiled. Then Miss Elizabeth Bennet spoke to Miss Elizabeth.",
        "Later Elizabeth left the room.",
    ))
    assert together(extraction, "Elizabeth Bennet", "Miss Elizabeth Bennet")
    assert together(extraction, "Elizabeth Bennet", "Elizabeth")
    assert together(extraction, "Elizabeth Bennet", "Miss Elizabeth")


def test_a_bare_surname_joins_the_one_man_of_that_name() -> None:
    extraction = extract_entities(book_of(
        "They met Mr. Darcy and his sister Miss Darcy at the ball.",
        "Everyone thought Darcy proud.",
    ))
    assert together(extraction, "Mr. Darcy", "Darcy")
    assert not together(extraction, "Miss Darcy", "Darcy")


def test_miss_bennet_is_not_merged_with_elizabeth() -> None:
    extraction = extract_entities(book_of(
        "Soon Elizabeth Bennet and Miss Bennet walked out; Miss Elizabeth Bennet went first.",
    ))
    assert not together(extraction, "Miss Bennet", "Elizabeth Bennet")


def test_two_people_sharing_a_given_name_are_not_merged_by_it() -> None:
    extraction = extract_entities(book_of(
        "There were William Collins and William Lucas at the dinner.",
        "Then William spoke.",
    ))
    assert not together(extraction, "William Collins", "William Lucas")
    assert not together(extraction, "William", "William Collins")


def test_a_nickname_joins_only_when_the_text_pairs_it_twice() -> None:
    once = extract_entities(book_of(
        "Then Elizabeth Bennet came in, and her mother called Lizzy to the window.",
    ))
    assert not together(once, "Lizzy", "Elizabeth Bennet")
    twice = extract_entities(book_of(
        "Then Elizabeth Bennet came in, and her mother called Lizzy to the window.",
        "Where is Lizzy, asked her father; Elizabeth was in the garden.",
    ))
    assert together(twice, "Lizzy", "Elizabeth Bennet")
    link = next(link for link in twice.links if link.rule == "nickname")
    assert link.made_at_sid == 1  # stamped where the text first supported it


def test_a_nickname_never_joins_a_titled_noble() -> None:
    extraction = extract_entities(book_of(
        "Then Lady Catherine de Bourgh spoke, and Kitty coughed; Catherine was silent.",
        "Again Lady Catherine spoke, and Kitty coughed.",
        "And Lady Catherine frowned at Kitty.",
    ))
    assert not together(extraction, "Kitty", "Lady Catherine de Bourgh")
    assert not together(extraction, "Catherine", "Lady Catherine de Bourgh")


def test_described_names_keep_the_article_and_merge_with_their_short_form() -> None:
    extraction = extract_entities(book_of(
        "Then they met the Tin Woodman in the forest.",
        "At last the Woodman oiled his joints, and the Scarecrow laughed.",
        "They walked to the Emerald City and went in at the Emerald City gate.",
    ))
    assert together(extraction, "Tin Woodman", "Woodman")
    woodman = [m for m in extraction.mentions if m.after_the]
    assert len(woodman) >= 3
    city = next(f for f in extraction.forms if f.text == "Emerald City")
    assert all(m.place for m in extraction.mentions if m.form_id == city.form_id)


def test_headings_and_contractions_are_not_names() -> None:
    extraction = extract_entities(book_of("“I’m late,” said the Rabbit. “Don’t go!” said Alice."))
    assert not names(extraction) & {"I’m", "Don’t"}
    assert {"Rabbit", "Alice"} <= names(extraction)


def prefix_book(book: Book, paragraphs: int) -> Book:
    section = book.sections[0]
    return Book(book.book_id, book.path, book.format, book.metadata,
                (Section(0, section.name, section.title, section.blocks[:paragraphs]),), (),
                None, _no_resources)


def test_a_later_chapter_changes_nothing_about_an_earlier_boundary() -> None:
    """The forward pass: extracting only the text read gives exactly the stored names, mentions
    and merges up to that point. Later text can neither add a name nor a merge earlier."""
    text = [
        "Elizabeth Bennet smiled at Mr. Darcy.",
        "Later Lizzy and Elizabeth walked to Meryton with Jane.",
        "Darcy was proud. Her mother called Lizzy; Elizabeth ran.",
        "Much later Mr. Wickham arrived with Colonel Forster, and Wickham bowed to Lizzy.",
        "Then Jane Bennet wrote, and Elizabeth read it to Darcy.",
    ]
    whole = extract_entities(book_of(*text))
    for n in range(1, len(text) + 1):
        part = extract_entities(prefix_book(book_of(*text), n))
        last_sid = max((m.sid for m in part.mentions), default=-1)
        assert part.mentions == tuple(m for m in whole.mentions if m.sid <= last_sid)
        assert part.links == tuple(link for link in whole.links if link.made_at_sid <= last_sid)
        assert part.forms == tuple(f for f in whole.forms if f.first_sid <= last_sid)


@pytest.mark.parametrize(
    ("file_name", "who", "top"),
    [
        (PRIDE, ("Elizabeth", "Darcy", "Jane", "Bingley", "Wickham"), 12),
        (ALICE, ("Alice", "Queen", "Hatter", "Gryphon", "Mock Turtle"), 10),
        (OZ1, ("Dorothy", "Scarecrow", "Lion", "Tin Woodman", "Toto"), 10),
    ],
)
def test_main_characters_of_real_books_are_found(
    file_name: str, who: tuple[str, ...], top: int, library_home: Path
) -> None:
    from reader_app.books.opening.cache import load_book

    book = load_book(corpus_epub(file_name), library_home)
    extraction = extract_entities(book)
    counts = Counter(extraction.mentions[i].form_id for i in range(len(extraction.mentions)))
    by_id = {f.form_id: f.text for f in extraction.forms}
    leading = " | ".join(by_id[form] for form, _ in counts.most_common(top))
    for name in who:
        assert name in leading, f"{name} not among the {top} most mentioned forms: {leading}"

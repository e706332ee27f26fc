"""X-Ray's people right: a character known by a title is one person under that name ("the Nome
King", "the Hungry Tiger"), aliases merge once the text that links them is read ("Lizzy" and
Elizabeth, "Kitty" and Catherine), and estates, countries and towns are places (Pemberley,
Kansas). Rules on a few sentences, then the corpus books at the marks a reader stops at."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from reader_app.books.model import Book
from reader_app.books.opening.cache import load_book
from reader_app.books.shelf.library import Library
from reader_app.rag.companion.entities import extract_entities
from reader_app.rag.companion.entity_store import ensure_entities
from reader_app.rag.companion.xray import XRayEntry, known_entities
from reader_app.rag.index.sentences import sentence_count, sid_at
from reader_app.rag.index.text_units import ensure_sentences
from reader_app.rag.scope.boundary import scope_at
from reader_app.store.db import connect
from tests.conftest import OZ1, PRIDE, corpus_epub
from tests.unit.rag.companion.test_entities import book_of, together


def test_a_title_ends_the_name_it_describes_and_the_bare_title_joins_it() -> None:
    extraction = extract_entities(book_of(
        "A cruel King once ruled there, they say.",
        "He sold his children to the Nome King, who changed them into ornaments.",
        "The Nome King laughed. Nobody could find the King in his caverns.",
    ))
    forms = {f.text for f in extraction.forms}
    assert "Nome King" in forms and "Nome" not in forms
    assert together(extraction, "Nome King", "King")  # "the King" after "the Nome King"
    nome_king = next(f.form_id for f in extraction.forms if f.text == "Nome King")
    assert all(m.titled for m in extraction.mentions if m.form_id == nome_king)


def test_capitals_after_the_make_a_name_however_often_the_word_is_written_small() -> None:
    extraction = extract_entities(book_of(
        "I am hungry, said the boy, and the hungry dog was hungry too.",
        "An immense Tiger pulled the chariot. They were all hungry.",
        "Let me introduce the Hungry Tiger, who is always hungry.",
        "Then the Tiger licked his lips.",
    ))
    assert "Hungry Tiger" in {f.text for f in extraction.forms}
    assert together(extraction, "Hungry Tiger", "Tiger")


def test_a_name_inside_a_quotation_does_not_speak_for_the_speaker_after_it() -> None:
    extraction = extract_entities(book_of(
        "“I’ve never seen one in Kansas,” said Dorothy.",
        "“I thought Oz was a great Head,” said the Scarecrow.",
    ))
    speakers = {f.text for f in extraction.forms for m in extraction.mentions
                if m.form_id == f.form_id and m.speech}
    assert speakers == {"Dorothy", "Scarecrow"}


def test_a_nickname_called_and_answered_by_its_full_name_is_one_person() -> None:
    extraction = extract_entities(book_of(
        "Elizabeth Bennet was trimming a hat.",
        "“I hope Mr. Bingley will like it, Lizzy.”",
        "“We are not in a way to know,” said her mother.",
        "“But you forget, mama,” said Elizabeth, “that we shall meet him.”",
    ))
    assert together(extraction, "Lizzy", "Elizabeth")
    link = next(link for link in extraction.links if link.rule == "nickname answered")
    assert link.made_at_sid == 3  # where the answer is read, not before


def test_a_nickname_listed_beside_the_same_person_as_its_full_name_is_one_person() -> None:
    text = (
        "The two youngest, Catherine and Lydia, walked to the town.",
        "Then Lady Catherine de Bourgh arrived.",
        "Kitty and Lydia led the way across the street.",
    )
    assert not together(extract_entities(book_of(*text[:2])), "Kitty", "Catherine")
    extraction = extract_entities(book_of(*text))
    assert together(extraction, "Kitty", "Catherine")
    assert not together(extraction, "Kitty", "Lady Catherine de Bourgh")


# -- the corpus books ------------------------------------------------------------------------


@pytest.fixture
def conn(library_home: Path) -> Iterator[sqlite3.Connection]:
    connection = connect(library_home)
    yield connection
    connection.close()


def entries_at(conn: sqlite3.Connection, home: Path, file_name: str, percent: float
               ) -> list[XRayEntry]:
    book: Book = load_book(corpus_epub(file_name), home)
    library = Library(conn, home)
    if not library.contains(book.book_id):
        library.add(book)
    ensure_sentences(conn, book)
    ensure_entities(conn, book)
    if percent >= 100:
        boundary = sentence_count(conn, book.book_id) - 1
    else:
        boundary = sid_at(conn, book.book_id, book.locator_at_progress(percent / 100))
    return known_entities(conn, scope_at(conn, book.book_id, boundary_sid=boundary))


def named(entries: list[XRayEntry], name: str) -> list[XRayEntry]:
    return [e for e in entries if name == e.name or name in e.aliases]


def test_lizzy_is_elizabeth_from_the_first_chapters(
    conn: sqlite3.Connection, library_home: Path
) -> None:
    entries = entries_at(conn, library_home, PRIDE, 5)  # "… like it, Lizzy." answered at 2%
    (lizzy,) = named(entries, "Lizzy")
    assert lizzy.name == "Elizabeth" and lizzy.kind == "person"


def test_kitty_is_catherine_once_both_are_listed_beside_lydia(
    conn: sqlite3.Connection, library_home: Path
) -> None:
    early = entries_at(conn, library_home, PRIDE, 10)  # "Catherine and Lydia" only
    assert len(named(early, "Kitty")) == 1 and named(early, "Kitty") != named(early, "Catherine")
    later = entries_at(conn, library_home, PRIDE, 25)  # "Kitty and Lydia" read at 19%
    (kitty,) = named(later, "Kitty")
    assert named(later, "Catherine") == [kitty]


@pytest.mark.parametrize("percent", [40, 60, 100])
def test_pemberley_is_a_place(
    percent: float, conn: sqlite3.Connection, library_home: Path
) -> None:
    (pemberley,) = named(entries_at(conn, library_home, PRIDE, percent), "Pemberley")
    assert pemberley.kind == "place"


def test_wizard_of_oz_titles_and_the_wizard_himself(
    conn: sqlite3.Connection, library_home: Path
) -> None:
    finished = entries_at(conn, library_home, OZ1, 100)
    people = [e for e in finished if e.kind == "person"]
    (king,) = named(people, "the Monkey King")  # "the King of the Winged Monkeys" is its own
    assert "King" in king.aliases
    lion = people[[e.name for e in people].index("the Cowardly Lion")]
    assert "the Lion" in lion.aliases
    # Before he appears, the Wizard is only gone to ("go to Oz"): still someone, not a place.
    (oz,) = named(entries_at(conn, library_home, OZ1, 40), "Oz")
    assert oz.kind == "person"
    assert [e.kind for e in named(finished, "Kansas")] == ["place"]

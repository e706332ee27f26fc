"""Scoring X-Ray's people against the hand-written main-character lists in main_characters.json."""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from reader_app.books.model import Book
from reader_app.books.shelf.library import Library
from reader_app.rag.companion.entity_store import ensure_entities
from reader_app.rag.companion.xray import known_entities
from reader_app.rag.index.sentences import sentence_count
from reader_app.rag.index.text_units import ensure_sentences
from reader_app.rag.scope.boundary import scope_at

LISTS = Path(__file__).with_name("main_characters.json")
LANGUAGE_LISTS = Path(__file__).with_name("language_people.json")
# The X-Ray novels in French and German (scripts/eltec_epub.py, under langcorpus/names)
LANGUAGE_BOOKS = {"de": ("DEU072_Raabe.epub", "DEU091_Schnitzler.epub"),
                  "fr": ("FRA00501_Balzac.epub", "FRA01701_GautierT.epub", "FRA00201_Audoux.epub")}
TOP = 20


@dataclass(frozen=True)
class Score:
    precision: float  # share of our top 20 people that are distinct expected characters
    recall: float  # share of the expected top 20 found in our top 20
    found: tuple[str, ...]
    missed: tuple[str, ...]
    wrong: tuple[str, ...]  # not a main character, or a second entry for one


def expected_characters(file_name: str) -> list[list[str]]:
    return list(json.loads(LISTS.read_text())[file_name])


def top_people(conn: sqlite3.Connection, home: Path, book: Book) -> list[tuple[str, ...]]:
    """Our 20 most mentioned people with the book finished: (name, *aliases) each."""
    library = Library(conn, home)
    if not library.contains(book.book_id):
        library.add(book)
    ensure_sentences(conn, book)
    ensure_entities(conn, book)
    scope = scope_at(conn, book.book_id, boundary_sid=sentence_count(conn, book.book_id) - 1)
    return [(e.name, *e.aliases) for e in known_entities(conn, scope, kinds=("person",))[:TOP]]


def score(expected: list[list[str]], ours: list[tuple[str, ...]], *, top: int = TOP) -> Score:
    def normal(name: str) -> str:
        return name.lower().removeprefix("the ").replace("’", "'").strip()

    characters = [{normal(n) for n in names} for names in expected]
    matched: list[int] = []
    wrong: list[str] = []
    for names in ours[:top]:
        forms = {normal(n) for n in names}
        hit = next((i for i, c in enumerate(characters) if c & forms), None)
        if hit is None or hit in matched:
            wrong.append(names[0])
        else:
            matched.append(hit)
    wanted = range(min(top, len(expected)))
    return Score(
        precision=len(matched) / max(len(ours[:top]), 1),
        recall=sum(1 for i in wanted if i in matched) / len(wanted),
        found=tuple(expected[i][0] for i in matched),
        missed=tuple(expected[i][0] for i in wanted if i not in matched),
        wrong=tuple(wrong),
    )


def people_at_half_way(path: Path, home: Path, *, top: int = 40) -> Score:
    """X-Ray's first `top` people half-way through a French or German novel, scored against its
    hand-written list (language_people.json): the issue's people precision."""
    from reader_app.books.opening.cache import load_book
    from reader_app.store.db import connect

    conn = connect(home)
    try:
        book = load_book(path, home)
        Library(conn, home).add(book)
        ensure_sentences(conn, book)
        ensure_entities(conn, book)
        half = sentence_count(conn, book.book_id) // 2
        people = known_entities(conn, scope_at(conn, book.book_id, boundary_sid=half),
                                kinds=("person",))[:top]
    finally:
        conn.close()
    expected = json.loads(LANGUAGE_LISTS.read_text(encoding="utf-8"))[path.name]
    return score(expected, [(e.name, *e.aliases) for e in people], top=top)

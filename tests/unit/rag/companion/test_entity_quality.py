"""X-Ray's top 20 people against hand-written main-character lists (tests/data)."""

from __future__ import annotations

from pathlib import Path

import pytest

from reader_app.books.opening.cache import load_book
from reader_app.store.db import connect
from tests.conftest import ALICE, OZ1, PRIDE, corpus_epub
from tests.data.character_lists import expected_characters, score, top_people


@pytest.mark.parametrize(
    ("file_name", "floor"),
    [(PRIDE, 0.85), (ALICE, 0.85), (OZ1, 0.65)],  # measured: 0.95, 0.95, 0.75
)
def test_top_twenty_people_precision_and_recall(
    file_name: str, floor: float, library_home: Path
) -> None:
    conn = connect(library_home)
    book = load_book(corpus_epub(file_name), library_home)
    result = score(expected_characters(file_name), top_people(conn, library_home, book))
    conn.close()
    print(f"{file_name}: precision {result.precision:.2f} recall {result.recall:.2f} "
          f"missed {result.missed} wrong {result.wrong}")
    assert result.precision >= floor and result.recall >= floor, result


def test_scoring_counts_a_second_entry_for_one_character_as_wrong() -> None:
    expected = [["Elizabeth", "Lizzy"], ["Mr. Darcy", "Darcy"]]
    result = score(expected, [("Elizabeth",), ("Lizzy",), ("Darcy", "Mr. Darcy")])
    assert result.precision == pytest.approx(2 / 3)
    assert result.recall == 1.0
    assert result.wrong == ("Lizzy",)

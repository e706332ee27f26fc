"""Sentence splitting and the sentence table: dense sids, places, and the strict boundary rule."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from reader_app.books.model import Block, BlockKind, Locator
from reader_app.books.shelf.library import Library
from reader_app.books.text.segment import split_sentences
from reader_app.rag.index.sentences import locator_for_sid, sentences_between, sid_at
from reader_app.rag.index.text_units import ensure_sentences
from reader_app.store.db import connect
from tests.unit.rag.markerbooks import marker_book


def sentences_of(text: str) -> list[str]:
    return [text[a:b] for a, b in split_sentences(text)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "Mr. Darcy bowed. Mrs. Bennet did not.",
            ["Mr. Darcy bowed.", "Mrs. Bennet did not."],
        ),
        (
            "They walked to St. Paul's with Dr. Jekyll. It rained.",
            ["They walked to St. Paul's with Dr. Jekyll.", "It rained."],
        ),
        (
            "“What can you mean?” she cried. “Nothing!” he said, and left. Then silence.",
            ["“What can you mean?” she cried.", "“Nothing!” he said, and left.", "Then silence."],
        ),
        (
            "I thought… perhaps not. Well… We shall see.",
            ["I thought… perhaps not.", "Well…", "We shall see."],
        ),
        (
            "He waited. . . and waited. Nobody came.",
            ["He waited. . . and waited.", "Nobody came."],
        ),
        (
            "Bring fruit, e.g. apples. See ch. 4 and vol. 2 of it. L. Frank Baum wrote it.",
            ["Bring fruit, e.g. apples.", "See ch. 4 and vol. 2 of it.", "L. Frank Baum wrote it."],
        ),
        ("“Go!” “Now?” “Yes.”", ["“Go!”", "“Now?”", "“Yes.”"]),
        ("Yours, very sincerely,\n“M. Gardiner.”", ["Yours, very sincerely,", "“M. Gardiner.”"]),
        ("A line of verse\nand the next line", ["A line of verse", "and the next line"]),
        ("  No final stop  ", ["No final stop"]),
        ("", []),
    ],
)
def test_splitter_handles_honorifics_dialogue_ellipses_and_abbreviations(
    text: str, expected: list[str]
) -> None:
    assert sentences_of(text) == expected


def test_every_generated_sentence_gets_its_own_dense_sid_and_exact_place(
    library_home: Path,
) -> None:
    generated = marker_book(sections=3, blocks_per_section=4)
    conn = connect(library_home)
    Library(conn, library_home).add(generated.book)

    count = ensure_sentences(conn, generated.book)

    assert count == len(generated.sentences)
    stored = sentences_between(conn, generated.book.book_id, 0, count)
    for row, expected in zip(stored, generated.sentences, strict=True):
        assert (row.sid, row.text) == (expected.index, expected.text)
        assert (row.section, row.block, row.char_start, row.char_end) == (
            expected.section,
            expected.block,
            expected.char_start,
            expected.char_end,
        )
        assert locator_for_sid(conn, generated.book.book_id, row.sid) == Locator(
            expected.section, expected.block, expected.char_start
        )


def test_half_a_sentence_on_screen_is_not_yet_read(library_home: Path) -> None:
    generated = marker_book(sections=2, blocks_per_section=2)
    conn = connect(library_home)
    Library(conn, library_home).add(generated.book)
    ensure_sentences(conn, generated.book)
    second = generated.sentences[1]
    book_id = generated.book.book_id

    just_before_end = Locator(second.section, second.block, second.char_end - 1)
    at_end = Locator(second.section, second.block, second.char_end)
    next_block = Locator(second.section, second.block + 1, 0)

    assert sid_at(conn, book_id, just_before_end) == 0
    assert sid_at(conn, book_id, at_end) == 1
    assert sid_at(conn, book_id, next_block) == generated.sentences[2].index
    assert sid_at(conn, book_id, Locator(0, 0, 0)) == -1


def test_ensure_sentences_is_idempotent_and_rebuilds_when_the_text_changes(
    library_home: Path,
) -> None:
    generated = marker_book(sections=2, blocks_per_section=2)
    conn = connect(library_home)
    Library(conn, library_home).add(generated.book)
    book_id = generated.book.book_id
    first = ensure_sentences(conn, generated.book)
    built_at = conn.execute("SELECT built_at FROM text_units").fetchone()[0]

    assert ensure_sentences(conn, generated.book) == first
    assert conn.execute("SELECT built_at FROM text_units").fetchone()[0] == built_at

    # A comic page gaining OCR text is the real case: one more block with two sentences.
    extra = Block(BlockKind.PARAGRAPH, "A late line. Another one.")
    last = generated.book.sections[-1]
    changed = dataclasses.replace(
        generated.book,
        sections=(
            *generated.book.sections[:-1],
            dataclasses.replace(last, blocks=(*last.blocks, extra)),
        ),
    )
    assert ensure_sentences(conn, changed) == first + 2
    assert sentences_between(conn, book_id, first, first + 1)[-1].text == "Another one."

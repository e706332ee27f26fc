"""The sentence table: splitting block text into sentences with dense sids, and reading it back."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

from reader_app.books.model import Book, Locator
from reader_app.books.text.page_breaks import sentence_spans, text_runs
from reader_app.rag.index.story import outside_story


@dataclass(frozen=True, slots=True)
class Sentence:
    sid: int
    section: int
    block: int
    char_start: int
    char_end: int  # exclusive
    # The block's text[char_start:char_end], except for a PDF's sentence that began on the page
    # before (split_book): the whole sentence, its start on that page.
    text: str
    story: bool = True  # False for matter around the text (rag/index/story.py)

    @property
    def locator(self) -> Locator:
        return Locator(self.section, self.block, self.char_start)

    @property
    def began_before(self) -> bool:
        """Whether it began on an earlier page than where it is stored (its text is longer than
        its characters there): a PDF's sentence that runs on over a page break."""
        return len(self.text) > self.char_end - self.char_start


def split_book(book: Book) -> list[Sentence]:
    """Every sentence of every text block of `book`, in reading order, sids from 0, each marked
    with whether it is the story.

    A PDF's sentence that runs on over a page break is one sentence (books/text/page_breaks.py),
    stored where it ends: the next page's first block, from its character 0, its `text` the
    whole sentence. So it is in scope only once the page where it ends has been seen (sid_at
    counts a sentence by where it ends), and half a sentence at the foot of the page the reader
    has reached is not in scope yet: erring early never leaks.
    """
    sentences: list[Sentence] = []
    outside = outside_story(book)
    for run in text_runs(book, outside=outside):
        for place, text in sentence_spans(run):
            sentences.append(
                Sentence(
                    sid=len(sentences),
                    section=place.section,
                    block=place.block,
                    char_start=place.char_start,
                    char_end=place.char_end,
                    text=text,
                    story=(place.section, place.block) not in outside,
                )
            )
    return sentences


def sentence_count(conn: sqlite3.Connection, book_id: str) -> int:
    row = conn.execute(
        "SELECT sentence_count FROM text_units WHERE book_id = ?", (book_id,)
    ).fetchone()
    return 0 if row is None else int(row[0])


def sid_at(conn: sqlite3.Connection, book_id: str, locator: Locator) -> int:
    """The last sentence that ends at or before `locator`; -1 if none does.

    A sentence only partly before the locator is not counted: half a sentence on screen has
    not been read, and erring early never leaks.
    """
    row = conn.execute(
        """SELECT MAX(sid) FROM sentences WHERE book_id = ?
           AND (section, block, char_end) <= (?, ?, ?)""",
        (book_id, *locator.as_tuple()),
    ).fetchone()
    return -1 if row is None or row[0] is None else int(row[0])


def locator_for_sid(conn: sqlite3.Connection, book_id: str, sid: int) -> Locator:
    """Where sentence `sid` starts. KeyError if the book has no such sentence."""
    row = conn.execute(
        "SELECT section, block, char_start FROM sentences WHERE book_id = ? AND sid = ?",
        (book_id, sid),
    ).fetchone()
    if row is None:
        raise KeyError(f"book {book_id[:12]} has no sentence {sid}")
    return Locator(row[0], row[1], row[2])


def sentence_start(conn: sqlite3.Connection, book_id: str, sid: int) -> Locator:
    """Where sentence `sid`'s words begin in the book's text: where it is stored, or, for a
    sentence that began on an earlier page, just after the sentence before it (split_book puts
    all of a page's text in its sentences, so only space lies between). Only the sentence table
    is read. KeyError if the book has no such sentence."""
    found = sentences_between(conn, book_id, sid - 1, sid)
    if not found or found[-1].sid != sid:
        raise KeyError(f"book {book_id[:12]} has no sentence {sid}")
    sentence = found[-1]
    if not sentence.began_before:
        return sentence.locator
    if len(found) == 1:
        return Locator(0, 0, 0)  # the book's first sentence: from the start of its text
    before = found[0]
    return Locator(before.section, before.block, before.char_end)


def sentences_between(
    conn: sqlite3.Connection, book_id: str, sid_start: int, sid_end: int, *,
    story_only: bool = False,
) -> list[Sentence]:
    """Sentences `sid_start..sid_end`, both included, in reading order (with `story_only`,
    leaving out the matter around the text: what the companion reads)."""
    rows = conn.execute(
        f"""SELECT sid, section, block, char_start, char_end, text, story FROM sentences
           WHERE book_id = ? AND sid BETWEEN ? AND ? {"AND story" if story_only else ""}
           ORDER BY sid""",
        (book_id, sid_start, sid_end),
    ).fetchall()
    return [
        Sentence(row[0], row[1], row[2], row[3], row[4], row[5], bool(row[6])) for row in rows
    ]


def join_sentences(sentences: list[Sentence]) -> str:
    """Sentences as readable text: a space within a paragraph, a line break between blocks."""
    parts: list[str] = []
    previous: tuple[int, int] | None = None
    for sentence in sentences:
        place = (sentence.section, sentence.block)
        if parts:
            parts.append(" " if place == previous else "\n")
        parts.append(sentence.text)
        previous = place
    return "".join(parts)

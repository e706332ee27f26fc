"""The sentence table: splitting block text into sentences with dense sids, and reading it back."""

from __future__ import annotations

import hashlib
import re
import sqlite3
from dataclasses import dataclass

from reader_app.books.model import BlockKind, Book, Locator

# Bump when splitting changes: stored sentence tables of an older splitter are rebuilt.
SPLITTER_VERSION = "regex-merge-2"

# Words that end in a full stop without ending a sentence, because a name or number follows.
_NAME_PREFIXES = frozenset(
    {
        "mr", "mrs", "ms", "messrs", "mme", "mlle", "mmes", "dr", "st", "jr", "sr", "prof", "rev",
        "revd", "capt", "col", "gen", "lt", "sgt", "maj", "cmdr", "adm", "gov", "sen", "rep", "hon",
        "fr", "sra", "esq", "mt", "ft", "no", "nos", "vol", "vols", "ch", "chap", "pp", "p", "fig",
        "cf", "vs", "viz", "approx", "dept", "est", "inc", "ltd", "co", "corp", "bros", "ave", "rd"
    }
)
# A candidate end: terminal punctuation, then any closing quotes or brackets, then space.
# The look-behind starts a candidate only at the first mark of a run, so a long run of marks with
# no blank after it costs one scan, not one per mark (linear, not quadratic).
_CANDIDATE_END = re.compile(r"(?<![.!?…])(?:\.\s\.\s\.\.?|[.!?…]+)[\"'”’»)\]]*(?=\s)")
_WORD_BEFORE = re.compile(r"([A-Za-z]+)\.$")
_LETTER_DOT_BEFORE = re.compile(r"(?:^|[\s(“‘\"'])(?:[A-Za-z]\.)+$")  # initials, e.g., i.e.
_SPACE = re.compile(r"\s+")
_NEXT_WORD = re.compile(r"\s*[\"'“‘«(\[—–-]*(.)")


@dataclass(frozen=True, slots=True)
class Sentence:
    sid: int
    section: int
    block: int
    char_start: int
    char_end: int  # exclusive
    text: str

    @property
    def locator(self) -> Locator:
        return Locator(self.section, self.block, self.char_start)


def split_sentences(text: str) -> list[tuple[int, int]]:
    """`[start, end)` spans of the sentences in `text`, whitespace trimmed.

    A fast regex finds candidate ends; a candidate is dropped when the word before it is an
    honorific or abbreviation ("Mr. Darcy", "St. Paul's", "e.g. this") or when the next word
    starts in lower case ("“Help!” she cried", "and so… we went on"). Linear in the length of
    `text`: each candidate looks at a bounded window around it, never at the rest of the line.
    """
    spans: list[tuple[int, int]] = []
    line_start = 0
    for line in text.split("\n"):
        start = _skip_space(line, 0)
        for match in _CANDIDATE_END.finditer(line):
            end = match.end()
            if end <= start or not _ends_sentence(line, match.start(), match.group(0), end):
                continue
            spans.append((line_start + start, line_start + end))
            start = _skip_space(line, end)
        stop = len(line.rstrip())
        if start < stop:
            spans.append((line_start + start, line_start + stop))
        # Line breaks inside a block (verse, table rows, preformatted text) end a sentence.
        line_start += len(line) + 1
    return spans


def _skip_space(line: str, index: int) -> int:
    match = _SPACE.match(line, index)
    return match.end() if match else index


# How far before a full stop an abbreviation or a run of initials is looked for.
_LOOK_BEHIND = 48


def _ends_sentence(line: str, punct_start: int, punctuation: str, end: int) -> bool:
    # Skip blanks, opening quotes and dashes to see how the next sentence begins.
    next_word = _NEXT_WORD.match(line, end)
    if next_word is not None and next_word.group(1).islower():
        return False
    if punctuation.rstrip("\"'”’»)]") == ".":
        window_start = max(0, punct_start + 1 - _LOOK_BEHIND)
        before = line[window_start : punct_start + 1]
        word = _WORD_BEFORE.search(before)
        if word and word.group(1).lower() in _NAME_PREFIXES:
            return False
        if _LETTER_DOT_BEFORE.search(before):
            return False
    return True


def split_book(book: Book) -> list[Sentence]:
    """Every sentence of every text block of `book`, in reading order, sids from 0."""
    sentences: list[Sentence] = []
    for section in book.sections:
        for block_index, block in enumerate(section.blocks):
            if block.kind in (BlockKind.IMAGE, BlockKind.RULE) and not block.text.strip():
                continue
            for start, end in split_sentences(block.text):
                sentences.append(
                    Sentence(
                        sid=len(sentences),
                        section=section.index,
                        block=block_index,
                        char_start=start,
                        char_end=end,
                        text=block.text[start:end],
                    )
                )
    return sentences


def text_digest(book: Book) -> str:
    """Changes whenever the text the sentence table is built from changes."""
    digest = hashlib.sha256(SPLITTER_VERSION.encode())
    for section in book.sections:
        for block_index, block in enumerate(section.blocks):
            digest.update(f"\x00{section.index}\x00{block_index}\x00".encode())
            digest.update(block.text.encode())
    return digest.hexdigest()


def ensure_sentences(conn: sqlite3.Connection, book: Book) -> int:
    """Build the sentence table, chunks and keyword index of `book` unless they are current.

    Idempotent; written in short transactions (see `textprep`). Returns the number of sentences.
    """
    from reader_app.rag.textprep import ensure_text_units  # textprep reads Sentence from here

    return ensure_text_units(conn, book)


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


def sentences_between(
    conn: sqlite3.Connection, book_id: str, sid_start: int, sid_end: int
) -> list[Sentence]:
    """Sentences `sid_start..sid_end`, both included, in reading order."""
    rows = conn.execute(
        """SELECT sid, section, block, char_start, char_end, text FROM sentences
           WHERE book_id = ? AND sid BETWEEN ? AND ? ORDER BY sid""",
        (book_id, sid_start, sid_end),
    ).fetchall()
    return [Sentence(*row) for row in rows]


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

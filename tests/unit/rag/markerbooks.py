"""Generated books whose every sentence carries a unique marker word, with each sentence's place.

The sentences mix honorifics, dialogue and abbreviations so the splitter is exercised too; the
tests know where every sentence is without asking the code under test.
"""

from __future__ import annotations

import dataclasses
import hashlib
import re
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from reader_app.books.model import (
    Block,
    BlockKind,
    Book,
    Locator,
    Metadata,
    Section,
    Series,
    TocEntry,
)

_TEMPLATES = (
    "Mr. Hale spoke of {m} by the river.",
    "“Is {m} gone?” she cried.",
    "Dr. Lowe found {m} near St. Mary's gate, e.g. by the wall.",
    "The lantern showed {m} at last!",
    "Mrs. Price said {m} was, i.e. nearly, lost.",
    "Why had {m} come so late?",
)
MARKER = re.compile(r"\b(v\d)m(\d{5})\b")


@dataclass(frozen=True)
class PlacedSentence:
    index: int  # the sid the book's sentence table must give it
    marker: str
    text: str
    section: int
    block: int
    char_start: int
    char_end: int


@dataclass(frozen=True)
class MarkerBook:
    book: Book
    sentences: tuple[PlacedSentence, ...]

    def expected_boundary_sid(self, locator: Locator, *, finished: bool = False) -> int:
        """The last sentence ending at or before `locator`, computed from the layout alone."""
        if finished:
            return len(self.sentences) - 1
        if locator.section < 0:
            return -1
        last = -1
        for s in self.sentences:
            if (s.section, s.block, s.char_end) <= locator.as_tuple():
                last = s.index
        return last


def marker_book(
    *,
    volume: int = 1,
    sections: int = 4,
    blocks_per_section: int = 6,
    sentences_per_block: int = 3,
    series: Series | None = None,
) -> MarkerBook:
    placed: list[PlacedSentence] = []
    built_sections = []
    for section_index in range(sections):
        blocks = [Block(BlockKind.HEADING, "")]  # an empty heading holds no sentence
        if section_index == 1:
            blocks.append(Block(BlockKind.IMAGE, "", image="plate.png"))
        for _ in range(blocks_per_section):
            parts: list[str] = []
            cursor = 0
            for _ in range(sentences_per_block):
                n = len(placed)
                marker = f"v{volume}m{n:05d}"
                text = _TEMPLATES[n % len(_TEMPLATES)].format(m=marker)
                if parts:
                    cursor += 1  # the joining space
                placed.append(
                    PlacedSentence(
                        index=n,
                        marker=marker,
                        text=text,
                        section=section_index,
                        block=len(blocks),
                        char_start=cursor,
                        char_end=cursor + len(text),
                    )
                )
                parts.append(text)
                cursor += len(text)
            blocks.append(Block(BlockKind.PARAGRAPH, " ".join(parts)))
        built_sections.append(
            Section(section_index, f"s{section_index}.xhtml", f"Part {section_index}", (*blocks,))
        )
    digest = hashlib.sha256(
        f"marker-{volume}-{sections}-{blocks_per_section}-{sentences_per_block}".encode()
    ).hexdigest()
    book = Book(
        book_id=digest,
        path=Path(f"/nonexistent/volume{volume}.epub"),
        format="epub",
        metadata=Metadata(title=f"Volume {volume}", authors=("A. Tester",), series=series),
        sections=tuple(built_sections),
        toc=(),
        cover=None,
        load_resource=_no_resources,
    )
    return MarkerBook(book, tuple(placed))


def as_pdf(generated: MarkerBook, *, chapters: Sequence[int]) -> MarkerBook:
    """The marker book as a PDF's text is prepared (rag needs no PDF file): its sections are
    pages, and its outline starts a chapter at each of `chapters` (pages)."""
    toc = tuple(TocEntry(f"Chapter {n + 1}", Locator(page, 0, 0))
                for n, page in enumerate(chapters))
    book = dataclasses.replace(generated.book, format="pdf", toc=toc,
                               book_id=hashlib.sha256(generated.book.book_id.encode()).hexdigest())
    return MarkerBook(book, generated.sentences)


def _no_resources(name: str) -> bytes:
    raise KeyError(name)


def markers_in(text: str) -> list[tuple[str, int]]:
    """(volume tag, sentence index) of every marker in `text`."""
    return [(m.group(1), int(m.group(2))) for m in MARKER.finditer(text)]


class RecordingConnection:
    """Passes every statement to a real connection and remembers it with its parameters."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self._conn = conn
        self.statements: list[tuple[str, tuple[Any, ...]]] = []

    def execute(self, sql: str, parameters: Sequence[Any] = ()) -> sqlite3.Cursor:
        self.statements.append((sql, tuple(parameters)))
        return self._conn.execute(sql, parameters)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._conn, name)

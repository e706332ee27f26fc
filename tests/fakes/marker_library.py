"""A generated book whose every block carries a unique marker, added to a library and indexed.

Later chapters introduce names (Valdemar, the Obsidian Gate) that appear nowhere earlier, so a
question can name the future and a test can check that none of it reaches a model.
"""

from __future__ import annotations

import hashlib
import re
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from reader_app.books.model import Block, BlockKind, Book, Locator, Metadata, Section, TocEntry
from reader_app.books.shelf.library import Library
from reader_app.rag.index.embed import Embedder
from reader_app.rag.index.indexer import index_book
from reader_app.store.db import connect
from tests.fakes.embedders import HashEmbedder

MARKER = re.compile(r"zq\d{5}")

_EARLY_PEOPLE = ("Anna", "Boris", "Clara", "Dmitri")
_LATE_PEOPLE = ("Valdemar", "Yelena")
_THINGS = ("lantern", "letter", "violin", "ledger", "compass", "kettle")
_PLACES = ("the mill", "the river", "the orchard", "the chapel", "the bridge")
_LATE_PLACES = ("the Obsidian Gate", "the drowned tower")


def _no_resources(name: str) -> bytes:
    raise KeyError(name)


def spoiler_book(*, chapters: int = 4, paragraphs: int = 8, sentences: int = 3) -> Book:
    """Chapters 1 and 2 know only early names; from chapter 3 the late names appear."""
    counter = 0

    def marker() -> str:
        nonlocal counter
        counter += 1
        return f"zq{counter:05d}"

    sections = []
    toc = []
    for c in range(chapters):
        late = c >= chapters // 2
        people = _LATE_PEOPLE + _EARLY_PEOPLE if late else _EARLY_PEOPLE
        places = _LATE_PLACES if late else _PLACES
        title = f"Chapter {c + 1}" + (f": {people[0]} at {places[0]}" if late else "")
        blocks = [Block(BlockKind.HEADING, f"{title} {marker()}", level=2)]
        for p in range(paragraphs):
            parts = []
            for s in range(sentences):
                who = people[(p + s) % len(people)]
                thing = _THINGS[(c + p + s) % len(_THINGS)]
                where = places[(p * sentences + s) % len(places)]
                parts.append(f"{who} carried the {thing} to {where} as {marker()} rang out.")
            blocks.append(Block(BlockKind.PARAGRAPH, " ".join(parts)))
        sections.append(Section(c, f"ch{c}.xhtml", title, tuple(blocks)))
        toc.append(TocEntry(title, Locator(c, 0, 0)))
    digest = hashlib.sha256(f"spoiler-{chapters}-{paragraphs}-{sentences}".encode()).hexdigest()
    return Book(
        book_id=digest,
        path=Path("/nonexistent/spoiler-book.epub"),
        format="epub",
        metadata=Metadata(
            title="The Lantern Bearers",
            authors=("A. Tester",),
            description="A quiet story of a village and its lanterns.",
        ),
        sections=tuple(sections),
        toc=tuple(toc),
        cover=None,
        load_resource=_no_resources,
    )


@dataclass
class MarkerLibrary:
    conn: sqlite3.Connection
    home: Path
    library: Library
    book: Book
    embedder: Embedder

    def read_through(self, section: int, block: int) -> None:
        """Record the boundary at the end of `block` of `section`, as turning pages would."""
        text = self.book.sections[section].blocks[block].text
        self.library.advance_boundary(self.book.book_id, Locator(section, block, len(text)))

    def markers_read(self, section: int, block: int) -> set[str]:
        return set(MARKER.findall(self._text(until=(section, block), after=False)))

    def markers_unread(self, section: int, block: int) -> set[str]:
        return set(MARKER.findall(self._text(until=(section, block), after=True)))

    def _text(self, *, until: tuple[int, int], after: bool) -> str:
        texts = []
        for s in self.book.sections:
            for b, block in enumerate(s.blocks):
                if ((s.index, b) > until) == after:
                    texts.append(block.text)
        return "\n".join(texts)


def marker_library(home: Path, *, embedder: Embedder | None = None, **shape: int) -> MarkerLibrary:
    conn = connect(home)
    library = Library(conn, home)
    book = spoiler_book(**shape)
    library.add(book)
    embedder = embedder or HashEmbedder()
    index_book(conn, home, book, embedder=embedder)
    return MarkerLibrary(conn, home, library, book, embedder)

"""Finding words in a book's text (Ctrl+F): case-insensitive, with context, in reading order."""

from __future__ import annotations

import re
from dataclasses import dataclass

from reader_app.books.model import Book, Locator

CONTEXT_CHARS = 40


@dataclass(frozen=True, slots=True)
class TextHit:
    locator: Locator
    length: int
    context: str  # the hit with a little text either side, on one line
    chapter: str


def find_text(book: Book, query: str, *, limit: int = 1000) -> list[TextHit]:
    """Every place `query` occurs (ignoring case and runs of white space), up to `limit`."""
    words = query.split()
    if not words:
        return []
    pattern = re.compile(r"\s+".join(re.escape(w) for w in words), re.IGNORECASE)
    hits: list[TextHit] = []
    for section in book.sections:
        for block_index, block in enumerate(section.blocks):
            for match in pattern.finditer(block.text):
                locator = Locator(section.index, block_index, match.start())
                before = block.text[max(0, match.start() - CONTEXT_CHARS) : match.start()]
                after = block.text[match.end() : match.end() + CONTEXT_CHARS]
                context = " ".join(f"…{before}{match.group(0)}{after}…".split())
                hits.append(
                    TextHit(
                        locator, match.end() - match.start(), context, book.chapter_title(locator)
                    )
                )
                if len(hits) >= limit:
                    return hits
    return hits

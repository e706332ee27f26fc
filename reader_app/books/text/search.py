"""Finding words in a book's text (Ctrl+F): case-insensitive, with context, in reading order."""

from __future__ import annotations

import re
from dataclasses import dataclass

from reader_app.books.model import Book, Locator

CONTEXT_CHARS = 40
_SPACE = re.compile(r"\s")


@dataclass(frozen=True, slots=True)
class TextHit:
    locator: Locator
    length: int
    context: str  # the hit with a little text either side, on one line
    chapter: str

    @property
    def end(self) -> Locator:
        """Just after the match (a match never leaves its block)."""
        return Locator(self.locator.section, self.locator.block, self.locator.char + self.length)


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
                context = snippet(block.text, match.start(), match.end())
                hits.append(
                    TextHit(
                        locator, match.end() - match.start(), context, book.chapter_title(locator)
                    )
                )
                if len(hits) >= limit:
                    return hits
    return hits


def snippet(text: str, start: int, end: int, *, room: int = CONTEXT_CHARS) -> str:
    """`text[start:end]` with about `room` characters either side, cut only between words, on
    one line; an ellipsis marks each side that was cut."""
    left = max(0, start - room)
    if left > 0 and not text[left - 1].isspace():
        space = _SPACE.search(text, left, start)
        left = space.end() if space else start
    right = min(len(text), end + room)
    if right < len(text) and not text[right].isspace():
        spaces = list(_SPACE.finditer(text, end, right))
        right = spaces[-1].start() if spaces else end
    body = " ".join(text[left:right].split())
    return ("…" if left > 0 else "") + body + ("…" if right < len(text) else "")

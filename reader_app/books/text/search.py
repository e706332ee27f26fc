"""Finding words in a book's text (Ctrl+F): case-insensitive, with context, in reading order.

A PDF's text is searched as the sentence table reads it (books/text/page_breaks.py): a phrase
whose words run from the foot of one page onto the next, or a word hyphenated over the break, is
found there, its match starting on the one page and ending on the other.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from reader_app.books.model import Book, Locator
from reader_app.books.text.page_breaks import TextRun, text_runs

CONTEXT_CHARS = 40
_SPACE = re.compile(r"\s")


@dataclass(frozen=True, slots=True)
class TextHit:
    locator: Locator
    end: Locator  # just after the match: in the same block, or (a PDF's) on a following page
    context: str  # the hit with a little text either side, on one line
    chapter: str


def searchable_runs(book: Book) -> tuple[TextRun, ...]:
    """The runs `find_text` searches: worth keeping for a book searched again (a PDF's runs are
    joined over its page breaks, which takes a moment on a long one)."""
    return tuple(text_runs(book))


def find_text(book: Book, query: str, *, limit: int = 1000,
              runs: Sequence[TextRun] | None = None) -> list[TextHit]:
    """Every place `query` occurs (ignoring case and runs of white space), up to `limit`;
    `runs`: the book's `searchable_runs`, where they are kept."""
    words = query.split()
    if not words:
        return []
    pattern = re.compile(r"\s+".join(re.escape(w) for w in words), re.IGNORECASE)
    hits: list[TextHit] = []
    for run in text_runs(book) if runs is None else runs:
        for match in pattern.finditer(run.text):
            locator = run.locator(match.start())
            context = snippet(run.text, match.start(), match.end())
            hits.append(TextHit(locator, run.locator(match.end(), after=True), context,
                                book.chapter_title(locator)))
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

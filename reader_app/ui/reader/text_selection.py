"""Selections that follow words: a double-click takes a word, a triple-click its sentence, and a
drag snaps its ends to whole words, so a highlight never reads "…enough to tempt m".

Worked out on the book's own text (the model block), then mapped to the laid-out document, so
soft hyphens and typeset formulas never split a word.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from reader_app.books.model import Locator
from reader_app.books.text.segment import split_sentences
from reader_app.ui.page.document import SectionDocument

_WORD = re.compile(r"\w+(?:['’\-]\w+)*")


def word_span(text: str, char: int) -> tuple[int, int] | None:
    """`[start, end)` of the word at or just before offset `char` of `text`, if there is one."""
    for match in _WORD.finditer(text):
        if match.start() <= char < match.end() or (char == match.end() and char == len(text)):
            return match.start(), match.end()
        if match.start() > char:
            break
    return None


def sentence_span(text: str, char: int) -> tuple[int, int] | None:
    """`[start, end)` of the sentence holding offset `char` (the gap after one: that one)."""
    found = None
    for start, end in split_sentences(text):
        if start > char:
            break
        found = (start, end)
    return found


def word_at(doc: SectionDocument, position: int) -> tuple[int, int] | None:
    """The document positions of the word at `position`."""
    return _span_at(doc, position, word_span)


def sentence_at(doc: SectionDocument, position: int) -> tuple[int, int] | None:
    """The document positions of the sentence at `position`."""
    return _span_at(doc, position, sentence_span)


def snapped(doc: SectionDocument, low: int, high: int) -> tuple[int, int]:
    """`[low, high)` widened so neither end cuts a word in two."""
    first = word_at(doc, low)
    if first is not None and first[0] < low < first[1]:
        low = first[0]
    last = word_at(doc, max(high - 1, low))
    if last is not None and last[0] < high < last[1]:
        high = last[1]
    return low, high


def _span_at(
    doc: SectionDocument, position: int, finder: Callable[[str, int], tuple[int, int] | None]
) -> tuple[int, int] | None:
    here = doc.locator_at(position)
    blocks = doc.section.blocks
    if not 0 <= here.block < len(blocks):
        return None
    span = finder(blocks[here.block].text, here.char)
    if span is None:
        return None
    section, block = here.section, here.block
    return (doc.position_of(Locator(section, block, span[0])),
            doc.position_of(Locator(section, block, span[1])))

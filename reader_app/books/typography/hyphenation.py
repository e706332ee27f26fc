"""Where words may break at a line end, by the book's language (pyphen's dictionaries).

Only the laid-out document ever holds the soft hyphens this finds: the book model, locators,
search, selection and copying all see the book's own text.
"""

from __future__ import annotations

import bisect
import re
from functools import lru_cache

import pyphen

SOFT_HYPHEN = "\u00ad"
MIN_WORD = 6  # shorter words are never broken
_WORD = re.compile(rf"[^\W\d_]{{{MIN_WORD},}}")


@lru_cache(maxsize=16)
def _dictionary(language: str) -> pyphen.Pyphen | None:
    found = pyphen.language_fallback(language.replace("-", "_")) if language else None
    if not found:
        return None
    return pyphen.Pyphen(lang=found, left=2, right=3)


def supports(language: str) -> bool:
    return _dictionary(language or "en") is not None


@lru_cache(maxsize=65_536)
def _word_breaks(language: str, word: str) -> tuple[int, ...]:
    dictionary = _dictionary(language)
    if dictionary is None:
        return ()
    return tuple(dictionary.positions(word))


def break_positions(text: str, *, language: str) -> list[int]:
    """Offsets in `text` before which a soft hyphen may go, ascending."""
    language = language or "en"
    if _dictionary(language) is None:
        return []
    positions: list[int] = []
    for match in _WORD.finditer(text):
        start = match.start()
        positions.extend(start + offset for offset in _word_breaks(language, match.group()))
    return positions


def with_soft_hyphens(
    text: str, start: int, end: int, breaks: list[int], joiner: str = SOFT_HYPHEN
) -> str:
    """`text[start:end]` with a soft hyphen (or `joiner`) before each break offset inside it."""
    if not breaks:
        return text[start:end]
    first = bisect.bisect_right(breaks, start)
    last = bisect.bisect_left(breaks, end)
    if first >= last:
        return text[start:end]
    pieces, at = [], start
    for offset in breaks[first:last]:
        pieces.append(text[at:offset])
        at = offset
    pieces.append(text[at:end])
    return joiner.join(pieces)

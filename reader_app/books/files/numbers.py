"""Numbers read from book text (list starts, page indexes), parsed with bounds, never unbounded."""

from __future__ import annotations

import re

# Nine ASCII digits at most: `int()` on thousands of digits is slow and, past Python's limit,
# raises ValueError; no list start, item value or page index in a real book needs more.
_BOUNDED_INTEGER = re.compile(r"[+-]?[0-9]{1,9}")


def bounded_int(text: str | None, *, low: int, high: int) -> int | None:
    """The integer `text` spells (ASCII digits, optional sign), clamped to [low, high].

    None when `text` is not such a number (too many digits, other characters, empty).
    """
    value = (text or "").strip()
    if not _BOUNDED_INTEGER.fullmatch(value):
        return None
    return min(max(int(value), low), high)


def natural_number_key(digits: str) -> str:
    """A sort key ordering runs of ASCII digits by value, whatever their length."""
    significant = digits.lstrip("0") or "0"
    return f"{len(significant):09d}{significant}"

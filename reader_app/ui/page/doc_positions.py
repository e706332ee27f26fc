"""Model offsets within a block and offsets in its laid-out QTextBlock, both ways.

They differ in two ways, both only in the laid-out document: a soft hyphen (justified text) is
one character the model does not have, before model offset `b`; a typeset formula is one object
character standing for the model's `[start, end)` (its linear text). Blocks with neither map
one to one.
"""

from __future__ import annotations

import bisect


class PositionMap:
    def __init__(self) -> None:
        self.hyphens: dict[int, list[int]] = {}  # block -> model offsets with a soft hyphen before
        self.maths: dict[int, list[tuple[int, int]]] = {}  # block -> typeset [start, end) ranges

    def drop_hyphens_inside(self, block: int, ranges: list[tuple[int, int]]) -> None:
        """No soft hyphen inside a typeset formula: its text is not in the document."""
        breaks = self.hyphens.get(block)
        if breaks:
            kept = [b for b in breaks if not any(s < b < e for s, e in ranges)]
            self.hyphens[block] = kept

    def to_document(self, block: int, char: int) -> int:
        """The offset in the laid-out block of model offset `char` (a formula's inside: itself)."""
        maths = self.maths.get(block)
        if not maths:
            return char + bisect.bisect_right(self.hyphens.get(block, ()), char)
        shift = 0
        for at, end in self._events(block):
            if end < 0:  # a soft hyphen before model offset `at`
                if at > char:
                    break
                shift += 1
            elif end <= char:  # a formula wholly before
                shift -= end - at - 1
            elif at < char:  # inside a formula: the formula's own character
                return at + shift
            else:
                break
        return char + shift

    def to_model(self, block: int, offset: int) -> int:
        """The model offset of laid-out offset `offset` (just after a formula: its end)."""
        maths = self.maths.get(block)
        breaks = self.hyphens.get(block)
        if not maths:
            if not breaks:
                return offset
            # Soft hyphen i sits at document offset breaks[i] + i within the block.
            low, high = 0, len(breaks)
            while low < high:
                middle = (low + high) // 2
                if breaks[middle] + middle < offset:
                    low = middle + 1
                else:
                    high = middle
            return offset - low
        shift = 0  # document offset minus model offset, past the events so far
        for at, end in self._events(block):
            where = at + shift
            if end < 0:
                if offset <= where:
                    break
                shift += 1
            else:
                if offset <= where:
                    break
                if offset == where + 1:
                    return end
                shift -= end - at - 1
        return offset - shift

    def _events(self, block: int) -> list[tuple[int, int]]:
        """Hyphens as (offset, -1) and formulas as (start, end), in the order of the text."""
        events = [(b, -1) for b in self.hyphens.get(block, ())]
        events += self.maths.get(block, [])
        events.sort(key=lambda event: (event[0], event[1] >= 0))
        return events

"""What Read aloud says: a book's sentences in reading order as spoken text, footnote markers left
out, formulas in words, images by their alt text, headings marked for a pause, one section at a
time."""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable
from dataclasses import dataclass
from itertools import accumulate

from reader_app.books.content.math_speech import spoken_math_markup
from reader_app.books.model import Block, BlockKind, Book, Locator, Span
from reader_app.books.text.segment import split_sentences

# A link whose own text is one of these is a note marker ("1", "[12]", "*", "†", "a"): a listener
# hears "twelve" in the middle of a sentence as noise, so it is not spoken.
_MARKER_TEXT = re.compile(r"[\[(]?(?:\d{1,4}|[*†‡§¶#]{1,3}|[a-z]{1,2}|[ivxlc]{1,6})[\])]?\.?")
_SPACES = re.compile(r"[ \t\u00a0]{2,}")
# The most the voice is handed at once: a paragraph without a full stop, a word of megabytes or a
# long alt text is said in pieces of this size (cut at a space where there is one near the end),
# each paused, resumed and skipped like a sentence. Speech engines take far less in one breath.
MAX_UTTERANCE_CHARS = 600


@dataclass(frozen=True, slots=True)
class SpokenSentence:
    """One sentence of the book as the voice says it, and where it stands on the page."""

    start: Locator
    end: Locator  # just after its last character
    text: str  # what is said: the sentence without its note markers
    heading: bool  # a heading: the voice pauses after it


def spoken_text(
    block: Block, start: int, end: int, *, say_math: Callable[[str], str] | None = None
) -> str:
    """`block.text[start:end]` with the note markers inside it cut out, and each formula that
    begins inside it said in words (`say_math(resource)`; its linear text where that gives "")."""
    return _said(block, _BlockCuts.of(block, with_math=say_math is not None), start, end,
                 say_math=say_math)


@dataclass(frozen=True, slots=True)
class _BlockCuts:
    """A block's note markers (resource "") and formulas (their markup's resource), found once
    for the block and looked up per sentence by bisection: a paragraph of thousands of
    sentences and links or formulas costs in proportion, not their product."""

    items: tuple[tuple[int, int, str], ...]  # (start, end, resource), by start
    reach: tuple[int, ...]  # the furthest end among items[: i + 1]

    @classmethod
    def of(cls, block: Block, *, with_math: bool) -> _BlockCuts:
        links = sorted(((span.start, span.end, span) for span in block.spans
                        if span.target is not None), key=lambda link: link[:2])
        marks = sorted((a, b) for a, b, span in links if _marks_itself(block, span))
        mark_reach = tuple(accumulate((b for _a, b in marks), max))
        items: list[tuple[int, int, str]] = [
            (a, b, "") for a, b, _span in links if _overlaps(marks, mark_reach, a, b)
        ]  # a link is a note marker when it, or a link over it, is one
        if with_math:
            items += _formulas(block)
        items.sort()
        return cls(tuple(items), tuple(accumulate((b for _a, b, _r in items), max)))

    def within(self, start: int, end: int) -> list[tuple[int, int, str]]:
        """The items that overlap `[start, end)`, by start."""
        found, index = [], bisect_right(self.reach, start)
        while index < len(self.items) and self.items[index][0] < end:
            if self.items[index][1] > start:
                found.append(self.items[index])
            index += 1
        return found


def _marks_itself(block: Block, span: Span) -> bool:
    """Whether a link is a footnote reference by its own look: a short mark as its text, or
    drawn as superscript."""
    mark = block.text[span.start : span.end].strip()
    return (span.superscript and len(mark) <= 6) or _MARKER_TEXT.fullmatch(mark) is not None


def _overlaps(ranges: list[tuple[int, int]], reach: tuple[int, ...], start: int, end: int) -> bool:
    index = bisect_right(reach, start)  # the first range that ends after `start`, or later
    while index < len(ranges) and ranges[index][0] < end:
        if ranges[index][1] > start:
            return True
        index += 1
    return False


def _said(
    block: Block, cuts: _BlockCuts, start: int, end: int, *,
    say_math: Callable[[str], str] | None,
) -> str:
    pieces: list[tuple[int, int, str]] = []
    for cut_start, cut_end, resource in cuts.within(start, end):
        if not resource:  # a note marker: left out
            pieces.append((max(cut_start, start), min(cut_end, end), ""))
            continue
        # Said whole by the sentence it begins in; a part spilling into the next is cut.
        said = say_math(resource) if say_math is not None and cut_start >= start else ""
        if said or cut_start < start:
            pieces.append((max(cut_start, start), min(cut_end, end), f" {said} "))
    parts, at = [], start
    for cut_start, cut_end, said in sorted(pieces):
        if cut_start > at:
            parts.append(block.text[at:cut_start])
        if cut_end > at:
            parts.append(said)
        at = max(at, cut_end)
    parts.append(block.text[at:end])
    return _SPACES.sub(" ", "".join(parts)).strip()


def _formulas(block: Block) -> list[tuple[int, int, str]]:
    """The block's formulas: (start, end, markup resource), neighbouring spans of one formula
    joined."""
    found: list[tuple[int, int, str]] = []
    for span in block.spans:
        if span.math is None:
            continue
        if found and found[-1][2] == span.math and found[-1][1] >= span.start:
            found[-1] = (found[-1][0], max(found[-1][1], span.end), span.math)
        else:
            found.append((span.start, span.end, span.math))
    return found


def math_reader(book: Book) -> Callable[[str], str]:
    """`say_math` for `book`: a formula's words from its stored markup ("" if it is gone)."""

    def say(resource: str) -> str:
        try:
            markup = book.resource(resource)
        except (KeyError, OSError, ValueError):
            return ""
        return spoken_math_markup(markup)

    return say


def section_sentences(book: Book, section: int) -> tuple[SpokenSentence, ...]:
    """The sentences of `section` in reading order, split as the sentence table splits them
    (books/text/segment.py); a sentence that is only a note marker is left out."""
    if not 0 <= section < len(book.sections):
        return ()
    found: list[SpokenSentence] = []
    say_math = math_reader(book)
    for block_index, block in enumerate(book.sections[section].blocks):
        if block.kind == BlockKind.IMAGE and block.alt:
            # An image: its alt text where it stands, sentence by sentence like any text (a long
            # description is paused, resumed and skipped a sentence at a time, not as one).
            place = Locator(section, block_index, 0)
            said = (block.alt[c:d] for a, b in split_sentences(block.alt)
                    for c, d in utterances(block.alt, a, b))
            found += [SpokenSentence(place, place, text, heading=False) for text in said
                      if any(ch.isalnum() for ch in text)]
            continue
        if block.kind in (BlockKind.RULE, BlockKind.MEDIA) or not block.text.strip():
            continue  # an image with no alt text, a rule, audio or video (its text is the
            # book's fallback for a reading system that cannot play it): nothing to say
        cuts = _BlockCuts.of(block, with_math=True)
        for start, end in (piece for a, b in split_sentences(block.text)
                           for piece in utterances(block.text, a, b)):
            text = _said(block, cuts, start, end, say_math=say_math)
            if not any(ch.isalnum() for ch in text):
                continue
            found.append(
                SpokenSentence(
                    Locator(section, block_index, start),
                    Locator(section, block_index, end),
                    text,
                    heading=block.kind == BlockKind.HEADING,
                )
            )
    return tuple(found)


class SpokenCursor:
    """A place among the book's spoken sentences, moved one sentence at a time through the
    reading order (non-linear sections are skipped); sections are split when first reached."""

    def __init__(self, book: Book) -> None:
        self.book = book
        self._order = [s.index for s in book.reading_sections]
        self._split: dict[int, tuple[SpokenSentence, ...]] = {}
        self._section = 0  # an index into the reading order
        self._index = -1

    def sentences(self, section: int) -> tuple[SpokenSentence, ...]:
        if section not in self._split:
            self._split[section] = section_sentences(self.book, section)
        return self._split[section]

    @property
    def current(self) -> SpokenSentence | None:
        if not 0 <= self._section < len(self._order):
            return None
        found = self.sentences(self._order[self._section])
        return found[self._index] if 0 <= self._index < len(found) else None

    def seek(self, place: Locator) -> SpokenSentence | None:
        """The first sentence that ends after `place` (one the place is inside, or the next),
        made current; None when nothing is left to say."""
        order = self._order
        at = next((i for i, s in enumerate(order) if s >= place.section), len(order))
        if at < len(order) and order[at] == place.section:
            found = self.sentences(place.section)
            index = next(
                (i for i, s in enumerate(found) if s.end > place or s.start >= place), None
            )
            if index is not None:
                self._section, self._index = at, index
                return self.current
            at += 1
        self._section, self._index = at, -1
        return self.next()

    def prepare_following(self) -> None:
        """Split the section after the current one now (on a worker), so that reaching it
        costs the voice nothing."""
        following = self._section + 1
        if 0 <= following < len(self._order):
            self.sentences(self._order[following])

    def next(self) -> SpokenSentence | None:
        """The sentence after the current one; None at the end of the book."""
        while self._section < len(self._order):
            found = self.sentences(self._order[self._section])
            if self._index + 1 < len(found):
                self._index += 1
                return self.current
            self._section, self._index = self._section + 1, -1
        return None

    def previous(self) -> SpokenSentence | None:
        """The sentence before the current one; the first sentence stays put."""
        section, index = self._section, self._index
        while section >= 0:
            if section < len(self._order) and index - 1 >= 0:
                self._section, self._index = section, index - 1
                return self.current
            section -= 1
            if section >= 0:
                index = len(self.sentences(self._order[section]))
        return self.current

    def before(self) -> SpokenSentence | None:
        """The sentence before the current one, without moving."""
        section, index = self._section, self._index
        found = self.previous()
        before = found if (self._section, self._index) != (section, index) else None
        self._section, self._index = section, index
        return before


def utterances(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """`text[start:end]` in pieces of at most MAX_UTTERANCE_CHARS, each cut after the last space
    in its final fifth where there is one (a word is not broken), else where the limit falls."""
    pieces: list[tuple[int, int]] = []
    while end - start > MAX_UTTERANCE_CHARS:
        limit = start + MAX_UTTERANCE_CHARS
        space = text.rfind(" ", limit - MAX_UTTERANCE_CHARS // 5, limit)
        cut = space + 1 if space > start else limit
        pieces.append((start, cut))
        start = cut
    pieces.append((start, end))
    return pieces

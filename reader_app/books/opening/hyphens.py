"""A word broken by a hyphen at a line's or a page's end: made whole where the book's own words
tell, so "inter-" / "esting" reads "interesting" and "Anglo-" / "Saxon" keeps its hyphen.

One rule for both breaks: inside a PDF page, as its lines are joined into paragraphs
(`pdf_text.py`), and over a page break, as a paragraph runs on to the next page
(`books/text/page_breaks.py`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

_WORD = re.compile(r"[^\W\d_]+")
_COMPOUND = re.compile(r"[^\W\d_]+-[^\W\d_]+")
# "inter-" at a line's or page's end; "\x02" is PDFium's mark for a hyphen it found at a line's
# end (pdf_text.py turns it into "-" once the lines are joined).
_HEAD_WORD = re.compile(r"([^\W\d_]+)[-\x02]$")
_TAIL_WORD = re.compile(r"[^\W\d_]+")  # "esting" at the next line's or page's start


@dataclass(frozen=True, slots=True)
class Vocabulary:
    """The book's words and hyphenated compounds (casefolded), to tell "inter-" / "esting" (one
    word broken by the line or the page) from "Anglo-" / "Saxon" (a compound)."""

    words: frozenset[str]
    compounds: frozenset[str]

    @classmethod
    def of(cls, texts: Iterable[str]) -> Vocabulary:
        """The words of `texts`, and the compounds written whole inside one of them: a PDF's
        lines, so that a hyphen at a line's end is no evidence for the compound it may break."""
        words: set[str] = set()
        compounds: set[str] = set()
        for text in texts:
            folded = text.casefold()
            words.update(_WORD.findall(folded))
            compounds.update(_COMPOUND.findall(folded))
        return cls(frozenset(words), frozenset(compounds))

    def keeps_hyphen(self, head: str, tail: str) -> bool:
        """Whether `head`-`tail`, broken after its hyphen at a line's end, is written with it:
        not when the book writes the word whole elsewhere; yes when it writes the compound; else
        not before a lowercase letter (a word broken where it would fit), yes before a capital."""
        whole, compound = (head + tail).casefold(), f"{head}-{tail}".casefold()
        if whole in self.words:
            return False
        if compound in self.compounds:
            return True
        return not tail[:1].islower()


NO_WORDS = Vocabulary(frozenset(), frozenset())


def breaks_word(text: str, after: str, vocabulary: Vocabulary) -> bool:
    """Whether the hyphen `text` ends with breaks one word that `after` (the next line's or
    page's text) goes on with, so that the hyphen is dropped when they are joined."""
    head = _HEAD_WORD.search(text)
    tail = _TAIL_WORD.match(after)
    return (head is not None and tail is not None
            and not vocabulary.keeps_hyphen(head.group(1), tail.group(0)))

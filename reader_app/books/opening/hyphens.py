"""A word broken by a hyphen at a line's or a page's end: made whole where the book's own words
tell, so "inter-" / "esting" reads "interesting" and "Anglo-" / "Saxon" keeps its hyphen.

Where the book's words do not tell, its typesetting does: a book set with its words broken at
lines' ends (LaTeX, a publisher's PDF) ends many lines with a hyphen, and its broken words are
written whole elsewhere; a book set without (calibre's ebook-convert: 15 of Jekyll's 3,790 lines,
every one a compound like "good-nature") ends few, and those it does are compounds.

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
# Without evidence from its words, a book whose texts end with a hyphen this often (one in 50)
# breaks words at lines' ends; calibre's PDFs end one line in 250 to one in 3,000 so.
BREAKING_SHARE = 1 / 50


@dataclass(frozen=True, slots=True)
class Vocabulary:
    """The book's words and hyphenated compounds (casefolded), to tell "inter-" / "esting" (one
    word broken by the line or the page) from "Anglo-" / "Saxon" (a compound)."""

    words: frozenset[str]
    compounds: frozenset[str]
    breaks_words: bool = True  # whether the book breaks words at lines' ends (the module doc)

    @classmethod
    def of(cls, texts: Iterable[str]) -> Vocabulary:
        """The words of `texts` (in reading order), the compounds written whole inside one of
        them, and whether the book breaks words where one of them ends with a hyphen: `texts`
        are a PDF's lines, so that a hyphen at a line's end is no evidence for the compound it
        may break, or a book's paragraphs, for a break at a page's end."""
        words: set[str] = set()
        compounds: set[str] = set()
        ends: list[tuple[str, str]] = []  # (head, tail) of every text ending with a hyphen
        count, head = 0, None
        for text in texts:
            if not text.strip():
                continue  # a page's picture: the paragraph before it goes on after it
            count += 1
            folded = text.casefold()
            words.update(_WORD.findall(folded))
            compounds.update(_COMPOUND.findall(folded))
            tail = _TAIL_WORD.match(folded)
            if head is not None:
                ends.append((head, tail.group(0) if tail is not None else ""))
            found = _HEAD_WORD.search(folded)
            head = found.group(1) if found is not None else None
        whole = sum(1 for h, t in ends if t and h + t in words)
        kept = sum(1 for h, t in ends if t and f"{h}-{t}" in compounds and h + t not in words)
        breaks = whole > kept if whole != kept else len(ends) >= count * BREAKING_SHARE
        return cls(frozenset(words), frozenset(compounds), breaks)

    def keeps_hyphen(self, head: str, tail: str) -> bool:
        """Whether `head`-`tail`, broken after its hyphen at a line's end, is written with it:
        not when the book writes the word whole elsewhere; yes when it writes the compound; else,
        in a book that breaks words, not before a lowercase letter (a word broken where it would
        fit) and yes before a capital; in a book that does not, yes."""
        whole, compound = (head + tail).casefold(), f"{head}-{tail}".casefold()
        if whole in self.words:
            return False
        if compound in self.compounds:
            return True
        return not (self.breaks_words and tail[:1].islower())


NO_WORDS = Vocabulary(frozenset(), frozenset(), breaks_words=False)  # hyphens kept as written


def breaks_word(text: str, after: str, vocabulary: Vocabulary) -> bool:
    """Whether the hyphen `text` ends with breaks one word that `after` (the next line's or
    page's text) goes on with, so that the hyphen is dropped when they are joined."""
    head = _HEAD_WORD.search(text)
    tail = _TAIL_WORD.match(after)
    return (head is not None and tail is not None
            and not vocabulary.keeps_hyphen(head.group(1), tail.group(0)))

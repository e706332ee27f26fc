"""Words of a sentence for name finding: each with its place and whether it starts afresh."""

from __future__ import annotations

import re
from dataclasses import dataclass

WORD = re.compile(r"[^\W\d_]+(?:[-’'][^\W\d_]+)*")
_POSSESSIVE = re.compile(r"[’']s?$")
# Text between two words that leaves the second at a "fresh start": quotes, brackets, dashes,
# colons or sentence punctuation.
_FRESH_GAP = re.compile(r"[“‘\"(\[:;—–!?]|\.\s")
DOTTED_TITLES = frozenset({"Mr", "Mrs", "Ms", "Dr", "Mme", "Mlle", "St"})
# French books also write "M. Savaron", "MM. de Soulas" (in English "M." is an initial).
FRENCH_DOTTED_TITLES = DOTTED_TITLES | {"M", "MM"}
# French elision: "l’Italie", "d’Aiglemont" are two words, the name second; at a sentence's
# start too ("L’Italie"), where "Lorsqu’il", "D’abord", "Qu’importe" are two plain words, not a
# capitalised one taken for a name.
_ELISION = re.compile(r"^(?:[cdjlmnst]|qu|jusqu|lorsqu|puisqu)[’'](?=[^\W\d_])", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Token:
    word: str  # possessive stripped; lower-case words as written
    start: int
    end: int
    fresh: bool  # at a sentence start or just after a quote, dash or colon
    gap: str  # the text between the previous word and this one


def tokens(text: str, *, dotted: frozenset[str] = DOTTED_TITLES,
           elision: bool = False) -> list[Token]:
    """The words of `text`; with `elision` (French), "d’Agnès" is "d" and "Agnès"."""
    found: list[Token] = []
    previous_end = 0
    for match in WORD.finditer(text):
        spans = [(match.start(), match.end())]
        elided = _ELISION.match(match.group(0)) if elision else None
        if elided and (match.group(0)[elided.end()].isupper() or match.group(0)[0].isupper()):
            split = match.start() + elided.end()
            spans = [(match.start(), split - 1), (split, match.end())]
        for n, (start, end) in enumerate(spans):
            gap = text[previous_end:start]
            fresh = not found or (
                bool(_FRESH_GAP.search(gap + " "))
                and not _after_abbreviation(found[-1], gap, dotted)
            )
            raw = text[start:end]
            capital = raw[:1].isupper() and not (n == 0 and len(spans) == 2)  # "L’", "Lorsqu’"
            word = _POSSESSIVE.sub("", raw) if capital else raw.lower()
            found.append(Token(word or raw, start, end, fresh, gap))
            previous_end = end
    return found


def gap_breaks(previous: Token, token: Token, *, titled: bool,
               dotted: frozenset[str] = DOTTED_TITLES) -> bool:
    """A run continues only over a plain space (or a title's full stop)."""
    if titled and previous.word in dotted:
        return token.start - previous.end > 2
    return token.start - previous.end != 1 or token.fresh or token.gap != " "


def _after_abbreviation(previous: Token, gap: str, dotted: frozenset[str]) -> bool:
    # "Mr. Darcy": the full stop of a title does not start a sentence.
    return previous.word in dotted and gap.strip() == "."

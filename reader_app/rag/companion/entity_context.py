"""What the words around a run of capitals say in a French or German book: that it names a firm
("Runne & Plate"), a work ("»Icosameron«"), a word cried out ("Zitto ! fit Francesca"), or
someone met before by a pet form of their name ("Peterle" is Peter). English books keep their
rules (entities.py asks only when `NameRules.surroundings` is set)."""

from __future__ import annotations

import re
from collections.abc import Iterable

from reader_app.rag.companion.entity_tokens import Token
from reader_app.rag.companion.entity_words import TITLES

# "Runne & Plate", "Mallet frères & Cie": two names joined by "&" are a firm's.
_FIRM_JOIN = re.compile(r"^\s*&\s*$")
# Marks that open and close a quotation, each with its partners.
_CLOSING = {"»": "«", "«": "»", "›": "‹", "‹": "›", "„": "“", "“": "”", "‚": "‘", '"': '"'}
# "Zitto ! fit Francesca": a word followed by "!", "?" or "…" is what is said, not the sayer.
_CRIED = re.compile(r"[!?…]")


def firm(tokens: list[Token], start: int, end: int) -> bool:
    """Is the run one side of "X & Y" with a name (not a title: "M. & Mme") on the other?"""
    before = start > 0 and _FIRM_JOIN.match(tokens[start].gap) is not None and _name_like(
        tokens[start - 1])
    after = end < len(tokens) and _FIRM_JOIN.match(tokens[end].gap) is not None and _name_like(
        tokens[end])
    return before or after


def quoted_work(text: str, tokens: list[Token], start: int, end: int) -> bool:
    """Does the run fill a quotation by itself, with no mark inside: the title of a book, a
    play or a song ("des ›Götz von Berlichingen‹", "« Esther »")? A name called out has its
    mark inside ("»Paulchen!«")."""
    opening = tokens[start].gap.rstrip()
    if not opening or opening[-1] not in _CLOSING:
        return False
    after = text[tokens[end - 1].end : tokens[end - 1].end + 2].lstrip()
    return after[:1] == _CLOSING[opening[-1]]


def cried_out(tokens: list[Token], end: int) -> bool:
    """Does a "!" or "?" end the run ("Zitto !", "Kolding!"): a speech verb after it tells who
    cried it, not that the run speaks."""
    return end < len(tokens) and _CRIED.search(tokens[end].gap) is not None


def pet_form_of(word: str, known: Iterable[str], suffixes: tuple[str, ...]) -> list[str]:
    """The names met so far that `word` is a pet form of, or shares a stem with: "Peterle" of
    "Peter", "Paule" of "Paulchen" (both "Paul" with an ending)."""
    stems = {_stem(word, suffix) for suffix in suffixes} - {""}
    return [name for name in known if name != word and stems & {
        _stem(name, suffix) for suffix in suffixes}]


def _stem(word: str, suffix: str) -> str:
    """`word` without `suffix`, when what is left could still be a name (four letters or more);
    "" when it does not end so."""
    if suffix and not word.endswith(suffix):
        return ""
    stem = word[: len(word) - len(suffix)] if suffix else word
    return stem if len(stem) >= 4 and stem[:1].isupper() else ""


def _name_like(token: Token) -> bool:
    return token.word[:1].isupper() and token.word not in TITLES


def no_one(text: str, tokens: list[Token], start: int, end: int) -> bool:
    """A run of capitals that names no one: a firm or a work."""
    return firm(tokens, start, end) or quoted_work(text, tokens, start, end)

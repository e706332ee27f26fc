"""German name runs: every noun has a capital, so a run of capitals is cut to its name ("Buchhalter
Uhusen" is Uhusen, "Peter Uhusens Weißdornprügel" is Peter Uhusen) or dropped as a noun ("Tanz",
"Herr Kamerad"), judged from simplemma's lemma list and the text read so far (entities.py)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Container
from dataclasses import dataclass

from reader_app.rag.companion.entity_languages import Lexicon
from reader_app.rag.companion.entity_runs import speech_nearby
from reader_app.rag.companion.entity_tokens import Token
from reader_app.rag.companion.entity_words import TITLES


@dataclass(frozen=True, slots=True)
class KnownNames:
    """The words that begin or end a name read so far (a German genitive's stem)."""

    first: dict[str, list[int]]
    last: dict[str, list[int]]

    def __contains__(self, word: object) -> bool:
        return bool(self.first.get(word)) or bool(self.last.get(word))  # type: ignore[call-overload]


# Known words shaped like an office before a name: "Frau Senatorin", "Herr Kommerzienrat".
_OFFICE_ENDINGS = ("in", "rat", "direktor", "meister", "leutnant", "mann", "herr")


def office(word: str, *, lexicon: Lexicon, determined_seen: Counter[str]) -> bool:
    """A noun the text has put after an article ("die Direktorin"), or a known word shaped like
    an office: before a name it says what someone is, not who."""
    return lexicon.knows(word) and (determined_seen[word] > 0 or word.endswith(_OFFICE_ENDINGS))


def nominative(word: str, names: Container[str]) -> str:
    """"Uhusens" is "Uhusen" once "Uhusen" is one of the `names` read so far (a genitive)."""
    if word.endswith("s") and len(word) > 3 and word[:-1] in names:
        return word[:-1]
    return word


def name_run(tokens: list[Token], start: int, end: int, *, lexicon: Lexicon,
             determined_seen: Counter[str], names: Container[str]) -> tuple[int, int]:
    """The part of the run `[start, end)` that names someone: offices before it dropped, and
    ended by a genitive."""
    while end - start > 1 and tokens[start].word not in TITLES and office(
            tokens[start].word, lexicon=lexicon, determined_seen=determined_seen):
        start += 1
    for index in range(start, end - 1):
        if nominative(tokens[index].word, names) != tokens[index].word:
            return start, index + 1
    return start, end


def shape_run(tokens: list[Token], start: int, end: int, *, lexicon: Lexicon,
              determined_seen: Counter[str], names: Container[str]) -> tuple[int, int, bool]:
    """The name part of a run of capitals (`name_run`), and whether it is a noun after all."""
    if end - start > 1:
        start, end = name_run(tokens, start, end, lexicon=lexicon,
                              determined_seen=determined_seen, names=names)
    return start, end, lone_noun(tokens, start, end, lexicon=lexicon)


def possessive(tokens: list[Token], end: int, names: Container[str]) -> bool:
    """Does a genitive name end at `end`, with the thing it owns just after it?"""
    return 0 < end < len(tokens) and tokens[end].gap == " " and tokens[end].word[:1].isupper() \
        and nominative(tokens[end - 1].word, names) != tokens[end - 1].word


def lone_noun(tokens: list[Token], start: int, end: int, *, lexicon: Lexicon) -> bool:
    """Capitalised words the lemma list all knows ("Tanz", "Königlich Hannoverscher
    Artilleriegefreiter", "Herr Kamerad"), not said to speak, are nouns: the people of a novel
    mostly have names no dictionary has, and a common given name ("Peter") comes with a surname
    or speech. A call in speech is no sign: "»…, Menschenkind«", "»Kinder!«" call out nouns."""
    words = [t.word for t in tokens[start:end] if t.word[:1].isupper()]
    words = words[1:] if words and words[0] in TITLES else words  # "Herrn Studierstube"
    return bool(words) and all(lexicon.knows(w) or lexicon.only_small(w) for w in words) and (
        not speech_nearby(tokens, start, end, cry_ends=True))

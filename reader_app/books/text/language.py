"""The language a book is written in: its metadata, checked against its text.

A tag is trusted only when the text does not clearly say otherwise: EPUBs made by converters
often carry `en` whatever they hold. The text is judged by the share of each language's
commonest words in a sample of passages spread over the book, each passage voting; the
majority wins a mixed book. A comic's tag comes from ComicInfo's LanguageISO, and its text
(OCR'd lines, which the caller passes) is checked the same way. Nothing to go on: English.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from reader_app.books.model import Book

ENGLISH = "en"


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# The commonest function words of each language, chosen so that few are shared: a passage's
# share of them is high (25-50% of running words) in its own language and low elsewhere.
_COMMON_WORDS: dict[str, frozenset[str]] = {
    "en": _words("the and of to in that was he it his her with had for you she not as at"
                    " but be have him they which on said were this from would there been"),
    "fr": _words("le la les et des un une du que qui il elle ne pas dans est était sur au"
                    " pour avec son sa ses se lui nous vous je mais ce cette aux avait"),
    "de": _words("der die das und ich nicht ist sie er es zu den mit sich auf dem ein eine"
                    " war auch wie aber von wenn noch nur so hatte wir ihr doch schon"),
    "es": _words("el los las y que del se por una con para su lo como más pero sus le ya"
                    " o fue muy sin sobre también me hasta cuando había ella"),
    "it": _words("il di che è e la per un una non con del della gli le si ma come anche"
                    " io lo nel alla più ha sono era questo ci"),
    "nl": _words("de het een en van ik te dat die niet zijn is op aan met voor hij er"
                    " maar om ook als dan zo wat nog bij uit naar"),
    "pt": _words("o os as e que do da dos das em um uma não para com se por mais mas ao"
                    " ele ela foi como seu sua tinha era muito"),
    "ru": _words("и в не на я что он с как а то все она так его но ты к у же вы за бы по"
                    " только ее мне было вот от меня еще"),
}
# Names a tag may use for the languages above (ISO 639-2 codes and English names).
_TAG_ALIASES = {
    "eng": "en", "english": "en", "fre": "fr", "fra": "fr", "french": "fr", "français": "fr",
    "ger": "de", "deu": "de", "german": "de", "deutsch": "de", "spa": "es", "spanish": "es",
    "ita": "it", "italian": "it", "dut": "nl", "nld": "nl", "dutch": "nl", "por": "pt",
    "portuguese": "pt", "rus": "ru", "russian": "ru",
}
_WORD = re.compile(r"[^\W\d_]+")
SAMPLE_PASSAGES = 60
SAMPLE_CHARS = 2000  # of each passage: a book of one huge paragraph costs no more than others
# A passage votes only with this many words, and for a language only when that language's
# common words make up this share of them and clearly more than any other's.
_MIN_WORDS = 20
_MIN_SHARE = 0.15
_MARGIN = 1.5
# The text overrules the tag only when this share of the voting passages agree.
_OVERRULE = 0.6


@dataclass(frozen=True, slots=True)
class LanguagePick:
    code: str  # ISO 639-1, lower case ("en", "fr", "de", ...)
    source: str  # "text" (detected; the tag agreed, was absent or was overruled), "tag", "default"
    tag: str = ""  # the metadata's tag as found


def language_tag(tag: str) -> str:
    """The primary ISO 639-1 code of a metadata tag ("fr-FR" -> "fr", "ger" -> "de"), or ""."""
    primary = re.split(r"[-_;, ]", tag.strip().lower(), maxsplit=1)[0] if tag.strip() else ""
    primary = _TAG_ALIASES.get(primary, primary)
    return primary if re.fullmatch(r"[a-z]{2}", primary) else ""


def passage_language(text: str) -> str:
    """The language whose common words fill `text`, or "" when too short or unclear."""
    words = [w.lower() for w in _WORD.findall(text)]
    if len(words) < _MIN_WORDS:
        return ""
    shares = {lang: sum(w in common for w in words) / len(words)
              for lang, common in _COMMON_WORDS.items()}
    ranked = sorted(shares.items(), key=lambda item: item[1], reverse=True)
    (best, share), (_, runner_up) = ranked[0], ranked[1]
    if share < _MIN_SHARE or share < runner_up * _MARGIN:
        return ""
    return best


def text_language(passages: Iterable[str]) -> tuple[str, float]:
    """The majority language of `passages` and the share of voting passages that chose it."""
    votes = Counter(lang for lang in map(passage_language, passages) if lang)
    if not votes:
        return "", 0.0
    language, count = votes.most_common(1)[0]
    return language, count / sum(votes.values())


def pick_language(tag: str, passages: Sequence[str]) -> LanguagePick:
    """The language from a metadata tag and sample passages (see the module doc)."""
    tagged = language_tag(tag)
    detected, agreement = text_language(passages)
    if detected and (not tagged or (detected != tagged and agreement >= _OVERRULE)):
        return LanguagePick(detected, "text", tag)
    if tagged:
        return LanguagePick(tagged, "text" if detected == tagged else "tag", tag)
    return LanguagePick(ENGLISH, "default", tag)


def sample_passages(book: Book, *, count: int = SAMPLE_PASSAGES) -> list[str]:
    """Up to `count` blocks of at least a few words, spread evenly over the reading sections."""
    texts = [block.text[:SAMPLE_CHARS] for section in book.reading_sections
             for block in section.blocks if len(block.text) >= 80]
    if len(texts) <= count:
        return texts
    step = len(texts) / count
    return [texts[int(i * step)] for i in range(count)]


def book_language(book: Book, *, extra_text: Sequence[str] = ()) -> LanguagePick:
    """The language of `book` (see the module doc). `extra_text`: text not in the book model,
    such as a comic's OCR'd lines."""
    return pick_language(book.metadata.language, [*sample_passages(book), *extra_text])


def decided_language(book: Book) -> str:
    """`book_language(book).code`: what the prompts, the name rules and the follow-up rules go
    by (a few milliseconds even for War and Peace: sixty passages are sampled)."""
    return book_language(book).code

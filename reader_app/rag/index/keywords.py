"""Keyword terms in the book's language: Snowball stems, diacritics folded, German compounds split.

FTS5's own `porter` stemmer is English only ("Häuser" -> hauser, "Hauses" -> haus: they never
meet). An English book keeps today's table (porter, unchanged results); a book in another
language Snowball has a stemmer for gets a table of stems made here, in Python, on both sides:
each chunk's words become their stems before they are indexed, and so do the query's. A
German word made of two words the book also writes alone ("Großmutter": groß, mutter) is
indexed with its parts as extra terms, so a search for "Mutter" finds it.

The scheme a table was built with is recorded per book (text_units.fts_tokenizer): a table
built another way is rebuilt, and a query is stemmed by the scheme of the table it searches.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

# Today's English table: diacritics folded both ways ("Natasha" finds "Natásha"); porter stems.
PORTER_SCHEME = "porter unicode61 remove_diacritics 2"
# Our stems are already folded and lower case: FTS5 only has to split them at the blanks.
_STEMMED_TOKENIZE = "unicode61 remove_diacritics 2"
_SNOWBALL = {
    "fr": "french", "de": "german", "es": "spanish", "it": "italian", "nl": "dutch",
    "pt": "portuguese", "ru": "russian", "sv": "swedish", "da": "danish", "no": "norwegian",
    "nb": "norwegian", "fi": "finnish", "hu": "hungarian", "ro": "romanian", "ca": "catalan",
    "tr": "turkish", "pl": "polish", "cs": "czech", "el": "greek",
}
# Languages that write compounds as one word; their parts are indexed too.
_COMPOUNDING = frozenset({"de", "nl", "sv", "da", "no", "nb", "fi"})


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())

# Words too common to help BM25 rank anything (each query term costs a posting-list walk),
# with the question words a reader's question starts with.
_STOPWORDS: dict[str, frozenset[str]] = {
    "fr": _words(
        "le la les l un une des du de d et ou que qu qui quoi ne n pas il elle ils elles on je j"
        " tu nous vous se s son sa ses leur leurs ce c cet cette ces au aux à en dans sur pour"
        " par avec est était a ai avait sont été être avoir y lui me m te t moi toi mais plus"
        " pourquoi comment quand où quel quelle quels quelles est-ce estce fait faire dit"),
    "de": _words(
        "der die das den dem des ein eine einen einem einer eines und oder ich du er sie es wir"
        " ihr sich nicht ist war sind waren hat hatte haben zu mit auf an in im von vom für aus"
        " bei so wie was wer wen wem warum wo wann welche welcher welches denn doch noch nur"
        " auch aber als am um wird wurde mir mich dir dich ihm ihn ihnen"),
}
_WORD = re.compile(r"\w+")
# Compound parts: each at least this long, in a word at least twice that long.
_MIN_PART = 4
# Fugen between a compound's parts ("Geburt-s-tag", "Tanne-n-baum").
_LINKS = ("", "s", "es", "n", "en", "e")


def keyword_scheme(language: str) -> str:
    """How the keyword table of a book in `language` is built, as recorded with it (the
    language too, which also picks the book's embedder: multilingual.py)."""
    if language in ("", "en"):
        return PORTER_SCHEME
    algorithm = _SNOWBALL.get(language)
    if algorithm is None:  # no stemmer for it: FTS5's own, as for English
        return f"{PORTER_SCHEME} lang={language}"
    compounds = "+compounds" if language in _COMPOUNDING else ""
    return f"snowball:{algorithm}{compounds} {_STEMMED_TOKENIZE} lang={language}"


def scheme_language(scheme: str) -> str:
    """The language a recorded scheme was chosen for ("" when unknown)."""
    if scheme == PORTER_SCHEME:
        return "en"
    found = re.search(r"\blang=([a-z]{2})\b", scheme)
    return found.group(1) if found else ""


def fts_tokenize(scheme: str) -> str:
    """The FTS5 `tokenize` argument of a table built with `scheme`."""
    return PORTER_SCHEME if scheme.startswith(PORTER_SCHEME) else _STEMMED_TOKENIZE


def fold(word: str) -> str:
    """`word` without its diacritics ("mère" -> "mere"); ß and ø, which have none, are kept."""
    decomposed = unicodedata.normalize("NFKD", word)
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def word_counts(texts: Iterable[str]) -> Counter[str]:
    """How often each lower-cased word occurs in `texts`: the vocabulary compounds split by."""
    counts: Counter[str] = Counter()
    for text in texts:
        counts.update(w.lower() for w in _WORD.findall(text))
    return counts


def compound_parts(word: str, known: Callable[[str], bool]) -> tuple[str, ...]:
    """The parts of a compound `word` (lower case) that `known` accepts, or () when none.

    The head may carry a linking element ("geburts|tag"); the tail may itself be a compound.
    Of several splits, the one with the longest head wins ("großmutter": groß|mutter)."""
    if len(word) < 2 * _MIN_PART:
        return ()
    for cut in range(len(word) - _MIN_PART, _MIN_PART - 1, -1):
        head, tail = word[:cut], word[cut:]
        for link in _LINKS:
            stem = head[: len(head) - len(link)] if link else head
            if len(stem) < _MIN_PART or not head.endswith(link) or not known(stem):
                continue
            if known(tail):
                return (stem, tail)
            rest = compound_parts(tail, known)
            if rest:
                return (stem, *rest)
    return ()


@dataclass
class KeywordAnalyzer:
    """Stems a book's text for its keyword table and a reader's query for searching it."""

    language: str
    # The book's words and their counts, for splitting compounds (empty: none are split).
    vocabulary: Counter[str] = field(default_factory=Counter)
    _terms: dict[str, str] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        import Stemmer  # PyStemmer: Snowball's C stemmers

        self._stemmer = Stemmer.Stemmer(_SNOWBALL[self.language])
        self._compounding = self.language in _COMPOUNDING and bool(self.vocabulary)

    def stem(self, word: str) -> str:
        return fold(self._stemmer.stemWord(word.lower()))

    def _known(self, part: str) -> bool:
        return self.vocabulary.get(part, 0) >= 2  # seen once may be a typo or a split name

    def terms_of_word(self, word: str) -> str:
        """The indexed terms of one word: its stem, then its compound parts' stems."""
        lower = word.lower()
        terms = self._terms.get(lower)
        if terms is None:
            stems = [self.stem(lower)]
            if self._compounding:
                stems += [self.stem(part) for part in compound_parts(lower, self._known)]
            terms = self._terms[lower] = " ".join(dict.fromkeys(stems))
        return terms

    def index_text(self, text: str) -> str:
        """`text` as the stems the keyword table holds for it."""
        return " ".join(self.terms_of_word(w) for w in _WORD.findall(text))

    def query_terms(self, text: str, *, in_index: Callable[[str], bool] | None = None
                    ) -> list[str]:
        """The stems to search for: content words first (all words when there are only stop
        words); a compound also by its parts that the index holds (`in_index`)."""
        words = [w.lower() for w in _WORD.findall(text)]
        stop = _STOPWORDS.get(self.language, frozenset())
        content = [w for w in words if w not in stop] or words
        terms: list[str] = []
        def indexed(part: str) -> bool:
            return in_index is not None and in_index(self.stem(part))

        for word in content:
            terms.append(self.stem(word))
            if self.language in _COMPOUNDING and in_index is not None:
                terms += [self.stem(part) for part in compound_parts(word, indexed)]
        return list(dict.fromkeys(t for t in terms if t))


def analyzer_for(scheme: str, texts: Sequence[str] = ()) -> KeywordAnalyzer | None:
    """The analyzer of a table built with `scheme` (None: porter, FTS5's own), with the
    vocabulary of `texts` for its compounds."""
    if not scheme.startswith("snowball:"):
        return None
    algorithm = scheme.split()[0].removeprefix("snowball:").removesuffix("+compounds")
    language = scheme_language(scheme)
    if _SNOWBALL.get(language) != algorithm:
        language = next(code for code, name in _SNOWBALL.items() if name == algorithm)
    vocabulary = word_counts(texts) if "+compounds" in scheme else Counter()
    return KeywordAnalyzer(language, vocabulary)

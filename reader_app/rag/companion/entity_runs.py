"""Which capitalised words of a sentence make a name, and what the words around a name say of it
(speech, a call in speech, a place), judged from the text read so far only."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping

from reader_app.rag.companion.entity_context import cried_out
from reader_app.rag.companion.entity_forms import NameForm
from reader_app.rag.companion.entity_languages import ENGLISH, Lexicon, NameRules
from reader_app.rag.companion.entity_tokens import Token, gap_breaks
from reader_app.rag.companion.entity_words import (
    CONTINENTAL_PLACE_ENDINGS,
    KNOWN_PLACES,
    NOT_PEOPLE,
    PARTICLES,
    PLACE_PREPOSITIONS,
    PLACE_WORDS,
    SPEECH_VERBS,
    STANDALONE_TITLES,
    TITLES,
)

_CONTRACTION = re.compile(r"^[a-z][’'](?!s$)|[’'](t|m|ll|ve|re|d)$")
_ROMAN = re.compile(r"^[IVXLCDM]+$")
_ARTICLES = ("the", "The")
_PLACE_ARTICLES = frozenset({"the", "du", "des", "de", "d", "dem", "der", "del"})
_QUOTES = "“”\"‘’«»‹›„‚"  # French and German quote with « », » «, „ “
# What may follow a name called out in speech: "…, Lizzy,", "Kitty!", "Lizzy.”"
_CALL_END = re.compile(r"^[’']?\s*[,!?]|^\.\s*[”\"]")


class NameWords:
    """Finds name runs, counting how each word has been written so far (lower case or with a
    capital mid-sentence): a word is a name only if the text read so far says so."""

    def __init__(self, rules: NameRules = ENGLISH, lexicon: Lexicon | None = None) -> None:
        self.rules = rules
        self.lexicon = lexicon or Lexicon({})
        self.lower_seen: Counter[str] = Counter()  # lower-case uses so far
        self.capital_seen: Counter[str] = Counter()  # mid-sentence capitalised uses so far
        # Capitalised uses after an article or possessive ("die Zeit"), and without one.
        self.determined_seen: Counter[str] = Counter()
        self.bare_seen: Counter[str] = Counter()
        self.family_seen: dict[str, int] = {}  # "les Watteville": the sid a family was first named

    def count(self, tokens: list[Token], sid: int = 0) -> None:
        """Take the words of sentence `sid`, just read, into the counts."""
        for index, token in enumerate(tokens):
            if token.word[:1].islower():
                self.lower_seen[token.word] += 1
                continue
            if not token.fresh:
                self.capital_seen[token.word] += 1
            if index and tokens[index - 1].word.lower() == "les" and token.gap == " ":
                self.family_seen.setdefault(token.word, sid)  # "les Watteville"
            if self.rules.determiners:
                determined = self.determined(tokens, index, loose=True)
                seen = self.determined_seen if determined else self.bare_seen
                seen[token.word] += 1

    def determined(self, tokens: list[Token], index: int, *, loose: bool = False) -> bool:
        """Does an article or possessive stand before this word ("seine alte Hand")?"""
        before = tokens[max(index - 3, 0) : index]
        if not before or tokens[index].fresh:
            return False
        gaps = [tokens[k + 1].gap for k in range(max(index - 3, 0), index)]
        if self.rules.determined([t.word for t in before], gaps, loose=loose):
            return True
        # "les Petits Braconniers": the capitals after an article are one noun (French; German
        # capitalises every noun, and "die Frau Senatorin Brokenkorb" names someone)
        previous = tokens[index - 1]
        return (not self.rules.nouns_capitalised and bool(self.rules.determiners)
                and tokens[index].gap == " " and previous.word[:1].isupper()
                and previous.word not in TITLES and self.determined(tokens, index - 1))

    def noun(self, word: str) -> bool:
        """A word the text so far mostly puts after an article: a common noun ("Zeit")."""
        determined = self.determined_seen[word]
        return determined > 0 and determined * 3 >= self.bare_seen[word]

    def is_name_word(self, token: Token) -> bool:
        word = token.word
        if not _capitalised_word(word, self.rules):
            return False
        if self.rules.determiners and self.noun(word):
            return False
        lowered = sum(self.lower_seen[form] for form in self.rules.small_forms(word))
        # "Gagné !", "Letzteres", unless the text says so; a French capital mid-sentence is a
        # name ("Alfred Boucher", though "boucher" is a word)
        if (token.fresh or self.rules.nouns_capitalised) and self.lexicon.only_small(word):
            return lowered < self.capital_seen[word]
        if not token.fresh:
            return lowered <= self.capital_seen[word]
        return lowered == 0 or lowered < self.capital_seen[word]

    def run_end(self, tokens: list[Token], start: int) -> int:
        """Where the name run starting at `start` ends (== start when there is none)."""
        index = start
        titled = tokens[index].word in TITLES and (
            tokens[index].word != "M" or "M" in self.rules.dotted_titles)  # "M. Gardiner"
        after_the = start > 0 and tokens[start - 1].word in _ARTICLES
        described = after_the and not titled
        # "the same Guardian of the Gates": an article, a word, then a name joined by "of"
        of_joins = after_the or (start > 1 and tokens[start - 2].word in _ARTICLES
                                 and tokens[start - 1].word.islower())
        if self.rules.determiners and not titled and self.determined(tokens, start):
            return start  # "der Junge", "la Revue": a noun, however rarely met
        if titled:
            index += 1
        while index < len(tokens):
            token = tokens[index]
            if index > start and (
                gap_breaks(tokens[index - 1], token, titled=index == start + 1,
                           dotted=self.rules.dotted_titles)
                or _possessive(tokens[index - 1])  # "the Scarecrow’s Sawhorse": two names
            ):
                break
            if self.is_name_word(token) or (described and _described_word(tokens, index)):
                index += 1
            elif index == start and self._place_of(tokens, index):
                index += 1  # "the Land of Oz", "this queer Land of Oz", however often "land"
            elif described and index > start and token.word in STANDALONE_TITLES:
                return index + 1  # "the Nome King": a title ends the name it describes
            elif (of_joins or tokens[index - 1].word in PLACE_WORDS) and index > start and (
                    of := self.of_connector(tokens, index)):
                # "the Wicked Witch of the West", "the Queen of Hearts", "this Land of Oz"
                index += of
            elif (
                token.word in PARTICLES
                and token.word not in self.rules.determiners  # "der Häuser": a genitive
                and index + 1 < len(tokens)
                and index > start + int(titled)
                and self.is_name_word(tokens[index + 1])
            ):
                index += 1
            elif (token.word == "de" and index > start + int(titled) and index + 2 < len(tokens)
                  and tokens[index + 1].word in ("los", "las")
                  and self.is_name_word(tokens[index + 2])):
                index += 2  # "Feliciana Vasquez de los Rios"
            else:
                break
        if titled and index == start + 1:
            word = tokens[start].word
            # A French or German book's lone title is an office ("den Colonel", "the King" in
            # "God save the King"): its titles are not English, and its own come with articles.
            standalone = word in STANDALONE_TITLES and not tokens[start].fresh and (
                not self.rules.determiners)
            return index if standalone else start
        return index

    def _place_of(self, tokens: list[Token], index: int) -> bool:
        """A capitalised place word mid-sentence before "of" and a name: "Land of Oz"."""
        token = tokens[index]
        return (token.word in PLACE_WORDS and not token.fresh and index + 1 < len(tokens)
                and self.of_connector(tokens, index + 1) > 0)

    def of_connector(self, tokens: list[Token], index: int) -> int:
        """How many words "of" or "of the" take before a name word; 0 when they don't."""
        if tokens[index].word != "of":
            return 0
        for width in (1, 2):
            if index + width >= len(tokens):
                return 0
            following = tokens[index + width]
            if following.gap != " " or following.fresh:
                return 0
            if self.is_name_word(following):
                return 0 if _possessive(following) else width  # "the Rostóvs of Bolkónski’s"
            if following.word[:1].isupper() and width == 2:
                return width + 1  # "of the West": a direction is a name here
            if following.word != "the":
                return 0
        return 0


def _capitalised_word(word: str, rules: NameRules = ENGLISH) -> bool:
    """Capitalised, and not a common word, a title, a numeral or a contraction ("I’m")."""
    if not word[:1].isupper() or len(word) < 2 or word.isupper() or _ROMAN.match(word):
        return False
    lower = word.lower()
    return not (
        _CONTRACTION.search(lower) or rules.common_word(word) or lower in NOT_PEOPLE
        or word in TITLES
    )


def _described_word(tokens: list[Token], index: int) -> bool:
    """A capital mid-sentence after "the", before another capital: "the Hungry Tiger", "the
    Yellow Hen". The two capitals together make a name, however often "hungry" is written
    small; a capital at a sentence start or alone says nothing."""
    token = tokens[index]
    if token.fresh or not _capitalised_word(token.word) or index + 1 >= len(tokens):
        return False
    following = tokens[index + 1]
    return (
        following.gap == " "
        and not following.fresh
        and following.word[:1].isupper()
        and (_capitalised_word(following.word) or following.word in STANDALONE_TITLES)
    )


def speech_nearby(tokens: list[Token], start: int, end: int, *, cry_ends: bool = False) -> bool:
    """"said Dorothy", "said the Scarecrow", "Alice replied": a speech verb beside the name,
    with no quotation mark between ("“… in Kansas,” said Dorothy" is Dorothy speaking).
    `cry_ends`: a "!" or "?" ends what is said, and the verb after it tells who said it ("Zitto
    ! fit Francesca": Francesca speaks, Zitto does not)."""
    before = tokens[max(start - 2, 0) : start]
    # "said Dorothy" after a quotation or before a pause, not "I thought Oz was…"
    paused = end >= len(tokens) or bool(tokens[end].gap.strip())
    if before and before[-1].word in SPEECH_VERBS and _plain(tokens[start].gap) and (
            paused or not _plain(before[-1].gap) or "," in before[-1].gap
            or (cry_ends and cried_out(tokens, start - 1))):
        return True
    if (len(before) == 2 and before[0].word in SPEECH_VERBS and before[1].word == "the"
            and _plain(before[1].gap) and _plain(tokens[start].gap)
            and (paused or not _plain(before[0].gap) or "," in before[0].gap)):
        return True
    return end < len(tokens) and tokens[end].word in SPEECH_VERBS and _plain(tokens[end].gap) \
        and not (cry_ends and cried_out(tokens, end))


def called_in_speech(text: str, tokens: list[Token], start: int, end: int) -> bool:
    """A name called out inside a quotation: "“I hope he will like it, Lizzy.”", "“Kitty, …"."""
    opening = tokens[start].gap
    if not ("," in opening or "“" in opening or '"' in opening):
        return False
    after = text[tokens[end - 1].end : tokens[end - 1].end + 4]
    if not _CALL_END.match(after):
        return False
    if not _plain(opening) and re.match(r"^[,.!?]?[”\"]", after):
        return False  # “Ev.”: the whole quotation is the name, said, not someone called
    head = text[: tokens[start].start]
    return head.count("“") > head.count("”") or head.count('"') % 2 == 1


def spoken_to(tokens: list[Token], start: int) -> bool:
    """"said to the Knave", "She said it to the Knave of Hearts": someone is spoken to."""
    to = start - 2 if start > 1 and tokens[start - 1].word == "the" else start - 1
    return to > 0 and tokens[to].word == "to" and any(
        t.word in SPEECH_VERBS for t in tokens[max(to - 2, 0) : to])


def place_cue(tokens: list[Token], start: int, end: int, names: tuple[str, ...], *,
              nouns: frozenset[str] = frozenset()) -> bool:
    """"in Kansas", "To Pemberley", "Dorothy Gale of Kansas", "Mr. Darcy, of Pemberley", or a
    name ending like a place ("Netherfield Park"). A possessive ("at Darcy’s") is a person's.
    `nouns`: the book language's words for places that take "de" ("place de Lavapiès")."""
    if names and names[-1] in PLACE_WORDS:
        return True
    if _possessive(tokens[end - 1]) or spoken_to(tokens, start):
        return False  # "Elizabeth’s": whose, not where; "said to the Knave": whom
    before = [t.word.lower() for t in tokens[max(start - 2, 0) : start]]
    if not before:
        return False
    if before[-1] in PLACE_PREPOSITIONS:
        return True
    if len(before) == 2 and before[-1] in _PLACE_ARTICLES and (
            before[0] in PLACE_PREPOSITIONS or before[0] in nouns):
        return True  # "to the Palace", "rue du Perron", "lac des Quatre-Cantons"
    # "of" right after a name: where someone is from
    return before[-1] == "of" and start >= 2 and tokens[start - 2].word[:1].isupper()


# "“You began the evening well, Charlotte,” said Mrs. Bennet … to Miss Lucas": the name called
# inside the quote is the one spoken to, so Charlotte is Miss Lucas, as the text says.
ADDRESSED = re.compile(
    r"[“\"][^”\"]*,\s+(?P<given>[A-Z][a-z]+)[,!?.]?[”\"]\s+(?P<verb>[a-z]+)\s+"
    r"(?:[^.;:“”\"]|\b(?:Mr|Mrs|Ms|Dr|St)\.)*?"
    r"\bto\s+(?P<title>[A-Z][a-z]+)\.?\s+(?P<name>[A-Z][a-z]+)\b"
)
# Two names side by side in a list: "Catherine and Lydia", "Mary, Kitty, and Lydia".
SIDE_BY_SIDE = frozenset({" and ", ", ", ", and "})
def addressed(match: re.Match[str], forms: Mapping[tuple[str, tuple[str, ...]], NameForm], *,
              dotted: frozenset[str], full_names: list[NameForm]) -> tuple[int, int] | None:
    """A given name called out in speech addressed "to Miss Lucas" (an `ADDRESSED` match) is
    Miss Lucas, unless the book gives that name another surname (`full_names`: the full names
    beginning with it): (Miss Lucas's form, the given name's form) to merge, or None."""
    title, name, given = match["title"], match["name"], match["given"]
    if match["verb"] not in SPEECH_VERBS or title not in TITLES:
        return None
    title = title + "." if title in dotted else title
    called = forms.get(("", (given,)))
    spoken_to = forms.get((title, (name,)))
    if called is None or spoken_to is None or any(f.names[-1] != name for f in full_names):
        return None
    return spoken_to.form_id, called.form_id


_LIST_GAPS = frozenset({", ", " und ", ", und ", " et ", ", et ", " oder ", " ou ", " – ", " — "})


def listed(text: str, tokens: list[Token], runs: list[tuple[int, int]]) -> list[list[int]]:
    """The runs of a sentence in lists ("Kolding, Gudsö und Fridericia", "Maria, Nanetta,
    Teresina"): each list as its runs' indexes, two at least."""
    chains: list[list[int]] = [[0]] if runs else []
    for index in range(1, len(runs)):
        gap = text[tokens[runs[index - 1][1] - 1].end : tokens[runs[index][0]].start]
        if gap in _LIST_GAPS:
            chains[-1].append(index)
        else:
            chains.append([index])
    return [chain for chain in chains if len(chain) >= 2]


def listed_places(text: str, tokens: list[Token], runs: list[tuple[int, int]],
                  places: list[bool]) -> list[int]:
    """The runs in a list of names one of which is a place ("Kolding, Gudsö, Fridericia, Idstedt
    und Friedrichstadt"): all places. `places`: each run's own place cue."""
    return [index for chain in listed(text, tokens, runs) if any(
        places[i] or tokens[runs[i][1] - 1].word in KNOWN_PLACES
        or tokens[runs[i][1] - 1].word.endswith(CONTINENTAL_PLACE_ENDINGS) for i in chain)
        for index in chain]


def _possessive(token: Token) -> bool:
    return token.end - token.start > len(token.word)


def _plain(gap: str) -> bool:
    return not any(mark in gap for mark in _QUOTES)

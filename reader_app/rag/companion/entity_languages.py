"""What a capitalised word says in each book language: the words that make it a common noun
(German capitalises every noun, French its nationalities), the interjections and function words
that open sentences, and whether surnames merge with the one full name they end.

English keeps the rules of entity_words.py unchanged. French and German add a *determiner test*
(a capital after an article or possessive is a noun: "die Zeit", "les Français"); German also
asks simplemma's lemma list (MIT) for words a novel's own people never bear. The rules and the
measured precision are in docs/xray.md ("Names in French and German books").
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from reader_app.rag.companion.entity_tokens import DOTTED_TITLES, FRENCH_DOTTED_TITLES
from reader_app.rag.companion.entity_words import STOPWORDS, TITLES


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


_GERMAN_DETERMINERS = _words(
    """
    der die das dem den des ein eine einem einen einer eines kein keine keinem keinen keiner
    keines mein meine meinem meinen meiner meines dein deine deinem deinen deiner deines sein
    seine seinem seinen seiner seines ihr ihre ihrem ihren ihrer ihres unser unsere unserem
    unseren unserer unseres euer eure eurem euren eurer eures dieser diese diesem diesen dieses
    jener jene jenem jenen jenes jeder jede jedem jeden jedes welcher welche welchem welchen
    welches mancher manche manchem manchen solcher solche solchem solchen solches alle allen
    aller beide beiden im am zum zur vom beim ins ans aufs durchs fürs übers ums unterm vorm
    etwas nichts viel viele vielen wenig wenige wenigen mehr allerlei
    """
)
# A preposition, then an inflected adjective: "mit großem Vergnügen", "unter heißen Tränen".
_GERMAN_PREPOSITIONS = _words(
    """
    an auf aus bei durch für gegen hinter in mit nach neben ohne seit über um unter von vor
    wegen zu zwischen
    """
)
# Endings German names hardly have: "Verständnis", "Erinnerung", "Tränen", "Minuten".
_GERMAN_NOUN_ENDINGS = (
    "ung", "heit", "keit", "schaft", "nis", "tum", "tät", "tion", "ismus", "ment", "erei",
    "nen", "ten",
)
# "du" and "des" also begin French surnames ("du Tillet", "des Lupeaulx"): not counted.
_FRENCH_DETERMINERS = _words(
    """
    le la les l un une au aux ce cet cette ces mon ma mes ton ta tes son sa ses notre nos votre
    vos leur leurs quel quelle quels quelles chaque plusieurs tout toute tous toutes
    """
)
# An inflected adjective between the determiner and the noun: "die gute Frau", "ein alter Mann".
_GERMAN_ADJECTIVE = re.compile(r"^[a-zäöüß]+(?:e|en|er|es|em)$")
_GERMAN_WORDS = _words(
    """
    ach ja nein nun na o oh ei he hm hallo jawohl jaja nanu pfui ach herrje doch aber und oder
    denn so da dann als wenn wie
    was wer wo warum weshalb wohin woher er sie es ich du wir ihr man mir mich dir dich uns euch
    ihm ihn ihnen dies das der die ein eine kein keine mein dein sein unser alles nichts etwas
    jetzt heute gestern morgen hier dort gut schön gott herrgott kapitel teil buch ende
    montag dienstag mittwoch donnerstag freitag samstag sonnabend sonntag januar februar märz
    april mai juni juli august september oktober november dezember deutsch deutsche deutschen
    herr herrn frau fräulein
    """
)
_FRENCH_WORDS = _words(
    """
    eh ah oh hé hein bah ouais bon bien tiens tenez voyons allons allez voici voilà mais oui non
    si et ou donc or ni car alors ainsi puis enfin pourtant cependant quand comme comment
    pourquoi où que qui quoi quel quelle il elle ils elles je tu nous vous on ce cette cela ça
    le la les un une des du au aux mon ma mes son sa ses dieu chapitre partie livre fin adieu
    lundi mardi mercredi jeudi vendredi samedi dimanche janvier février mars avril mai juin
    juillet août septembre octobre novembre décembre français française anglais anglaise
    monsieur madame mademoiselle messieurs mesdames sire
    pourvu puisque lorsque quoique parce depuis pendant malgré selon sans avec pour après avant
    chez sous sur dès vers parmi jamais toujours encore déjà aussi tant bientôt ensuite souvent
    parfois ici là plus moins très trop peu beaucoup assez même rien personne chacun aucun
    aucune certes voire quant hélas ciel
    """
)
# French titles are written small: "madame des Grassins", "monsieur du Tillet".
_SMALL_TITLES = frozenset({"monsieur", "madame", "mademoiselle", "m", "mme", "mlle", "abbé",
                           "comte", "comtesse", "baron", "baronne", "marquis", "marquise", "duc",
                           "duchesse", "vicomte", "vicomtesse", "prince", "princesse", "chevalier"})
# "Voulez-vous", "Dites-moi", "Croyez-le": a verb with its pronoun, never a name.
_FRENCH_VERB_PRONOUN = re.compile(
    r"-(?:t-)?(?:je|tu|il|elle|on|nous|vous|ils|elles|moi|toi|le|la|les|lui|leur|en|y)$",
    re.IGNORECASE,
)


# What French adds to a word for its plural and feminine: "espagnol(e)(s)", "italien(ne)(s)"
_FRENCH_INFLECTION = re.compile(r"(?:ne|e)?s?$")
# An elided small word before the determiner: "d’une Espagnole" is "une Espagnole".
_ELIDED = re.compile(r"^(?:[cdjlmnst]|qu|jusqu|lorsqu|puisqu)[’']")


@dataclass(frozen=True, slots=True)
class NameRules:
    """How one language writes names; `determiners` empty means no determiner test."""

    language: str
    stopwords: frozenset[str]  # lower case: never a name, however written
    determiners: frozenset[str] = frozenset()
    adjectives_between: bool = False  # "die gute Frau": adjectives may sit between
    prepositions: frozenset[str] = frozenset()  # before an adjective, as good as an article
    noun_endings: tuple[str, ...] = ()
    # Every noun is capitalised: a capital mid-sentence is no sign of a name by itself.
    nouns_capitalised: bool = False
    lexicon_language: str = ""  # simplemma's word list for a lone word ("Tanz", "Kompanie")
    dotted_titles: frozenset[str] = DOTTED_TITLES  # titles written with a full stop
    # Counted, never decisive: "des Russes", but also "des Lupeaulx", "du Tillet".
    loose_determiners: frozenset[str] = frozenset()
    merge_surnames: bool = False  # "Duroy" is the one "Georges Duroy" read so far
    verb_pronoun: re.Pattern[str] | None = field(default=None)
    # A firm ("Runne & Plate"), a work's title in quotes, a word cried out: no one (entity_context)
    surroundings: bool = False
    place_nouns: frozenset[str] = frozenset()  # "place de Lavapiès", "théâtre del Circo"
    pet_endings: tuple[str, ...] = ()  # "Peterle" is Peter, "Paule" Paulchen: ("", "le", ...)
    gazetteer: bool = False  # countries and cities the reader knows (places.py): "Séville"
    # A word's plural and feminine are the word: "Espagnols" is a noun where "espagnol" is
    inflected: bool = False
    # A lone capitalised word met once mid-sentence may be an origin ("tapis de Perse"), a
    # breeder ("taureaux de Mazpule"), a play ("Esther"): French capitals say "proper", not
    # "person"; such a name is listed once a second sentence names it (xray.py)
    lone_needs_two: bool = False
    # Titles written small before a name ("maître Sylvain", "don Geronimo Vasquez"); of them,
    # the honorifics say "someone" at once ("mademoiselle Calard", "lord Byron"), while a family
    # word may head an example ("comme on dit ici la mère Michel, la mère Godichon")
    small_titles: frozenset[str] = frozenset()
    small_honorifics: frozenset[str] = frozenset()
    # The forms French writes one person in (entity_merges.py): "Marie Aimée" and "Marie-Aimée",
    # "Savaron de Savarus" for Albert Savaron, "Lamporani" for "Lamporani de Milan"
    french_forms: bool = False

    def small_forms(self, word: str) -> tuple[str, ...]:
        """The lower-case forms whose use says a capitalised `word` is a common word: itself,
        and in French its plural and feminine ("Espagnole", "Espagnols": "espagnol";
        "Italienne": "italien")."""
        lower = word.lower()
        if not self.inflected:
            return (lower,)
        stem = _FRENCH_INFLECTION.sub("", lower)
        if len(stem) < 4:
            return (lower,)
        return tuple(dict.fromkeys((lower, stem, stem + "s", stem + "e", stem + "es",
                                    *((stem + "ne", stem + "nes") if stem.endswith("n") else ()))))

    def common_word(self, word: str) -> bool:
        """Never a name in this language: a function word, an interjection, "Voulez-vous"."""
        lower = word.lower()
        return lower in self.stopwords or lower.endswith(self.noun_endings) or bool(
            self.verb_pronoun is not None and self.verb_pronoun.search(lower))

    def determined(self, words: list[str], gaps: list[str], *, loose: bool = False) -> bool:
        """Do the words just before a capitalised word (nearest last, each with the gap after
        it) make it a noun: "der Junge", "seine alte Hand", "les Anglais", "l’Italie"? `loose`
        counts a bare preposition too ("zu Bett", "vor Hunger"): names take prepositions as
        well ("mit Peter"), so that is only counted, never decisive on its own."""
        if not self.determiners:
            return False
        if loose and words and gaps[-1] == " " and (
                words[-1] in self.prepositions or words[-1] in self.loose_determiners):
            return True
        if (len(words) >= 2 and words[-1] in self.loose_determiners and gaps[-1] == " "
                and words[-2].islower() and words[-2] not in _SMALL_TITLES):
            return True  # "au dire des Conseillers"; not "madame des Grassins", "Félicité des"
        if (len(words) >= 3 and words[-1] in self.loose_determiners and gaps[-1] == " "
                and gaps[-2] in (" ", "’", "'") and words[-3].lower() in self.determiners
                and words[-2][:1].isupper() and words[-2] not in TITLES):
            return True  # "l'Ordre des Jésuites": a noun's, as "le dire des Conseillers"
        adjectives = 0
        for word, gap in zip(reversed(words), reversed(gaps), strict=True):
            if gap not in (" ", "’", "'"):
                return False
            word = _ELIDED.sub("", word)
            lower = word.lower()
            if lower in self.determiners and (word.islower() or lower != word):
                return True
            if adjectives and lower in self.prepositions:
                return True
            if (self.adjectives_between and adjectives < 2 and word.islower()
                    and _GERMAN_ADJECTIVE.match(word)):
                adjectives += 1
                continue
            return False
        return False


ENGLISH = NameRules("en", STOPWORDS)
GERMAN = NameRules("de", STOPWORDS | _GERMAN_WORDS, _GERMAN_DETERMINERS,
                   adjectives_between=True, merge_surnames=True,
                   prepositions=_GERMAN_PREPOSITIONS, noun_endings=_GERMAN_NOUN_ENDINGS,
                   nouns_capitalised=True, lexicon_language="de", surroundings=True,
                   pet_endings=("", "e", "chen", "le", "lein", "i"), gazetteer=True)
FRENCH = NameRules("fr", STOPWORDS | _FRENCH_WORDS, _FRENCH_DETERMINERS, merge_surnames=True,
                   # simplemma's French list was measured: no better at 25 MB more
                   verb_pronoun=_FRENCH_VERB_PRONOUN,
                   dotted_titles=FRENCH_DOTTED_TITLES,
                   loose_determiners=frozenset({"des", "du"}), surroundings=True, gazetteer=True,
                   inflected=True, lone_needs_two=True,
                   small_titles=_SMALL_TITLES | _words("maître lord miss sir lady don doña dom "
                                                       "sœur mère père frère tia maréchal"),
                   small_honorifics=_SMALL_TITLES | _words("maître lord miss sir lady don doña "
                                                           "dom maréchal"),
                   french_forms=True,
                   place_nouns=_words("place fontaine quartier église cathédrale théâtre royaume "
                                      "province village calle plaza paseo"))
_BY_LANGUAGE = {"en": ENGLISH, "de": GERMAN, "fr": FRENCH}


@dataclass(frozen=True, slots=True)
class Lexicon:
    """simplemma's lemma list of a language (MIT), for one extraction: loaded when it starts and
    dropped after it (the German list is about 100 MB in memory and takes about a second)."""

    forms: Mapping[str, str]

    def knows(self, word: str) -> bool:
        """"Tanz": yes; "Uhusen", a novelist's own name: no."""
        return self.forms.get(word) is not None

    def only_small(self, word: str) -> bool:
        """Known in lower case and not with its capital: "Gagné", "Tiens" open a sentence."""
        return not self.knows(word) and self.knows(word.lower())


def open_lexicon(rules: NameRules) -> Lexicon:
    if not rules.lexicon_language:
        return Lexicon({})
    from simplemma.strategies.dictionaries import DefaultDictionaryFactory

    return Lexicon(DefaultDictionaryFactory(cache_max_size=1).get_dictionary(
        rules.lexicon_language))


def name_rules(language: str) -> NameRules:
    """The rules for a book's language tag ("de-AT", "fr_CA", "" -> English's)."""
    primary = language.replace("_", "-").split("-")[0].strip().lower()
    return _BY_LANGUAGE.get(primary, ENGLISH)

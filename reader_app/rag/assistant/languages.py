"""The reader's language and the book's, for the assistant: which language a question is written
in (told by its little words, no model), what the model is told about languages, and the words
the assistant says itself (fallbacks, "not started yet") in English, French, German and Spanish.

The rules the model reads vary by the book's language only, never by the question, so that the
start of every request stays the same and the server's prompt cache keeps it (read_along.py).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

NAMES = {"en": "English", "fr": "French", "de": "German", "es": "Spanish"}


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# Words frequent in questions of one language and rare in the others'.
_FUNCTION_WORDS: dict[str, frozenset[str]] = {
    "en": _words("""
        the who what why how when where which is are was were did does do of and to in he she
        they his her their about with that this has have not it"""),
    "fr": _words("""
        le la les qui que quoi pourquoi comment quand où quel quelle quels est sont était a ont
        fait il elle ils elles son sa ses leur du des de et avec pour dans au aux qu ce cette c
        est-ce n ne pas y lui"""),
    "de": _words("""
        der die das den dem des wer was warum wie wann wo welche welcher welches ist sind war
        waren hat haben hatte er sie es ihr sein seine ihre und mit von zu im auf nicht ein eine
        einen über dann denn"""),
    "es": _words("""
        el la los las quién quien qué que por porqué cómo cuándo dónde cuál es son era fue ha
        han hizo él ella ellos su sus del y con para en al lo le no una un pasó"""),
}
_MARKS = {"de": "äöüß", "fr": "éèêàçùâîôœë", "es": "ñ¿¡áíóú"}
_WORD = re.compile(r"[^\W\d_]+(?:['’-][^\W\d_]+)?")


def primary(tag: str) -> str:
    """"fr" of "fr-CA", "FR", "fr_FR"; "" for none."""
    return tag.replace("_", "-").split("-")[0].strip().lower()


def question_language(question: str) -> str:
    """The language `question` is written in ("en", "fr", "de", "es"), or "" when its words do
    not say ("Peter Uhusen?")."""
    text = question.lower()
    words = [w.split("'")[0].split("’")[0] for w in _WORD.findall(text)]
    scores = {
        language: sum(w in vocabulary for w in words) + 0.5 * sum(
            ch in _MARKS.get(language, "") for ch in text)
        for language, vocabulary in _FUNCTION_WORDS.items()
    }
    ranked = sorted(scores.items(), key=lambda item: -item[1])
    (best, top), (_, second) = ranked[0], ranked[1]
    return best if top >= 1 and top > second else ""


def _foreign_name(book_language: str) -> str:
    """"French" for a French book; "" for English, none or a language without a name here."""
    name = NAMES.get(primary(book_language), "")
    return "" if name == "English" else name


def language_rule(book_language: str) -> str:
    """The rule line about languages, the same for every question about one book."""
    name = _foreign_name(book_language)
    rule = "Answer in the language the reader's question is written in."
    if name:
        rule += (f" The book is in {name}: quote it as it is written, and keep its names as the "
                 "book spells them.")
    return rule


def writing_rule(book_language: str) -> str:
    """The companion's rule line (descriptions, summaries, recaps): write in the book's language.
    "" for an English book, whose requests stay as they always were (the server's cache)."""
    name = _foreign_name(book_language)
    return (f"The book is in {name}: write in {name}, quote it as it is written, and keep its "
            "names as the book spells them.") if name else ""


def question_line(question: str) -> str:
    """"Question: …", saying which language to answer in when it is not English."""
    name = NAMES.get(question_language(question))
    if name is None or name == "English":
        return f"Question: {question}"
    return f"Question (in {name}; answer in {name}): {question}"


def language_hint(question: str) -> str:
    """"The reader writes in German; answer in German." ("" for English or when unsure)."""
    name = NAMES.get(question_language(question))
    return "" if name is None or name == "English" else (
        f"The reader writes in {name}; answer in {name}.")


@dataclass(frozen=True, slots=True)
class AssistantWords:
    """What the assistant says itself, without a model."""

    not_started: str  # {title}
    about_book: str
    nothing_matches: str
    most_relevant: str


_WORDS = {
    "en": AssistantWords(
        "You haven't started reading “{title}” yet, so there is nothing to look up. Once you "
        "have read a little, I can answer from what you've read.",
        "About the book:", "Nothing in what you've read so far matches that question.",
        "The most relevant passages from what you've read:"),
    "fr": AssistantWords(
        "Vous n’avez pas encore commencé « {title} » : il n’y a rien à chercher. Dès que vous "
        "en aurez lu un peu, je pourrai répondre d’après ce que vous avez lu.",
        "À propos du livre :", "Rien dans ce que vous avez lu jusqu’ici ne répond à cette "
        "question.", "Les passages les plus proches dans ce que vous avez lu :"),
    "de": AssistantWords(
        "Sie haben „{title}“ noch nicht zu lesen begonnen, es gibt also nichts nachzuschlagen. "
        "Sobald Sie ein wenig gelesen haben, antworte ich aus dem Gelesenen.",
        "Über das Buch:", "Nichts im bisher Gelesenen passt zu dieser Frage.",
        "Die passendsten Stellen aus dem bisher Gelesenen:"),
    "es": AssistantWords(
        "Aún no ha empezado a leer «{title}», así que no hay nada que buscar. En cuanto haya "
        "leído un poco, podré responder a partir de lo leído.",
        "Sobre el libro:", "Nada de lo que ha leído hasta ahora responde a esa pregunta.",
        "Los pasajes más relevantes de lo que ha leído:"),
}


def assistant_words(language: str) -> AssistantWords:
    """The assistant's own words in `language` (a book's tag), English when it has none."""
    return _WORDS.get(primary(language), _WORDS["en"])

"""Whether a question leans on the conversation before it ("what did he do next?", "et lui ?",
"und dann?"), decided on this computer with no model call: only such a question is worth
rewriting into a search before the answer. A first question, or one that names what it asks
about, is searched as written. The words are the question's language's (languages.py), or the
book's when the question is too short to tell."""

from __future__ import annotations

import re

from reader_app.rag.assistant.languages import primary, question_language
from reader_app.rag.scope.sealed import ScopedHistory

# Words that point back at something said before: pronouns and "that", "there", "then".
POINTING_BACK: dict[str, frozenset[str]] = {
    "en": frozenset({
        "he", "him", "his", "himself", "she", "her", "hers", "herself", "they", "them", "their",
        "theirs", "themselves", "it", "its", "itself", "this", "that", "these", "those", "there",
        "then", "such", "one", "ones", "former", "latter",
    }),
    "fr": frozenset({
        # not "le", "la", "les", "en", "y": articles and prepositions far more often
        "il", "elle", "ils", "elles", "lui", "leur", "leurs", "son", "sa", "ses", "eux", "ça",
        "cela", "ceci", "celui", "celle", "ceux", "celles", "ce", "cette", "ces", "là",
        "alors", "ensuite", "puis", "même",
    }),
    "de": frozenset({
        # not "das", "die", "der": articles far more often
        "er", "sie", "es", "ihn", "ihm", "ihr", "ihre", "ihren", "ihrem", "ihnen", "sein",
        "seine", "seinen", "seinem", "dies", "diese", "dieser", "dieses", "dort", "da",
        "dann", "danach", "damit", "davon", "darauf", "dabei", "jener", "jene", "jenes",
    }),
    "es": frozenset({
        # not "la", "las", "los", "lo": articles far more often
        "él", "ella", "ellos", "ellas", "le", "les", "su", "sus",
        "eso", "esto", "ese", "esa", "este", "esta", "aquel", "aquella", "allí", "ahí",
        "entonces", "después", "luego",
    }),
}
# Openings of a question that continues the last one: "and then?", "et Kitty ?", "und dann?".
CONTINUING: dict[str, tuple[str, ...]] = {
    "en": ("and ", "but ", "so ", "what about", "how about", "what else", "who else",
           "what next", "what then", "then what", "how come", "why not", "tell me more"),
    "fr": ("et ", "mais ", "alors", "donc ", "et ensuite", "et après", "quoi d'autre",
           "quoi d’autre", "qui d'autre", "qui d’autre", "pourquoi pas", "dis-m'en plus",
           "dites-m'en plus", "dis-m’en plus", "dites-m’en plus", "en savoir plus"),
    "de": ("und ", "aber ", "also ", "und dann", "was noch", "wer noch", "was ist mit",
           "wie steht es mit", "warum nicht", "erzähl mehr", "erzählen sie mehr", "mehr dazu"),
    "es": ("y ", "pero ", "entonces", "¿y ", "qué más", "quién más", "y después", "y luego",
           "por qué no", "cuéntame más", "qué hay de", "y qué"),
}
SHORT_WORDS = 3  # "Why not?", "Et après ?", "Und dann?": too short to search on their own
WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?")


def leans_on_conversation(question: str, history: ScopedHistory, *,
                          book_language: str = "") -> bool:
    """True when `history` has turns and `question` points back at them."""
    if history.is_empty:
        return False
    text = " ".join(question.lower().split())
    language = question_language(question) or primary(book_language)
    if language not in POINTING_BACK:
        language = "en"
    if len(WORD.findall(text)) <= SHORT_WORDS or text.lstrip("¿¡ ").startswith(
            CONTINUING[language]) or text.startswith(CONTINUING[language]):  # "¿y él?"
        return True
    named = bool(NAME_INSIDE.search(question))
    # Words inside quotation marks are the book's: "her" there points at nothing said before.
    text = " ".join(QUOTATION.sub(" ", question).lower().split())
    for match in WORD.finditer(text):
        for part in re.split(r"['’]", match.group()):
            # "Albert Savaron vient-il ?": the pronoun after the verb repeats the name asked
            # about; "a-t-elle refusé ?" with no name points back.
            inverted = text[max(match.start() - 1, 0)] == "-"
            if part in POINTING_BACK[language] and not (inverted and named):
                return True
    return False


# Words in quotation marks, in the marks readers type: “…”, "…", «…», „…“, ‚…‘, ‘…’ (a ’
# between letters is an apostrophe: Natásha’s).
QUOTATION = re.compile(
    r"[“\"«„‚‘]\s*((?:[^”\"»“‘’]|’(?=\w)){8,}?)\s*(?:[”\"»“‘]|’(?!\w))")

# A capitalised word after the first: the question names someone or somewhere (the group: the
# name).
NAME_INSIDE = re.compile(r"(?<=\s)[¿¡«„“\"']?([A-ZÀ-ÖØ-Þ][^\W\d_]+)")

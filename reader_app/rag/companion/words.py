"""The few words the companion writes itself into its requests, in the book's language: the label
of a chapter or section with no title, of a part of a long chapter, of a stored summary, and "the
series" for a series with no name. The model reads them next to the book's text and writes in that
language (the rule line: rag/assistant/languages.py, `writing_rule`); English ones are as they
always were.
And the words of a card's "As of …" when no chapter title says where, which the window translates.
"""

from __future__ import annotations

from dataclasses import dataclass

from reader_app.rag.assistant.languages import primary
from reader_app.translatable import QT_TRANSLATE_NOOP

AS_OF_START = QT_TRANSLATE_NOOP("XRayDock", "the beginning")
AS_OF_HERE = QT_TRANSLATE_NOOP("XRayDock", "where you are")
AS_OF_WORDS = frozenset({AS_OF_START, AS_OF_HERE})


@dataclass(frozen=True, slots=True)
class CompanionWords:
    chapter: str  # {number}
    part: str  # {label}, {number}
    summary: str  # {label}
    series: str
    section: str  # {number}: a section of a book with no table of contents
    opening: str  # the text before the first entry of the table of contents


_WORDS = {
    "en": CompanionWords("Chapter {number}", "{label}, part {number}", "{label} (summary)",
                         "the series", "Section {number}", "Opening"),
    "fr": CompanionWords("Chapitre {number}", "{label}, partie {number}", "{label} (résumé)",
                         "la série", "Section {number}", "Début"),
    "de": CompanionWords("Kapitel {number}", "{label}, Teil {number}",
                         "{label} (Zusammenfassung)", "die Reihe", "Abschnitt {number}",
                         "Anfang"),
    "es": CompanionWords("Capítulo {number}", "{label}, parte {number}", "{label} (resumen)",
                         "la serie", "Sección {number}", "Comienzo"),
}


def companion_words(language: str) -> CompanionWords:
    """The companion's words for a book in `language` (its decided code), English otherwise."""
    return _WORDS.get(primary(language), _WORDS["en"])

"""Markers for words made outside the window (books, rag) that the window shows translated.

`QT_TRANSLATE_NOOP(context, text)` returns `text` unchanged and imports no Qt: it only lets
`pyside6-lupdate` find the text, so that the window can pass it through
`QCoreApplication.translate(context, text)` where it is shown (`ui/translation.py`).

A sentence with parts ("Can't open “{file}”: {reason}") is a `Sentence`: its marked template and
its arguments kept apart, so that the window translates the template before filling it in
(`ui/translation.py`, `said`); `str()` of it is the English sentence, as the command line and the
logs show it. An argument may itself be a `Sentence` (a reason inside "Can't open …").

A number argument is kept as an `int`, not as text: `str()` groups its digits the English way
("1,234"), and the window in its locale's ("1.234" in German, "1 234" in French).

What the reader is told about how a book was read ("Pictures the manifest does not list are not
shown …") is a `note(…)`, a sentence in the context "BookNotes", kept in the book's model (and its
cache) as a `Sentence` so that the window shows it in the language of the day it is shown.

Where the reader is ("Section 1,234 (95%)": how far the assistant knows, an annotation's place)
is a `place_words(…)`, a sentence in the context "Places" (books/shelf/reading_time.py's
`place_name`, rag/assistant/places.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

ERRORS = "Errors"  # the context of the sentences errors are made of (reader_app/errors.py)
NOTES = "BookNotes"  # the context of a book's notes (`Book.notes`, books/model.py)
PLACES = "Places"  # the context of the words that say where the reader is


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:  # the name lupdate looks for
    del context
    return text


Part = Union[str, int, float, "Sentence"]


@dataclass(frozen=True, slots=True)
class Sentence:
    """A template marked with QT_TRANSLATE_NOOP (its {name} placeholders) and its arguments."""

    template: str
    args: tuple[tuple[str, Part], ...] = ()
    context: str = ERRORS

    def __str__(self) -> str:
        return self.template.format(**{name: english(value) for name, value in self.args})


def english(part: Part) -> str:
    """A sentence's argument as the command line and the logs show it: a whole number with its
    digits grouped the English way ("1,234"), a fraction to six figures ("2.5"), anything else
    as `str` gives it."""
    if isinstance(part, bool):
        return str(part)
    if isinstance(part, int):
        return f"{part:,}"
    if isinstance(part, float):
        return f"{part:g}"
    return str(part)


def words_of(what: BaseException | Sentence | str) -> Sentence | str:
    """What an error says: its sentence where it has one (`ReaderError.sentence`), for the
    window to translate, else its English message."""
    if isinstance(what, BaseException):
        found = getattr(what, "sentence", None)
        return found if isinstance(found, Sentence) else str(what)
    return what


def sentence(template: str, /, **args: Part) -> Sentence:
    """`Sentence(template, args)` in the context "Errors": `template` is written as
    `QT_TRANSLATE_NOOP("Errors", "…")` at the call, for lupdate to find it."""
    return Sentence(template, tuple(args.items()))


def note(template: str, /, **args: Part) -> Sentence:
    """A note about how a book was read (`Book.notes`): `template` is written as
    `QT_TRANSLATE_NOOP("BookNotes", "…")` at the call, for lupdate to find it."""
    return Sentence(template, tuple(args.items()), NOTES)


def place_words(template: str, /, **args: Part) -> Sentence:
    """Where the reader is ("Section {number}"): `template` is written as
    `QT_TRANSLATE_NOOP("Places", "…")` at the call, for lupdate to find it."""
    return Sentence(template, tuple(args.items()), PLACES)

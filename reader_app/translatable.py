"""Markers for words made outside the window (books, rag) that the window shows translated.

`QT_TRANSLATE_NOOP(context, text)` returns `text` unchanged and imports no Qt: it only lets
`pyside6-lupdate` find the text, so that the window can pass it through
`QCoreApplication.translate(context, text)` where it is shown (`ui/translation.py`).

A sentence with parts ("Can't open “{file}”: {reason}") is a `Sentence`: its marked template and
its arguments kept apart, so that the window translates the template before filling it in
(`ui/translation.py`, `said`); `str()` of it is the English sentence, as the command line and the
logs show it. An argument may itself be a `Sentence` (a reason inside "Can't open …").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

ERRORS = "Errors"  # the context of the sentences errors are made of (reader_app/errors.py)


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
        return self.template.format(**{name: str(value) for name, value in self.args})


def sentence(template: str, /, **args: Part) -> Sentence:
    """`Sentence(template, args)` in the context "Errors": `template` is written as
    `QT_TRANSLATE_NOOP("Errors", "…")` at the call, for lupdate to find it."""
    return Sentence(template, tuple(args.items()))

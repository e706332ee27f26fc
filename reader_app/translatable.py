"""A marker for words made outside the window (books, rag) that the window shows translated.

`QT_TRANSLATE_NOOP(context, text)` returns `text` unchanged and imports no Qt: it only lets
`pyside6-lupdate` find the text, so that the window can pass it through
`QCoreApplication.translate(context, text)` where it is shown (`ui/translation.py`).
"""

from __future__ import annotations


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:  # the name lupdate looks for
    del context
    return text

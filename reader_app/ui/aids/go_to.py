"""Go › Go to… (Ctrl+G): a place typed as a percentage of the book ("42%") or, in a comic, a
page number ("5"). A jump like any other: the boundary stays where it is, Back comes home.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable

from PySide6.QtCore import QLocale, Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from reader_app.books.model import Book, Locator
from reader_app.ui.translation import number_text, translate

_PERCENT = re.compile(r"^\s*(\d+(?:[.,]\d+)?)\s*%\s*$")
_NUMBER = re.compile(r"^\s*(\d+)\s*$")


class GoToError(ValueError):
    """What the reader typed names no place in this book; the message says what would."""


def place_for(book: Book, text: str) -> Locator:
    """The place `text` names: "42%" anywhere, a bare number a comic's page (an EPUB's
    percentage, there being no fixed pages in a reflowable book)."""
    count = len(book.sections)
    # A label as typed ("xii", "A-3"), or a page as the status line writes it ("1.234").
    wanted = {f"page {' '.join(text.split()).casefold()}", f"page {_digits(text)}"}
    text = _digits(text)
    labelled = next((s.index for s in book.sections if s.title.casefold() in wanted), None) \
        if book.format == "pdf" else None
    if labelled is not None:  # a PDF's page by its printed label: "xii", or "12" of the text
        return Locator(labelled, 0, 0)
    if book.is_comic:
        page = _NUMBER.match(text)
        if page is not None:
            number = int(page.group(1))
            if not 1 <= number <= count:
                raise GoToError(translate("GoTo", "This comic has pages 1 to {0}.").format(
                    number_text(count)))
            return Locator(number - 1, 0, 0)
    percent = _PERCENT.match(text) or _NUMBER.match(text)
    if percent is None:
        hint = translate("GoTo", "Type a page from 1 to {0}, or a percentage.").format(
            number_text(count)) if book.is_comic else translate(
            "GoTo", "Type a percentage of the book, like 42%.")
        raise GoToError(hint)
    value = float(percent.group(1).replace(",", "."))
    if not 0 <= value <= 100:
        raise GoToError(translate("GoTo", "A percentage goes from 0 to 100."))
    if book.is_comic:
        # The page whose end is at or past it: the status line's own number for that page.
        return Locator(min(max(math.ceil(value / 100 * count - 1e-9) - 1, 0), count - 1), 0, 0)
    return book.locator_at_progress(value / 100)


def _digits(text: str) -> str:
    """A whole number typed as the window's locale writes it ("1.234" in German, as its status
    line shows a page) in plain digits; anything else as typed."""
    value, whole = QLocale().toInt(text.strip())
    return str(value) if whole and value >= 0 else text


class GoToDialog(QDialog):
    """One line to type a place in; Enter goes there, a place that is not says why."""

    def __init__(self, book: Book, go: Callable[[Locator], None], parent: QWidget | None) -> None:
        super().__init__(parent)
        self.setObjectName("goToDialog")
        self.setWindowTitle(self.tr("Go To"))
        self.book, self.go = book, go
        layout = QVBoxLayout(self)
        comic = book.is_comic
        prompt = QLabel(self.tr("Page (1–{0}) or percentage:").format(
            number_text(len(book.sections))) if comic else self.tr("Percentage of the book:"))
        self.input = QLineEdit()
        self.input.setObjectName("goToInput")
        self.input.setPlaceholderText("5 or 42%" if comic else "42%")
        prompt.setBuddy(self.input)
        self.problem = QLabel("")
        self.problem.setObjectName("goToProblem")
        self.problem.setStyleSheet("color: #b3261e;")
        self.problem.hide()
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.go_there)
        buttons.rejected.connect(self.reject)
        for widget in (prompt, self.input, self.problem, buttons):
            layout.addWidget(widget)
        self.setWindowModality(Qt.WindowModality.WindowModal)

    def go_there(self) -> None:
        try:
            place = place_for(self.book, self.input.text())
        except GoToError as error:
            self.problem.setText(str(error))
            self.problem.show()
            self.input.selectAll()
            return
        self.accept()
        self.go(place)

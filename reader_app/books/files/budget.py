"""Caps on the work one book may cause, and optional members that are skipped with a note."""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from lxml import etree

from reader_app.books.files.xmlsafe import parse_xml
from reader_app.errors import BookError, BookTooLargeError, UnsafeBookError
from reader_app.translatable import QT_TRANSLATE_NOOP, Sentence, note, sentence

# War and Peace is about 3.2 million characters and 60,000 elements; these are 30 times that.
MAX_BOOK_CHARACTERS = 100_000_000
MAX_BOOK_ELEMENTS = 2_000_000
# The text a book may expand to through repeats, relative to its file: real books hold about one
# character of text per byte of file (War and Peace: 3.2 million in 3 MB), pictures make it
# less. A 614 KB file listing a 4 MB chapter 200 times would have opened as 66 million.
EXPANSION_PER_BYTE = 20
MIN_EXPANSION = 5_000_000


class MemberSource(Protocol):
    """An archive a book's members are read from: `SafeZip`, or `SafeArchive` for RAR/7z/tar."""

    path: Path

    def read(self, name: str, *, max_size: int | None = None) -> bytes: ...


class BookBudget:
    """Counts text and elements across a book's chapters and refuses a book that exceeds them.

    Mutable by design: one budget lives for one `read_epub` call and is never shared.
    """

    def __init__(
        self,
        path: Path,
        *,
        max_characters: int | None = None,
        max_elements: int | None = None,
    ) -> None:
        self.path = path
        self.max_characters = MAX_BOOK_CHARACTERS if max_characters is None else max_characters
        self.max_elements = MAX_BOOK_ELEMENTS if max_elements is None else max_elements
        self.characters = 0
        self.elements = 0

    def spend(self, *, elements: int, characters: int) -> None:
        self.elements += elements
        self.characters += characters
        if self.elements > self.max_elements:
            raise BookTooLargeError(self.path, sentence(QT_TRANSLATE_NOOP(
                "Errors", "it holds more than {limit} XHTML elements, far more than any real "
                "book; it was not opened."), limit=self.max_elements))
        if self.characters > self.max_characters:
            raise BookTooLargeError(self.path, sentence(QT_TRANSLATE_NOOP(
                "Errors", "it holds more than {limit} characters of text, far more than any real "
                "book; it was not opened."), limit=self.max_characters))


def expansion_allowance(path: Path) -> int:
    """Characters a book's repeated chapters may bring its text to, by the size of its file."""
    try:
        size = path.stat().st_size
    except OSError:
        size = 0
    return max(MIN_EXPANSION, EXPANSION_PER_BYTE * size)


def count_elements(root: etree._Element) -> int:
    return sum(1 for _ in root.iter())


def optional_document(
    archive: MemberSource, member: str, notes: list[Sentence], *, what: Sentence,
    html_fallback: bool = False
) -> etree._Element | None:
    """Parse a member the book can do without (its TOC, ComicInfo.xml); None with a note if broken.

    A hostile member (entities, a bomb) still refuses the whole book: it says the file was made
    to attack, not that it was damaged.
    """
    try:
        data = archive.read(member)
        return parse_xml(data, path=archive.path, member=member, html_fallback=html_fallback)
    except UnsafeBookError:
        raise
    except BookError as error:
        notes.append(note(QT_TRANSLATE_NOOP(
            "BookNotes", "The book's {what} “{member}” could not be read and was skipped: "
            "{reason}"), what=what, member=member, reason=error.why))
        return None

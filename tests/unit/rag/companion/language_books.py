"""One-chapter books in a language, for the name tests: a few paragraphs of real books' text."""

from __future__ import annotations

from pathlib import Path

from reader_app.books.model import Block, BlockKind, Book, Metadata, Section
from reader_app.rag.companion.entities import extract_entities


def book_in(language: str, *paragraphs: str) -> Book:
    # A chapter of fewer than 60 words is taken for a title page (rag/index/story.py): pad it.
    word = {"de": "und", "en": "and"}.get(language, "et")  # the book's language, as its text says
    filler = " ".join([word] * 60) + "."
    blocks = tuple(Block(BlockKind.PARAGRAPH, p) for p in (*paragraphs, filler))
    return Book("t-" + language, Path("/nonexistent/t.epub"), "epub",
                Metadata(title="t", language=language),
                (Section(0, "c1.xhtml", "Chapitre 1", blocks),), (), None, _no_resources)


def _no_resources(name: str) -> bytes:
    raise KeyError(name)


def names_in(book: Book) -> set[str]:
    return {form.text for form in extract_entities(book).forms}

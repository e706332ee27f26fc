"""A small library of generated EPUB files indexed with an old model, for re-indexing tests."""

from __future__ import annotations

from pathlib import Path

from reader_app.books.model import Book
from reader_app.books.opening.formats import read_book
from reader_app.books.shelf.library import Library
from reader_app.rag.index.indexer import index_book
from reader_app.rag.index.text_units import ensure_sentences
from reader_app.store.db import connect
from tests.fakes.embedders import HashEmbedder
from tests.unit.books.epubgen import make_epub, xhtml

OLD_MODEL = HashEmbedder(model_id="test/the-model-before")


def write_book(folder: Path, name: str) -> Path:
    chapters = {}
    for chapter in range(2):
        paragraphs = "".join(
            f"<p>In {name}, chapter {chapter + 1}, the clerk counted ledger {n} by the window. "
            f"Rain fell on the roofs of {name} while a cart went by.</p>"
            for n in range(8)
        )
        chapters[f"ch{chapter}.xhtml"] = xhtml(f"<h2>Chapter {chapter + 1}</h2>{paragraphs}")
    return make_epub(folder / f"{name}.epub", chapters)


def shelf(home: Path, folder: Path, *, indexed: tuple[str, ...],
          added: tuple[str, ...] = ()) -> dict[str, Book]:
    """Books `indexed` with OLD_MODEL and books only `added` (never prepared), by name."""
    conn = connect(home)
    library = Library(conn, home)
    books = {}
    for name in (*indexed, *added):
        book = read_book(write_book(folder, name))
        library.add(book)
        if name in indexed:
            ensure_sentences(conn, book)
            index_book(conn, home, book, embedder=OLD_MODEL)
        books[name] = book
    conn.close()
    return books

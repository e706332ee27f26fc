"""A word a PDF breaks with a hyphen at a line's end inside a page is one word in the book's text:
whole in the sentence table, found whole by Find in Book, its two halves still drawn where they
are; a compound keeps its hyphen, and so does every line-end hyphen of a book set without broken
words (calibre's ebook-convert), where each is a compound."""

from __future__ import annotations

from pathlib import Path

from reader_app.books.model import Book, Locator
from reader_app.books.opening.formats import read_book
from reader_app.books.opening.pdf import pdf_pages
from reader_app.books.opening.pdf_text import BookText, paragraphs, read_layer, with_text_layer
from reader_app.books.shelf.library import Library
from reader_app.books.text.search import find_text
from reader_app.rag.index.text_units import ensure_sentences
from reader_app.store.db import connect
from tests.e2e.test_pdf_companion import CALIBRE
from tests.unit.books.pdfgen import LINE_BREAKS, write_pdf

BROKEN = ("Pepper and Carrot walk all morning through an interesting forest of silver birches, "
          "past a well-known spring and the ruins of an old Anglo-Saxon chapel where the monks "
          "once kept bees.")


def texted(path: Path) -> tuple[Book, BookText]:
    book = read_book(path)
    pages = pdf_pages(book)
    assert pages is not None
    return book, with_text_layer(book, pages)


def test_a_word_broken_at_a_lines_end_is_whole_in_the_sentence_table_compounds_keep_theirs(
    tmp_path: Path, library_home: Path
) -> None:
    book, read = texted(write_pdf(tmp_path / "birch.pdf", LINE_BREAKS))
    assert read.book is not None
    conn = connect(library_home)
    Library(conn, library_home).add(book)
    ensure_sentences(conn, read.book)
    rows = conn.execute("SELECT section, block, char_start, char_end, text FROM sentences "
                        "WHERE book_id = ? ORDER BY sid", (book.book_id,)).fetchall()
    texts = [row[4] for row in rows]
    assert BROKEN in texts, texts
    assert not any("inter-esting" in text or "inter esting" in text for text in texts)
    # The row's characters are the page's paragraph's: a citation marks the sentence there.
    section, block, start, end, text = next(row for row in rows if row[4] == BROKEN)
    assert read.book.sections[section].blocks[block].text[start:end] == text


def test_find_in_book_finds_the_broken_word_whole_and_the_compounds_with_their_hyphens(
    tmp_path: Path,
) -> None:
    _book, read = texted(write_pdf(tmp_path / "birch.pdf", LINE_BREAKS))
    assert read.book is not None
    paragraph = read.book.sections[0].blocks[2].text
    at = paragraph.index("interesting")
    hits = find_text(read.book, "interesting forest")
    assert [(hit.locator, hit.end) for hit in hits] == [
        (Locator(0, 2, at), Locator(0, 2, at + len("interesting forest")))]
    assert find_text(read.book, "inter-esting") == []
    assert len(find_text(read.book, "well-known")) == 2  # page 1 over its line's end, page 2
    assert len(find_text(read.book, "Anglo-Saxon")) == 1
    assert find_text(read.book, "wellknown") == [] and find_text(read.book, "AngloSaxon") == []


def test_the_broken_words_halves_are_drawn_where_they_stand(tmp_path: Path) -> None:
    book, read = texted(write_pdf(tmp_path / "birch.pdf", LINE_BREAKS))
    pages = pdf_pages(book)
    assert pages is not None
    layer = read_layer(pages, 0)
    body = paragraphs(layer, skip=read.skip, words=read.words)[1]
    assert body.text == BROKEN
    at = body.text.index("interesting")
    first = next(piece for piece in body.pieces if piece[0] == at)
    second = next(piece for piece in body.pieces if piece[0] == first[1])
    assert (first[1], second[1]) == (at + len("inter"), at + len("interesting"))
    drawn = {line.words[-1].text: line.words[-1].box for line in layer.lines}
    assert first[2] == drawn["inter\x02"]  # "inter-" at the end of the first line
    assert second[2][1] > first[2][3]  # "esting" on the line below
    assert second[2][0] < first[2][0]  # at its start


def test_a_book_set_without_broken_words_keeps_every_line_end_hyphen() -> None:
    """ebook-convert's Jekyll ends two lines of its first 24 pages with a hyphen, both compounds
    the book writes nowhere else ("good-" / "nature", "well-" / "polished")."""
    _book, read = texted(CALIBRE)
    assert read.book is not None and not read.words.breaks_words
    text = " ".join(block.text for section in read.book.sections for block in section.blocks)
    assert "catholicity of good-nature." in text and "shutters, well-polished brasses" in text
    assert len(find_text(read.book, "good-nature")) == 1

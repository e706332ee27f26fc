"""A PDF's sentence table across its page breaks: a sentence that runs from the foot of a page onto
the next one is one row, stored on the page where it ends (so it counts as read only once that page
has been seen), with a word hyphenated over the break made whole."""

from __future__ import annotations

from pathlib import Path

from reader_app.books.model import Locator
from reader_app.books.opening.formats import read_book
from reader_app.books.opening.pdf import pdf_pages
from reader_app.books.opening.pdf_text import with_text_layer
from reader_app.books.shelf.library import Library
from reader_app.rag.index.sentences import locator_for_sid, sentence_start, sid_at
from reader_app.rag.index.text_units import ensure_sentences
from reader_app.store.db import connect
from tests.unit.books.pdfgen import RUN_ON, RUN_ON_FOREST, RUN_ON_GOLD, write_pdf


def test_a_sentence_split_by_a_page_break_is_one_row_on_the_page_where_it_ends(
    tmp_path: Path, library_home: Path
) -> None:
    book = read_book(write_pdf(tmp_path / "gold.pdf", RUN_ON))
    pages = pdf_pages(book)
    assert pages is not None
    texted = with_text_layer(book, pages).book
    assert texted is not None
    conn = connect(library_home)
    Library(conn, library_home).add(book)
    ensure_sentences(conn, texted)
    rows = conn.execute("SELECT sid, section, block, char_start, char_end, text FROM sentences "
                        "WHERE book_id = ? ORDER BY sid", (book.book_id,)).fetchall()
    by_text = {row[5]: tuple(row[:5]) for row in rows}
    assert RUN_ON_GOLD in by_text and RUN_ON_FOREST in by_text, [row[5] for row in rows]
    assert not any("Carrot" in text and text != RUN_ON_GOLD for text in by_text)  # no half left
    gold_sid, gold_page, gold_block, start, end = by_text[RUN_ON_GOLD]
    assert (gold_page, start) == (1, 0)  # stored where it ends: page 2, from its first character
    page_two = texted.sections[1].blocks[gold_block].text
    assert page_two[start:end] == "lies hidden beneath the frozen lake by the mill."
    assert by_text[RUN_ON_FOREST][1] == 2

    # The reader at the foot of page 1 has read "Pepper ..." and not the sentence begun there.
    read_page_one = sid_at(conn, book.book_id, Locator.end_of_section(0))
    assert read_page_one == gold_sid - 1
    assert sid_at(conn, book.book_id, Locator.end_of_section(1)) == gold_sid

    # Where its words begin (a citation's mark): on page 1, where "Carrot" stands, as the
    # sentence before it ends; any other sentence begins where it is stored.
    begins = sentence_start(conn, book.book_id, gold_sid)
    page_one = texted.sections[0].blocks[begins.block].text
    assert begins.section == 0
    assert page_one[begins.char:].strip() == RUN_ON_GOLD[:len(page_one[begins.char:].strip())]
    assert page_one[begins.char:].split()[0] == "Carrot"
    forest_sid = by_text[RUN_ON_FOREST][0]
    forest_start = sentence_start(conn, book.book_id, forest_sid)
    assert forest_start.section == 1
    assert texted.sections[1].blocks[forest_start.block].text[forest_start.char:].startswith(
        " They walk")
    after = forest_sid + 1
    assert sentence_start(conn, book.book_id, after) == locator_for_sid(conn, book.book_id, after)
    conn.close()

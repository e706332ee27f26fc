"""Cited passages read cleanly: one pair of marks, no chapter numeral, cut at a word."""

from __future__ import annotations

from reader_app.books.model import Locator
from reader_app.rag.assistant.citation_text import citation_link_html
from reader_app.rag.scope.citations import Citation, cut_at_word, quoted, without_heading


def test_a_quote_that_opens_with_its_own_mark_gets_no_second_one() -> None:
    assert quoted("“Not all,” said he.") == "“Not all,” said he."
    assert quoted("Not all, said he.") == "“Not all, said he.”"


def test_the_chapter_heading_a_passage_begins_with_is_left_out() -> None:
    assert without_heading("III Not all of them came back.", "III") == "Not all of them came back."
    assert without_heading("CHAPTER III. Not all came.", "Chapter III") == "Not all came."
    # A passage that merely begins like a numeral keeps its words.
    assert without_heading("I went down to the river.", "III") == "I went down to the river."
    assert without_heading("III", "III") == "III"


def test_link_text_is_cut_at_a_word_with_an_ellipsis() -> None:
    text = "The lantern swung slowly by the river while the miller watched from his door " * 3
    cut = cut_at_word(text, limit=80)
    assert cut.endswith("…") and len(cut) <= 81
    assert text.startswith(cut[:-1])
    assert text[len(cut) - 1] == " ", "cut inside a word"


def test_a_citation_link_quotes_once_and_jumps() -> None:
    citation = Citation(2, 7, 30, 33, Locator(2, 5, 0), "Chapter 3", "“Not all,” said the miller.")
    link = citation_link_html(41, citation)
    assert link.startswith('<a href="cite:41:2">[2] Chapter 3: ')
    assert link.count("“") == 1
    assert citation_link_html(41, citation, with_quote=False) == (
        '<a href="cite:41:2">[2] Chapter 3</a>'
    )

"""Keyword terms per language: Snowball stems, folded diacritics, German compounds by parts."""

from __future__ import annotations

import sqlite3
from collections import Counter

from reader_app.rag.index.indexes import create_keyword_index, keyword_search
from reader_app.rag.index.keywords import (
    PORTER_SCHEME,
    KeywordAnalyzer,
    analyzer_for,
    compound_parts,
    fts_tokenize,
    keyword_scheme,
    scheme_language,
)


def test_german_plural_and_genitive_meet_where_porter_kept_them_apart() -> None:
    german = KeywordAnalyzer("de")
    assert german.stem("Häuser") == german.stem("Hauses") == german.stem("Haus")
    assert german.stem("Gärten") == german.stem("Garten")


def test_french_plurals_and_verb_forms_meet_and_accents_fold() -> None:
    french = KeywordAnalyzer("fr")
    assert french.stem("chevaux") == french.stem("cheval")
    assert french.stem("mangeait") == french.stem("mangèrent") == french.stem("manger")
    assert french.stem("allées") == french.stem("allée") == "alle"
    assert french.index_text("L'Église") == "l eglis"


def test_compounds_split_against_the_books_own_words() -> None:
    vocabulary = Counter({"groß": 5, "mutter": 9, "geißen": 3, "peter": 40, "tannen": 2,
                          "baum": 2, "alm": 1, "hütte": 7})
    known = lambda word: vocabulary[word] >= 2  # noqa: E731 - a one-line predicate
    assert compound_parts("großmutter", known) == ("groß", "mutter")
    assert compound_parts("geißenpeter", known) == ("geißen", "peter")
    assert compound_parts("tannenbaum", known) == ("tannen", "baum")
    assert compound_parts("almhütte", known) == ()  # "alm" is too short a part
    assert compound_parts("hausmeister", known) == ()  # neither part is the book's
    indexed = KeywordAnalyzer("de", vocabulary).index_text("Die Großmutter")
    assert indexed.split() == ["die", "grossmutt", "gross", "mutt"]


def test_a_german_search_finds_the_plural_and_the_compound() -> None:
    texts = ["Die Häuser im Dorf waren alt.", "Die Großmutter saß am Spinnrad.",
             "Die Mutter rief das Kind, dann wartete die Mutter.",
             "Der Geißenpeter kam mit den Geißen, all den Geißen.",
             "Der Baum war groß, sehr groß, und Peter, ja Peter kletterte hinauf."]
    scheme = keyword_scheme("de")
    analyzer = analyzer_for(scheme, texts)
    assert analyzer is not None
    conn = sqlite3.connect(":memory:")
    conn.execute("CREATE TABLE text_units (book_id TEXT, fts_table TEXT, fts_tokenizer TEXT)")
    table = create_keyword_index(conn, "b", [analyzer.index_text(t) for t in texts],
                                 scheme=scheme)
    conn.execute("INSERT INTO text_units VALUES ('b', ?, ?)", (table, scheme))

    def found(query: str) -> list[int]:
        return sorted(i for i, _ in keyword_search(conn, table, query, chunk_limit=9, limit=9))

    assert found("Wo stand das Haus?") == [0]
    assert found("Mutter") == [1, 2]  # the grandmother too, by her compound's part
    assert found("Wer ist Peter?") == [3, 4]
    # The compound ranks first; its parts bring the mother and the big tree after it.
    ranked = [i for i, _ in keyword_search(conn, table, "Großmutter", chunk_limit=9, limit=9)]
    assert ranked[0] == 1 and sorted(ranked) == [1, 2, 4]


def test_an_english_book_keeps_fts5s_porter_table() -> None:
    assert keyword_scheme("en") == PORTER_SCHEME
    assert analyzer_for(PORTER_SCHEME) is None
    # No stemmer for the language: FTS5's own, as for English (the language is recorded).
    assert keyword_scheme("ja") == f"{PORTER_SCHEME} lang=ja"
    assert fts_tokenize(keyword_scheme("ja")) == PORTER_SCHEME
    assert analyzer_for(keyword_scheme("ja")) is None
    assert scheme_language(keyword_scheme("ja")) == "ja"
    assert scheme_language(keyword_scheme("de")) == "de"
    assert scheme_language(PORTER_SCHEME) == "en"


def test_an_english_corpus_book_keeps_todays_keyword_table_and_text() -> None:
    from reader_app.books.opening.formats import read_book
    from reader_app.rag.index.text_units import compute_text_units
    from tests.conftest import PRIDE, corpus_epub

    units = compute_text_units(read_book(corpus_epub(PRIDE)))
    # The same scheme as before this change, so existing English indexes are not rebuilt,
    # and the table is fed the chunk texts themselves: FTS5's porter ranks them as it did.
    assert units.keyword_scheme == PORTER_SCHEME == "porter unicode61 remove_diacritics 2"
    assert units.keyword_texts is None and units.indexed_texts == units.chunk_texts

"""Each book searched in its own language: the embedder a book gets, and a book with no tag."""

from __future__ import annotations

import hashlib
from pathlib import Path

import numpy as np
import pytest

from reader_app.books.model import Block, BlockKind, Book, Metadata, Section
from reader_app.books.shelf.library import Library
from reader_app.rag.index import multilingual
from reader_app.rag.index.embed import DEFAULT_MODEL_ID, EmbeddingModelError, default_embedder
from reader_app.rag.index.indexer import index_book, index_status, remove_other_indexes
from reader_app.rag.index.multilingual import (
    MULTILINGUAL_MODEL_ID,
    language_model_id,
    multilingual_embedder,
    recorded_language,
)
from reader_app.rag.retrieval.search import search
from reader_app.rag.scope.boundary import scope_at
from reader_app.store.db import connect
from tests.fakes.embedders import HashEmbedder

# Heidis Lehr- und Wanderjahre (Spyri, 1880): paragraphs from chapters one to three.
HEIDI = (
    "Auch wußte die Barbel gar nicht, warum der Alte von allen Leuten im Dörfli der Alm-Öhi "
    "genannt wurde; da aber alle ihn so nannten, tat sie es auch und nannte den Alten nie anders "
    "als Öhi, was die Aussprache der Gegend für Oheim ist.",
    "Sein Vater, der auch schon der Geißenpeter genannt worden war, weil er in früheren Jahren "
    "in demselben Berufe gestanden hatte, war vor einigen Jahren beim Holzfällen verunglückt.",
    "Derweilen schaute das Heidi vergnüglich um sich, entdeckte den Geißenstall, der an die "
    "Hütte angebaut war, und guckte hinein. Es war nichts drin. Das Kind setzte seine "
    "Untersuchungen fort und kam hinter die Hütte zu den alten Tannen.",
    "»Der Alm-Öhi putzt und wäscht sie und gibt ihnen Salz und hat den schönsten Stall.« Die "
    "Häuser im Dörfli standen eng beisammen, und die Großmutter saß allein in ihrer Hütte, "
    "denn die Großmutter war blind und konnte die Geißen nicht mehr sehen.",
)


def untagged_german_book() -> Book:
    blocks = tuple(Block(BlockKind.PARAGRAPH, text) for text in HEIDI)
    return Book(
        book_id=hashlib.sha256(b"untagged heidi").hexdigest(),
        path=Path("/nonexistent/heidi.epub"), format="epub",
        metadata=Metadata(title="Heidi", authors=("Johanna Spyri",)),  # no language tag
        sections=(Section(0, "c1.xhtml", "Heidi", blocks),), toc=(), cover=None,
        load_resource=lambda name: b"",
    )


def test_the_default_model_stands_for_the_books_language() -> None:
    assert language_model_id(DEFAULT_MODEL_ID, "de") == MULTILINGUAL_MODEL_ID
    assert language_model_id(DEFAULT_MODEL_ID, "fr") == MULTILINGUAL_MODEL_ID
    assert language_model_id(DEFAULT_MODEL_ID, "en") == DEFAULT_MODEL_ID
    assert language_model_id(DEFAULT_MODEL_ID, "") == DEFAULT_MODEL_ID
    # A model the reader chose serves every book.
    assert language_model_id("BAAI/bge-small-en-v1.5", "de") == "BAAI/bge-small-en-v1.5"


def test_the_multilingual_model_matches_a_french_question_to_its_passage() -> None:
    model = multilingual_embedder()
    passages = model.embed(["Rodolphe vit Emma pour la première fois aux comices agricoles.",
                            "Le pharmacien Homais parlait sans cesse de la science."])
    question = model.embed_queries(["Où Emma a-t-elle rencontré Rodolphe ?"])[0]
    assert passages.shape == (2, 384)
    assert np.allclose(np.linalg.norm(passages, axis=1), 1.0, atol=1e-4)
    scores = passages @ question
    assert scores[0] > scores[1]


def test_a_damaged_multilingual_model_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(multilingual, "_loaded", {})
    monkeypatch.setattr(multilingual, "MULTILINGUAL_MODEL_SHA256", "0" * 64)
    with pytest.raises(EmbeddingModelError, match="damaged"):
        multilingual_embedder()


def test_a_book_with_no_language_tag_is_indexed_and_searched_in_its_language(
    library_home: Path,
) -> None:
    book = untagged_german_book()
    conn = connect(library_home)
    Library(conn, library_home).add(book)
    status = index_book(conn, library_home, book, embedder=default_embedder(home=library_home))

    assert recorded_language(conn, book.book_id) == "de"
    assert status.model_id == MULTILINGUAL_MODEL_ID and status.complete
    # Asked with the settings' model, the status is that of the book's own model.
    assert index_status(conn, library_home, book.book_id, DEFAULT_MODEL_ID).complete
    # Tidying after the settings' model is done keeps the book's own index.
    assert remove_other_indexes(conn, library_home, book.book_id, DEFAULT_MODEL_ID) == []

    scope = scope_at(conn, book.book_id, boundary_sid=10_000)
    # "Haus" meets "Häuser" through the German stemmer; "Mutter" finds "Großmutter".
    for question, expected in [("Wo ist das Haus?", "Häuser"), ("Mutter", "Großmutter"),
                               ("Wie ist Peters Vater gestorben?", "Holzfällen")]:
        result = search(conn, library_home, scope, question, k=1,
                        embedder=default_embedder(home=library_home))
        assert expected in result.passages[0].text, question


def test_an_english_book_keeps_its_model_and_a_chosen_model_is_kept(library_home: Path) -> None:
    from tests.unit.rag.markerbooks import marker_book

    generated = marker_book(sections=1, blocks_per_section=2)
    conn = connect(library_home)
    Library(conn, library_home).add(generated.book)
    status = index_book(conn, library_home, generated.book, embedder=HashEmbedder())
    assert recorded_language(conn, generated.book.book_id) == "en"
    assert status.model_id == "test/hash-embedder"


def test_a_german_book_indexed_before_stemming_is_rebuilt_once(library_home: Path) -> None:
    from reader_app.rag.index.indexes import FTS_TOKENIZER, fts_table_name, keyword_search
    from reader_app.rag.index.text_units import ensure_sentences

    book = untagged_german_book()
    conn = connect(library_home)
    Library(conn, library_home).add(book)
    ensure_sentences(conn, book)
    table = fts_table_name(book.book_id)
    # As today's release left it: a porter table of the text, recorded as such.
    with conn:
        conn.execute(f"DROP TABLE {table}")
        conn.execute(f"CREATE VIRTUAL TABLE {table} USING fts5(text, content='', "
                     f"tokenize='{FTS_TOKENIZER}')")
        conn.execute(f"INSERT INTO {table} (rowid, text) VALUES (0, ?)", (HEIDI[3],))
        conn.execute("UPDATE text_units SET fts_tokenizer = ? WHERE book_id = ?",
                     (FTS_TOKENIZER, book.book_id))
    assert keyword_search(conn, table, "Haus", chunk_limit=10, limit=5) == []

    ensure_sentences(conn, book)

    assert recorded_language(conn, book.book_id) == "de"
    assert keyword_search(conn, table, "Haus", chunk_limit=10, limit=5)
    built_at = conn.execute("SELECT built_at FROM text_units WHERE book_id = ?",
                            (book.book_id,)).fetchone()[0]
    ensure_sentences(conn, book)  # current now: not built again
    assert conn.execute("SELECT built_at FROM text_units WHERE book_id = ?",
                        (book.book_id,)).fetchone()[0] == built_at

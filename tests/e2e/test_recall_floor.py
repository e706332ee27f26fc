"""A recall floor on reader questions from the shared dev set, with the real default model.

Two short books (Jekyll and Hyde, Alice), every question of theirs in ../shared/eval/qa-dev.json,
asked with the boundary where the scorer puts it (evidence + 5 %). A hit is the scorer's own: an
8-word shingle of the evidence inside the passages returned. The floors sit a little under the
measured figures (docs/retrieval.md), so a ranking regression fails CI.
"""

from __future__ import annotations

import importlib.util
import json
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from reader_app.books.model import Book
from reader_app.books.opening.formats import read_book
from reader_app.books.shelf.library import Library
from reader_app.rag.index.embed import Embedder, default_embedder
from reader_app.rag.index.indexer import index_book
from reader_app.rag.index.sentences import sid_at
from reader_app.rag.index.text_units import ensure_sentences
from reader_app.rag.retrieval.search import UNLIMITED_TOKENS, search
from reader_app.rag.scope.boundary import scope_at
from reader_app.store.db import connect
from tests.conftest import ALICE, JEKYLL, ROOT, corpus_epub

pytestmark = pytest.mark.slow

EVAL = ROOT.parent / "shared" / "eval"
BOOKS = (JEKYLL, ALICE)
# Measured on these 25 questions (2026-11-24): 24 found in 6 passages asked for whole, as the
# scorer asks (0.96); 25 in 20 (1.00); 24 in the default context (0.96, 23 before neighbours
# followed agreement between the rankings). Main before windows and neighbours: 0.72 at 6, 0.84
# at 20. One or two more misses still pass.
FLOOR_AT_6 = 0.88
FLOOR_AT_20 = 0.92
FLOOR_DEFAULT_CONTEXT = 0.88


@dataclass(repr=False)
class Shelf:
    home: Path
    conn: sqlite3.Connection
    embedder: Embedder
    books: dict[str, Book]
    questions: list[dict[str, Any]]
    scorer: ModuleType


def _scorer() -> ModuleType:
    path = EVAL / "score_retrieval.py"
    if not path.exists():
        pytest.skip(f"dev set missing: {path}")
    spec = importlib.util.spec_from_file_location("score_retrieval", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def shelf(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Shelf]:
    scorer = _scorer()
    data = json.loads((EVAL / "qa-dev.json").read_text(encoding="utf-8"))
    home = tmp_path_factory.mktemp("recall")
    conn = connect(home)
    embedder = default_embedder(home=home)
    books = {}
    for name in BOOKS:
        book = read_book(corpus_epub(name))
        Library(conn, home).add(book)
        ensure_sentences(conn, book)
        index_book(conn, home, book, embedder=embedder)
        books[name] = book
    questions = [q for q in data["questions"] if q["book"] in BOOKS]
    yield Shelf(home, conn, embedder, books, questions, scorer)
    conn.close()


def _recall(shelf: Shelf, **options: Any) -> tuple[float, list[str]]:
    missed = []
    for question in shelf.questions:
        book = shelf.books[question["book"]]
        at = min(float(question["evidence_percent"]) + 5.0, 100.0)
        boundary = (
            1 << 62 if at >= 100
            else sid_at(shelf.conn, book.book_id, book.locator_at_progress(at / 100))
        )
        scope = scope_at(shelf.conn, book.book_id, boundary_sid=boundary)
        result = search(shelf.conn, shelf.home, scope, question["question"],
                        embedder=shelf.embedder, **options)
        text = shelf.scorer.normalise(" \n ".join(p.text for p in result.passages))
        if not shelf.scorer.contains_any(text, shelf.scorer.shingles(question["evidence"], 8)):
            missed.append(question["id"])
    return 1 - len(missed) / len(shelf.questions), missed


def test_the_evidence_is_in_the_default_context_for_most_reader_questions(shelf: Shelf) -> None:
    recall, missed = _recall(shelf)
    assert recall >= FLOOR_DEFAULT_CONTEXT, f"recall {recall:.2f}; missed {missed}"


def test_the_evidence_is_in_the_top_six_passages_for_most_reader_questions(shelf: Shelf) -> None:
    recall, missed = _recall(shelf, k=6, token_budget=UNLIMITED_TOKENS)
    assert recall >= FLOOR_AT_6, f"recall {recall:.2f}; missed {missed}"


def test_the_evidence_is_in_the_top_twenty_passages_for_nearly_every_question(
    shelf: Shelf,
) -> None:
    recall, missed = _recall(shelf, k=20, token_budget=UNLIMITED_TOKENS)
    assert recall >= FLOOR_AT_20, f"recall {recall:.2f}; missed {missed}"

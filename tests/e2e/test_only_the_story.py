"""Only the story is searched: a generated book's imprint, colophon, title page, contents and bare
headings never come back from `reader-app search`, the MCP server's search_book, X-Ray or recaps,
while its story, dedication and epigraph do; War and Peace at Book I answers "Who is Napoleon?"
with no imprint, title-page or heading-only passage."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from reader_app.books.model import BlockKind, Book, Locator
from reader_app.books.opening.cache import load_book
from reader_app.books.shelf.library import Library
from reader_app.cli import main
from reader_app.prepare.pipeline import prepare_book
from reader_app.rag.index.embed import default_embedder
from reader_app.rag.index.sentences import sentences_between
from reader_app.rag.retrieval.search import UNLIMITED_TOKENS, search
from reader_app.rag.scope.boundary import scope_for_book
from reader_app.store.db import connect
from tests.bookgen import (
    KEPT_MARKERS,
    MATTER_MARKERS,
    MATTER_NAMES,
    STORY_NAMES,
    matter_epub,
)
from tests.conftest import WAR_AND_PEACE, corpus_epub
from tests.e2e.mcp_client import Agent, with_agent
from tests.e2e.test_mcp_server import add_and_prepare, read_to

# What a reader (or an agent) might ask that the matter's words answer best.
MATTER_QUERIES = (
    *MATTER_MARKERS.values(),
    "Who produced this ebook? volunteers Harbour Press",
    "Who typeset the book and in what font?",
    "public domain rights edition source text",
    "Contents Chapter 1 of the harbour",
    "Book One",
    "The Quiet Harbour",
    *MATTER_NAMES,
)


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict:
    assert main(list(argv)) == 0
    return json.loads(capsys.readouterr().out)


def assert_no_matter(text: str) -> None:
    for word in (*MATTER_MARKERS.values(), *MATTER_NAMES, "volunteers", "typeset"):
        assert word not in text, word


@pytest.fixture
def harbour(tmp_path: Path) -> Path:
    return matter_epub(tmp_path / "the-quiet-harbour.epub")


def test_search_returns_the_story_and_never_the_matter_around_it(
    harbour: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = str(harbour)
    for query in MATTER_QUERIES:
        for k in ("3", "20"):
            result = run_json(capsys, "search", path, query, "--at", "100", "--k", k, "--json")
            assert_no_matter(json.dumps(result, ensure_ascii=False))
        # What the model is given (no --k: a token budget) is the same story only.
        assert_no_matter(json.dumps(run_json(capsys, "search", path, query, "--at", "100",
                                             "--json"), ensure_ascii=False))
    story = run_json(capsys, "search", path, "Who is Anna Lantern?", "--at", "100", "--json")
    assert any("Anna Lantern" in p["text"] for p in story["passages"])
    for marker in KEPT_MARKERS.values():  # the book's own words around its story stay
        kept = run_json(capsys, "search", path, marker, "--at", "100", "--k", "3", "--json")
        assert any(marker in p["text"] for p in kept["passages"]), marker


def test_xray_and_recaps_are_made_from_the_story_only(
    harbour: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = str(harbour)
    xray = run_json(capsys, "xray", path, "--json", "--at", "100")
    names = " | ".join(entity["name"] for entity in xray["entities"])
    assert all(name.split()[0] in names for name in STORY_NAMES), names
    assert not any(part in names for name in MATTER_NAMES for part in name.split()), names
    recap = run_json(capsys, "recap", path, "--json", "--at", "100", "--no-model")
    chapters = [p["chapter"] for p in recap["paragraphs"]]
    assert chapters and all(c.startswith(("Chapter", "Endnotes")) or c in ("", "The Quiet Harbour")
                            for c in chapters), chapters
    text = json.dumps(recap, ensure_ascii=False)
    assert_no_matter(text)
    assert "Anna Lantern" in text


@pytest.mark.slow
def test_the_mcp_server_searches_the_story_only(library_home: Path, harbour: Path) -> None:
    home = library_home
    book = add_and_prepare(home, harbour)
    read_to(home, book, book.end_locator())  # the whole book read: every page eligible

    async def scenario(agent: Agent) -> None:
        for query in (*MATTER_QUERIES, None):
            answer = await agent.call("search_book", book_id=book.book_id, query=query, k=20)
            assert not answer.is_error, answer.text
            assert_no_matter(answer.text)
        story = await agent.call("search_book", book_id=book.book_id, query="Tobias Reed", k=5)
        assert "Tobias Reed" in story.text

    with_agent(home, scenario)


def _heading_only(book: Book, sentences: list) -> bool:
    kinds = {book.sections[s.section].blocks[s.block].kind for s in sentences}
    return kinds == {BlockKind.HEADING}


@pytest.mark.slow
def test_war_and_peace_who_is_napoleon_at_book_one_has_no_imprint_or_bare_heading(
    library_home: Path,
) -> None:
    home = library_home
    conn = connect(home)
    book = load_book(corpus_epub(WAR_AND_PEACE), home)
    library = Library(conn, home)
    library.add(book)
    chapter = next(s for s in book.sections if s.name.endswith("chapter-1-1-3.xhtml"))
    library.set_boundary(book.book_id, Locator(chapter.index, 4, 0))  # Book I, Part I
    embedder = default_embedder(home=home)
    prepare_book(conn, home, book, embedder=embedder,  # as `reader-app search` does
                 dense_through=lambda: scope_for_book(conn, book.book_id).boundary_sid)
    scope = scope_for_book(conn, book.book_id)
    story_sections = {s.index for s in book.sections
                      if s.name.rsplit("/", 1)[-1].startswith(("chapter-", "dramatis"))}
    for budget in (UNLIMITED_TOKENS, 3000):
        result = search(conn, home, scope, "Who is Napoleon?", k=20, token_budget=budget,
                        embedder=embedder)
        assert result.passages
        for passage in result.passages:
            assert "Standard Ebooks" not in passage.text and "ebook" not in passage.text
            sentences = sentences_between(conn, book.book_id, passage.sid_start,
                                          passage.sid_end)
            assert not _heading_only(book, sentences), passage.text
            assert {s.section for s in sentences} <= story_sections, passage.text
        assert any("Napoleon" in p.text or "Buonaparte" in p.text for p in result.passages)
    conn.close()

"""`reader-app index` and `reader-app search` end to end, and an indexer killed with SIGKILL."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import faiss
import numpy as np
import pytest

from reader_app.cli.retrieval import index_main, search_main
from reader_app.rag.index.chunking import chunk_texts, chunks_of
from reader_app.rag.index.indexer import index_book, index_status
from reader_app.rag.index.indexes import load_vector_index, stored_ids, vector_index_path
from reader_app.store.db import connect
from tests.conftest import ROOT
from tests.fakes.embedders import HashEmbedder
from tests.unit.books.epubgen import make_epub, xhtml
from tests.unit.rag.markerbooks import marker_book

CHAPTER_ONE = (
    "<h1>One</h1><p>Captain Orla kept a lighthouse on Gull Rock. Her brother Tam mended "
    "nets in the harbour. Every evening she climbed the hundred steps to light the lamp.</p>"
    "<p>One winter the lamp oil ran out. Orla burned driftwood in the lantern instead.</p>"
)
CHAPTER_TWO = (
    "<h1>Two</h1><p>In spring a stranger rowed across from the mainland. He said his name "
    "was Piet and that he was a glassblower. Piet made Orla a new lens of green glass.</p>"
)


@pytest.fixture
def little_book(tmp_path: Path) -> Path:
    return make_epub(
        tmp_path / "gull-rock.epub",
        {"one.xhtml": xhtml(CHAPTER_ONE), "two.xhtml": xhtml(CHAPTER_TWO)},
    )


def run_json(argv: list[str], capsys: pytest.CaptureFixture[str]) -> dict:
    assert search_main([*argv, "--json"]) == 0
    return dict(json.loads(capsys.readouterr().out))


@pytest.mark.slow
def test_index_then_search_at_a_boundary_returns_the_documented_json(
    little_book: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert index_main([str(little_book)]) == 0
    assert "indexed" in capsys.readouterr().out

    nothing_read = run_json([str(little_book), "Who made the new lens?"], capsys)
    assert nothing_read["boundary_sid"] == -1 and nothing_read["passages"] == []

    early = run_json([str(little_book), "Who made the new lens?", "--upto-sid", "3"], capsys)
    assert set(early) == {"book_id", "boundary_sid", "passages", "recent"}
    assert early["boundary_sid"] == 3
    for passage in early["passages"]:
        assert {"chunk_id", "sid_start", "sid_end", "section", "score", "text"} <= set(passage)
        assert passage["sid_end"] <= 3
    assert "Piet" not in json.dumps(early)

    whole = run_json([str(little_book), "Who made the new lens?", "--at", "100"], capsys)
    assert any("glassblower" in p["text"] or "lens" in p["text"] for p in whole["passages"])


def test_search_rejects_an_empty_query_with_a_clear_message(
    little_book: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert search_main([str(little_book), "   ", "--upto-sid", "2"]) == 2
    assert "Type a question" in capsys.readouterr().err


KILLABLE_INDEXER = """
import sys, time
from pathlib import Path
from reader_app.books.shelf.library import Library
from tests.fakes.embedders import HashEmbedder
from reader_app.rag.index.indexer import index_book
from reader_app.store.db import connect
from tests.unit.rag.markerbooks import marker_book

home = Path(sys.argv[1])
conn = connect(home)
generated = marker_book(sections=6, blocks_per_section=6)
Library(conn, home).add(generated.book)
index_book(conn, home, generated.book, embedder=HashEmbedder(), batch_size=2,
           progress=lambda p: time.sleep(0.3))
"""


def test_an_indexer_killed_mid_way_resumes_and_ends_consistent(library_home: Path) -> None:
    child = subprocess.Popen(
        [sys.executable, "-c", KILLABLE_INDEXER, str(library_home)],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    try:
        conn = connect(library_home)
        deadline = time.monotonic() + 60
        indexed = 0
        while indexed < 4 and time.monotonic() < deadline and child.poll() is None:
            time.sleep(0.05)
            row = conn.execute("SELECT MAX(indexed_count) FROM vector_indexes").fetchone()
            indexed = row[0] or 0
        assert indexed >= 4, "the child indexer never got going"
    finally:
        os.kill(child.pid, signal.SIGKILL)
        child.wait()
    generated = marker_book(sections=6, blocks_per_section=6)
    embedder = HashEmbedder()
    book_id = generated.book.book_id
    killed_at = index_status(conn, library_home, book_id, embedder.model_id)
    assert 4 <= killed_at.chunks_indexed < killed_at.chunks_total

    status = index_book(conn, library_home, generated.book, embedder=embedder)

    assert status.complete
    index = load_vector_index(vector_index_path(library_home, book_id, embedder.model_id))
    assert index is not None
    assert list(stored_ids(index)) == list(range(status.chunks_total))
    flat = faiss.downcast_index(index.index)
    stored = np.vstack([flat.reconstruct(i) for i in range(index.ntotal)])
    texts = chunk_texts(conn, book_id, chunks_of(conn, book_id, 0, status.chunks_total))
    assert np.allclose(stored, embedder.embed(texts), atol=1e-6)


@pytest.mark.slow
def test_an_explicit_k_returns_k_whole_passages_and_the_default_keeps_the_models_budget(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    chapters = {  # one scene per chapter: hits in different chapters are never joined
        f"c{n:02d}.xhtml": xhtml(
            f"<h1>Night {n}</h1><p>On night {n} the keeper of Gull Rock climbed the hundred "
            f"steps with a can of oil, trimmed the wick, polished the green lens and watched "
            f"boat {n} come home past the reef while the gulls slept on the ledge below the "
            f"lamp room and the tide turned. " * 3 + "</p>"
        )
        for n in range(30)
    }
    book = make_epub(tmp_path / "keeper.epub", chapters)
    query = [str(book), "the keeper climbed the steps to the lamp", "--at", "100"]

    default = run_json(query, capsys)
    explicit = run_json([*query, "--k", "20"], capsys)
    tight = run_json([*query, "--k", "20", "--tokens", "60"], capsys)

    def tokens(result: dict) -> int:
        return sum(len(p["text"]) // 4 for p in result["passages"])

    assert tokens(default) <= 3000 < tokens(explicit)
    assert len(explicit["passages"]) == 20
    assert len(tight["passages"]) == 1  # the best passage is always kept
    assert search_main([*query, "--tokens", "0"]) == 2
    assert "--tokens" in capsys.readouterr().err

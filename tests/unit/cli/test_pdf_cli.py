"""`reader-app index` and `search` on a PDF: its text layer indexed (its reading shown as
progress), and a search at a boundary finds nothing past it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from reader_app.cli.retrieval import index_main, search_main
from tests.e2e.test_pdf_companion import STORY
from tests.unit.books.pdfgen import write_pdf


@pytest.mark.slow
def test_index_then_search_a_pdf_at_a_boundary(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    book = write_pdf(tmp_path / "dragon.pdf", STORY)
    assert index_main([str(book)]) == 0
    out = capsys.readouterr().out
    assert "reading the pdf's text Dragon Tales: 100%" in out and "indexed" in out

    assert search_main([str(book), "Where does the purple dragon sleep?", "--at", "34",
                        "--json"]) == 0  # page 1 of 3 read
    early = json.dumps(json.loads(capsys.readouterr().out))
    assert "old mill" not in early and "frozen lake" not in early
    assert search_main([str(book), "Where does the purple dragon sleep?", "--at", "100",
                        "--json"]) == 0
    assert "old mill" in json.dumps(json.loads(capsys.readouterr().out))

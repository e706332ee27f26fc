"""`reader-app index` and `search` on FB2, FB2.ZIP, plain text and Markdown files, as on an EPUB:
the passages found are the story's, and none lies past the point the reader has reached."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from reader_app.cli import main
from tests.unit.books.formatgen import MARKER_BOOKS

MARKER = re.compile(r"mk(\d{2})(\d{2})\d{2}")


@pytest.mark.parametrize(("maker", "name"), [(m, n) for m, n, _ in MARKER_BOOKS.values()],
                         ids=MARKER_BOOKS.keys())
def test_search_finds_read_passages_and_nothing_past_the_boundary(
    library_home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
    maker: Callable[..., Path], name: str,
) -> None:
    path = str(maker(tmp_path / name))
    assert main(["index", path]) == 0
    capsys.readouterr()
    # Read to half the book: chapters 0 and 1 of 4; ask for a sentence of chapter 3 and one of 0.
    assert main(["search", path, "mk030101 lantern river", "--at", "50", "--k", "10",
                 "--json"]) == 0
    found = json.loads(capsys.readouterr().out)
    chapters = {int(m.group(1)) for p in found["passages"] for m in MARKER.finditer(p["text"])}
    assert chapters and max(chapters) <= 1, chapters
    assert main(["search", path, "mk000203", "--at", "50", "--k", "3", "--json"]) == 0
    found = json.loads(capsys.readouterr().out)
    assert any("mk000203" in p["text"] for p in found["passages"])

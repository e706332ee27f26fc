"""Pepper&Carrot episode 1 repacked as CBR, CB7 and CBT gives the CBZ's OCR text, page by page,
in the same panel reading order (each read afresh, not from the CBZ's cached pages)."""

from __future__ import annotations

from pathlib import Path

import pytest

from reader_app.books.opening.formats import read_book
from reader_app.comics.ocr import RapidOcrEngine
from reader_app.store.db import connect
from tests.unit.books.archive_comics import repack
from tests.unit.comics.conftest import CorpusEpisode

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("container", ["cb7", "cbt", "cbr"])
def test_an_archive_comic_reads_as_its_cbz(
    corpus_episodes: list[CorpusEpisode],
    ocr_engine: RapidOcrEngine,
    tmp_path: Path,
    container: str,
) -> None:
    from reader_app.comics.text import ocr_book

    episode = corpus_episodes[0]
    path = repack(episode.path, container, tmp_path)
    home = tmp_path / "fresh-library"  # nothing cached: every page is recognised again
    conn = connect(home)
    try:
        texts = ocr_book(conn, home, read_book(path), engine=ocr_engine)
    finally:
        conn.close()
    assert texts.pages_recognised == len(episode.texts.pages) == 5 and texts.complete
    assert texts.skipped == ()
    assert [p.text for p in texts.pages] == [p.text for p in episode.texts.pages]
    assert [p.content_hash for p in texts.pages] == [p.content_hash for p in episode.texts.pages]
    assert "Don't even think about it" in texts.pages[3].text.replace("’", "'")

"""Pepper&Carrot episode 1 repacked as CBR, CB7 and CBT gives the CBZ's OCR text, page by page,
in the same panel reading order (each read afresh, not from the CBZ's cached pages); so do the
committed RAR 5 and RAR 4 twins of the small CBZ fixture, where no `rar` is installed."""

from __future__ import annotations

from pathlib import Path

import pytest

from reader_app.books.opening.formats import read_book
from reader_app.comics.ocr import RapidOcrEngine
from reader_app.comics.text import ComicText
from reader_app.store.db import connect
from tests.unit.books.archive_comics import TWIN_CBZ, repack, twin
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


def _ocr_afresh(path: Path, home: Path, engine: RapidOcrEngine) -> ComicText:
    from reader_app.comics.text import ocr_book

    conn = connect(home)  # a library of its own: nothing cached, every page recognised again
    try:
        return ocr_book(conn, home, read_book(path), engine=engine)
    finally:
        conn.close()


@pytest.fixture(scope="module")
def twin_cbz_text(ocr_engine: RapidOcrEngine, tmp_path_factory: pytest.TempPathFactory
                  ) -> ComicText:
    return _ocr_afresh(TWIN_CBZ, tmp_path_factory.mktemp("cbz-library"), ocr_engine)


@pytest.mark.parametrize("container", ["cbr", "cbr4"])
def test_the_committed_cbr_twins_read_as_their_cbz(
    twin_cbz_text: ComicText, ocr_engine: RapidOcrEngine, tmp_path: Path, container: str
) -> None:
    texts = _ocr_afresh(twin(container, tmp_path), tmp_path / "library", ocr_engine)
    assert texts.pages_recognised == len(twin_cbz_text.pages) == 3 and texts.complete
    assert [p.text for p in texts.pages] == [p.text for p in twin_cbz_text.pages]
    assert [p.content_hash for p in texts.pages] == [
        p.content_hash for p in twin_cbz_text.pages]
    assert "Potion of flight" in texts.pages[0].text
    assert "strong enough" in texts.pages[1].text
    assert "even think" in texts.pages[2].text

"""Comics fixtures: one OCR engine per test session, the corpus comics OCR'd once."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from reader_app.books.opening.formats import read_book
from reader_app.comics.ocr import RapidOcrEngine
from reader_app.comics.text import ComicText, ocr_book
from reader_app.store.db import connect
from tests.conftest import COMICS, PEPPER1, PEPPER2
from tests.unit.comics.cbzbook import TimedEngine


@dataclass(frozen=True)
class CorpusEpisode:
    path: Path
    transcript: Path
    texts: ComicText
    seconds_per_page: tuple[float, ...]


@pytest.fixture(scope="session")
def ocr_engine() -> RapidOcrEngine:
    return RapidOcrEngine()


@pytest.fixture(scope="session")
def corpus_episodes(
    ocr_engine: RapidOcrEngine, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[list[CorpusEpisode]]:
    """Both Pepper&Carrot episodes OCR'd once per session (13 pages, the slow part)."""
    paths = [COMICS / PEPPER1, COMICS / PEPPER2]
    if not all(p.exists() for p in paths):
        pytest.skip("corpus comics missing")
    home = tmp_path_factory.mktemp("corpus-ocr-library")
    conn = connect(home)
    episodes = []
    for path in paths:
        timed = TimedEngine(ocr_engine)
        texts = ocr_book(conn, home, read_book(path), engine=timed)
        transcript = path.with_name(path.name.removesuffix(".cbz") + ".transcript.json")
        episodes.append(CorpusEpisode(path, transcript, texts, tuple(timed.seconds)))
    yield episodes
    conn.close()

"""Shared fixtures: every test gets its own library folder; corpus paths."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

# The fake Ollama server's fixture (`fake_ollama`), for the assistant and comics tests.
pytest_plugins = ["tests.fakes.fixtures"]

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "corpus"
EPUBS = CORPUS / "epub"
COMICS = CORPUS / "comics"

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("HF_HUB_OFFLINE", "1")


@pytest.fixture(autouse=True)
def library_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    home = tmp_path / "library"
    home.mkdir()
    monkeypatch.setenv("READER_APP_HOME", str(home))
    # Never let a test talk to a real Ollama that happens to be running.
    monkeypatch.setenv("OLLAMA_HOST", "http://127.0.0.1:9")
    yield home


def corpus_epub(name: str) -> Path:
    path = EPUBS / name
    if not path.exists():
        pytest.skip(f"corpus file missing: {path}")
    return path


PRIDE = "jane-austen_pride-and-prejudice.epub"
WAR_AND_PEACE = "leo-tolstoy_war-and-peace_louise-maude_aylmer-maude.epub"
JEKYLL = "robert-louis-stevenson_the-strange-case-of-dr-jekyll-and-mr-hyde.epub"
OZ1 = "l-frank-baum_the-wonderful-wizard-of-oz.epub"
OZ2 = "l-frank-baum_the-marvelous-land-of-oz.epub"
ALICE = "lewis-carroll_alices-adventures-in-wonderland.epub"
PEPPER1 = "pepper-and-carrot_ep01_potion-of-flight.cbz"
PEPPER2 = "pepper-and-carrot_ep02_rainbow-potions.cbz"

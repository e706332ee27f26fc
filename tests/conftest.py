"""Shared fixtures: every test gets its own library folder; the marker library (`shelf`,
`unread_shelf`); corpus paths."""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from reader_app.rag.assistant import kept_window, read_along
from reader_app.rag.model import openai_wire, schedule
from tests.fakes.marker_library import MarkerLibrary, marker_library

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
    # Never let a test talk to a real Ollama that happens to be running, nor write an API key
    # into the keyring of the machine it runs on.
    monkeypatch.setenv("OLLAMA_HOST", "http://127.0.0.1:9")
    monkeypatch.setenv("READER_APP_KEYRING", "0")
    # Background model calls wait this long after a question (two seconds for a reader);
    # the tests of that wait set their own.
    monkeypatch.setattr(schedule, "QUIET_AFTER_QUESTION", 0.05)
    schedule.forget_queues()  # a port used again is a new server
    read_along.forget_readings()  # no server has read any test's book along
    openai_wire.forget_slot_servers()  # nor is known to save slots
    kept_window.forget_saving_servers()
    yield home


@pytest.fixture
def unread_shelf(library_home: Path) -> Iterator[MarkerLibrary]:
    """The marker library (tests/fakes/marker_library.py), indexed, with nothing read yet."""
    shelf = marker_library(library_home)
    try:
        yield shelf
    finally:
        shelf.conn.close()


@pytest.fixture
def shelf(unread_shelf: MarkerLibrary) -> MarkerLibrary:
    """The marker library read through chapter 2's sixth block: the late names (Valdemar,
    Yelena, the Obsidian Gate) of chapter 3 on are all ahead."""
    unread_shelf.read_through(1, 5)
    return unread_shelf


def corpus_epub(name: str) -> Path:
    path = EPUBS / name
    if not path.exists():
        pytest.skip(f"corpus file missing: {path}")
    return path


def corpus_comic(name: str) -> Path:
    path = COMICS / name
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


def reader_app(home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """Run the `reader-app` command on the library in `home`, as a user runs it."""
    env = {**os.environ, "READER_APP_HOME": str(home), "OLLAMA_HOST": "http://127.0.0.1:9"}
    return subprocess.run(
        [sys.executable, "-m", "reader_app", *args],
        env=env, cwd=ROOT, capture_output=True, text=True, timeout=600, check=False,
    )


COMIC_TRANSCRIPT = COMICS / PEPPER1.replace(".cbz", ".transcript.json")


@pytest.fixture(scope="session")
def comic_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A library holding Pepper&Carrot episode 1, prepared by `reader-app index` (OCR and all):
    prepared once per run, because OCR is slow. Tests set its boundary as they need."""
    comic = COMICS / PEPPER1
    if not comic.exists():
        pytest.skip(f"corpus file missing: {comic}")
    home = tmp_path_factory.mktemp("comic-library")
    run = reader_app(home, "index", str(comic))
    assert run.returncode == 0, run.stderr
    assert "reading pages (ocr)" in run.stdout and "100%" in run.stdout
    return home


@contextlib.contextmanager
def mounted_tmpfs(mount_point: Path, *, size: str) -> Iterator[Path]:
    """A real file system of `size` ("2m") at `mount_point`: writes past it fail with ENOSPC and
    it can be remounted read-only. Skips the test where mounting needs rights it lacks."""
    mount_point.mkdir(exist_ok=True)
    made = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(mount_point)],
        capture_output=True, check=False,
    )  # fmt: skip
    if made.returncode != 0 or shutil.which("umount") is None:
        pytest.skip("cannot mount a small file system here (needs root)")
    try:
        yield mount_point
    finally:
        subprocess.run(["umount", "-l", str(mount_point)], check=False)


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A real 2 MiB file system (tmpfs), so writes fail with ENOSPC; needs mount rights."""
    with mounted_tmpfs(tmp_path / "disk", size="2m") as mount_point:
        yield mount_point


@pytest.fixture
def speaking(qapp: object) -> Iterator[None]:
    """Whatever language a test installs in the window, the next test finds it English again."""
    from PySide6.QtCore import QLocale

    from reader_app.ui.translation import install_language

    before = QLocale()
    yield
    install_language("en")
    QLocale.setDefault(before)


@pytest.fixture
def german(speaking: None) -> None:
    """The window in German for one test (English again after it)."""
    from reader_app.ui.translation import install_language

    install_language("de")

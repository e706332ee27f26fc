"""`reader-app`'s errors stay English whatever the reader's language (issue 41): scripts read
them. The window translates the same errors (tests/ui/window/test_errors_in_language.py); the
command line prints their English, byte for byte, in a German locale too."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

from reader_app.paths import database_path
from reader_app.store.db import connect
from tests.conftest import ROOT


def reader_app(*args: str, home: Path) -> subprocess.CompletedProcess[str]:
    german = {**os.environ, "READER_APP_HOME": str(home), "LANG": "de_DE.UTF-8",
              "LC_ALL": "de_DE.UTF-8", "LANGUAGE": "de", "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "reader_app", *args], cwd=ROOT, env=german,
                          capture_output=True, text=True, timeout=120)


def test_an_archive_bomb_and_a_damaged_library_are_refused_in_english_in_a_german_locale(
    library_home: Path, tmp_path: Path
) -> None:
    bomb = tmp_path / "bombe.cbz"
    with zipfile.ZipFile(bomb, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("001.png", bytes(4 << 20))
    refused = reader_app("index", str(bomb), home=library_home)
    assert refused.returncode != 0
    assert ("Can't open “bombe.cbz”: “001.png” is compressed more than 100 to 1, which is "
            "typical of a zip bomb; the file was not opened.") in refused.stderr
    assert "Traceback" not in refused.stderr

    connect(library_home).close()
    database_path(library_home).write_bytes(b"this is no database at all " * 400)
    damaged = reader_app("status", str(bomb), home=library_home)
    assert damaged.returncode != 0
    assert (f"The library index (library.sqlite3 in {library_home}) is damaged. Pagemate can "
            "rebuild it from your book files, keeping the reading positions it can still "
            "read.") in damaged.stderr

"""The format readers load no Qt: they run in workers and in the engine's command-line tools."""

import subprocess
import sys

import pytest

READERS = [
    "reader_app.books.formats",
    "reader_app.books.cache",
    "reader_app.books.covers",
]


@pytest.mark.parametrize("module", READERS)
def test_importing_a_format_reader_loads_no_qt(module: str) -> None:
    code = (
        f"import sys, importlib; importlib.import_module({module!r}); "
        "import reader_app.books.epub, reader_app.books.cbz; "
        "loaded = [m for m in sys.modules if m.startswith(('PySide6', 'shiboken6', 'PyQt'))]; "
        "sys.exit(1 if loaded else 0)"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr

"""Every module outside ui/ and app.py imports with no Qt loaded (STYLE.md: a core free of the UI).

The list is discovered, not written down, so a new core module is covered the day it is added.
"""

from __future__ import annotations

import pkgutil
import subprocess
import sys

import pytest

import reader_app

UI_MODULES = ("reader_app.ui", "reader_app.app", "reader_app.__main__")


def core_modules() -> list[str]:
    names = []
    for info in pkgutil.walk_packages(reader_app.__path__, prefix="reader_app."):
        if not info.name.startswith(UI_MODULES):
            names.append(info.name)
    return sorted(names)


def test_the_core_is_discovered() -> None:
    modules = core_modules()
    for expected in ("reader_app.books.content.epub", "reader_app.rag.scope.boundary",
                     "reader_app.store.db"):
        assert expected in modules
    assert not [m for m in modules if m.startswith("reader_app.ui")]


@pytest.mark.parametrize(
    "package", ["reader_app.books", "reader_app.comics", "reader_app.store", "reader_app.rag",
                "reader_app.cli"]
)
def test_importing_the_core_loads_no_qt(package: str) -> None:
    modules = [m for m in core_modules() if m.startswith(package)] + ["reader_app.cli"]
    code = (
        "import sys, importlib\n"
        f"for name in {modules!r}: importlib.import_module(name)\n"
        "loaded = [m for m in sys.modules if m.startswith(('PySide6', 'shiboken6', 'PyQt'))]\n"
        "print(','.join(loaded)); sys.exit(1 if loaded else 0)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, f"{package} loaded Qt: {result.stdout} {result.stderr}"

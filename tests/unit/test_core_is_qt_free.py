"""The core packages import with no Qt module loaded (STYLE.md: a core free of the UI)."""

import subprocess
import sys

import pytest

CORE_MODULES = [
    "reader_app.books.model",
    "reader_app.books.library",
    "reader_app.store.db",
    "reader_app.settings",
    "reader_app.cli",
]


@pytest.mark.parametrize("module", CORE_MODULES)
def test_importing_core_module_loads_no_qt(module: str) -> None:
    code = (
        f"import sys, importlib; importlib.import_module({module!r}); "
        "loaded = [m for m in sys.modules if m.startswith(('PySide6', 'shiboken6', 'PyQt'))]; "
        "print(','.join(loaded)); sys.exit(1 if loaded else 0)"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, f"{module} loaded Qt modules: {result.stdout} {result.stderr}"

"""The retrieval engine imports without loading Qt, so it runs in workers and on the CLI alone."""

from __future__ import annotations

import subprocess
import sys

RETRIEVAL_MODULES = (
    "reader_app.rag.boundary",
    "reader_app.rag.sentences",
    "reader_app.rag.chunking",
    "reader_app.rag.embed",
    "reader_app.rag.index",
    "reader_app.rag.search",
    "reader_app.rag.indexer",
    "reader_app.rag.commands",
)


def test_importing_the_retrieval_engine_loads_no_qt() -> None:
    code = (
        "import sys, importlib\n"
        f"for name in {RETRIEVAL_MODULES!r}: importlib.import_module(name)\n"
        "loaded = [m for m in sys.modules if m.startswith(('PySide6', 'shiboken6', 'PyQt'))]\n"
        "print(','.join(loaded)); sys.exit(1 if loaded else 0)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, f"Qt loaded: {result.stdout} {result.stderr}"

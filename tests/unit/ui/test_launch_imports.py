"""A launch imports what the first page needs, not the libraries that wait for later: the
formula typesetter, the Ollama client, FAISS and the embedding runtime load on first use."""

from __future__ import annotations

import os
import subprocess
import sys

DEFERRED = ("ziamath", "ollama", "faiss", "fastembed", "onnxruntime")


def test_building_the_window_loads_none_of_the_deferred_libraries() -> None:
    code = (
        "import sys\n"
        "import reader_app.app, reader_app.ui.window.launch, reader_app.ui.window.main_window\n"
        f"print(sorted(name for name in {DEFERRED!r} if name in sys.modules))\n"
    )
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env
    )
    assert result.stdout.strip().splitlines()[-1] == "[]"

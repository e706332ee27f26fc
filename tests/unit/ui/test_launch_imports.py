"""A launch imports what the first page needs, not the libraries that wait for later: the
formula typesetter, the Ollama client and its HTTP library, FAISS, numpy and the embedding runtime
load on first use, never before the first page is drawn."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import reader_app

DEFERRED = ("ziamath", "ollama", "httpx", "faiss", "numpy", "fastembed", "onnxruntime")
ROOT = Path(reader_app.__file__).resolve().parent.parent
SAMPLE = ROOT / "assets" / "samples" / (
    "robert-louis-stevenson_the-strange-case-of-dr-jekyll-and-mr-hyde.epub")

# Opens a book as a launch does (the assistant's preparation on) and lists, at the moment its
# first page has been drawn, which of the deferred libraries this process has loaded.
FIRST_PAGE = """
import json, sys
from pathlib import Path

def main():
    from PySide6.QtCore import QTimer
    from reader_app.app import create_application, open_library
    from reader_app.books.shelf.library import Library
    from reader_app.settings import SettingsStore
    from reader_app.ui.window.main_window import MainWindow

    app = create_application()
    home, conn = open_library()
    window = MainWindow(home=home, library=Library(conn, home), settings=SettingsStore(conn))
    window.resize(1000, 800)
    window.show()
    seen = {}

    def drawn(_book):
        window.reader.epub_view.repaint()
        seen["loaded"] = sorted(name for name in DEFERRED if name in sys.modules)
        app.quit()

    window.bookOpened.connect(drawn)
    window.openFailed.connect(lambda message: (seen.setdefault("failed", message), app.quit()))
    window.open_path(Path(sys.argv[1]))
    QTimer.singleShot(60_000, app.quit)
    app.exec()
    print(json.dumps(seen))

if __name__ == "__main__":  # the preparation child is spawned: it imports this file too
    main()
"""


def _run(args: list[str], env_extra: dict[str, str]) -> str:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT), **env_extra)
    result = subprocess.run(
        [sys.executable, *args], capture_output=True, text=True, check=True, env=env, cwd=ROOT
    )
    return result.stdout.strip().splitlines()[-1]


def test_building_the_window_loads_none_of_the_deferred_libraries() -> None:
    code = (
        "import sys\n"
        "import reader_app.app, reader_app.ui.window.launch, reader_app.ui.window.main_window\n"
        f"print(sorted(name for name in {DEFERRED!r} if name in sys.modules))\n"
    )
    assert _run(["-c", code], {}) == "[]"


def test_the_first_page_is_drawn_before_any_deferred_library_loads(tmp_path: Path) -> None:
    script = tmp_path / "first_page.py"
    script.write_text(f"DEFERRED = {DEFERRED!r}\n" + FIRST_PAGE)
    home = tmp_path / "home"
    seen = json.loads(_run([str(script), str(SAMPLE)], {"READER_APP_HOME": str(home)}))
    assert seen == {"loaded": []}

"""Run in a fresh process by bench_indexing: the window prepares a never-prepared book (War and
Peace) to the end, and the peak RSS (VmHWM) of the window's process and of the preparation
child (reader_app/prepare/process.py) are read from /proc while it runs.

    python -m benchmarks.window_memory BOOK [--in-thread] [--seconds N]

`--in-thread` prepares in the window's own worker thread instead, as before the child: one
process holding everything. Prints JSON: both peaks (MB), seconds, and the last news.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import tempfile
import time
from pathlib import Path
from typing import Any


def _peaks(pid: int | str) -> dict[str, int]:
    fields = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(("VmHWM:", "VmRSS:")):
            fields[line.split(":")[0]] = int(line.split()[1]) // 1024
    return fields


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("book", type=Path)
    parser.add_argument("--in-thread", action="store_true")
    parser.add_argument("--seconds", type=float, default=3600.0, help="give up after")
    args = parser.parse_args()
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    with tempfile.TemporaryDirectory(prefix="bench-winmem-") as home_dir:
        os.environ["READER_APP_HOME"] = home_dir
        print(json.dumps(_measure(args.book, in_child=not args.in_thread, limit=args.seconds)))


def _measure(path: Path, *, in_child: bool, limit: float) -> dict[str, Any]:
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from reader_app.app import create_application, open_library
    from reader_app.books.shelf.library import Library
    from reader_app.prepare.process import preparation_process
    from reader_app.settings import SettingsStore
    from reader_app.ui.window.main_window import MainWindow
    from reader_app.ui.window.preparation import IndexingController

    IndexingController.in_child = in_child
    app = create_application()
    assert isinstance(app, QApplication)
    home, conn = open_library()
    window = MainWindow(home=home, library=Library(conn, home), settings=SettingsStore(conn),
                        prepare_assistant=True)
    window.resize(1000, 800)
    window.show()
    child_peak = 0
    started = time.perf_counter()
    last: list[Any] = []

    def sample() -> None:
        nonlocal child_peak
        pid = preparation_process().pid
        if pid is not None:
            with contextlib.suppress(FileNotFoundError):
                child_peak = max(child_peak, _peaks(pid).get("VmHWM", 0))
        if time.perf_counter() - started > limit:
            app.quit()

    def heard(news: Any) -> None:
        last[:] = [news.stage, round(news.fraction, 3)]
        if news.stage in ("ready", "failed"):
            sample()
            QTimer.singleShot(200, app.quit)

    timer = QTimer()
    timer.timeout.connect(sample)
    timer.start(100)
    window.assistantNews.connect(heard)
    window.open_path(path)
    app.exec()
    timer.stop()
    seconds = time.perf_counter() - started
    window.indexing.cancel()
    window.close()
    return {"in_child": in_child, "window_peak_mb": _peaks("self")["VmHWM"],
            "child_peak_mb": child_peak, "seconds": round(seconds, 1), "last": last}


if __name__ == "__main__":
    main()

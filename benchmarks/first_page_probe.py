"""Run in a fresh process by bench_reader: open a book as a launch does (the assistant's
preparation on), report ms to the first page drawn and the process tree's memory at that moment
(the preparation child counts, if it has started)."""

from __future__ import annotations

import json
import os
import resource
import sys
import time
from pathlib import Path


def main() -> None:
    started = time.perf_counter()
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from reader_app.app import create_application, folder_and_head_start, open_library

    folder_and_head_start(sys.argv[1])  # as `app.run_app` does, before the window's imports
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from reader_app.books.shelf.library import Library
    from reader_app.settings import SettingsStore
    from reader_app.ui.window.main_window import MainWindow

    app = create_application()
    assert isinstance(app, QApplication)
    home, conn = open_library()
    window = MainWindow(
        home=home,
        library=Library(conn, home),
        settings=SettingsStore(conn),
    )
    window.resize(1200, 850)
    window.show()
    app.processEvents()
    ready = time.perf_counter()
    result: dict[str, float] = {}

    def drawn(_book: object) -> None:
        window.reader.epub_view.repaint()
        result["open_to_first_page_ms"] = (time.perf_counter() - ready) * 1000
        result["launch_to_first_page_ms"] = (time.perf_counter() - started) * 1000
        result["tree_rss_mb"] = tree_rss_mb()
        app.quit()

    window.bookOpened.connect(drawn)
    window.openFailed.connect(lambda message: (print(message, file=sys.stderr), app.quit()))
    window.open_path(Path(sys.argv[1]))
    QTimer.singleShot(120_000, app.quit)
    app.exec()
    result["peak_rss_mb"] = peak_rss_mb()
    print(json.dumps(result))


def _status_kb(pid: int | str, field: str) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    return 0


def _descendants(pid: int) -> list[int]:
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        children = (task / "children").read_text().split()
        for child in map(int, children):
            found += [child, *_descendants(child)]
    return found


def tree_rss_mb() -> float:
    """The resident memory of this process and every process it started, now (Linux)."""
    total = 0
    for pid in [os.getpid(), *_descendants(os.getpid())]:
        try:
            total += _status_kb(pid, "VmRSS")
        except OSError:
            continue  # ended meanwhile
    return total / 1024


def peak_rss_mb() -> float:
    """This process's own peak RSS. getrusage's ru_maxrss would carry the launching process's
    peak across exec on Linux, so the kernel's per-process high-water mark is read instead."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


if __name__ == "__main__":
    main()

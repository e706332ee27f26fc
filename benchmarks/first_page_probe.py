"""Run in a fresh process by bench_reader: open a book, report ms to the first page drawn."""

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
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from reader_app.app import create_application, open_library
    from reader_app.books.library import Library
    from reader_app.settings import SettingsStore
    from reader_app.ui.window.main_window import MainWindow

    app = create_application()
    assert isinstance(app, QApplication)
    home, conn = open_library()
    window = MainWindow(
        home=home,
        library=Library(conn, home),
        settings=SettingsStore(conn),
        prepare_assistant=False,
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
        app.quit()

    window.bookOpened.connect(drawn)
    window.openFailed.connect(lambda message: (print(message, file=sys.stderr), app.quit()))
    window.open_path(Path(sys.argv[1]))
    QTimer.singleShot(120_000, app.quit)
    app.exec()
    result["peak_rss_mb"] = peak_rss_mb()
    print(json.dumps(result))


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

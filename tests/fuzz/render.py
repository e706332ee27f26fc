"""The render stage: open books in a real offscreen window and paint every page, in this process.

    QT_QPA_PLATFORM=offscreen python -m tests.fuzz.render BOOK [BOOK ...]

Meant to run in a subprocess (`render_in_subprocess`), because what it looks for kills the
process: a segfault or abort while a picture is decoded or a page is painted. Each book is opened
through `MainWindow.open_path`, as the reader would, then every page (up to `--pages`) is painted
with `QWidget.repaint` and grabbed. An exception that escapes to Qt (a paint or a slot that raised)
is a finding too (`sys.excepthook` counts it), and so is a paint or a reply that raised and was
caught (logged and shown as a note: a bug all the same). The last line printed is a JSON summary;
the exit status is 0 when every book opened or was refused with a message and nothing faulted.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import resource
import subprocess
import sys
import tempfile
import time
import traceback
from dataclasses import asdict, dataclass, field
from pathlib import Path
from types import TracebackType
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


@dataclass
class RenderTally:
    books: int = 0
    opened: int = 0
    refused: int = 0
    pages_painted: int = 0
    escaped: list[str] = field(default_factory=list)  # exceptions that reached Qt
    faults: list[str] = field(default_factory=list)  # a paint or a reply that raised, caught


def _render_all(paths: list[Path], *, max_pages: int, timeout: float) -> RenderTally:
    from PySide6.QtWidgets import QApplication

    from reader_app.books.shelf.library import Library
    from reader_app.settings import SettingsStore
    from reader_app.store.db import connect
    from reader_app.ui.window.main_window import MainWindow

    tally = RenderTally()

    def escaped(kind: type[BaseException], error: BaseException, tb: TracebackType | None) -> None:
        tally.escaped.append("".join(traceback.format_exception(kind, error, tb))[-1500:])

    sys.excepthook = escaped
    caught = _FaultLog(tally.faults)
    for name in ("reader_app.ui.page.safe_paint", "reader_app.ui.workers"):
        logging.getLogger(name).addHandler(caught)
    app = QApplication.instance() or QApplication([])
    with tempfile.TemporaryDirectory(prefix="pagemate-render-") as tmp:
        home = Path(tmp)
        conn = connect(home)
        window = MainWindow(
            home=home, library=Library(conn, home), settings=SettingsStore(conn),
            prepare_assistant=False,
        )  # fmt: skip
        window.resize(900, 700)
        window.show()
        for path in paths:
            tally.books += 1
            outcome = _open(window, path, timeout=timeout)
            if "book" not in outcome:
                tally.refused += 1
                if "error" not in outcome:
                    tally.escaped.append(f"{path.name}: neither opened nor refused in {timeout} s")
                continue
            tally.opened += 1
            view = window.reader.view
            for _ in range(max_pages):
                view.repaint()
                window.grab()
                app.processEvents()
                tally.pages_painted += 1
                if not view.next_page():
                    break
            view.repaint()
            app.processEvents()
        window.close()
        app.processEvents()
        conn.close()
    return tally


class _FaultLog(logging.Handler):
    """Collects the paint and reply faults that were caught, logged and shown as a note."""

    def __init__(self, into: list[str]) -> None:
        super().__init__(logging.ERROR)
        self.into = into

    def emit(self, record: logging.LogRecord) -> None:
        self.into.append(self.format(record)[-1500:])


def _open(window: Any, path: Path, *, timeout: float) -> dict[str, object]:
    """Open `path` as the reader would; {"book": …} or {"error": message}, {} when neither came."""
    from PySide6.QtCore import QEventLoop, QTimer

    outcome: dict[str, object] = {}
    loop = QEventLoop()
    opened = window.bookOpened.connect(lambda book: (outcome.update(book=book), loop.quit()))
    failed = window.openFailed.connect(lambda message: (outcome.update(error=message), loop.quit()))
    faulted = window.tasks.replyFailed.connect(
        lambda lane, error: lane == "open" and (outcome.update(error=error), loop.quit())
    )
    timer = QTimer()  # stopped below: a stale timer must not end the next book's wait
    timer.setSingleShot(True)
    timer.timeout.connect(loop.quit)
    timer.start(int(timeout * 1000))
    window.open_path(path)
    loop.exec()
    timer.stop()
    window.bookOpened.disconnect(opened)
    window.openFailed.disconnect(failed)
    window.tasks.replyFailed.disconnect(faulted)
    return outcome


def render_in_subprocess(
    paths: list[Path], *, max_pages: int = 40, timeout: float = 120
) -> tuple[int, dict[str, object], str]:
    """(exit status, the JSON summary or {}, the end of stderr) of a render run in a child."""
    environment = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT))
    command = [sys.executable, "-m", "tests.fuzz.render", "--pages", str(max_pages)]
    result = subprocess.run(
        [*command, "--timeout", str(timeout), *map(str, paths)], cwd=ROOT, env=environment,
        capture_output=True, text=True, timeout=timeout * (len(paths) + 1), check=False,
        preexec_fn=_lift_memory_cap,
    )  # fmt: skip
    lines = result.stdout.strip().splitlines()
    summary = json.loads(lines[-1]) if lines and lines[-1].startswith("{") else {}
    return result.returncode, summary, result.stderr[-3000:]


def _lift_memory_cap() -> None:
    """In the child: the fuzzer's address-space cap is for parsing; Qt maps far more."""
    _, hard = resource.getrlimit(resource.RLIMIT_AS)
    resource.setrlimit(resource.RLIMIT_AS, (hard, hard))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("books", type=Path, nargs="+")
    parser.add_argument("--pages", type=int, default=40, help="pages painted per book at most")
    parser.add_argument("--timeout", type=float, default=120, help="seconds to open one book")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    tally = _render_all(args.books, max_pages=args.pages, timeout=args.timeout)
    summary = dict(asdict(tally), seconds=round(time.perf_counter() - started, 2))
    print(json.dumps(summary))
    return 1 if tally.escaped or tally.faults else 0


if __name__ == "__main__":
    sys.exit(main())

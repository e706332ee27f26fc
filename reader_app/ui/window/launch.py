"""Starting the window: single instance, the book to open, or a screenshot for --screenshot."""

from __future__ import annotations

import sqlite3
import sys
from pathlib import Path

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from reader_app.books.shelf.library import Library
from reader_app.settings import SettingsStore
from reader_app.ui.translation import install_language
from reader_app.ui.window import gc_policy
from reader_app.ui.window.main_window import MainWindow


def launch(
    *, home: Path, conn: sqlite3.Connection, file: str | None, screenshot: str | None
) -> int:
    """Create the window in the running application (`app.create_application`) over the library
    at `home`; returns the exit code."""
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    instance = None
    if not screenshot:
        from reader_app.ui.window.single_instance import SingleInstance

        # One window per library: a second launch hands its file to the running one and exits.
        instance = SingleInstance(home)
        if instance.try_hand_off([file] if file else []):
            return 0
    settings = SettingsStore(conn)
    install_language(str(settings.get("window.language")))
    window = MainWindow(home=home, library=Library(conn, home), settings=settings)
    gc_policy.enable()
    gc_policy.settle()
    if screenshot:
        return _screenshot_and_quit(app, window, file, Path(screenshot))
    if instance is not None:
        instance.setParent(window)
        instance.fileReceived.connect(window.open_path)
        instance.activationRequested.connect(window.raise_to_front)
    open_at_launch(window, file)
    window.show()
    return app.exec()


def open_at_launch(window: MainWindow, file: str | None) -> None:
    """Open the book named on the command line, else the last one read if it is still there,
    in place of the library: the window comes up on the book being opened, not the library."""
    last = window.settings.get("library.last_book")
    to_open = file or (last if last and Path(last).exists() else None)
    if to_open:
        window.open_path(to_open, launching=True)


def _screenshot_and_quit(app: QApplication, window: MainWindow, file: str | None, out: Path) -> int:
    result = {"code": 1}

    def shoot() -> None:
        window.reader.epub_view.relayout_now()
        window.grab().save(str(out), "PNG")
        result["code"] = 0
        app.quit()

    def failed(message: str) -> None:
        print(message, file=sys.stderr)
        app.quit()

    window.resize(1200, 850)
    window.show()
    window.openFailed.connect(failed)
    window.bookOpened.connect(lambda _book: QTimer.singleShot(300, shoot))
    if file:
        window.open_path(file)
    else:
        QTimer.singleShot(300, shoot)
    QTimer.singleShot(120_000, app.quit)
    app.exec()
    return result["code"]

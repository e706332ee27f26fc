"""Starting the Qt application: the QApplication, the library folder and database, the window."""

from __future__ import annotations

import logging
import sqlite3
import sys
from pathlib import Path

from reader_app import APP_NAME, __version__
from reader_app.paths import assets_dir, library_home
from reader_app.store.db import connect


def name_application() -> None:
    """The names the library folder is made from (Qt's AppDataLocation); no application needed."""
    from PySide6.QtCore import QCoreApplication

    QCoreApplication.setApplicationName(APP_NAME)
    QCoreApplication.setApplicationVersion(__version__)
    QCoreApplication.setOrganizationName(APP_NAME)


def create_application() -> object:
    from PySide6.QtGui import QIcon
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance()
    if app is None:
        app = QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    name_application()
    app.setApplicationDisplayName(APP_NAME)
    app.setDesktopFileName("pagemate")
    icon = assets_dir() / "icons" / "pagemate.svg"
    if icon.exists():
        app.setWindowIcon(QIcon(str(icon)))
    return app


def library_folder() -> Path:
    """The library folder: Qt's AppDataLocation unless READER_APP_HOME is set."""
    from PySide6.QtCore import QStandardPaths

    default = Path(QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation))
    return library_home(default)


def folder_and_head_start(file: str | None) -> Path:
    """The library folder, known before the application is made, and a head start on `file`:
    parsed in a child process (books/opening/ahead.py) while the application and the window are
    made (about half a second), so that its open reads the result from the cache."""
    name_application()
    home = library_folder()
    if file:
        from reader_app.books.opening.ahead import parse_ahead

        parse_ahead(file, home)
    return home


def open_library() -> tuple[Path, sqlite3.Connection]:
    """The library folder and its database. Raises LibraryError (full, read-only, damaged)."""
    home = library_folder()
    return home, connect(home)


def run_app(*, file: str | None, screenshot: str | None) -> int:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    # faiss reports every CPU-specific build it tries before the one that loads.
    logging.getLogger("faiss.loader").setLevel(logging.WARNING)
    home = folder_and_head_start(None if screenshot else file)
    from reader_app.ui.library.library_recovery import open_or_recover
    from reader_app.ui.translation import install_language
    from reader_app.ui.window.launch import launch

    create_application()
    # The system's language until the library's setting can be read (`launch` installs it):
    # a full, read-only or damaged library is explained first, in the reader's language.
    install_language("system")
    conn = open_or_recover(home)
    if conn is None:
        return 1
    return launch(home=home, conn=conn, file=file, screenshot=screenshot)

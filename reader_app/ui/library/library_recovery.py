"""At start-up, a library that cannot be opened is explained, and a damaged one can be rebuilt."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path

from PySide6.QtWidgets import QMessageBox

from reader_app import APP_NAME
from reader_app.errors import LibraryError
from reader_app.store.db import connect
from reader_app.store.rebuild import rebuild_library
from reader_app.ui.translation import Plurals, said, translate


def open_or_recover(
    home: Path,
    *,
    ask: Callable[[str], bool] | None = None,
    tell: Callable[[str], None] | None = None,
) -> sqlite3.Connection | None:
    """The library's database, or None when it cannot be used and the reader was told why.

    A damaged database is rebuilt from the book files if the reader agrees (`ask`); `tell`
    shows the outcome. Both default to message boxes.
    """
    ask = ask or _ask_box
    tell = tell or _tell_box
    try:
        return connect(home)
    except LibraryError as error:
        if not error.damaged:
            tell(said(error))
            return None
        # An empty index holds nothing to keep: it is rebuilt at once, and the reader told.
        if not error.empty and not ask(f"{said(error)}\n\n" + translate(
                "LibraryRecovery", "Rebuild the library index now?")):
            return None
        first = f"{said(error)} " if error.empty else ""
    try:
        report = rebuild_library(home)
        conn = connect(home)
    except LibraryError as error:
        tell(translate("LibraryRecovery", "The library could not be rebuilt: {error}").format(
            error=said(error)))
        return None
    missing = (
        Plurals().files_missing(len(report.missing)) if report.missing else ""
    )
    tell(
        first
        + Plurals().books_rebuilt(report.books)
        + Plurals().positions_kept(report.positions)
        + missing
        + translate("LibraryRecovery", " The damaged file was kept as “{name}”.").format(
            name=report.damaged_copy.name)
    )
    return conn


def _ask_box(message: str) -> bool:
    answer = QMessageBox.question(None, APP_NAME, message)
    return answer == QMessageBox.StandardButton.Yes


def _tell_box(message: str) -> None:
    QMessageBox.information(None, APP_NAME, message)

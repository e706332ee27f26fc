"""Library faults a reader can meet (full disk, read-only folder, damaged database), explained."""

from __future__ import annotations

import errno
import sqlite3
from pathlib import Path

from reader_app.errors import LibraryError
from reader_app.paths import database_path
from reader_app.translatable import QT_TRANSLATE_NOOP, sentence

_DAMAGE_SIGNS = ("not a database", "malformed", "file is encrypted", "disk image")


def explain_library_fault(error: BaseException, *, home: Path) -> LibraryError | None:
    """What to tell the reader about `error` from the library folder; None if it is not one."""
    text = str(error).lower()
    if isinstance(error, sqlite3.DatabaseError) and any(s in text for s in _DAMAGE_SIGNS):
        return LibraryError(
            sentence(QT_TRANSLATE_NOOP(
                "Errors", "The library index ({name} in {home}) is damaged. Pagemate can rebuild "
                "it from your book files, keeping the reading positions it can still read."),
                name=database_path(home).name, home=str(home)),
            damaged=True,
        )
    code = getattr(error, "errno", None)
    if "disk is full" in text or "no space left" in text or code in (errno.ENOSPC, errno.EFBIG):
        return LibraryError(
            sentence(QT_TRANSLATE_NOOP(
                "Errors", "The disk holding the library ({home}) is full. Free some space and try "
                "again; nothing was lost."), home=str(home))
        )
    read_only = "readonly" in text or "read-only" in text or "unable to open database" in text
    if read_only or isinstance(error, PermissionError) or code in (errno.EROFS, errno.EACCES):
        return LibraryError(
            sentence(QT_TRANSLATE_NOOP(
                "Errors", "Pagemate cannot write to its library folder ({home}): it is read-only "
                "or not yours. Check its permissions, or set READER_APP_HOME to another folder."),
                home=str(home)),
            read_only=True,
        )
    return None


def damaged_library(error: BaseException, *, home: Path) -> LibraryError:
    """The damaged-library sentence for an error opening the database that says nothing more
    useful (a damaged schema page can make SQLite's message undecodable: UnicodeDecodeError)."""
    return LibraryError(
        sentence(QT_TRANSLATE_NOOP(
            "Errors", "The library index ({name} in {home}) is damaged ({kind}). Pagemate can "
            "rebuild it from your book files, keeping the reading positions it can still read."),
            name=database_path(home).name, home=str(home), kind=type(error).__name__),
        damaged=True,
    )


def empty_library(home: Path) -> LibraryError:
    return LibraryError(
        sentence(QT_TRANSLATE_NOOP(
            "Errors", "The library index ({name} in {home}) was empty; rebuilding it from your "
            "books. Reading positions could not be recovered."),
            name=database_path(home).name, home=str(home)),
        damaged=True,
        empty=True,
    )

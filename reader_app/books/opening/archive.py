"""CBR (RAR 4 and 5), CB7 and CBT comics: the CBZ reader's pages and ComicInfo, from libarchive."""

from __future__ import annotations

from pathlib import Path

from reader_app.books.files.safearchive import ArchiveKind, ArchiveResourceLoader, SafeArchive
from reader_app.books.model import Book, BookFormat
from reader_app.books.opening.cbz import read_comic

ARCHIVE_KINDS: dict[BookFormat, ArchiveKind] = {"cbr": "rar", "cb7": "7z", "cbt": "tar"}


def _read(path: Path, *, book_id: str, book_format: BookFormat) -> Book:
    kind = ARCHIVE_KINDS[book_format]
    with SafeArchive(path, kind=kind) as archive:
        return read_comic(
            archive,
            book_id=book_id,
            book_format=book_format,
            load_resource=ArchiveResourceLoader(path, kind=kind),
        )


def read_cbr(path: Path, *, book_id: str) -> Book:
    """Parse the RAR comic at `path`. Raises BookError with a reader-facing reason."""
    return _read(path, book_id=book_id, book_format="cbr")


def read_cb7(path: Path, *, book_id: str) -> Book:
    """Parse the 7-Zip comic at `path`. Raises BookError with a reader-facing reason."""
    return _read(path, book_id=book_id, book_format="cb7")


def read_cbt(path: Path, *, book_id: str) -> Book:
    """Parse the tar comic at `path`. Raises BookError with a reader-facing reason."""
    return _read(path, book_id=book_id, book_format="cbt")


def archive_loader(book_format: str, path: Path) -> ArchiveResourceLoader | None:
    """The resource loader a cached comic of this format needs again, or None if not an archive
    this module reads."""
    for archive_format, kind in ARCHIVE_KINDS.items():
        if archive_format == book_format:
            return ArchiveResourceLoader(path, kind=kind)
    return None

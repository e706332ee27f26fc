"""Which format a file is (by content, extension as a hint), and the table of format readers."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from reader_app.books.files.safezip import (
    SafeZip,
    read_head,
    require_regular_file,
    unreadable_file_error,
)
from reader_app.books.model import Book, BookFormat
from reader_app.digest import file_sha256
from reader_app.errors import BookError, UnsupportedFormatError

EPUB_MIMETYPE = b"application/epub+zip"
MOBI_SIGNATURES = (b"BOOKMOBI", b"TEXtREAd")  # the Palm database type and creator
IMAGE_EXTENSIONS = frozenset({".jpg", ".jpeg", ".png", ".gif", ".webp", ".bmp"})

BookReader = Callable[..., Book]  # reader(path, *, book_id=...) -> Book

# File signatures of formats people will try to open, so we can say what the file is.
_KNOWN_OTHER_FORMATS: tuple[tuple[bytes, str], ...] = (
    (b"%PDF", "a PDF document"),
    (b"Rar!", "a RAR archive (CBR comics are not supported yet; repack it as CBZ)"),
    (b"7z\xbc\xaf\x27\x1c", "a 7-Zip archive (CB7 comics are not supported; repack it as CBZ)"),
    (b"\x1f\x8b", "a gzip file"),
)


def _readers() -> dict[BookFormat, BookReader]:
    # Imported here so that adding a format is one module and one row.
    from reader_app.books.content.epub import read_epub
    from reader_app.books.content.mobi import read_mobi
    from reader_app.books.opening.cbz import read_cbz

    return {"epub": read_epub, "cbz": read_cbz, "mobi": read_mobi}


def sniff_format(path: Path) -> BookFormat:
    """ "epub" or "cbz" from the file's content; the extension only breaks ties."""
    head = read_head(path, 68)
    if path.is_dir():
        raise BookError(path, "it is a folder, not a book file.")
    if not head and path.is_file() and path.stat().st_size == 0:
        raise BookError(path, "the file is empty.")
    if len(head) >= 68 and head[60:68] in MOBI_SIGNATURES:  # MOBI, AZW3, AZW, PRC alike
        return "mobi"
    if head and not head.startswith(b"PK"):
        raise UnsupportedFormatError(path, _describe_other(head))
    suffix = path.suffix.lower()
    with SafeZip(path) as archive:
        if "mimetype" in archive:
            mimetype = archive.read("mimetype", max_size=1024).strip()
            if mimetype == EPUB_MIMETYPE:
                return "epub"
        if "META-INF/container.xml" in archive or suffix == ".epub":
            return "epub"
        if suffix == ".cbz" or any(_is_image_name(name) for name in archive.names):
            return "cbz"
    raise UnsupportedFormatError(
        path, "it is a zip archive but neither an EPUB book nor a CBZ comic (no pages found)."
    )


def read_book(path: Path, *, book_id: str | None = None) -> Book:
    """Parse the book at `path` into the book model. Raises a BookError naming file and reason.

    `book_id` is the file's SHA-256 when the caller has already computed it.
    """
    path = Path(path)
    require_regular_file(path)
    book_format = sniff_format(path)
    if book_id is None:
        try:
            book_id = file_sha256(path)
        except OSError as error:
            raise unreadable_file_error(path, error) from error
    return _readers()[book_format](path, book_id=book_id)


def _is_image_name(name: str) -> bool:
    dot = name.rfind(".")
    return dot >= 0 and name[dot:].lower() in IMAGE_EXTENSIONS


def _describe_other(head: bytes) -> str:
    for signature, description in _KNOWN_OTHER_FORMATS:
        if head.startswith(signature):
            return f"it is {description}. Pagemate opens EPUB books and CBZ comics."
    return "it is not an EPUB book or a CBZ comic (it is not even a zip archive)."

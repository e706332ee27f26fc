"""Which format a file is (by content, extension as a hint), and the table of format readers."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from reader_app.books.content.fb2 import is_fb2_head
from reader_app.books.files.safezip import (
    SafeZip,
    read_head,
    require_regular_file,
    unreadable_file_error,
)
from reader_app.books.files.textdecode import looks_like_text
from reader_app.books.model import Book, BookFormat
from reader_app.digest import file_sha256
from reader_app.errors import BookError, UnsupportedFormatError

EPUB_MIMETYPE = b"application/epub+zip"
TEXT_SUFFIXES: dict[str, BookFormat] = {
    ".txt": "txt", ".text": "txt", ".md": "markdown", ".markdown": "markdown"
}
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
    from reader_app.books.content.fb2 import read_fb2
    from reader_app.books.content.markdown import read_markdown
    from reader_app.books.content.plaintext import read_plain_text
    from reader_app.books.opening.cbz import read_cbz

    return {
        "epub": read_epub,
        "cbz": read_cbz,
        "fb2": read_fb2,
        "txt": read_plain_text,
        "markdown": read_markdown,
    }


def sniff_format(path: Path) -> BookFormat:
    """The book's format from the file's content; the extension only breaks ties (and names a
    text file, which has no signature of its own)."""
    head = read_head(path, 2048)
    if path.is_dir():
        raise BookError(path, "it is a folder, not a book file.")
    if not head and path.is_file() and path.stat().st_size == 0:
        raise BookError(path, "the file is empty.")
    suffix = path.suffix.lower()
    if head and not head.startswith(b"PK"):
        return _unzipped_format(path, head, suffix)
    with SafeZip(path) as archive:
        if "mimetype" in archive:
            mimetype = archive.read("mimetype", max_size=1024).strip()
            if mimetype == EPUB_MIMETYPE:
                return "epub"
        if "META-INF/container.xml" in archive or suffix == ".epub":
            return "epub"
        if path.name.lower().endswith(".fb2.zip") or any(
            name.lower().endswith(".fb2") for name in archive.names
        ):
            return "fb2"
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


def _unzipped_format(path: Path, head: bytes, suffix: str) -> BookFormat:
    """An FB2 by its root element; a text file by its extension, once it is seen to be text."""
    if is_fb2_head(head) or (suffix == ".fb2" and looks_like_text(head)):
        return "fb2"
    if suffix in TEXT_SUFFIXES:
        if not looks_like_text(head):
            raise UnsupportedFormatError(
                path, "its name says it is text, but it holds binary data, so it is not a book "
                "Pagemate can read (it may be damaged, or named wrongly).",
            )
        return TEXT_SUFFIXES[suffix]
    raise UnsupportedFormatError(path, _describe_other(head[:68]))


def _is_image_name(name: str) -> bool:
    dot = name.rfind(".")
    return dot >= 0 and name[dot:].lower() in IMAGE_EXTENSIONS


def _describe_other(head: bytes) -> str:
    for signature, description in _KNOWN_OTHER_FORMATS:
        if head.startswith(signature):
            return f"it is {description}. Pagemate opens EPUB, FB2 and text books and CBZ comics."
    if len(head) >= 68 and head[60:68] in (b"BOOKMOBI", b"TEXtREAd"):
        return "it is a Kindle/MOBI book. Pagemate opens EPUB, FB2 and text books and CBZ comics."
    return "it is not an EPUB, FB2 or text book, nor a CBZ comic (it is not even a zip archive)."

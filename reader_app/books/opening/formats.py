"""Which format a file is (by content, extension as a hint), and the table of format readers."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from reader_app.books.content.fb2 import is_fb2_head
from reader_app.books.files.safezip import (
    SafeZip,
    ZipResourceLoader,
    read_head,
    require_regular_file,
    unreadable_file_error,
)
from reader_app.books.files.textdecode import looks_like_text
from reader_app.books.model import Book, BookFormat
from reader_app.digest import file_sha256
from reader_app.errors import BookError, UnsupportedFormatError
from reader_app.translatable import QT_TRANSLATE_NOOP, Sentence, sentence

EPUB_MIMETYPE = b"application/epub+zip"
MOBI_SIGNATURES = (b"BOOKMOBI", b"TEXtREAd")  # the Palm database type and creator
TEXT_SUFFIXES: dict[str, BookFormat] = {
    ".txt": "txt", ".text": "txt", ".md": "markdown", ".markdown": "markdown"
}
IMAGE_EXTENSIONS = frozenset({".jpg", ".jpeg", ".png", ".gif", ".webp", ".bmp"})

BookReader = Callable[..., Book]  # reader(path, *, book_id=...) -> Book

# A tar's "ustar" magic sits at 257, a PDF's header within 1,024, an FB2's root element within
# its first couple of kilobytes.
HEAD_BYTES = 2048
# What Pagemate opens, for the sentence that says a file is something else.
OPENS = QT_TRANSLATE_NOOP(
    "Errors", "Pagemate opens EPUB, FB2, text and Markdown books, MOBI and AZW3 books without "
    "DRM, PDF documents and CBZ, CBR, CB7 and CBT comics.")

# File signatures of formats people will try to open, so we can say what the file is.
_KNOWN_OTHER_FORMATS: tuple[tuple[bytes, str], ...] = (
    (b"\x1f\x8b", QT_TRANSLATE_NOOP("Errors", "a gzip file")),
    (b"TPZ", QT_TRANSLATE_NOOP("Errors", "a Kindle Topaz book, a format Amazon never documented")),
    (b"\xeaDRMION\xee", QT_TRANSLATE_NOOP(
        "Errors", "a Kindle KFX book protected by DRM (its text is encrypted)")),
    (b"CONT\x02\x00", QT_TRANSLATE_NOOP(
        "Errors", "a Kindle KFX book, a format Amazon never documented")),
)
# Archive signatures by content; a comic inside decides the rest (`archive.py`).
_ARCHIVE_SIGNATURES: tuple[tuple[bytes, BookFormat], ...] = (
    (b"Rar!\x1a\x07\x00", "cbr"),  # RAR 4
    (b"Rar!\x1a\x07\x01\x00", "cbr"),  # RAR 5
    (b"7z\xbc\xaf\x27\x1c", "cb7"),
)


def _readers() -> dict[BookFormat, BookReader]:
    # Imported here so that adding a format is one module and one row.
    from reader_app.books.content.epub import read_epub
    from reader_app.books.content.fb2 import read_fb2
    from reader_app.books.content.markdown import read_markdown
    from reader_app.books.content.mobi import read_mobi
    from reader_app.books.content.plaintext import read_plain_text
    from reader_app.books.opening.archive import read_cb7, read_cbr, read_cbt
    from reader_app.books.opening.cbz import read_cbz
    from reader_app.books.opening.pdf import read_pdf

    return {"epub": read_epub, "cbz": read_cbz, "cbr": read_cbr, "cb7": read_cb7, "cbt": read_cbt,
            "pdf": read_pdf, "mobi": read_mobi, "fb2": read_fb2, "txt": read_plain_text,
            "markdown": read_markdown}


def sniff_format(path: Path) -> BookFormat:
    """The book's format from the file's content; the extension only breaks ties (and names a
    text file, which has no signature of its own)."""
    head = read_head(path, HEAD_BYTES)
    if path.is_dir():
        raise BookError(path, sentence(QT_TRANSLATE_NOOP(
            "Errors", "it is a folder, not a book file.")))
    if not head and path.is_file() and path.stat().st_size == 0:
        raise BookError(path, sentence(QT_TRANSLATE_NOOP(
            "Errors", "the file is empty.")))
    if len(head) >= 68 and head[60:68] in MOBI_SIGNATURES:  # MOBI, AZW3, AZW, PRC alike
        return "mobi"
    for signature, archive_format in _ARCHIVE_SIGNATURES:
        if head.startswith(signature):
            return archive_format
    if head[257:262] == b"ustar":  # POSIX and GNU tar (pre-POSIX tar carries no magic)
        return "cbt"
    # The header may follow up to a kilobyte of anything (PDF 1.7, 7.5.2).
    if not head.startswith(b"PK") and b"%PDF-" in head[:1024]:
        return "pdf"
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
    raise UnsupportedFormatError(path, sentence(QT_TRANSLATE_NOOP(
        "Errors", "it is a zip archive but neither an EPUB book nor a CBZ comic (no pages "
        "found).")))


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


def resource_loader(book_format: str, path: Path) -> Callable[[str], bytes] | None:
    """How a book of this format, parsed before (the model cache), reads its pictures again
    from `path`; None where they are in the model itself (FB2, text and Markdown)."""
    from reader_app.books.content.mobi import MobiResourceLoader
    from reader_app.books.opening.archive import archive_loader

    if book_format in ("fb2", "txt", "markdown"):
        return None
    if book_format == "mobi":  # its pictures are records of the file
        return MobiResourceLoader(path)
    return archive_loader(book_format, path) or ZipResourceLoader(path)


def _unzipped_format(path: Path, head: bytes, suffix: str) -> BookFormat:
    """An FB2 by its root element; a text file by its extension, once it is seen to be text."""
    if is_fb2_head(head) or (suffix == ".fb2" and looks_like_text(head)):
        return "fb2"
    if suffix in TEXT_SUFFIXES:
        if not looks_like_text(head):
            raise UnsupportedFormatError(path, sentence(QT_TRANSLATE_NOOP(
                "Errors", "its name says it is text, but it holds binary data, so it is not a "
                "book Pagemate can read (it may be damaged, or named wrongly).")))
        return TEXT_SUFFIXES[suffix]
    raise UnsupportedFormatError(path, _describe_other(head))


def _is_image_name(name: str) -> bool:
    dot = name.rfind(".")
    return dot >= 0 and name[dot:].lower() in IMAGE_EXTENSIONS


def _describe_other(head: bytes) -> Sentence:
    for signature, description in _KNOWN_OTHER_FORMATS:
        if head.startswith(signature):
            return sentence(QT_TRANSLATE_NOOP("Errors", "it is {what}. {opens}"),
                            what=sentence(description), opens=sentence(OPENS))
    if head.startswith(b"Rar!"):
        return sentence(QT_TRANSLATE_NOOP(
            "Errors", "it is a RAR archive of a version Pagemate cannot read. {opens}"),
            opens=sentence(OPENS))
    return sentence(QT_TRANSLATE_NOOP(
        "Errors", "it is not an EPUB, MOBI, FB2 or PDF book, nor a comic (it is not even a zip, "
        "RAR, 7z or tar archive); a text book is opened by its name ending in .txt or .md."))


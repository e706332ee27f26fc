"""Comics into the book model: image pages in natural order, ComicInfo.xml metadata; CBZ here,
and the same for CBR, CB7 and CBT (`archive.py`) through `read_comic`."""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from lxml import etree

from reader_app.books.files.budget import optional_document
from reader_app.books.files.numbers import bounded_int, natural_number_key
from reader_app.books.files.safezip import SafeZip, ZipResourceLoader
from reader_app.books.files.xmlsafe import local_name
from reader_app.books.model import (
    Block,
    BlockKind,
    Book,
    BookFormat,
    Locator,
    Metadata,
    Section,
    Series,
    TocEntry,
)
from reader_app.books.pictures.covers import check_image_size
from reader_app.errors import BookError
from reader_app.translatable import QT_TRANSLATE_NOOP, Sentence, note, sentence

PAGE_EXTENSIONS = frozenset({".jpg", ".jpeg", ".png", ".gif", ".webp", ".bmp"})
COMIC_INFO = "ComicInfo.xml"
# How many pages have their magic bytes checked when opening (the rest are checked on display).
PAGES_SNIFFED = 3
HEADER_BYTES = 1 << 16
# Pages whose headers are read in one walk through the archive (64 KiB each held at once).
HEADERS_AT_ONCE = 64
MAX_PAGES = 100_000  # more than the member cap allows; bounds page indexes in ComicInfo

_DIGITS = re.compile(r"([0-9]+)")


@dataclass(frozen=True, slots=True)
class _PageInfo:
    front_cover: bool = False
    double_page: bool = False


def natural_key(name: str) -> tuple[tuple[int, str], ...]:
    """Sort key putting "2.jpg" before "10.jpg", folder by folder, case-insensitively."""
    key: list[tuple[int, str]] = []
    for part in name.replace("\\", "/").split("/"):
        for index, piece in enumerate(_DIGITS.split(part.lower())):
            if index % 2:
                key.append((0, natural_number_key(piece)))
            elif piece:
                key.append((1, piece))
        key.append((-1, ""))  # folder boundary sorts before any content
    return tuple(key)


def image_kind(head: bytes) -> str | None:
    """The image format named by the magic bytes at the start of a file, or None."""
    if head.startswith(b"\xff\xd8\xff"):
        return "jpeg"
    if head.startswith(b"\x89PNG\r\n\x1a\n"):
        return "png"
    if head.startswith((b"GIF87a", b"GIF89a")):
        return "gif"
    if head.startswith(b"RIFF") and head[8:12] == b"WEBP":
        return "webp"
    if head.startswith(b"BM"):
        return "bmp"
    return None


def is_page_name(name: str) -> bool:
    base = posixpath.basename(name)
    if not base or base.startswith(".") or name.startswith("__MACOSX/"):
        return False
    return posixpath.splitext(base)[1].lower() in PAGE_EXTENSIONS


class ComicArchive(Protocol):
    """The archive a comic's pages come from: `SafeZip` (CBZ) or `SafeArchive` (CBR, CB7, CBT)."""

    path: Path
    names: tuple[str, ...]

    def read(self, name: str, *, max_size: int | None = None) -> bytes: ...

    def peek_all(self, names: Iterable[str], count: int) -> dict[str, bytes]: ...


def read_cbz(path: Path, *, book_id: str) -> Book:
    """Parse the CBZ at `path`. Raises BookError with a reader-facing reason."""
    with SafeZip(path) as archive:
        return read_comic(
            archive, book_id=book_id, book_format="cbz", load_resource=ZipResourceLoader(path)
        )


def read_comic(
    archive: ComicArchive,
    *,
    book_id: str,
    book_format: BookFormat,
    load_resource: Callable[[str], bytes],
) -> Book:
    """A comic from its archive, whatever the container: image pages in natural order, checked
    for what they are and how large they claim to be, and ComicInfo.xml's metadata."""
    path = archive.path
    notes: list[Sentence] = []
    pages = sorted((n for n in archive.names if is_page_name(n)), key=natural_key)
    if not pages:
        raise BookError(path, sentence(QT_TRANSLATE_NOOP(
            "Errors", "this comic has no pages (no images inside the archive).")))
    sniffed = archive.peek_all(pages[:PAGES_SNIFFED], 16)
    if not any(image_kind(head) for head in sniffed.values()):
        raise BookError(
            path,
            sentence(QT_TRANSLATE_NOOP(
                "Errors", "its pages are not images (the files are named like pictures but "
                "contain something else); the comic is damaged.")),
        )
    for start in range(0, len(pages), HEADERS_AT_ONCE):
        # Headers only (the first 64 KiB holds the size of every format we accept), so a page
        # claiming a giant size is refused before anything tries to decode it.
        batch = pages[start:start + HEADERS_AT_ONCE]
        heads = archive.peek_all(batch, HEADER_BYTES)
        for name in batch:
            check_image_size(heads.get(name, b""), source=path, name=name)
    info_name = next((n for n in archive.names if n.lower() == COMIC_INFO.lower()), None)
    info = (
        optional_document(archive, info_name, notes,
                          what=note(QT_TRANSLATE_NOOP("BookNotes", "comic information")))
        if info_name is not None
        else None
    )
    page_info = _page_info(info)
    sections = tuple(
        Section(
            index=index,
            name=name,
            title=f"Page {index + 1}",
            blocks=(Block(kind=BlockKind.IMAGE, image=name),),
            double_page=page_info.get(index, _PageInfo()).double_page,
        )
        for index, name in enumerate(pages)
    )
    cover_index = next((i for i, p in sorted(page_info.items()) if p.front_cover), 0)
    cover = pages[cover_index] if cover_index < len(pages) else pages[0]
    return Book(
        book_id=book_id,
        path=path,
        format=book_format,
        metadata=_metadata(info, path),
        sections=sections,
        toc=tuple(TocEntry(title=s.title, target=_page_locator(s.index)) for s in sections),
        cover=cover,
        load_resource=load_resource,
        notes=tuple(notes),
    )


def _page_locator(index: int) -> Locator:
    return Locator(index, 0, 0)


def _fields(info: etree._Element | None) -> dict[str, str]:
    if info is None:
        return {}
    return {
        local_name(el): (el.text or "").strip()
        for el in info
        if local_name(el) and (el.text or "").strip()
    }


def _metadata(info: etree._Element | None, path: Path) -> Metadata:
    fields = _fields(info)
    series = None
    if fields.get("series"):
        series = Series(fields["series"], _number(fields.get("number"), 1.0))
    writers = tuple(w.strip() for w in fields.get("writer", "").split(",") if w.strip())
    return Metadata(
        title=fields.get("title") or path.stem,
        authors=writers,
        language=fields.get("languageiso", ""),
        description=fields.get("summary", ""),
        publisher=fields.get("publisher", ""),
        identifier=fields.get("gtin", ""),
        series=series,
        right_to_left=fields.get("manga", "").lower() == "yesandrighttoleft",
    )


def _page_info(info: etree._Element | None) -> dict[int, _PageInfo]:
    if info is None:
        return {}
    result: dict[int, _PageInfo] = {}
    for page in info.iter():
        if local_name(page) != "page":
            continue
        image = bounded_int(page.get("Image"), low=-1, high=MAX_PAGES)
        if image is None or image < 0:
            continue
        result[image] = _PageInfo(
            front_cover="frontcover" in (page.get("Type") or "").lower().split(),
            double_page=(page.get("DoublePage") or "").strip().lower() == "true",
        )
    return result


def _number(text: str | None, default: float) -> float:
    try:
        return float((text or "").strip())
    except ValueError:
        return default

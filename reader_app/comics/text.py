"""The words of a comic for the assistant: OCR of each CBZ page, cached, put into the book model."""

from __future__ import annotations

import dataclasses
import hashlib
import io
import json
import logging
import re
import sqlite3
import time
import warnings
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from PIL import Image

from reader_app.books.model import Block, BlockKind, Book, Section
from reader_app.books.pictures.picture_decode import pillow_formats
from reader_app.books.text.segment import split_sentences
from reader_app.cancel import CancelToken
from reader_app.comics.ocr import OcrEngine, OcrFailedError, RapidOcrEngine
from reader_app.comics.reading_order import Box, OcrLine, TextBlock, detect_panels, read_page

log = logging.getLogger(__name__)

# Pages above this many pixels are downscaled before OCR: lettering stays legible, and the
# detector's cost grows with the pixel count (a 6000x9000 scan would take a minute on 2 cores).
OCR_PIXEL_CAP = 4_000_000
# Pages above this are not decoded at all: a decompression bomb, not a comic page.
MAX_PAGE_PIXELS = 150_000_000
DESCRIPTION_LABEL = "[Description]"
# Lines read with less confidence than this are mostly the art read as letters (potion labels,
# textures): on the corpus comics every dialogue line scores 0.93 or more, the labels 0.69-0.85.
# They stay in the OCR cache (a later rule needs no new OCR) but never reach search or answers.
WORTH_READING_SCORE = 0.85
_TOKEN_PUNCTUATION = ".,;:!?…\"'“”‘’()[]{}«»-–—*~"
_WORD = re.compile(r"[^\W\d_]+(?:['’-][^\W\d_]+)*", re.UNICODE)
_NUMBERISH = re.compile(r"[\w/.,:%-]+")
_ADDRESS = re.compile(r"(?:https?://)?[\w-]+(?:\.[A-Za-z][\w-]*)+(?:/\S*)?")  # a credits line
CJK_LANGUAGES = ("zh", "ja", "ko")

ProgressCallback = Callable[[int, int], None]  # (pages done, pages in the book)


@dataclass(frozen=True, slots=True)
class PageText:
    """The text blocks of one comic page, in reading order."""

    page: int  # section index
    content_hash: str  # SHA-256 of the page image bytes
    blocks: tuple[TextBlock, ...]

    @property
    def text(self) -> str:
        return "\n".join(block.text for block in self.blocks)


@dataclass(frozen=True, slots=True)
class ComicText:
    """What OCR found in a comic. Pages that could not be read are listed in `skipped`."""

    book_id: str
    pages: tuple[PageText, ...]
    skipped: tuple[int, ...] = ()
    pages_recognised: int = 0  # pages that went through OCR in this call (not from the cache)
    complete: bool = True  # False when cancelled before the last page

    def page(self, index: int) -> PageText | None:
        for page in self.pages:
            if page.page == index:
                return page
        return None


@dataclass(frozen=True, slots=True)
class _PageScan:
    width: int
    height: int
    lines: tuple[OcrLine, ...]
    panels: tuple[Box, ...]


def page_image_name(section: Section) -> str | None:
    """The image a comic page shows (its first IMAGE block), or None for a page without one."""
    for block in section.blocks:
        if block.kind is BlockKind.IMAGE and block.image:
            return block.image
    return None


def ocr_book(
    conn: sqlite3.Connection,
    home: Path,
    book: Book,
    *,
    progress: ProgressCallback | None = None,
    cancel: CancelToken | None = None,
    engine: OcrEngine | None = None,
    pixel_cap: int = OCR_PIXEL_CAP,
) -> ComicText:
    """OCR every page of `book` in page order, reusing any page already read (by content hash).

    Meant for a worker thread with its own connection. Each page is committed as it is read,
    so a cancelled or interrupted run resumes where it stopped. A page that cannot be decoded
    or read is logged and skipped. `home` is the library folder the connection belongs to.
    """
    del home  # everything is kept in the library database; no files are written
    engine = engine or RapidOcrEngine()
    right_to_left = book.metadata.right_to_left
    language = book.metadata.language.lower()
    pages: list[PageText] = []
    skipped: list[int] = []
    recognised = 0
    total = len(book.sections)
    for done, section in enumerate(book.sections):
        if cancel is not None and cancel.cancelled:
            return ComicText(book.book_id, tuple(pages), tuple(skipped), recognised, False)
        name = page_image_name(section)
        if name is not None:
            try:
                data = book.load_resource(name)
            except Exception as error:  # the book's loader raises its own kinds of errors
                log.warning("Skipped page %d (%s) of %s: unreadable (%s)",
                            section.index + 1, name, book.path.name, error)
                skipped.append(section.index)
            else:
                content_hash = hashlib.sha256(data).hexdigest()
                scan = _cached_scan(conn, content_hash, engine.engine_id)
                if scan is None:
                    scan = _scan_page(data, engine, pixel_cap=pixel_cap, what=(
                        f"page {section.index + 1} ({name}) of {book.path.name}"))
                    if scan is not None:
                        _store_scan(conn, content_hash, engine.engine_id, scan)
                        recognised += 1
                if scan is None:
                    skipped.append(section.index)
                else:
                    pages.append(_page_text(section.index, content_hash, scan, language=language,
                                            right_to_left=right_to_left))
        if progress is not None:
            progress(done + 1, total)
    return ComicText(book.book_id, tuple(pages), tuple(skipped), recognised, True)


def _page_text(
    page: int, content_hash: str, scan: _PageScan, *, language: str, right_to_left: bool
) -> PageText:
    """A scanned page's text worth reading, in reading order."""
    lines = [ln for ln in scan.lines if _fits_language(ln.text, language) and worth_reading(ln)]
    blocks = read_page(lines, panels=scan.panels, right_to_left=right_to_left)
    return PageText(page, content_hash, tuple(blocks))


def cached_text(
    conn: sqlite3.Connection, book: Book, *, engine_id: str, hashes: Mapping[int, str]
) -> ComicText:
    """What OCR has read of `book` so far, from the cache alone (no OCR is run): the pages whose
    image hash (`hashes`, page -> SHA-256) is cached; `complete` when every page is."""
    pages = []
    for page, content_hash in sorted(hashes.items()):
        scan = _cached_scan(conn, content_hash, engine_id)
        if scan is not None:
            pages.append(_page_text(page, content_hash, scan,
                                    language=book.metadata.language.lower(),
                                    right_to_left=book.metadata.right_to_left))
    return ComicText(book.book_id, tuple(pages), complete=len(pages) == len(hashes))


def cached_pages(conn: sqlite3.Connection, hashes: Mapping[int, str], *, engine_id: str) -> int:
    """How many of the pages (page -> image hash) OCR has read: one query."""
    wanted = set(hashes.values())
    if not wanted:
        return 0
    rows = conn.execute(
        f"SELECT content_hash FROM ocr_pages WHERE engine = ? AND content_hash IN "
        f"({', '.join('?' * len(wanted))})",
        (engine_id, *wanted),
    ).fetchall()
    found = {row[0] for row in rows}
    return sum(1 for h in hashes.values() if h in found)


def with_page_text(
    book: Book, texts: ComicText, *, descriptions: Mapping[int, str] | None = None
) -> Book:
    """`book` with each page's text blocks after its image, so sentences, chunks, index and
    boundary work as for an EPUB with the page as the unit. A page description, when given,
    comes last, each sentence labelled, so a citation of it reads as a description, not a
    quote."""
    descriptions = descriptions or {}
    by_page = {page.page: page for page in texts.pages}
    sections = []
    for section in book.sections:
        extra = [
            Block(kind=BlockKind.PARAGRAPH, text=block.text)
            for block in (by_page[section.index].blocks if section.index in by_page else ())
            if block.text.strip()
        ]
        description = descriptions.get(section.index, "").strip()
        # One labelled block per sentence: a passage cut from the middle of a description
        # still says it is one.
        extra.extend(
            Block(kind=BlockKind.PARAGRAPH, text=labelled_description(description[start:end]))
            for start, end in split_sentences(description)
        )
        kept = tuple(b for b in section.blocks if b.kind is BlockKind.IMAGE)
        sections.append(dataclasses.replace(section, blocks=(*kept, *extra)))
    return dataclasses.replace(book, sections=tuple(sections))


def labelled_description(description: str) -> str:
    return f"{DESCRIPTION_LABEL} {description}"


def is_description(text: str) -> bool:
    """True for a block (or sentence) that is a page description rather than words on the page."""
    return text.startswith(DESCRIPTION_LABEL)


def page_content_hash(book: Book, section: Section) -> str | None:
    """SHA-256 of a page's image bytes, the key its OCR and description are stored under."""
    name = page_image_name(section)
    if name is None:
        return None
    try:
        return hashlib.sha256(book.load_resource(name)).hexdigest()
    except Exception as error:  # the book's loader raises its own kinds of errors
        log.warning("Page %d of %s is unreadable: %s", section.index + 1, book.path.name, error)
        return None


def worth_reading(line: OcrLine) -> bool:
    """Whether an OCR line is text a reader would read: read with confidence, and mostly words
    (not "VIOL6(M" or a lone page number). What fails is kept out of search and answers."""
    return line.score >= WORTH_READING_SCORE and mostly_words(line.text)


def mostly_words(text: str) -> bool:
    """At least one word (or a date: a lone page number is not), and at least half of the
    line's tokens are words, web addresses or numbers (letters mixed with digits or symbols, as
    art read as letters gives, are not)."""
    tokens = [t.strip(_TOKEN_PUNCTUATION) for t in text.split()]
    tokens = [t for t in tokens if t]
    words = sum(1 for t in tokens if _WORD.fullmatch(t) or _ADDRESS.fullmatch(t))
    numbers = sum(1 for t in tokens if _number_like(t))
    dated = any(_number_like(t) and sum(c.isdigit() for c in t) >= 4 for t in tokens)
    return (words > 0 or dated) and 2 * (words + numbers) >= len(tokens)


def _number_like(token: str) -> bool:
    """A number or a date, even with a digit read as a letter ("0S/2014"): mostly digits."""
    if not _NUMBERISH.fullmatch(token):
        return False
    digits = sum(c.isdigit() for c in token)
    return digits > 0 and 3 * digits >= 2 * sum(c.isalnum() for c in token)


def _fits_language(text: str, language: str) -> bool:
    """False for a line in a script the comic's language does not use.

    The bundled recogniser reads Chinese and Japanese too, so in a Latin-script comic it now and
    then reads a squiggle of the art as a CJK character; such lines are noise, not text.
    """
    if not language or language.startswith(CJK_LANGUAGES):
        return True
    letters = [c for c in text if c.isalpha()]
    cjk = sum(1 for c in letters if _is_cjk(c))
    return cjk * 2 <= len(letters)


def _is_cjk(char: str) -> bool:
    code = ord(char)
    return (0x3040 <= code <= 0x30FF or 0x3400 <= code <= 0x9FFF or 0xAC00 <= code <= 0xD7AF
            or 0xF900 <= code <= 0xFAFF)


# -- one page -------------------------------------------------------------------------------


def _scan_page(data: bytes, engine: OcrEngine, *, pixel_cap: int, what: str) -> _PageScan | None:
    try:
        image, width, height = _decode_within_cap(data, pixel_cap=pixel_cap)
    except Exception as error:  # any Pillow plugin's own failure (RuntimeError, OverflowError…)
        log.warning("Skipped %s: the image could not be decoded (%s: %s)", what,
                    type(error).__name__, error)
        return None
    try:
        lines = engine.read_lines(image)
    except OcrFailedError as error:
        log.warning("Skipped %s: %s", what, error)
        return None
    scale_x, scale_y = width / image.width, height / image.height
    gray = np.asarray(image.convert("L"))
    panels = tuple(_scale_box(box, scale_x, scale_y) for box in detect_panels(gray))
    return _PageScan(width, height, tuple(_scale_line(line, scale_x, scale_y) for line in lines),
                     panels)


def _decode_within_cap(data: bytes, *, pixel_cap: int) -> tuple[Image.Image, int, int]:
    """The page as RGB at most `pixel_cap` pixels, and its full size (for mapping boxes back)."""
    with warnings.catch_warnings():
        # We enforce our own limit below; Pillow's warning would only be noise.
        warnings.simplefilter("ignore", Image.DecompressionBombWarning)
        opened = Image.open(io.BytesIO(data), formats=pillow_formats())
        width, height = opened.size
        if width * height > MAX_PAGE_PIXELS:
            raise ValueError(f"{width}x{height} pixels is more than any comic page")
        if width * height > pixel_cap:
            factor = (pixel_cap / (width * height)) ** 0.5
            target = (max(1, int(width * factor)), max(1, int(height * factor)))
            opened.draft("RGB", target)  # JPEG decodes at reduced size directly: far cheaper
            image = opened.convert("RGB")
            image.thumbnail(target, Image.Resampling.LANCZOS)
        else:
            image = opened.convert("RGB")
    return image, width, height


def _scale_box(box: Box, scale_x: float, scale_y: float) -> Box:
    return Box(box.left * scale_x, box.top * scale_y, box.right * scale_x, box.bottom * scale_y)


def _scale_line(line: OcrLine, scale_x: float, scale_y: float) -> OcrLine:
    a, b, c, d = ((x * scale_x, y * scale_y) for x, y in line.quad)
    return OcrLine(line.text, (a, b, c, d), line.score)


# -- the cache ------------------------------------------------------------------------------


def _cached_scan(conn: sqlite3.Connection, content_hash: str, engine_id: str) -> _PageScan | None:
    row = conn.execute(
        "SELECT width, height, lines, panels FROM ocr_pages WHERE content_hash = ? AND engine = ?",
        (content_hash, engine_id),
    ).fetchone()
    if row is None:
        return None
    lines = tuple(
        OcrLine(item["text"], _quad(item["quad"]), float(item["score"]))
        for item in json.loads(row[2])
    )
    panels = tuple(Box(*map(float, panel)) for panel in json.loads(row[3]))
    return _PageScan(int(row[0]), int(row[1]), lines, panels)


def _store_scan(
    conn: sqlite3.Connection, content_hash: str, engine_id: str, scan: _PageScan
) -> None:
    lines = [
        {"text": line.text, "quad": [list(point) for point in line.quad], "score": line.score}
        for line in scan.lines
    ]
    panels = [[box.left, box.top, box.right, box.bottom] for box in scan.panels]
    with conn:
        conn.execute(
            """INSERT OR REPLACE INTO ocr_pages
               (content_hash, engine, width, height, lines, panels, created_at)
               VALUES (?, ?, ?, ?, ?, ?, ?)""",
            (content_hash, engine_id, scan.width, scan.height, json.dumps(lines),
             json.dumps(panels), time.time()),
        )


def _quad(points: list[list[float]]) -> tuple[
    tuple[float, float], tuple[float, float], tuple[float, float], tuple[float, float]
]:
    a, b, c, d = ((float(x), float(y)) for x, y in points)
    return (a, b, c, d)

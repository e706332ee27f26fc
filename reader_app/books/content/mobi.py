"""MOBI 6, AZW3 (KF8) and PRC books into the book model, through the same XHTML pipeline as EPUB.

The file's records are read by `mobi_records`, its text decompressed by `mobi_decompress`; KF8
content (an AZW3, or the KF8 half of a joint MOBI, which is preferred) is rebuilt by `kf8`, MOBI 6
markup converted by `mobi6`. What comes out is documents named like an EPUB's members, parsed by
`xhtml.parse_document` with the book's stylesheets, so typography, links and search are EPUB's.
A DRM-locked file is one `DrmProtectedError` sentence; a damaged one one `BookError`.
"""

from __future__ import annotations

from pathlib import Path

from reader_app.books.content.epub import resolve_links
from reader_app.books.content.epub_toc import anchor_table, locate, titled, toc_from_headings
from reader_app.books.content.kf8 import Kf8Reader
from reader_app.books.content.mobi6 import convert_mobi6, convert_palmdoc
from reader_app.books.content.mobi_parts import (
    ConvertedBook,
    TocPoint,
    flow_of,
    font_bytes,
    image_member,
    record_of,
)
from reader_app.books.content.mobi_records import (
    EXTH_AUTHOR,
    EXTH_COVER,
    EXTH_DESCRIPTION,
    EXTH_ISBN,
    EXTH_KF8_BOUNDARY,
    EXTH_LANGUAGE,
    EXTH_PUBLISHER,
    EXTH_TITLE,
    NULL_INDEX,
    MobiHeader,
    PalmDatabase,
    damaged,
    read_header,
    read_record,
)
from reader_app.books.content.mobi_text import TextStream, flow_ranges
from reader_app.books.content.salvage import salvage_blocks
from reader_app.books.content.xhtml import ParsedDocument, parse_document
from reader_app.books.files.budget import BookBudget, count_elements
from reader_app.books.files.xmlsafe import DocumentBeyondLimitsError, parse_html, parse_xml
from reader_app.books.model import Book, EmbeddedFont, Metadata, TocEntry
from reader_app.books.typography.embedded_fonts import MAX_FONTS
from reader_app.books.typography.stylesheets import StyleSheets
from reader_app.errors import BookError, BookTooLargeError
from reader_app.translatable import QT_TRANSLATE_NOOP, note, sentence

MAX_MOBI_FILE = 512 << 20  # the largest Kindle books (illustrated) stay well below


def read_mobi(path: Path, *, book_id: str) -> Book:
    """Parse the MOBI/AZW3/PRC at `path`. Raises BookError (and subclasses) with a reason."""
    try:
        if path.stat().st_size > MAX_MOBI_FILE:
            raise BookTooLargeError(path, sentence(QT_TRANSLATE_NOOP(
                "Errors", "it is larger than any real Kindle book; not opened.")))
        data = path.read_bytes()
    except OSError as error:
        raise BookError(path, sentence(QT_TRANSLATE_NOOP(
            "Errors", "it cannot be read ({detail})."),
            detail=str(error.strerror or error))) from error
    database = PalmDatabase(data, path=path)
    header = read_header(database, 0)
    converted, shown = _convert(database, header)
    sheets = StyleSheets(lambda member: converted.stylesheets[member])
    documents = _parse(database, converted, sheets)
    anchors = anchor_table(documents)
    sections = [resolve_links(n, member, parsed, anchors) for n, (member, parsed) in
                enumerate(documents)]
    toc = _toc(converted.toc, anchors) or toc_from_headings(documents)
    sections = titled(sections, toc, [parsed.first_heading for _, parsed in documents])
    return Book(
        book_id=book_id,
        path=path,
        format="mobi",
        metadata=_metadata(shown, path),
        sections=tuple(sections),
        toc=toc,
        cover=_cover(database, header, converted),
        load_resource=MobiResourceLoader(path),
        notes=tuple(converted.notes),
        inline_resources={k: v for _, parsed in documents for k, v in parsed.resources.items()},
        fonts=tuple(
            EmbeddedFont(family=f.family, member=f.member, bold=f.bold, italic=f.italic)
            for f in sheets.font_faces
            if f.member in converted.images and f.member.startswith("font")
        )[:MAX_FONTS],
    )


def _convert(database: PalmDatabase, header: MobiHeader) -> tuple[ConvertedBook, MobiHeader]:
    """The KF8 content when the file has it (AZW3, or a joint file's second half), else MOBI 6."""
    if database.kind == b"TEXtREAd":
        return convert_palmdoc(book_text(database, header)), header
    boundary = header.exth_number(EXTH_KF8_BOUNDARY)
    kf8 = header
    if header.version < 8 and boundary not in (None, NULL_INDEX):
        assert boundary is not None
        kf8 = read_header(database, boundary)  # its own DRM check too
    if kf8.version >= 8:
        # A joint file's two halves share the MOBI 6 half's pictures (its KF8 header's own
        # first-picture field may point at the FDST record instead).
        first_image = header.first_image if kf8.base else kf8.first_image
        reader = Kf8Reader(database, kf8, TextStream(database, kf8), first_image=first_image)
        return reader.convert(), kf8
    return convert_mobi6(database, header, book_text(database, header)), header


def book_text(database: PalmDatabase, header: MobiHeader) -> bytes:
    """The whole text of a MOBI 6 or PalmDOC book."""
    text = TextStream(database, header).read()
    if not text.strip():
        raise damaged(database.path, "it holds no text")
    return text


def _parse(
    database: PalmDatabase, converted: ConvertedBook, sheets: StyleSheets
) -> list[tuple[str, ParsedDocument]]:
    path = database.path
    budget = BookBudget(path)
    known = set(converted.images) | set(converted.flows)
    documents: list[tuple[str, ParsedDocument]] = []
    for member, data in converted.documents:
        try:
            if converted.html:
                root = parse_html(data, path=path, member=member)
            else:
                root = parse_xml(data, path=path, member=member, html_fallback=True)
        except DocumentBeyondLimitsError:
            blocks = salvage_blocks(data)
            documents.append((member, ParsedDocument(blocks, {}, (), "")))
            converted.notes.append(note(QT_TRANSLATE_NOOP(
                "BookNotes", "Part “{member}” is shown as plain paragraphs (too deep)."),
                member=member))
            continue
        budget.spend(elements=count_elements(root), characters=0)
        parsed = parse_document(root, name=member, has_member=known.__contains__, sheets=sheets)
        budget.spend(elements=0, characters=sum(len(b.text) for b in parsed.blocks))
        converted.notes.extend(parsed.notes)
        documents.append((member, parsed))
    if not documents:
        raise damaged(path, "it holds no text")
    return documents


def _toc(points: list[TocPoint], anchors: dict[str, tuple[int, dict[str, tuple[int, int]]]]
         ) -> tuple[TocEntry, ...]:
    """Nest the flat NCX points by depth."""
    root: list[TocEntry] = []
    stack: list[tuple[int, TocEntry, list[TocEntry]]] = []  # depth, entry, its children

    def close_to(depth: int) -> None:
        while stack and stack[-1][0] >= depth:
            _, entry, children = stack.pop()
            done = TocEntry(entry.title, entry.target, tuple(children))
            (stack[-1][2] if stack else root).append(done)

    for point in points:
        target = locate(anchors, point.member, point.fragment)
        if target is None:
            continue
        close_to(point.depth)
        stack.append((point.depth, TocEntry(point.title or "Untitled", target), []))
    close_to(-1)
    return tuple(root)


def _metadata(header: MobiHeader, path: Path) -> Metadata:
    title = next(iter(header.exth_text(EXTH_TITLE)), "") or header.full_name.strip()
    return Metadata(
        title=title or path.stem,
        authors=tuple(a for a in header.exth_text(EXTH_AUTHOR) if a),
        language=next(iter(header.exth_text(EXTH_LANGUAGE)), ""),
        description=next(iter(header.exth_text(EXTH_DESCRIPTION)), ""),
        publisher=next(iter(header.exth_text(EXTH_PUBLISHER)), ""),
        identifier=next(iter(header.exth_text(EXTH_ISBN)), ""),
    )


def _cover(database: PalmDatabase, header: MobiHeader, converted: ConvertedBook) -> str | None:
    offset = header.exth_number(EXTH_COVER)
    if offset is None or offset == NULL_INDEX or header.first_image == NULL_INDEX:
        return None
    record = header.first_image + offset
    if record >= len(database):
        return None
    member = image_member(record, database.record(record)[:8])
    if member is not None:
        converted.images[member] = record
    return member


class MobiResourceLoader:
    """`Book.load_resource` for a MOBI: a picture member is its database record, or (an SVG in a
    KF8 book) its text flow, read on demand.

    A small class so a parsed `Book` can be pickled into the cache."""

    __slots__ = ("path",)

    def __init__(self, path: Path) -> None:
        self.path = path

    def __call__(self, name: str) -> bytes:
        return self.peek(name, None)

    def peek(self, name: str, count: int | None) -> bytes:
        """The first `count` bytes of the picture (all of it for None)."""
        try:
            record = record_of(name)
            if record is not None:
                data = read_record(self.path, record)
                if name.startswith("font"):
                    data = font_bytes(data)
                return data if count is None else data[:count]
            flow = flow_of(name)
            if flow is None:
                raise BookError(self.path, sentence(QT_TRANSLATE_NOOP(
                    "Errors", "it has no picture “{name}”."), name=name))
            database = PalmDatabase(self.path.read_bytes(), path=self.path)
            header = read_header(database, 0)
            boundary = header.exth_number(EXTH_KF8_BOUNDARY)
            if header.version < 8 and boundary not in (None, NULL_INDEX):
                header = read_header(database, int(boundary or 0))
            stream = TextStream(database, header)
            ranges = flow_ranges(database, header, stream.length)
            if not 0 < flow < len(ranges):
                raise BookError(self.path, sentence(QT_TRANSLATE_NOOP(
                    "Errors", "it has no picture “{name}”."), name=name))
            start, end = ranges[flow]
            return stream.read(start, end if count is None else min(end, start + count))
        except OSError as error:
            raise BookError(self.path, sentence(QT_TRANSLATE_NOOP(
                "Errors", "it cannot be read ({detail})."),
                detail=str(error.strerror))) from error
        except ValueError as error:  # a damaged font record
            raise BookError(self.path, sentence(QT_TRANSLATE_NOOP(
                "Errors", "its font “{name}” is damaged ({detail})."),
                name=name, detail=str(error))) from error

    def __getstate__(self) -> Path:
        return self.path

    def __setstate__(self, state: Path) -> None:
        self.path = state

    def __repr__(self) -> str:
        return f"MobiResourceLoader({str(self.path)!r})"

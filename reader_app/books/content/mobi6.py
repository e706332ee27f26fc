"""MOBI 6 markup (and plain PalmDOC text) into HTML parts the XHTML pipeline reads.

MOBI 6 text is one HTML stream with its own dialect: `<mbp:pagebreak/>` between chapters (each
becomes a part), links by byte offset (`<a filepos=123>`, so an anchor is put at that byte),
pictures by record (`<img recindex="00001">`), and presentation in attributes (`<p height width>`,
`<font size>`) that are turned into the inline CSS the typography reads."""

from __future__ import annotations

import html
import re

from reader_app.books.content.mobi_index import IndexError_, read_index
from reader_app.books.content.mobi_parts import ConvertedBook, TocPoint, image_member
from reader_app.books.content.mobi_records import NULL_INDEX, MobiHeader, PalmDatabase
from reader_app.errors import BookError
from reader_app.translatable import QT_TRANSLATE_NOOP, note, words_of

MAX_TARGETS = 100_000
TAG_REACH = 4096  # a tag is never longer than this in a real book
PARAGRAPHS_PER_PART = 400  # plain PalmDOC text has no chapters to cut at
_FILEPOS = re.compile(rb"""filepos\s*=\s*["']?0*(\d{1,10})["']?""", re.IGNORECASE)
_PAGEBREAK = re.compile(rb"<mbp:pagebreak\s*/?>(?:\s*</mbp:pagebreak>)?", re.IGNORECASE)
_START_TAG = re.compile(rb"<([A-Za-z][\w:.-]*)(\s[^<>]*?)?(/?)>")
_ATTRIBUTE = re.compile(rb"""([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))""")
_LENGTH = re.compile(rb"^-?\d+(?:\.\d+)?(?:em|pt|px|%|ex|in|cm|mm)$")
_ANCHOR_ID = re.compile(rb'id="filepos(\d+)"')
_LINK = re.compile(rb'"mobi-filepos:(\d+)"')
FONT_SIZES = {1: "0.63em", 2: "0.82em", 3: "1em", 4: "1.13em", 5: "1.5em", 6: "2em", 7: "3em"}
SPACED_BLOCKS = frozenset(
    {b"p", b"div", b"blockquote", b"h1", b"h2", b"h3", b"h4", b"h5", b"h6", b"li"}
)


def convert_mobi6(database: PalmDatabase, header: MobiHeader, text: bytes) -> ConvertedBook:
    """The MOBI 6 text as parts cut at page breaks, with anchors for every `filepos` target."""
    out = ConvertedBook(html=True)
    ncx = _ncx(database, header, out)
    targets = {int(m.group(1)) for m in _FILEPOS.finditer(text)} | {o for _, _, o in ncx}
    targets = {t for t in targets if 0 <= t <= len(text)}
    if len(targets) > MAX_TARGETS:
        targets = set(sorted(targets)[:MAX_TARGETS])
        out.notes.append(note(QT_TRANSLATE_NOOP(
            "BookNotes", "The book has more links than Pagemate follows; some lead nowhere.")))
    marked = _anchored(text, targets)
    marked = _START_TAG.sub(lambda m: _rewrite_tag(m, database, header, out), marked)
    pieces = _PAGEBREAK.split(marked)
    where: dict[int, int] = {}
    for number, piece in enumerate(pieces):
        for found in _ANCHOR_ID.finditer(piece):
            where.setdefault(int(found.group(1)), number)

    def link(match: re.Match[bytes]) -> bytes:
        target = int(match.group(1))
        return f'"{part_name(where[target])}#filepos{target}"'.encode() if (
            target in where
        ) else b'"#"'

    codec = header.codec
    for number, piece in enumerate(pieces):
        piece = _LINK.sub(link, piece)
        out.documents.append((part_name(number), _as_ascii(piece, codec)))
    for title, depth, offset in ncx:
        if offset in where:
            out.toc.append(TocPoint(title, depth, part_name(where[offset]), f"filepos{offset}"))
    return out


def convert_palmdoc(text: bytes) -> ConvertedBook:
    """Plain PalmDOC (TEXtREAd) text: paragraphs at blank lines, else at line ends."""
    decoded = text.decode("cp1252", errors="replace").replace("\r\n", "\n")
    paragraphs = re.split(r"\n\s*\n", decoded) if "\n\n" in decoded else decoded.split("\n")
    paragraphs = [" ".join(p.split()) for p in paragraphs if p.strip()]
    out = ConvertedBook(html=True)
    for start in range(0, max(len(paragraphs), 1), PARAGRAPHS_PER_PART):
        shown = paragraphs[start : start + PARAGRAPHS_PER_PART]
        body = "".join(f"<p>{html.escape(p)}</p>" for p in shown)
        page = f"<html><body>{body}</body></html>".encode("ascii", errors="xmlcharrefreplace")
        out.documents.append((part_name(len(out.documents)), page))
    return out


def part_name(number: int) -> str:
    return f"part{number:04d}.html"


def _anchored(text: bytes, targets: set[int]) -> bytes:
    """`text` with `<a id="fileposN"></a>` at each target byte (never inside a tag, and after
    a page break that starts there, so a chapter's anchor is in the chapter)."""
    pieces: list[bytes] = []
    last = 0
    for target in sorted(targets):
        at = target
        # Looked for near the target only: a search to the start for every one of thousands of
        # targets in a text without tags would take hours.
        near = max(at - TAG_REACH, 0)
        opening, closing = text.rfind(b"<", near, at), text.rfind(b">", near, at)
        if opening > closing:
            at = opening  # inside a tag: the tag's start
        pagebreak = _PAGEBREAK.match(text, at)
        if pagebreak:
            at = pagebreak.end()
        at = max(at, last)
        pieces.append(text[last:at])
        pieces.append(b'<a id="filepos%d"></a>' % target)
        last = at
    pieces.append(text[last:])
    return b"".join(pieces)


def _rewrite_tag(
    match: re.Match[bytes], database: PalmDatabase, header: MobiHeader, out: ConvertedBook
) -> bytes:
    name, attributes, closing = match.group(1).lower(), match.group(2) or b"", match.group(3)
    if name not in (b"a", b"img", b"font", b"reference") and name not in SPACED_BLOCKS:
        return match.group(0)
    values = {
        m.group(1).lower(): m.group(2) or m.group(3) or m.group(4) or b""
        for m in _ATTRIBUTE.finditer(attributes)
    }
    if name in (b"a", b"reference") and b"filepos" in values:
        target = values[b"filepos"].lstrip(b"0") or b"0"
        kept = _FILEPOS.sub(b"", attributes)
        return b'<%s href="mobi-filepos:%s"%s%s>' % (name, target, kept, closing)
    if name == b"img":
        return _image(values, attributes, closing, database, header, out)
    style: list[bytes] = []
    if name == b"font":
        size = values.get(b"size", b"").strip()
        if size.isdigit() and int(size) in FONT_SIZES:
            style.append(b"font-size: %s" % FONT_SIZES[int(size)].encode())
        elif size[:1] in (b"+", b"-") and size[1:].isdigit():
            style.append(b"font-size: %s" % FONT_SIZES[min(max(3 + int(size), 1), 7)].encode())
        if re.fullmatch(rb"#?[\w]{1,20}", values.get(b"color", b"")):
            style.append(b"color: %s" % values[b"color"])
        return b'<span style="%s">' % b"; ".join(style)
    if _LENGTH.match(values.get(b"height", b"")):
        style.append(b"margin-top: %s" % values[b"height"])
    if _LENGTH.match(values.get(b"width", b"")):
        style.append(b"text-indent: %s" % values[b"width"])
    if values.get(b"align", b"").lower() in (b"left", b"right", b"center", b"justify"):
        style.append(b"text-align: %s" % values[b"align"].lower())
    if not style:
        return match.group(0)
    if b"style" in values:
        style.append(values[b"style"])
    kept = re.sub(rb"""\s(?:height|width|style)\s*=\s*("[^"]*"|'[^']*'|[^\s"'>]+)""", b"",
                  attributes)
    return b'<%s style="%s"%s%s>' % (name, b"; ".join(style), kept, closing)


def _image(
    values: dict[bytes, bytes],
    attributes: bytes,
    closing: bytes,
    database: PalmDatabase,
    header: MobiHeader,
    out: ConvertedBook,
) -> bytes:
    index = values.get(b"recindex") or values.get(b"hirecindex") or values.get(b"lorecindex")
    member = None
    if index and index.isdigit() and header.first_image != NULL_INDEX:
        record = header.first_image + int(index) - 1
        if 0 <= record < len(database):
            member = image_member(record, database.record(record)[:8])
    if member is None:
        return b"<img%s%s>" % (attributes, closing)
    out.images[member] = record
    alt = html.escape(values.get(b"alt", b"").decode("ascii", errors="replace")).encode()
    return b'<img src="%s" alt="%s"%s>' % (member.encode(), alt, closing)


def _ncx(database: PalmDatabase, header: MobiHeader, out: ConvertedBook) -> list[
    tuple[str, int, int]
]:
    """(title, depth, text offset) of each NCX entry; none (with a note) if it is damaged."""
    if header.ncx_index == NULL_INDEX:
        return []
    try:
        entries, strings = read_index(database, header.base + header.ncx_index)
    except (IndexError_, BookError) as error:
        out.notes.append(note(QT_TRANSLATE_NOOP(
            "BookNotes", "The book's table of contents could not be read ({error})."),
            error=words_of(error)))
        return []
    return [
        (strings.get(e.first(3), "").strip(), max(e.first(4, 0), 0), e.first(1))
        for e in entries
        if e.first(1) >= 0
    ]


def _as_ascii(piece: bytes, codec: str) -> bytes:
    """The part as ASCII with character references, so no parser guesses its encoding."""
    return piece.decode(codec, errors="replace").encode("ascii", errors="xmlcharrefreplace")

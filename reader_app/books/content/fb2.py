"""FictionBook (FB2, and FB2.ZIP: a zip holding one .fb2) into the book model: the description
(title, authors, language, series, annotation, cover), the bodies (books/content/fb2_body.py),
the notes bodies as notes, and the pictures kept in `<binary>` elements.

The XML goes through the hardened parser (no entities, no DTD, size and depth limits); pictures
go through the same caps as an EPUB's inline images, and the text through the book budget.
"""

from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path

from lxml import etree

from reader_app.books.content.fb2_body import BodyReader, Part, all_text, href_of
from reader_app.books.content.inline_images import InlineImages
from reader_app.books.content.text_parts import nest_toc
from reader_app.books.files.budget import BookBudget, count_elements
from reader_app.books.files.safezip import SafeZip, unreadable_file_error
from reader_app.books.files.xmlsafe import local_name as _tag
from reader_app.books.files.xmlsafe import parse_xml
from reader_app.books.model import (
    Block,
    BlockKind,
    Book,
    Locator,
    Metadata,
    Section,
    Series,
    TocEntry,
)
from reader_app.errors import BookError, BookTooLargeError
from reader_app.translatable import QT_TRANSLATE_NOOP, Sentence, note, sentence

# The largest FB2 files are illustrated books of a few tens of MB (their pictures in base64).
MAX_FB2_BYTES = 64 << 20
NOTES_BODIES = ("notes", "comments", "footnotes")
FB2_SIGNATURE = b"<fictionbook"


def is_fb2_head(head: bytes) -> bool:
    """Whether the start of a file is an FB2 document (its root element is FictionBook)."""
    text = head.lower()
    if text.startswith((b"\xff\xfe", b"\xfe\xff")):
        text = head.decode("utf-16", errors="ignore").lower().encode("ascii", errors="ignore")
    return FB2_SIGNATURE in text


def read_fb2(path: Path, *, book_id: str) -> Book:
    """The FB2 or FB2.ZIP book at `path`. BookError (and subclasses) for what cannot be read."""
    member, data = _document(path)
    root = parse_xml(data, path=path, member=member)
    del data
    if _tag(root) != "fictionbook":
        raise BookError(path, sentence(QT_TRANSLATE_NOOP(
            "Errors", "it is an XML file, but not an FB2 book (no FictionBook in it).")))
    budget = BookBudget(path)
    budget.spend(elements=count_elements(root), characters=0)
    notes: list[Sentence] = []
    images = InlineImages(member)
    image_name = _binaries(root, images)
    reader = BodyReader(image_name=image_name)
    bodies = [child for child in root if _tag(child) == "body"]
    if not bodies:
        raise BookError(path, sentence(QT_TRANSLATE_NOOP(
            "Errors", "it is an FB2 file with no text (no <body>); it may be damaged.")))
    for number, body in enumerate(bodies):
        name = (body.get("name") or "").strip().lower()
        reader.body(body, notes=number > 0 and name in NOTES_BODIES)
    description = next((c for c in root if _tag(c) == "description"), None)
    metadata, cover_id = _metadata(description, path)
    cover = image_name.get(cover_id) if cover_id else None
    parts = reader.parts
    if cover and not any(b.image == cover for part in parts for b in part.blocks):
        parts = [Part(blocks=[Block(BlockKind.IMAGE, image=cover)]), *parts]
        reader.anchors = {k: (p + 1, b) for k, (p, b) in reader.anchors.items()}
        reader.toc = [(level, title, (p + 1, b)) for level, title, (p, b) in reader.toc]
    sections, offsets = _sections(parts, member)
    budget.spend(elements=0, characters=sum(s.char_count for s in sections))
    sections = _linked(sections, parts, offsets, reader)
    if not any(s.blocks for s in sections):
        raise BookError(path, sentence(QT_TRANSLATE_NOOP(
            "Errors", "it is an FB2 book with no text or pictures in it.")))
    toc = nest_toc([
        (level, title, Locator(offsets[p], b, 0))
        # in reading order: a title found after its section's nested ones (a bold first line)
        for level, title, (p, b) in sorted(reader.toc, key=lambda entry: entry[2])
        if offsets[p] >= 0
    ]) or tuple(TocEntry(s.title, Locator(s.index, 0, 0)) for s in sections if s.title)
    refused = images.note()
    if refused is not None:
        notes.append(refused)
    if reader.skipped_images:
        notes.append(note(QT_TRANSLATE_NOOP(
            "BookNotes", "{count} picture(s) the book names are not in it."),
            count=reader.skipped_images))
    return Book(
        book_id=book_id,
        path=path,
        format="fb2",
        metadata=metadata,
        sections=tuple(sections),
        toc=toc,
        cover=cover,
        load_resource=_no_resources,
        notes=tuple(notes),
        inline_resources=images.resources,
    )


def _no_resources(name: str) -> bytes:
    raise KeyError(name)  # every picture is in `inline_resources`


def _document(path: Path) -> tuple[str, bytes]:
    """The FB2 document's name and bytes: the file itself, or the .fb2 inside a zip."""
    try:
        with path.open("rb") as handle:
            head = handle.read(4)
            if head.startswith(b"PK"):
                return _from_zip(path)
            size = path.stat().st_size
            if size > MAX_FB2_BYTES:
                raise BookTooLargeError(
                    path, sentence(QT_TRANSLATE_NOOP(
                        "Errors", "it is an FB2 file of {mb} MB, far beyond any book (the "
                        "limit is {limit} MB); it was not opened."),
                        mb=round(size / 1e6), limit=MAX_FB2_BYTES >> 20),
                )
            return path.name, head + handle.read()
    except OSError as error:
        raise unreadable_file_error(path, error) from error


def _from_zip(path: Path) -> tuple[str, bytes]:
    with SafeZip(path) as archive:
        inside = sorted(n for n in archive.names if n.lower().endswith(".fb2"))
        if not inside:
            raise BookError(path, sentence(QT_TRANSLATE_NOOP(
                "Errors", "it is a zip archive with no .fb2 book inside.")))
        return inside[0], archive.read(inside[0], max_size=MAX_FB2_BYTES)


def _binaries(root: etree._Element, images: InlineImages) -> dict[str, str]:
    """Each picture's id -> its resource name, decoded under the inline-image caps."""
    names: dict[str, str] = {}
    for binary in root:
        if _tag(binary) != "binary" or not binary.get("id"):
            continue
        kind = (binary.get("content-type") or "").strip().lower()
        if kind == "image/jpg":
            kind = "image/jpeg"
        name = images.data_uri(f"data:{kind};base64,{''.join((binary.text or '').split())}")
        if name is not None:
            names[str(binary.get("id")).strip()] = name
    return names


def _metadata(description: etree._Element | None, path: Path) -> tuple[Metadata, str]:
    """The book's metadata and its cover picture's id, from `<description>`."""
    title_info = _child(description, "title-info")
    title = _text(_child(title_info, "book-title")) or path.name.split(".")[0]
    authors = tuple(
        name for author in _children(title_info, "author") if (name := _author(author))
    )
    sequence = _child(title_info, "sequence")
    series = None
    if sequence is not None and (sequence.get("name") or "").strip():
        series = Series(" ".join(str(sequence.get("name")).split()),
                        _series_number(sequence.get("number")))
    annotation = _child(title_info, "annotation")
    description_text = "\n".join(
        " ".join(all_text(p).split()) for p in (annotation if annotation is not None
                                                          else ())
    ).strip()
    cover_page = _child(title_info, "coverpage")
    cover_image = _child(cover_page, "image")
    cover_id = href_of(cover_image).lstrip("#") if cover_image is not None else ""
    publisher = _text(_child(_child(description, "publish-info"), "publisher"))
    identifier = _text(_child(_child(description, "document-info"), "id"))
    language = _text(_child(title_info, "lang")).lower()[:35]
    return Metadata(
        title=title,
        authors=authors,
        language=language,
        description=description_text,
        publisher=publisher,
        identifier=identifier,
        series=series,
        right_to_left=language.split("-")[0] in ("ar", "he", "fa", "ur", "yi"),
    ), cover_id


def _author(author: etree._Element) -> str:
    names = [_text(_child(author, part)) for part in ("first-name", "middle-name", "last-name")]
    full = " ".join(n for n in names if n)
    return full or _text(_child(author, "nickname"))


def _series_number(text: str | None) -> float:
    try:
        number = float((text or "").strip()[:16])
    except ValueError:
        return 1.0
    return number if math.isfinite(number) and 0 <= number <= 1e6 else 1.0


def _child(element: etree._Element | None, tag: str) -> etree._Element | None:
    if element is None:
        return None
    return next((c for c in element if _tag(c) == tag), None)


def _children(element: etree._Element | None, tag: str) -> list[etree._Element]:
    return [] if element is None else [c for c in element if _tag(c) == tag]


def _text(element: etree._Element | None) -> str:
    return "" if element is None else " ".join(all_text(element).split())


def _sections(parts: list[Part], member: str) -> tuple[list[Section], list[int]]:
    """The parts with blocks as model sections, the reading order first, then the notes; and
    each part's section index (-1: an empty part, not a section)."""
    order = [i for i, p in enumerate(parts) if p.blocks and p.linear]
    order += [i for i, p in enumerate(parts) if p.blocks and not p.linear]
    offsets = [-1] * len(parts)
    sections = []
    for index, part_index in enumerate(order):
        part = parts[part_index]
        offsets[part_index] = index
        sections.append(Section(index, f"{member}#{index}", part.title, tuple(part.blocks),
                                linear=part.linear))
    return sections, offsets


def _linked(
    sections: list[Section], parts: list[Part], offsets: list[int], reader: BodyReader
) -> list[Section]:
    """Each internal link's target put in its span."""
    for part_index, part in enumerate(parts):
        if offsets[part_index] < 0 or not part.links:
            continue
        section = sections[offsets[part_index]]
        by_block: dict[int, dict[int, Locator]] = {}
        for block_index, span_index, anchor in part.links:
            target = reader.locator(anchor, offsets)
            if target is not None:
                by_block.setdefault(block_index, {})[span_index] = target
        blocks = list(section.blocks)
        for block_index, targets in by_block.items():  # a block's spans copied once
            spans = list(blocks[block_index].spans)
            for span_index, target in targets.items():
                spans[span_index] = replace(spans[span_index], target=target)
            blocks[block_index] = replace(blocks[block_index], spans=tuple(spans))
        sections[section.index] = replace(section, blocks=tuple(blocks))
    return sections

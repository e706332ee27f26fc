"""EPUB 2 and 3 into the book model: container, package document, spine, metadata, TOC, DRM.

Spine choice: only linear spine items become sections (in spine order); `linear="no"` items are
auxiliary content (pop-up notes, answer keys) that is not part of the reading order the boundary
advances through. A book whose spine is entirely non-linear is read whole, in spine order.
Links and TOC entries pointing into a non-linear item lead nowhere.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable
from dataclasses import dataclass, replace
from pathlib import Path
from urllib.parse import unquote, urlsplit

from lxml import etree

from reader_app.books.budget import BookBudget, count_elements, optional_document
from reader_app.books.embedded_fonts import embedded_fonts
from reader_app.books.epub_toc import (
    AnchorTable,
    anchor_table,
    locate,
    read_toc,
    titled,
    toc_from_headings,
)
from reader_app.books.model import (
    Block,
    BlockKind,
    Book,
    Metadata,
    Section,
    Series,
)
from reader_app.books.safezip import SafeZip, ZipResourceLoader, resolve_member_name
from reader_app.books.salvage import salvage_blocks
from reader_app.books.stylesheets import StyleSheets
from reader_app.books.xhtml import ParsedDocument, parse_document
from reader_app.books.xmlsafe import DocumentBeyondLimitsError, local_name, parse_xml
from reader_app.errors import BookError, DrmProtectedError

CONTAINER = "META-INF/container.xml"
ENCRYPTION = "META-INF/encryption.xml"
OPF_NS = "http://www.idpf.org/2007/opf"
DC_NS = "http://purl.org/dc/elements/1.1/"
XMLENC_NS = "http://www.w3.org/2001/04/xmlenc#"
# Font obfuscation only scrambles embedded fonts; the text stays readable.
FONT_OBFUSCATION = frozenset(
    {"http://www.idpf.org/2008/embedding", "http://ns.adobe.com/pdf/enc#RC"}
)
CONTENT_TYPES = frozenset({"application/xhtml+xml", "text/html", "application/xml", "text/xml"})
IMAGE_TYPES_PREFIX = "image/"

_TAG = re.compile(r"<[^>]*>")
_SPACES = re.compile(r"\s+")


@dataclass(frozen=True, slots=True)
class ManifestItem:
    id: str
    member: str
    media_type: str
    properties: frozenset[str]
    fallback: str = ""  # manifest id to use when this media type cannot be shown


@dataclass(frozen=True, slots=True)
class _Package:
    name: str
    root: etree._Element
    manifest: dict[str, ManifestItem]
    spine: tuple[ManifestItem, ...]
    ncx: ManifestItem | None
    right_to_left: bool


def read_epub(path: Path, *, book_id: str) -> Book:
    """Parse the EPUB at `path`. Raises BookError (and subclasses) with a reader-facing reason."""
    notes: list[str] = []
    with SafeZip(path) as archive:
        reject_drm(archive)
        package = _read_package(archive, _package_document_name(archive), notes)
        sheets = StyleSheets(archive.read)
        documents = _read_spine(archive, package, notes, sheets)
        anchors = anchor_table(documents)
        sections = [
            _resolve_links(index, member, parsed, anchors)
            for index, (member, parsed) in enumerate(documents)
        ]
        toc = read_toc(
            archive,
            items=package.manifest.values(),
            ncx=package.ncx,
            anchors=anchors,
            notes=notes,
        ) or toc_from_headings(documents)
        sections = titled(sections, toc, [parsed.first_heading for _, parsed in documents])
        metadata = _read_metadata(package, path)
        cover = _find_cover(archive, package)
        fonts = embedded_fonts(archive, package.root, sheets.font_faces)
    return Book(
        book_id=book_id,
        path=path,
        format="epub",
        metadata=metadata,
        sections=tuple(sections),
        toc=toc,
        cover=cover,
        load_resource=ZipResourceLoader(path),
        notes=tuple(notes),
        inline_resources={k: v for _, parsed in documents for k, v in parsed.resources.items()},
        fonts=fonts,
    )


# -- container, DRM, package --------------------------------------------------------------------


def reject_drm(archive: SafeZip) -> None:
    """Raise DrmProtectedError if the book's content (not just its fonts) is encrypted."""
    if "META-INF/rights.xml" in archive or "META-INF/sinf.xml" in archive:
        raise _drm(archive.path)
    if ENCRYPTION not in archive:
        return
    root = parse_xml(archive.read(ENCRYPTION), path=archive.path, member=ENCRYPTION)
    for method in root.iter(f"{{{XMLENC_NS}}}EncryptionMethod"):
        if method.get("Algorithm", "").strip() not in FONT_OBFUSCATION:
            raise _drm(archive.path)


def _drm(path: Path) -> DrmProtectedError:
    return DrmProtectedError(
        path,
        "this book is protected by DRM (its text is encrypted), so Pagemate cannot read it. "
        "Open it in the app it was bought for, or get a DRM-free copy.",
    )


def _package_document_name(archive: SafeZip) -> str:
    if CONTAINER not in archive:
        raise BookError(
            archive.path,
            f"it has no {CONTAINER}, so it is not a valid EPUB (the file may be damaged).",
        )
    root = parse_xml(archive.read(CONTAINER), path=archive.path, member=CONTAINER)
    rootfiles = [el for el in root.iter() if local_name(el) == "rootfile" and el.get("full-path")]
    preferred = [el for el in rootfiles if el.get("media-type") == "application/oebps-package+xml"]
    candidates = preferred or rootfiles
    if not candidates:
        raise BookError(archive.path, f"its {CONTAINER} names no package document (OPF).")
    name = unquote(str(candidates[0].get("full-path"))).lstrip("/")
    if name not in archive:
        raise BookError(
            archive.path, f"its package document “{name}” is missing (the file is damaged)."
        )
    return name


def _read_package(archive: SafeZip, name: str, notes: list[str]) -> _Package:
    root = parse_xml(archive.read(name), path=archive.path, member=name)
    manifest: dict[str, ManifestItem] = {}
    for element in _children(root, "manifest", "item"):
        item_id, href = element.get("id"), element.get("href")
        if not item_id or not href:
            continue
        member = resolve_member_name(name, unquote(urlsplit(href).path))
        if member is None:
            continue
        manifest[item_id] = ManifestItem(
            id=item_id,
            member=member,
            media_type=(element.get("media-type") or "").strip().lower(),
            properties=frozenset((element.get("properties") or "").split()),
            fallback=(element.get("fallback") or "").strip(),
        )
    spine_element = next((el for el in root if local_name(el) == "spine"), None)
    if spine_element is None:
        raise BookError(archive.path, f"its package document “{name}” has no spine.")
    linear: list[ManifestItem] = []
    every: list[ManifestItem] = []
    listed: set[str] = set()
    repeats = 0
    for itemref in spine_element:
        if local_name(itemref) != "itemref":
            continue
        idref = itemref.get("idref") or ""
        item = manifest.get(idref)
        if item is None:
            raise BookError(
                archive.path, f"its spine lists “{idref}”, which is not in the manifest."
            )
        item = _readable(item, manifest)
        if item.member in listed:
            # A chapter read twice adds nothing but work (and gets around the zip-bomb caps).
            repeats += 1
            continue
        listed.add(item.member)
        every.append(item)
        if (itemref.get("linear") or "yes").strip().lower() != "no":
            linear.append(item)
    if not every:
        raise BookError(archive.path, "its spine is empty: the book has no content.")
    if repeats:
        notes.append(
            f"The book's reading order lists {repeats:,} chapter(s) more than once; "
            "each is shown once."
        )
    ncx_id = spine_element.get("toc")
    ncx = manifest.get(ncx_id) if ncx_id else None
    if ncx is None:
        ncx = next(
            (i for i in manifest.values() if i.media_type == "application/x-dtbncx+xml"), None
        )
    direction = (spine_element.get("page-progression-direction") or "").strip().lower()
    return _Package(
        name=name,
        root=root,
        manifest=manifest,
        spine=tuple(linear or every),
        ncx=ncx,
        right_to_left=direction == "rtl",
    )


def _readable(item: ManifestItem, manifest: dict[str, ManifestItem]) -> ManifestItem:
    """`item`, or the first of its manifest fallbacks that is a content document or an image."""
    seen = {item.id}
    current = item
    while not _showable(current) and current.fallback and current.fallback not in seen:
        following = manifest.get(current.fallback)
        if following is None:
            break
        seen.add(following.id)
        current = following
    return current if _showable(current) else item


def _showable(item: ManifestItem) -> bool:
    return item.media_type in CONTENT_TYPES or item.media_type.startswith(IMAGE_TYPES_PREFIX)


def _children(root: etree._Element, parent: str, child: str) -> Iterable[etree._Element]:
    for element in root:
        if local_name(element) == parent:
            yield from (el for el in element if local_name(el) == child)


# -- spine and links ----------------------------------------------------------------------------


def _read_spine(
    archive: SafeZip, package: _Package, notes: list[str], sheets: StyleSheets
) -> list[tuple[str, ParsedDocument]]:
    documents: list[tuple[str, ParsedDocument]] = []
    budget = BookBudget(archive.path)
    for item in package.spine:
        if item.member not in archive:
            raise BookError(
                archive.path,
                f"its chapter file “{item.member}” is missing (the file is damaged or incomplete).",
            )
        documents.append((item.member, _read_document(archive, item, budget, sheets, notes)))
    return documents


def _read_document(
    archive: SafeZip,
    item: ManifestItem,
    budget: BookBudget,
    sheets: StyleSheets,
    notes: list[str],
) -> ParsedDocument:
    if item.media_type.startswith(IMAGE_TYPES_PREFIX):
        block = Block(kind=BlockKind.IMAGE, image=item.member)
        return ParsedDocument(blocks=(block,), anchors={}, links=(), first_heading="")
    data = archive.read(item.member)
    if item.media_type not in CONTENT_TYPES and not data.lstrip().startswith(b"<"):
        return ParsedDocument(blocks=(), anchors={}, links=(), first_heading="")
    try:
        root = parse_xml(data, path=archive.path, member=item.member, html_fallback=True)
    except DocumentBeyondLimitsError:
        blocks = salvage_blocks(data)
        budget.spend(elements=len(blocks), characters=sum(len(b.text) for b in blocks))
        notes.append(
            f"“{item.member}” is nested too deeply or has a paragraph too long to lay out; "
            "its text is shown as plain paragraphs, without formatting, links or images."
        )
        return ParsedDocument(blocks=blocks, anchors={}, links=(), first_heading="")
    budget.spend(elements=count_elements(root), characters=0)
    parsed = parse_document(root, name=item.member, has_member=archive.__contains__, sheets=sheets)
    budget.spend(elements=0, characters=sum(len(b.text) for b in parsed.blocks))
    notes.extend(parsed.notes)
    return parsed


def _resolve_links(
    index: int, member: str, parsed: ParsedDocument, anchors: AnchorTable
) -> Section:
    blocks = list(parsed.blocks)
    for link in parsed.links:
        target = locate(anchors, link.member, link.fragment)
        if target is None:
            continue
        block = blocks[link.block]
        spans = list(block.spans)
        spans[link.span] = replace(spans[link.span], target=target)
        blocks[link.block] = replace(block, spans=tuple(spans))
    return Section(index=index, name=member, title="", blocks=tuple(blocks))


# -- metadata and cover -------------------------------------------------------------------------


def _read_metadata(package: _Package, path: Path) -> Metadata:
    metadata = next((el for el in package.root if local_name(el) == "metadata"), None)
    if metadata is None:
        return Metadata(title=path.stem, right_to_left=package.right_to_left)
    refinements: dict[str, dict[str, str]] = {}
    legacy: dict[str, str] = {}
    for meta in metadata.iter(f"{{{OPF_NS}}}meta", "meta"):
        refines, prop = (meta.get("refines") or "").lstrip("#"), meta.get("property")
        if refines and prop:
            refinements.setdefault(refines, {}).setdefault(prop, (meta.text or "").strip())
        elif meta.get("name"):
            legacy.setdefault(str(meta.get("name")), (meta.get("content") or "").strip())

    def dc(tag: str) -> list[etree._Element]:
        return [el for el in metadata.iter(f"{{{DC_NS}}}{tag}") if (el.text or "").strip()]

    titles = dc("title")
    main = [t for t in titles if refinements.get(t.get("id") or "", {}).get("title-type") == "main"]
    title_element = (main or titles)[0] if (main or titles) else None
    identifiers = dc("identifier")
    unique_id = package.root.get("unique-identifier")
    chosen_id = next((i for i in identifiers if i.get("id") == unique_id), None)
    if chosen_id is None and identifiers:
        chosen_id = identifiers[0]
    return Metadata(
        title=_clean(title_element.text) if title_element is not None else path.stem,
        authors=tuple(_clean(el.text) for el in dc("creator")),
        language=_first_text(dc("language")),
        description=_strip_html(_first_text(dc("description"))),
        publisher=_first_text(dc("publisher")),
        identifier=_clean(chosen_id.text) if chosen_id is not None else "",
        series=_series(metadata, refinements, legacy),
        right_to_left=package.right_to_left,
    )


def _series(
    metadata: etree._Element, refinements: dict[str, dict[str, str]], legacy: dict[str, str]
) -> Series | None:
    for meta in metadata.iter(f"{{{OPF_NS}}}meta", "meta"):
        if meta.get("property") != "belongs-to-collection" or meta.get("refines"):
            continue
        refined = refinements.get(meta.get("id") or "", {})
        # Only `series` is a series; `set` collections are reading lists, not an order.
        if refined.get("collection-type", "").strip().lower() == "series" and meta.text:
            return Series(_clean(meta.text), _number(refined.get("group-position"), 1.0))
    name = legacy.get("calibre:series", "")
    if name:
        return Series(_clean(name), _number(legacy.get("calibre:series_index"), 1.0))
    return None


def _find_cover(archive: SafeZip, package: _Package) -> str | None:
    manifest = package.manifest
    for item in manifest.values():
        if "cover-image" in item.properties and item.member in archive:
            return item.member
    cover_meta = next(
        (
            m
            for m in package.root.iter(f"{{{OPF_NS}}}meta", "meta")
            if (m.get("name") or "").lower() == "cover" and m.get("content")
        ),
        None,
    )
    if cover_meta is not None:
        content = str(cover_meta.get("content"))
        named = manifest.get(content) or next(
            (i for i in manifest.values() if i.member.endswith(content)), None
        )
        if (
            named is not None
            and named.media_type.startswith(IMAGE_TYPES_PREFIX)
            and named.member in archive
        ):
            return named.member
    for reference in _children(package.root, "guide", "reference"):
        if (reference.get("type") or "").lower() in ("cover", "title-page") and reference.get(
            "href"
        ):
            page = resolve_member_name(
                package.name, unquote(urlsplit(str(reference.get("href"))).path)
            )
            image = _first_image(archive, page) if page else None
            if image:
                return image
    return None


def _first_image(archive: SafeZip, page: str) -> str | None:
    if page not in archive:
        return None
    # The cover page is optional: a broken one means no cover, not an unreadable book.
    root = optional_document(archive, page, [], what="cover page", html_fallback=True)
    if root is None:
        return None
    parsed = parse_document(root, name=page, has_member=archive.__contains__)
    return next((b.image for b in parsed.blocks if b.kind is BlockKind.IMAGE), None)


def _clean(text: str | None) -> str:
    return _SPACES.sub(" ", text or "").strip()


def _first_text(elements: list[etree._Element]) -> str:
    return _clean(elements[0].text) if elements else ""


def _strip_html(text: str) -> str:
    return _clean(html.unescape(_TAG.sub(" ", text)))


def _number(text: str | None, default: float) -> float:
    try:
        return float((text or "").strip())
    except ValueError:
        return default

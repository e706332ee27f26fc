"""The EPUB package document (OPF): the manifest with its fallbacks, the spine in reading order,
the metadata (title, authors, series) and the cover."""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote, urlsplit

from lxml import etree

from reader_app.books.content.xhtml import parse_document
from reader_app.books.files.budget import optional_document
from reader_app.books.files.safezip import SafeZip, resolve_member_name
from reader_app.books.files.xmlsafe import local_name, parse_xml
from reader_app.books.model import BlockKind, Metadata, Series
from reader_app.errors import BookError
from reader_app.translatable import QT_TRANSLATE_NOOP, Sentence, note, sentence

OPF_NS = "http://www.idpf.org/2007/opf"
DC_NS = "http://purl.org/dc/elements/1.1/"
CONTENT_TYPES = frozenset({"application/xhtml+xml", "text/html", "application/xml", "text/xml"})
IMAGE_TYPES_PREFIX = "image/"
MAX_SPINE_REPEATS = 16  # spine entries naming a chapter already listed, shown again
# Fallbacks followed from one item: real books use one or two; a chain of thousands, walked
# from every spine item, would cost the square of its length.
MAX_FALLBACKS = 16

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
class Package:
    name: str
    root: etree._Element
    manifest: dict[str, ManifestItem]
    spine: tuple[ManifestItem, ...]
    ncx: ManifestItem | None
    progression: str  # the spine's page-progression-direction: "ltr", "rtl" or "default"
    # linear="no" items (notes, answer keys): shown when a link leads there, after the spine
    auxiliary: tuple[ManifestItem, ...] = ()
    # A spine item shown through its fallback: its member -> the member shown in its place, so
    # that the table of contents and links naming it still lead there
    replaced: tuple[tuple[str, str], ...] = ()


def read_package(archive: SafeZip, name: str, notes: list[Sentence]) -> Package:
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
        raise BookError(archive.path, sentence(QT_TRANSLATE_NOOP(
            "Errors", "its package document “{name}” has no spine."), name=name))
    linear: list[ManifestItem] = []
    every: list[ManifestItem] = []
    listed: set[str] = set()
    replaced: list[tuple[str, str]] = []
    repeats = 0
    for itemref in spine_element:
        if local_name(itemref) != "itemref":
            continue
        idref = itemref.get("idref") or ""
        item = manifest.get(idref)
        if item is None:
            raise BookError(
                archive.path, sentence(QT_TRANSLATE_NOOP(
                    "Errors", "its spine lists “{idref}”, which is not in the manifest."),
                    idref=idref)
            )
        shown = _readable(item, manifest)
        if shown is not item:
            replaced.append((item.member, shown.member))
        item = shown
        if item.member in listed:
            # Shown again where the spine lists it again (parsed once, its text counted each
            # time against the book's caps); past MAX_SPINE_REPEATS, listed copies are dropped.
            repeats += 1
            if repeats > MAX_SPINE_REPEATS:
                continue
        listed.add(item.member)
        every.append(item)
        if (itemref.get("linear") or "yes").strip().lower() != "no":
            linear.append(item)
    if not every:
        raise BookError(archive.path, sentence(QT_TRANSLATE_NOOP(
            "Errors", "its spine is empty: the book has no content.")))
    if repeats > MAX_SPINE_REPEATS:
        notes.append(note(QT_TRANSLATE_NOOP(
            "BookNotes", "The book's reading order lists chapters again {count} times; only the "
            "first {shown} repeats are shown."), count=repeats, shown=MAX_SPINE_REPEATS))
    ncx_id = spine_element.get("toc")
    ncx = manifest.get(ncx_id) if ncx_id else None
    if ncx is None:
        ncx = next(
            (i for i in manifest.values() if i.media_type == "application/x-dtbncx+xml"), None
        )
    direction = (spine_element.get("page-progression-direction") or "").strip().lower()
    if direction not in ("ltr", "rtl"):
        direction = "default"
    return Package(
        name=name,
        root=root,
        manifest=manifest,
        spine=tuple(linear or every),
        ncx=ncx,
        progression=direction,
        auxiliary=_auxiliary(every, linear),
        replaced=tuple(replaced),
    )


def _auxiliary(every: list[ManifestItem], linear: list[ManifestItem]) -> tuple[ManifestItem, ...]:
    """The spine's items not in its linear reading order (a set: 100,000 items cost linear)."""
    if not linear:
        return ()
    in_order = set(linear)
    return tuple(item for item in every if item not in in_order)


def _readable(item: ManifestItem, manifest: dict[str, ManifestItem]) -> ManifestItem:
    """`item`, or the first of its manifest fallbacks that is a content document or an image.

    Plain XML (`application/xml`) is a foreign type: a fallback of a core type (XHTML, a drawn
    image) is preferred to it; with none, it is read as XHTML (some books mislabel theirs). A
    `scripted` document gives way to its fallback too, since Pagemate runs no scripts.
    """
    chain = [item]
    seen = {item.id}
    while chain[-1].fallback and chain[-1].fallback not in seen and len(chain) < MAX_FALLBACKS:
        following = manifest.get(chain[-1].fallback)
        if following is None:
            break
        seen.add(following.id)
        chain.append(following)
    core = (
        c
        for c in chain
        if (c.media_type in XHTML_TYPES and not ("scripted" in c.properties and c.fallback))
        or c.media_type in DRAWN_IMAGE_TYPES
    )
    return next(core, None) or next((c for c in chain if _showable(c)), item)


XHTML_TYPES = frozenset({"application/xhtml+xml", "text/html"})
DRAWN_IMAGE_TYPES = frozenset({
    "image/png", "image/jpeg", "image/gif", "image/webp", "image/svg+xml", "image/bmp",
    "image/avif", "image/jxl",
})  # fmt: skip


def image_fallbacks(manifest: dict[str, ManifestItem]) -> Callable[[str], str]:
    """For an image member: itself, or the first of its manifest `fallback` chain of a type the
    reader draws when its own type is not one (an `<img>` of a foreign type)."""
    by_member = {item.member: item for item in manifest.values()}

    def shown(member: str) -> str:
        item = by_member.get(member)
        seen: set[str] = set()
        current = item
        while current is not None and current.media_type not in DRAWN_IMAGE_TYPES:
            if not current.fallback or current.fallback in seen or len(seen) >= MAX_FALLBACKS:
                return member
            seen.add(current.fallback)
            current = manifest.get(current.fallback)
        return current.member if current is not None else member

    return shown


def _showable(item: ManifestItem) -> bool:
    return item.media_type in CONTENT_TYPES or item.media_type.startswith(IMAGE_TYPES_PREFIX)


def _children(root: etree._Element, parent: str, child: str) -> Iterable[etree._Element]:
    for element in root:
        if local_name(element) == parent:
            yield from (el for el in element if local_name(el) == child)


# -- metadata and cover -------------------------------------------------------------------------


def read_metadata(package: Package, path: Path) -> Metadata:
    metadata = next((el for el in package.root if local_name(el) == "metadata"), None)
    if metadata is None:
        return Metadata(title=path.stem, right_to_left=package.progression == "rtl")
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
    language = _first_text(dc("language"))
    return Metadata(
        title=_clean(title_element.text) if title_element is not None else path.stem,
        authors=tuple(_clean(el.text) for el in dc("creator")),
        language=language,
        description=_strip_html(_first_text(dc("description"))),
        publisher=_first_text(dc("publisher")),
        identifier=_clean(chosen_id.text) if chosen_id is not None else "",
        series=_series(metadata, refinements, legacy),
        right_to_left=turns_right_to_left(package.progression, language=language),
    )


# Languages written right to left, and the scripts that are (a script subtag decides first).
RIGHT_TO_LEFT_LANGUAGES = frozenset(
    {"ar", "arc", "ckb", "dv", "fa", "he", "iw", "ji", "ks", "ps", "sd", "syr", "ug", "ur", "yi"}
)
RIGHT_TO_LEFT_SCRIPTS = frozenset({"adlm", "arab", "hebr", "nkoo", "rohg", "syrc", "thaa"})


def turns_right_to_left(progression: str, *, language: str) -> bool:
    """Whether the pages turn right to left: the spine's `page-progression-direction`, and when
    it is "default" (or absent), the direction of the book's language (an Arabic book does)."""
    if progression in ("ltr", "rtl"):
        return progression == "rtl"
    tags = language.replace("_", "-").lower().split("-")
    script = next((tag for tag in tags[1:] if len(tag) == 4 and tag.isalpha()), None)
    if script is not None:
        return script in RIGHT_TO_LEFT_SCRIPTS
    return tags[0] in RIGHT_TO_LEFT_LANGUAGES


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


def find_cover(archive: SafeZip, package: Package) -> str | None:
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
    root = optional_document(archive, page, [], html_fallback=True,
                             what=note(QT_TRANSLATE_NOOP("BookNotes", "cover page")))
    if root is None:
        return None
    parsed = parse_document(root, name=page, has_member=archive.__contains__)
    return next((b.image for b in parsed.blocks if b.kind is BlockKind.IMAGE), None)


def _clean(text: str | None) -> str:
    return _SPACES.sub(" ", text or "").strip()


def _first_text(elements: list[etree._Element]) -> str:
    return _clean(elements[0].text) if elements else ""


def _strip_html(text: str) -> str:
    return tidy_text(html.unescape(_TAG.sub(" ", text)))


_SPACE_BEFORE_PUNCTUATION = re.compile(r"\s+([,.;:!?)\]’”»])")


def tidy_text(text: str) -> str:
    """One space between words and none before punctuation: a tag taken out of "<i>War and
    Peace</i>, many" leaves "War and Peace, many", not "War and Peace , many"."""
    return _SPACE_BEFORE_PUNCTUATION.sub(r"\1", _clean(text))


def _number(text: str | None, default: float) -> float:
    try:
        return float((text or "").strip())
    except ValueError:
        return default

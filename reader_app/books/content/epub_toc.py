"""The EPUB's table of contents (EPUB 3 nav, else EPUB 2 NCX, else the chapters' headings),
and the anchor table that turns an href into a locator."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import Protocol
from urllib.parse import unquote, urlsplit

from lxml import etree

from reader_app.books.content.xhtml import EPUB_TYPE, ParsedDocument, plain_text
from reader_app.books.files.budget import optional_document
from reader_app.books.files.safezip import SafeZip, resolve_member_name
from reader_app.books.files.xmlsafe import local_name
from reader_app.books.model import Locator, Section, TocEntry
from reader_app.translatable import QT_TRANSLATE_NOOP, Sentence, note


class _Item(Protocol):
    @property
    def member(self) -> str: ...
    @property
    def properties(self) -> frozenset[str]: ...


AnchorTable = dict[str, tuple[int, dict[str, tuple[int, int]]]]


def anchor_table(documents: list[tuple[str, ParsedDocument]]) -> AnchorTable:
    """Each member's section and ids; a chapter the spine lists twice: its first copy."""
    table: AnchorTable = {}
    for index, (member, parsed) in enumerate(documents):
        table.setdefault(member, (index, parsed.anchors))
    return table


def locate(anchors: AnchorTable, member: str, fragment: str) -> Locator | None:
    found = anchors.get(member)
    if found is None:
        return None
    section, ids = found
    block, char = ids.get(fragment, (0, 0)) if fragment else (0, 0)
    return Locator(section, block, char)


def read_toc(
    archive: SafeZip,
    *,
    items: Iterable[_Item],
    ncx: _Item | None,
    anchors: AnchorTable,
    notes: list[Sentence],
) -> tuple[TocEntry, ...]:
    """The nav document's entries, else the NCX's; a broken one is skipped with a note."""
    nav = next((i for i in items if "nav" in i.properties), None)
    if nav is not None and nav.member in archive:
        root = optional_document(
            archive, nav.member, notes, html_fallback=True,
            what=note(QT_TRANSLATE_NOOP("BookNotes", "table of contents"))
        )
        entries = _nav_entries(root, nav.member, anchors) if root is not None else ()
        if entries:
            return entries
    if ncx is not None and ncx.member in archive:
        member = ncx.member
        root = optional_document(archive, member, notes, what=note(QT_TRANSLATE_NOOP(
            "BookNotes", "table of contents (NCX)")))
        nav_map = (
            next((el for el in root.iter() if local_name(el) == "navmap"), None)
            if root is not None
            else None
        )
        if nav_map is not None:
            return _ncx_entries(nav_map, member, anchors)
    return ()


def _nav_entries(root: etree._Element, name: str, anchors: AnchorTable) -> tuple[TocEntry, ...]:
    navs = [el for el in root.iter() if local_name(el) == "nav"]
    toc_nav = next((n for n in navs if "toc" in (n.get(EPUB_TYPE) or "").split()), None)
    toc_nav = toc_nav if toc_nav is not None else (navs[0] if navs else None)
    if toc_nav is None:
        return ()
    top = next((el for el in toc_nav.iter() if local_name(el) == "ol"), None)
    return _nav_list(top, name, anchors) if top is not None else ()


def _nav_list(ol: etree._Element, name: str, anchors: AnchorTable) -> tuple[TocEntry, ...]:
    entries: list[TocEntry] = []
    for li in ol:
        if local_name(li) != "li":
            continue
        label = next((el for el in li if local_name(el) in ("a", "span")), None)
        nested = next((el for el in li if local_name(el) == "ol"), None)
        children = _nav_list(nested, name, anchors) if nested is not None else ()
        href = label.get("href") if label is not None else None
        title = plain_text(label) or _image_label(label) if label is not None else ""
        entries.extend(_entry(title, href, name, anchors, children))
    return tuple(entries)


def _image_label(label: etree._Element) -> str:
    """An entry that is only a picture is named by its `alt` text (or else its `title`)."""
    for image in label.iter("{*}img"):
        text = (image.get("alt") or image.get("title") or "").strip()
        if text:
            return " ".join(text.split())
    return ""


def _ncx_entries(parent: etree._Element, name: str, anchors: AnchorTable) -> tuple[TocEntry, ...]:
    entries: list[TocEntry] = []
    for point in parent:
        if local_name(point) != "navpoint":
            continue
        label = next((el for el in point.iter() if local_name(el) == "text"), None)
        content = next((el for el in point if local_name(el) == "content"), None)
        children = _ncx_entries(point, name, anchors)
        title = plain_text(label) if label is not None else ""
        href = content.get("src") if content is not None else None
        entries.extend(_entry(title, href, name, anchors, children))
    return tuple(entries)


def _entry(
    title: str,
    href: str | None,
    base: str,
    anchors: AnchorTable,
    children: tuple[TocEntry, ...],
) -> list[TocEntry]:
    target = None
    if href:
        parts = urlsplit(href.strip())
        member = resolve_member_name(base, unquote(parts.path)) if parts.path else None
        if member is not None and not parts.scheme:
            target = locate(anchors, member, unquote(parts.fragment))
    if target is None:
        # An entry for a document we do not read (or a bare heading): keep its children.
        if children and title:
            return [TocEntry(title=title, target=children[0].target, children=children)]
        return list(children)
    return [TocEntry(title=title or "Untitled", target=target, children=children)]


def toc_from_headings(documents: list[tuple[str, ParsedDocument]]) -> tuple[TocEntry, ...]:
    """For books that ship no navigation at all: one entry per section that has a heading."""
    return tuple(
        TocEntry(title=parsed.first_heading, target=Locator(index, 0, 0))
        for index, (_, parsed) in enumerate(documents)
        if parsed.first_heading
    )


def titled(
    sections: list[Section], toc: tuple[TocEntry, ...], headings: list[str]
) -> list[Section]:
    titles: dict[int, str] = {}
    for top in toc:
        for _, entry in top.walk():
            titles.setdefault(entry.target.section, entry.title)
    return [
        replace(section, title=titles.get(section.index) or headings[section.index])
        for section in sections
    ]

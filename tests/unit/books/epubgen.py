"""Small EPUB and CBZ files written by the tests themselves, hostile ones included."""

from __future__ import annotations

import io
import mimetypes
import zipfile
from collections.abc import Mapping
from pathlib import Path
from urllib.parse import quote

from PIL import Image

XHTML_HEAD = (
    '<?xml version="1.0" encoding="utf-8"?>\n'
    '<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops">'
    "<head><title>t</title></head><body>"
)
XHTML_TAIL = "</body></html>"

CONTAINER_XML = (
    '<?xml version="1.0"?>\n'
    '<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">'
    '<rootfiles><rootfile full-path="{opf}" media-type="application/oebps-package+xml"/>'
    "</rootfiles></container>"
)


def xhtml(body: str) -> str:
    return XHTML_HEAD + body + XHTML_TAIL


def paragraph_of_links(count: int, *, nested: bool) -> str:
    """One paragraph of `count` links, then notes for some of them: plain links to notes, or note
    references nested forty deep with a comma after each (a note's own note marked inside its
    marker), and a link to the paragraph itself and one to an id nowhere."""
    if nested:
        depth = 40
        links = "".join(
            "".join(f'<a epub:type="noteref" href="#n{g + d}"><sup>{g + d}</sup>'
                    for d in range(depth)) + "</a>," * depth + " "
            for g in range(0, count, depth)
        )  # fmt: skip
    else:
        links = "".join(f'<a href="#n{i}">{i}</a> ' for i in range(count))
    notes = "".join(f'<aside epub:type="footnote" id="n{i}"><p>Note {i}.</p></aside>'
                    for i in range(0, count, 50))  # fmt: skip
    return f'<p id="here">Text {links} <a href="#here">self</a> <a href="#gone">gone</a></p>{notes}'


def package_document(
    chapters: list[str],
    *,
    title: str = "A Generated Book",
    metadata_extra: str = "",
    manifest_extra: str = "",
    spine_attributes: str = "",
    nav: str | None = "nav.xhtml",
    language: str = "en",
) -> str:
    items = "".join(
        f'<item id="c{i}" href="{name}" media-type="application/xhtml+xml"/>'
        for i, name in enumerate(chapters)
    )
    if nav:
        items += f'<item id="nav" href="{nav}" media-type="application/xhtml+xml" '
        items += 'properties="nav"/>'
    refs = "".join(f'<itemref idref="c{i}"/>' for i in range(len(chapters)))
    return (
        '<?xml version="1.0" encoding="utf-8"?>\n'
        '<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid">'
        '<metadata xmlns:dc="http://purl.org/dc/elements/1.1/">'
        f'<dc:identifier id="uid">urn:test:1</dc:identifier><dc:title>{title}</dc:title>'
        "<dc:creator>First Author</dc:creator><dc:creator>Second Author</dc:creator>"
        f"<dc:language>{language}</dc:language>{metadata_extra}</metadata>"
        f"<manifest>{items}{manifest_extra}</manifest>"
        f"<spine {spine_attributes}>{refs}</spine></package>"
    )


def nav_document(entries: list[tuple[str, str]]) -> str:
    items = "".join(f'<li><a href="{href}">{label}</a></li>' for label, href in entries)
    return xhtml(f'<nav epub:type="toc"><ol>{items}</ol></nav>')


def write_zip(path: Path, members: Mapping[str, bytes | str], *, epub: bool = True) -> Path:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        if epub:
            archive.writestr(
                zipfile.ZipInfo("mimetype"), b"application/epub+zip", zipfile.ZIP_STORED
            )
        for name, data in members.items():
            archive.writestr(name, data)
    return path


def make_epub(
    path: Path,
    chapters: Mapping[str, str],
    *,
    opf: str | None = None,
    extra: Mapping[str, bytes | str] | None = None,
    with_container: bool = True,
    toc: list[tuple[str, str]] | None = None,
) -> Path:
    """An EPUB 3 at `path` whose chapters are `{member under OEBPS/: full xhtml text}`."""
    names = list(chapters)
    members: dict[str, bytes | str] = {}
    if with_container:
        members["META-INF/container.xml"] = CONTAINER_XML.format(opf="OEBPS/content.opf")
    if opf is None:  # a valid book lists every resource it holds in its manifest
        opf = package_document(names, manifest_extra=manifest_items(extra or {}))
    members["OEBPS/content.opf"] = opf
    members["OEBPS/nav.xhtml"] = nav_document(toc if toc is not None else [(n, n) for n in names])
    for name, text in chapters.items():
        members[f"OEBPS/{name}"] = text
    members.update(extra or {})
    return write_zip(path, members)


def manifest_items(members: Mapping[str, bytes | str]) -> str:
    """Manifest entries for extra container members (paths from the container's root)."""
    items = []
    for i, name in enumerate(sorted(members)):
        if name.startswith("META-INF/") or name == "OEBPS/nav.xhtml":
            continue
        kind = mimetypes.guess_type(name)[0] or "application/octet-stream"
        href = name.removeprefix("OEBPS/") if name.startswith("OEBPS/") else "../" + name
        items.append(f'<item id="x{i}" href="{quote(href)}" media-type="{kind}"/>')
    return "".join(items)


def image_bytes(*, size: tuple[int, int] = (40, 60), fmt: str = "PNG", color: str = "red") -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, color).save(out, format=fmt)
    return out.getvalue()

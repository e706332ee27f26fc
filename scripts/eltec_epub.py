"""Turn an ELTeC TEI novel into a plain EPUB 3 (one chapter per top-level div) for the language
tests: `python -m scripts.eltec_epub NOVEL.xml OUT.epub [LANGUAGE]`
(the language when the TEI does not say). The novels themselves are not kept in
the project; tests that need them skip when /work/langcorpus (or READER_LANGCORPUS) lacks them."""

from __future__ import annotations

import sys
import zipfile
from pathlib import Path
from xml.etree import ElementTree
from xml.sax.saxutils import escape

TEI = "{http://www.tei-c.org/ns/1.0}"
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"


def _text(element: ElementTree.Element) -> str:
    """The element's words with page breaks and notes left out, blanks made single."""
    parts: list[str] = [element.text or ""]
    for child in element:
        if child.tag not in (TEI + "note", TEI + "pb", TEI + "fw"):
            parts.append(_text(child))
        parts.append(child.tail or "")
    return " ".join("".join(parts).split())


def chapters(root: ElementTree.Element) -> list[tuple[str, list[str]]]:
    """(heading, paragraphs) of each chapter of the body, in reading order."""
    body = root.find(f"{TEI}text/{TEI}body")
    if body is None:
        return []
    found: list[tuple[str, list[str]]] = []
    for div in body.iter(TEI + "div"):
        paragraphs = [_text(p) for p in div.findall(TEI + "p")]
        paragraphs = [p for p in paragraphs if p]
        if paragraphs:
            head = div.find(TEI + "head")
            found.append((_text(head) if head is not None else "", paragraphs))
    return found


def _xhtml(heading: str, paragraphs: list[str], language: str) -> str:
    body = (f"<h2>{escape(heading)}</h2>" if heading else "") + "".join(
        f"<p>{escape(p)}</p>" for p in paragraphs)
    return ('<?xml version="1.0" encoding="utf-8"?>\n<html xmlns="http://www.w3.org/1999/xhtml" '
            f'xml:lang="{language}"><head><title>{escape(heading)}</title></head>'
            f"<body>{body}</body></html>")


def write_epub(tei: Path, out: Path, *, language: str = "") -> None:
    root = ElementTree.parse(tei).getroot()
    declared = root.find(f".//{TEI}langUsage/{TEI}language")
    declared_language = declared.get("ident", "") if declared is not None else ""
    language = language or (root.get(XML_LANG) or declared_language or "und").split("-")[0]
    title_el = root.find(f"{TEI}teiHeader/{TEI}fileDesc/{TEI}titleStmt/{TEI}title")
    title = _text(title_el).removesuffix(": édition ELTeC").strip() if title_el is not None else ""
    parts = chapters(root)
    items = "".join(f'<item id="c{i}" href="c{i}.xhtml" media-type="application/xhtml+xml"/>'
                    for i in range(len(parts)))
    spine = "".join(f'<itemref idref="c{i}"/>' for i in range(len(parts)))
    nav_items = "".join(f'<li><a href="c{i}.xhtml">{escape(h or str(i + 1))}</a></li>'
                        for i, (h, _) in enumerate(parts))
    opf = ('<?xml version="1.0" encoding="utf-8"?>\n<package xmlns="http://www.idpf.org/2007/opf"'
           ' version="3.0" unique-identifier="id"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/">'
           f'<dc:identifier id="id">eltec-{escape(tei.stem)}</dc:identifier>'
           f"<dc:title>{escape(title)}</dc:title><dc:language>{language}</dc:language>"
           '<meta property="dcterms:modified">2020-01-01T00:00:00Z</meta></metadata>'
           '<manifest><item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" '
           f'properties="nav"/>{items}</manifest><spine>{spine}</spine></package>')
    nav = ('<?xml version="1.0" encoding="utf-8"?>\n<html xmlns="http://www.w3.org/1999/xhtml" '
           'xmlns:epub="http://www.idpf.org/2007/ops"><head><title>nav</title></head><body>'
           f'<nav epub:type="toc"><ol>{nav_items}</ol></nav></body></html>')
    container = ('<?xml version="1.0"?>\n<container version="1.0" '
                 'xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles>'
                 '<rootfile full-path="content.opf" media-type="application/oebps-package+xml"/>'
                 "</rootfiles></container>")
    with zipfile.ZipFile(out, "w") as epub:
        epub.writestr("mimetype", "application/epub+zip", compress_type=zipfile.ZIP_STORED)
        epub.writestr("META-INF/container.xml", container, compress_type=zipfile.ZIP_DEFLATED)
        epub.writestr("content.opf", opf, compress_type=zipfile.ZIP_DEFLATED)
        epub.writestr("nav.xhtml", nav, compress_type=zipfile.ZIP_DEFLATED)
        for i, (heading, paragraphs) in enumerate(parts):
            epub.writestr(f"c{i}.xhtml", _xhtml(heading, paragraphs, language),
                          compress_type=zipfile.ZIP_DEFLATED)


if __name__ == "__main__":
    write_epub(Path(sys.argv[1]), Path(sys.argv[2]), language="".join(sys.argv[3:4]))

"""Turn an ELTeC TEI novel into a plain EPUB 3: the French and German development sets' books.

    python scripts/tei_to_epub.py NOVEL.xml OUT.epub [--language fr | --no-language]

One XHTML file per chapter (a TEI `div` holding paragraphs), its `head` as the heading; a
group's head (a part's title) goes before its first chapter. Page breaks, notes and gaps are
dropped; verse lines become paragraphs. `--language` overrides the TEI's xml:lang in the
EPUB's dc:language and `--no-language` leaves dc:language out (the language pick's tests need
a book with no tag and one whose tag lies).
"""

from __future__ import annotations

import argparse
import html
import sys
import uuid
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

from lxml import etree

TEI = "{http://www.tei-c.org/ns/1.0}"
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
_DROPPED = {f"{TEI}note", f"{TEI}pb", f"{TEI}gap", f"{TEI}fw"}


@dataclass
class Chapter:
    heads: list[str] = field(default_factory=list)
    paragraphs: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Novel:
    title: str
    author: str
    language: str
    chapters: list[Chapter]


def _text(element: etree._Element) -> str:
    parts: list[str] = []

    def walk(node: etree._Element) -> None:
        if node.tag in _DROPPED:
            if node.tail:
                parts.append(node.tail)
            return
        if node.text:
            parts.append(node.text)
        for child in node:
            walk(child)
        if node is not element and node.tail:
            parts.append(node.tail)

    walk(element)
    return " ".join("".join(parts).split())


def read_tei(path: Path) -> Novel:
    root = etree.parse(str(path)).getroot()
    title = _text(root.find(f".//{TEI}titleStmt/{TEI}title")).split(" : ")[0]
    author = _text(root.find(f".//{TEI}titleStmt/{TEI}author"))
    author = author.split(" (")[0]
    if ", " in author:  # "Flaubert, Gustave" -> "Gustave Flaubert"
        last, first = author.split(", ", 1)
        author = f"{first} {last}"
    body = root.find(f".//{TEI}text/{TEI}body")
    chapters: list[Chapter] = []
    pending_heads: list[str] = []

    def visit(div: etree._Element) -> None:
        nonlocal pending_heads
        heads = [_text(h) for h in div.findall(f"{TEI}head") if _text(h)]
        children = [c for c in div if c.tag == f"{TEI}div"]
        if children:
            pending_heads = pending_heads + heads
            for child in children:
                visit(child)
            return
        chapter = Chapter(heads=pending_heads + heads)
        pending_heads = []
        for node in div.iter(f"{TEI}p", f"{TEI}l"):
            text = _text(node)
            if text:
                chapter.paragraphs.append(text)
        if chapter.paragraphs:
            chapters.append(chapter)

    divs = [c for c in body if c.tag == f"{TEI}div"]
    if divs:
        for div in divs:
            visit(div)
    else:
        visit(body)
    return Novel(title, author, root.get(XML_LANG, ""), chapters)


def _chapter_xhtml(chapter: Chapter, language: str) -> str:
    lang = f' xml:lang="{language}" lang="{language}"' if language else ""
    heads = "".join(f"<h2>{html.escape(h)}</h2>\n" for h in chapter.heads)
    paragraphs = "".join(f"<p>{html.escape(p)}</p>\n" for p in chapter.paragraphs)
    title = html.escape(chapter.heads[-1] if chapter.heads else "")
    return (
        '<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE html>\n'
        f'<html xmlns="http://www.w3.org/1999/xhtml"{lang}><head><title>{title}</title></head>\n'
        f"<body>\n{heads}{paragraphs}</body></html>\n"
    )


def write_epub(novel: Novel, out: Path, *, language: str | None) -> None:
    """`language` None: the TEI's own; "": no dc:language at all."""
    tag = novel.language if language is None else language
    names = [f"chapter{n:03d}.xhtml" for n in range(1, len(novel.chapters) + 1)]
    dc_language = f"<dc:language>{tag}</dc:language>" if tag else ""
    manifest = "".join(
        f'<item id="c{n}" href="{name}" media-type="application/xhtml+xml"/>'
        for n, name in enumerate(names)
    )
    spine = "".join(f'<itemref idref="c{n}"/>' for n in range(len(names)))
    nav_items = "".join(
        f'<li><a href="{name}">{html.escape(" ".join(c.heads) or str(n + 1))}</a></li>'
        for n, (name, c) in enumerate(zip(names, novel.chapters, strict=True))
    )
    opf = (
        '<?xml version="1.0" encoding="utf-8"?>\n'
        '<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">'
        '<metadata xmlns:dc="http://purl.org/dc/elements/1.1/">'
        f'<dc:identifier id="id">urn:uuid:{uuid.uuid5(uuid.NAMESPACE_URL, novel.title)}'
        f"</dc:identifier><dc:title>{html.escape(novel.title)}</dc:title>"
        f"<dc:creator>{html.escape(novel.author)}</dc:creator>{dc_language}"
        '<meta property="dcterms:modified">2026-01-01T00:00:00Z</meta></metadata>'
        f'<manifest><item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" '
        f'properties="nav"/>{manifest}</manifest><spine>{spine}</spine></package>'
    )
    nav = (
        '<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE html>\n'
        '<html xmlns="http://www.w3.org/1999/xhtml" '
        'xmlns:epub="http://www.idpf.org/2007/ops"><head><title>Contents</title></head>'
        f'<body><nav epub:type="toc"><ol>{nav_items}</ol></nav></body></html>'
    )
    container = (
        '<?xml version="1.0"?><container version="1.0" '
        'xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles>'
        '<rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/>'
        "</rootfiles></container>"
    )
    out.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(out, "w") as epub:
        epub.writestr("mimetype", "application/epub+zip", compress_type=zipfile.ZIP_STORED)
        epub.writestr("META-INF/container.xml", container, compress_type=zipfile.ZIP_DEFLATED)
        epub.writestr("OEBPS/content.opf", opf, compress_type=zipfile.ZIP_DEFLATED)
        epub.writestr("OEBPS/nav.xhtml", nav, compress_type=zipfile.ZIP_DEFLATED)
        for name, chapter in zip(names, novel.chapters, strict=True):
            epub.writestr(f"OEBPS/{name}", _chapter_xhtml(chapter, tag),
                          compress_type=zipfile.ZIP_DEFLATED)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("tei", type=Path)
    parser.add_argument("out", type=Path)
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--language", help="dc:language to write instead of the TEI's")
    group.add_argument("--no-language", action="store_true", help="write no dc:language")
    args = parser.parse_args(argv)
    novel = read_tei(args.tei)
    write_epub(novel, args.out, language="" if args.no_language else args.language)
    words = sum(len(p.split()) for c in novel.chapters for p in c.paragraphs)
    print(f"{args.out}: {novel.title} by {novel.author}, {len(novel.chapters)} chapters, "
          f"{words} words")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Hypothesis strategies for classes of hostile input, each with its sizes and bytes drawn (not
the last round's findings replayed): CSS numbers, escapes and selectors; pictures in every format
Pillow writes, and headers of those it only reads, with their fields patched; long spines and
manifests; elements with many attributes; amplified content; many links and nested note
references in one paragraph. And `hostile_book`, which puts them
into a seed EPUB or CBZ, beside parts of the real corpus books."""

from __future__ import annotations

import io
import re
import struct

from hypothesis import strategies as st
from PIL import Image

from tests.fuzz.corpus_seeds import corpus_parts
from tests.fuzz.mutate import mutated_bytes

PICTURE_NAMES = ("pic.png", "001.png", "pic.jpg", "pic.svg", "pic.gif", "pic.webp", "pic")
# Every format this Pillow writes (EPS and PDF left out: they are no book picture).
WRITTEN = ("PNG", "JPEG", "GIF", "BMP", "DIB", "WEBP", "TIFF", "ICO", "TGA", "PCX", "PPM",
           "QOI", "SGI", "DDS", "JPEG2000", "AVIF", "SPIDER", "IM", "ICNS")  # fmt: skip
BIG_FIELDS = (b"\xff\xff\xff\xff", b"\x7f\xff\xff\xff", b"\x00\x00\x00\x00", b"\xff\xff")


@st.composite
def css_number(draw: st.DrawFn) -> bytes:
    digits = draw(st.sampled_from((1, 3, 20, 400, 1001, 4299, 4301, 5000, 20000)))
    sign = draw(st.sampled_from((b"", b"-", b"+")))
    tail = draw(st.sampled_from((b"", b"px", b"em", b"%", b"n+1", b".5", b"e9999", b"e-9")))
    return sign + b"9" * digits + tail


@st.composite
def css_escape(draw: st.DrawFn) -> bytes:
    code = draw(st.integers(0, 0x10FFFF + 0x100))
    return b"\\" + f"{code:x}".encode() + draw(st.sampled_from((b" ", b"", b"\n")))


@st.composite
def css_fragment(draw: st.DrawFn) -> bytes:
    number, escape = draw(css_number()), draw(css_escape())
    name = draw(st.sampled_from((b"type", b"class", b"x", b"")))
    return draw(st.sampled_from((
        b"p { margin: " + number + b" }",
        b"p { font-size: " + number + b"; text-indent: " + number + b" }",
        b"section[" + escape + name + b"]{left:0}",
        b"p[" + name + b"=" + escape + b"] { text-align: center }",
        b"." + escape + b" { font-style: italic }",
        b"p:nth-child(" + number + b") { color: red }",
        b"p:nth-of-type(" + number + b"n+" + number + b") { color: red }",
        b"@font-face { font-family: x; font-weight: " + number + b"; src: url(f.ttf) }",
        b"@media screen and (min-width: " + number + b") { p { margin: 1em } }",
        b"@media screen {" * draw(st.integers(1, 400)) + b"p{margin:0}",
        b"p { unicode-range: U+" + b"f" * draw(st.integers(1, 5000)) + b" }",
        b"p { color: #" + b"f" * draw(st.integers(1, 5000)) + b" }",
        b"p { content: \"" + escape * 50 + b"\" }",
        b"*" + b" *" * draw(st.integers(1, 50)) + b" { margin: 1em }",
        draw(st.binary(max_size=60)),
    )))  # fmt: skip


@st.composite
def hostile_stylesheet(draw: st.DrawFn) -> bytes:
    sheets = corpus_parts().stylesheets
    base = draw(st.sampled_from(sheets)) if sheets and draw(st.booleans()) else b"p { margin: 0 }"
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(base)))
        base = base[:at] + b"\n" + draw(css_fragment()) + b"\n" + base[at:]
    return base


def _encoded(fmt: str, size: tuple[int, int], mode: str) -> bytes:
    out = io.BytesIO()
    try:
        Image.new(mode, size, "red" if mode != "1" else 1).save(out, format=fmt)
    except (OSError, ValueError, KeyError):
        Image.new("RGB", (8, 8), "red").save(out, format="PNG")
    return out.getvalue()


@st.composite
def hostile_picture(draw: st.DrawFn) -> bytes:
    """A picture in any format, often with its header's size fields patched, cut or flipped."""
    kind = draw(st.sampled_from(("written", "written", "psd", "jxl", "avif", "tiff", "corpus")))
    if kind == "written":
        size = (draw(st.integers(1, 64)), draw(st.integers(1, 64)))
        data = _encoded(draw(st.sampled_from(WRITTEN)), size, draw(st.sampled_from(("RGB", "L",
                                                                                       "RGBA"))))
    elif kind == "psd":
        width, height = draw(st.integers(0, 2**32 - 1)), draw(st.integers(0, 2**32 - 1))
        channels, depth = draw(st.integers(0, 60)), draw(st.sampled_from((1, 8, 16, 32, 99)))
        data = b"8BPS" + struct.pack(">H", draw(st.sampled_from((1, 2)))) + b"\x00" * 6
        data += struct.pack(">HIIHH", channels, height, width, depth, draw(st.integers(0, 9)))
        data += draw(st.binary(max_size=64))
    elif kind == "jxl":
        data = b"\xff\x0a" + draw(st.binary(min_size=0, max_size=96))
    elif kind == "avif":
        data = b"\x00\x00\x00\x1cftypavif" + draw(st.binary(max_size=96))
    elif kind == "tiff":
        data = b"II*\x00\x08\x00\x00\x00" + draw(st.binary(max_size=96))
    else:
        pictures = corpus_parts().pictures
        data = draw(st.sampled_from(pictures)) if pictures else _encoded("PNG", (8, 8), "RGB")
    if draw(st.booleans()):  # a size field, or any field, made huge or zero
        at = draw(st.integers(0, max(min(len(data), 40) - 4, 0)))
        data = data[:at] + draw(st.sampled_from(BIG_FIELDS)) + data[at + 4 :]
    if draw(st.integers(0, 3)) == 0:
        data = draw(mutated_bytes(data))
    return data


def long_package(items: int, *, repeats: int, linear_no_every: int, extra_manifest: int) -> bytes:
    """An OPF whose spine lists `items` distinct tiny chapters (c0 … c{items-1}), each `repeats`
    times, every `linear_no_every`-th one linear="no", with `extra_manifest` unused items."""
    manifest = "".join(
        f'<item id="c{i}" href="c{i}.xhtml" media-type="application/xhtml+xml"/>'
        for i in range(items)
    ) + "".join(f'<item id="u{i}" href="u{i}.png" media-type="image/png"/>'
                for i in range(extra_manifest))  # fmt: skip
    def itemref(i: int) -> str:
        aside = ' linear="no"' if linear_no_every and i % linear_no_every == 0 else ""
        return f'<itemref idref="c{i}"{aside}/>' * repeats

    spine = "".join(itemref(i) for i in range(items))
    return (
        '<?xml version="1.0" encoding="utf-8"?><package xmlns="http://www.idpf.org/2007/opf" '
        'version="3.0" unique-identifier="uid"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/">'
        '<dc:identifier id="uid">urn:fuzz:long</dc:identifier><dc:title>Long</dc:title>'
        f"</metadata><manifest>{manifest}</manifest><spine>{spine}</spine></package>"
    ).encode()


@st.composite
def many_attributes(draw: st.DrawFn) -> bytes:
    count = draw(st.sampled_from((10, 300, 3000, 30000)))
    names = " ".join(f'data-a{i}="v{i}"' for i in range(count))
    return f'<p class="x" {names}>Many attributes.</p>'.encode() * draw(st.integers(1, 3))


@st.composite
def amplified(draw: st.DrawFn) -> bytes:
    times = draw(st.sampled_from((10, 1000, 20000)))
    return draw(st.sampled_from((
        b'<img src="pic.png"/>' * times,
        b"<p>" + b"<span>x</span>" * times + b"</p>",
        b"<div>" * min(times, 5000) + b"deep" + b"</div>" * min(times, 5000),
        b'<a href="#a">x</a><p id="a">a</p>' * times,
        b"<p>" + b"&#x10FFFF;" * times + b"</p>",
    )))  # fmt: skip


@st.composite
def links_per_paragraph(draw: st.DrawFn) -> bytes:
    """One paragraph of many links (issue 38: a copy of its spans per link made its open
    quadratic): note references nested in each other, links to notes that are there and to ids
    that are not, to the paragraph itself, to the other chapter, and empty ones."""
    count = draw(st.sampled_from((10, 1000, 20000, 50000)))
    depth = draw(st.sampled_from((1, 2, 40)))
    hrefs = draw(st.lists(st.sampled_from((
        "#n{i}", "#missing{i}", "#para", "c1.xhtml#end", "c1.xhtml#gone{i}", "c1.xhtml", "", "#",
    )), min_size=1, max_size=4))  # fmt: skip
    noteref = draw(st.sampled_from(('epub:type="noteref" ', 'role="doc-noteref" ', "")))
    inner = draw(st.sampled_from(("<sup>{i}</sup>", "{i}", "")))
    closing = draw(st.sampled_from(("</a>", "</a>,", "</a> ")))  # text after: the outer link's

    def opening(i: int) -> str:
        href = hrefs[i % len(hrefs)].format(i=i)
        return f'<a {noteref}href="{href}">' + inner.format(i=i)

    groups = (
        "".join(opening(g + d) for d in range(depth)) + closing * depth + " "
        for g in range(0, count, depth)
    )
    notes = "".join(f'<aside epub:type="footnote" id="n{i}"><p>Note {i}.</p></aside>'
                    for i in range(0, count, draw(st.sampled_from((1, 50, count)))))  # fmt: skip
    return f'<p id="para">Linked {"".join(groups)}</p>{notes}'.encode()


_HEAD = re.compile(rb"<head[^>]*>", re.IGNORECASE)


def _with_stylesheet(chapter: bytes) -> bytes:
    link = b'<link rel="stylesheet" type="text/css" href="style.css"/>'
    found = _HEAD.search(chapter)
    return chapter[: found.end()] + link + chapter[found.end() :] if found else link + chapter


@st.composite
def hostile_epub(draw: st.DrawFn, members: dict[str, bytes]) -> dict[str, bytes]:
    """The seed EPUB's members with one class of hostile input (or a corpus part) put in."""
    result = dict(members)
    parts = corpus_parts()
    kind = draw(st.sampled_from(("css", "css", "picture", "picture", "spine", "attributes",
                                 "amplified", "links", "corpus-chapter", "corpus-nav",
                                 "corpus-package")))
    chapter = result["OEBPS/c0.xhtml"]
    if kind == "css":
        result["OEBPS/style.css"] = draw(hostile_stylesheet())
        result["OEBPS/c0.xhtml"] = _with_stylesheet(chapter)
        if draw(st.booleans()):
            style = b"<style>" + draw(css_fragment()) + b"</style>"
            result["OEBPS/c1.xhtml"] = _HEAD.sub(lambda m: m.group(0) + style,
                                                 result["OEBPS/c1.xhtml"], count=1)
        if draw(st.booleans()):
            attribute = draw(css_fragment()).split(b"{", 1)[-1].rstrip(b"}").replace(b'"', b"'")
            result["OEBPS/c0.xhtml"] = result["OEBPS/c0.xhtml"].replace(
                b'style="text-align:center"', b'style="' + attribute + b'"')
    elif kind == "picture":
        result["OEBPS/pic.png"] = draw(hostile_picture())  # inline in c0, and the cover
    elif kind == "spine":
        items = draw(st.sampled_from((1, 50, 2000)))
        result = {k: v for k, v in result.items() if not k.startswith("OEBPS/c")}
        result["OEBPS/content.opf"] = long_package(
            items, repeats=draw(st.sampled_from((1, 2, 40))),
            linear_no_every=draw(st.sampled_from((0, 1, 3))),
            extra_manifest=draw(st.sampled_from((0, 3000))),
        )  # fmt: skip
        for i in range(items):
            result[f"OEBPS/c{i}.xhtml"] = b"<html><body><p>c%d</p></body></html>" % i
    elif kind == "attributes":
        result["OEBPS/c0.xhtml"] = chapter.replace(b"</body>", draw(many_attributes()) + b"</body>")
        result["OEBPS/style.css"] = b"p[data-a7] { text-indent: 2em } .x { margin: 1em }"
        result["OEBPS/c0.xhtml"] = _with_stylesheet(result["OEBPS/c0.xhtml"])
    elif kind == "amplified":
        result["OEBPS/c0.xhtml"] = chapter.replace(b"</body>", draw(amplified()) + b"</body>")
    elif kind == "links":
        paragraph = draw(links_per_paragraph())
        result["OEBPS/c0.xhtml"] = chapter.replace(b"</body>", paragraph + b"</body>")
    elif kind == "corpus-chapter" and parts.chapters:
        result["OEBPS/c0.xhtml"] = _with_stylesheet(draw(st.sampled_from(parts.chapters)))
        if parts.stylesheets:
            result["OEBPS/style.css"] = draw(st.sampled_from(parts.stylesheets))
    elif kind == "corpus-nav" and parts.navs:
        result["OEBPS/nav.xhtml"] = draw(st.sampled_from(parts.navs))
    elif kind == "corpus-package" and parts.packages:
        result["OEBPS/content.opf"] = draw(st.sampled_from(parts.packages))
    return result


@st.composite
def hostile_cbz(draw: st.DrawFn, members: dict[str, bytes]) -> dict[str, bytes]:
    """The seed comic with hostile pictures as pages (any of them, the cover too)."""
    result = dict(members)
    for name in sorted(result):
        if name.endswith(".png") and draw(st.integers(0, 2)) == 0:
            result[name] = draw(hostile_picture())
    if draw(st.integers(0, 4)) == 0:
        result["page1.png"] = draw(hostile_picture())
    return result

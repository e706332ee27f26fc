"""Hypothesis strategies that turn a seed book into a damaged or hostile one.

Three layers, each drawn independently: the documents (bytes flipped, cut, spliced with
hostile snippets), the members (dropped, renamed, added), and the zip structure (compression
method per member, raw bytes of the finished archive flipped, a method field patched).
"""

from __future__ import annotations

import io
import zipfile

from hypothesis import strategies as st

LONG_DIGITS = b"9" * 5000
HOSTILE_SNIPPETS: tuple[bytes, ...] = (
    b'<ol start="' + LONG_DIGITS + b'"><li value="' + LONG_DIGITS + b'">x</li></ol>',
    b'<ol start="\xc2\xb2"><li value="-\xd9\xa3">x</li></ol>',
    b"<div>" * 300 + b"deep text" + b"</div>" * 300,
    b"<p>" + b"<br/>" * 3000 + b"</p>",
    b"<p>" + b"word " * 5000 + b"</p>",
    b'<Page Image="' + LONG_DIGITS + b'" Type="FrontCover"/><Page Image="\xc2\xb2"/>',
    b"<Number>" + LONG_DIGITS + b'</Number><Pages><Page Image="-1"/></Pages>',
    b'<itemref idref="c0"/>' * 50,
    b'<itemref idref="missing"/>',
    b'<item id="c0" href="c0.xhtml" media-type="image/png"/>',
    b'<item id="x" href="../../../etc/passwd" media-type="application/xhtml+xml"/>',
    b'<spine toc="nav" page-progression-direction="rtl">',
    b'<rootfile full-path="/OEBPS/content.opf"/><rootfile full-path="%ZZ"/>',
    b'<navPoint><navLabel><text>x</text></navLabel><content src="c0.xhtml#%ZZ"/></navPoint>',
    b'<a href="c1.xhtml#nowhere">x</a><a href="http://example.com/">y</a><a href="#">z</a>',
    b'<img src="missing.png"/><img src="../../x.png"/><svg><image xlink:href="pic.png"/></svg>',
    b'<meta name="calibre:series_index" content="1e400"/>',
    b'<meta property="belongs-to-collection" id="s">S</meta>'
    b'<meta refines="#s" property="group-position">nan</meta>',
    b"<!DOCTYPE html>",
    b'<!DOCTYPE x [<!ENTITY a "aaaa">]>',
    b"&nbsp;&bogus;&#0;&#x110000;&#99999999999;",
    b"<![CDATA[ unfinished",
    b"\xff\xfe\x00<\x00",
    b"\x00\x01\x02",
    b"\xed\xa0\x80",
    b"</body></html>",
    b"<",
    b'"',
    b"<table><tr><td>" * 50,
    b"<ul>" * 100 + b"<li>x</li>",
    b'<p style="text-align:' + b"c" * 1000 + b'">x</p>',
    b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x7f\xff\xff\xff\x7f\xff\xff\xff\x08\x02\x00\x00\x00",
)
COMPRESSIONS = (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED, zipfile.ZIP_BZIP2, zipfile.ZIP_LZMA)
ODD_METHODS = (1, 6, 9, 12, 14, 97, 98, 99, 0xFFFF)


@st.composite
def mutated_bytes(draw: st.DrawFn, data: bytes) -> bytes:
    for _ in range(draw(st.integers(0, 4))):
        kind = draw(st.sampled_from(("flip", "cut", "splice", "delete", "replace")))
        at = draw(st.integers(0, len(data)))
        if kind == "flip" and data:
            at = min(at, len(data) - 1)
            data = data[:at] + bytes([data[at] ^ draw(st.integers(1, 255))]) + data[at + 1 :]
        elif kind == "cut":
            data = data[:at]
        elif kind == "splice":
            snippet = draw(st.sampled_from(HOSTILE_SNIPPETS) | st.binary(max_size=40))
            data = data[:at] + snippet + data[at:]
        elif kind == "delete":
            data = data[:at] + data[at + draw(st.integers(1, 200)) :]
        else:
            data = draw(st.sampled_from(HOSTILE_SNIPPETS) | st.binary(max_size=80))
    return data


@st.composite
def mutated_members(draw: st.DrawFn, members: dict[str, bytes]) -> dict[str, bytes]:
    result = dict(members)
    for name in list(result):
        if draw(st.integers(0, 3)) == 0:
            result[name] = draw(mutated_bytes(result[name]))
    for _ in range(draw(st.integers(0, 2))):
        if not result:
            break
        name = draw(st.sampled_from(sorted(result)))
        action = draw(st.sampled_from(("drop", "rename", "copy")))
        if action == "drop":
            del result[name]
        else:
            new_name = draw(
                st.sampled_from(
                    ("1" * 5000 + ".png", "__MACOSX/._x.png", "a/../../b.xhtml", "OEBPS/", "x.PNG")
                )
                | st.text(min_size=1, max_size=20)
            )
            data = result.pop(name) if action == "rename" else result[name]
            result[new_name] = data
    return result


def _zip(members: dict[str, bytes], methods: list[int]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        for (name, data), method in zip(members.items(), methods, strict=False):
            try:
                archive.writestr(zipfile.ZipInfo(name), data, compress_type=method)
            except (ValueError, UnicodeEncodeError):
                continue  # a name zipfile itself refuses to write; leave the member out
    return out.getvalue()


@st.composite
def mutated_archive(draw: st.DrawFn, members: dict[str, bytes]) -> bytes:
    members = draw(mutated_members(members))
    methods = [
        zipfile.ZIP_STORED if name == "mimetype" else draw(st.sampled_from(COMPRESSIONS))
        for name in members
    ]
    data = _zip(members, methods)
    for _ in range(draw(st.integers(0, 3))):
        kind = draw(st.sampled_from(("flip", "flip", "method", "cut")))
        if kind == "method":
            data = _patch_method(data, draw(st.sampled_from(ODD_METHODS)), draw(st.integers(0, 9)))
        elif kind == "cut":
            data = data[: draw(st.integers(0, len(data)))]
        elif data:
            at = draw(st.integers(0, len(data) - 1))
            data = data[:at] + bytes([data[at] ^ draw(st.integers(1, 255))]) + data[at + 1 :]
    return data


def _patch_method(data: bytes, method: int, which: int) -> bytes:
    """Set the compression method of one member, in its local header and central entry."""
    patched = bytearray(data)
    for signature, offset in ((b"PK\x03\x04", 8), (b"PK\x01\x02", 10)):
        starts = [i for i in range(len(data) - 3) if data.startswith(signature, i)]
        if starts:
            at = starts[which % len(starts)] + offset
            patched[at : at + 2] = method.to_bytes(2, "little")
    return bytes(patched)

"""Hostile input for the one-file formats (FB2, plain text, Markdown), sizes drawn: pictures of
every kind in `<binary>`, sections nested deep, paragraphs of many note links, giant base64,
entity declarations; text of one endless line, of headings only, of odd encodings and control
bytes; Markdown nested and unclosed."""

from __future__ import annotations

import base64
import codecs

from hypothesis import strategies as st

from tests.fuzz.hostile import hostile_picture


@st.composite
def hostile_fb2(draw: st.DrawFn, data: bytes) -> bytes:
    """The seed FB2 with one class of hostile input put in."""
    kind = draw(st.sampled_from(("picture", "nested", "links", "giant", "entity", "binaries",
                                 "encoding")))
    if kind == "picture":
        picture = base64.b64encode(draw(hostile_picture())).decode()
        start = data.index(b'content-type="image/png">') + len(b'content-type="image/png">')
        end = data.index(b"</binary>", start)
        return data[:start] + picture.encode() + data[end:]
    if kind == "nested":
        depth = draw(st.sampled_from((10, 200, 300, 5000)))
        opening = b"<section><title><p>t</p></title>"
        nested = opening * depth + b"<p>deep</p>" + b"</section>" * depth
        return data.replace(b"</body>", nested + b"</body>", 1)
    if kind == "links":
        count = draw(st.sampled_from((10, 1000, 20000)))
        target = draw(st.sampled_from((b"#n1", b"#missing", b"#s1", b"#", b"")))
        links = b'<a l:href="' + target + b'" type="note">1</a>'
        return data.replace(b"The end.", links * count, 1)
    if kind == "giant":
        size = draw(st.sampled_from((5 << 20, 20 << 20)))
        giant = b'<binary id="g.png" content-type="image/png">' + b"A" * size + b"</binary>"
        return data.replace(b"</FictionBook>", giant + b"</FictionBook>").replace(
            b'<image l:href="#pic.png"/>', b'<image l:href="#g.png"/>')
    if kind == "entity":
        return data.replace(b"<FictionBook", b'<!DOCTYPE x [<!ENTITY a "aaaa">]><FictionBook', 1)
    if kind == "binaries":
        count = draw(st.sampled_from((100, 3000)))
        many = b"".join(b'<binary id="b%d" content-type="image/png">iVBORw0KGgo=</binary>' % i
                        for i in range(count))
        return data.replace(b"</FictionBook>", many + b"</FictionBook>")
    encoding = draw(st.sampled_from(("utf-16", "windows-1251", "koi8-r", "bogus-enc")))
    body = data.decode().replace('encoding="utf-8"', f'encoding="{encoding}"')
    try:
        return body.encode(encoding)
    except LookupError:
        return body.encode()


@st.composite
def hostile_text(draw: st.DrawFn, data: bytes) -> bytes:
    """The seed text (or Markdown) with one class of hostile input put in."""
    kind = draw(st.sampled_from(("line", "headings", "encoding", "controls", "markdown",
                                 "blank")))
    size = draw(st.sampled_from((1000, 100_000, 2_000_000)))
    if kind == "line":
        return data + b"word " * size
    if kind == "headings":
        return b"".join(b"\n\n\nCHAPTER %d\n\nTHE TITLE\n" % i for i in range(size // 50))
    if kind == "encoding":
        text = data.decode()
        codec = draw(st.sampled_from(("utf-16-le", "utf-16-be", "utf-32-le", "cp1251", "utf-8")))
        bom = {"utf-16-le": codecs.BOM_UTF16_LE, "utf-16-be": codecs.BOM_UTF16_BE,
               "utf-32-le": codecs.BOM_UTF32_LE, "utf-8": codecs.BOM_UTF8}.get(codec, b"")
        return (bom if draw(st.booleans()) else b"") + text.encode(codec, errors="replace")
    if kind == "controls":
        return data + bytes(draw(st.lists(st.integers(1, 31), max_size=200)))
    if kind == "markdown":
        depth = draw(st.sampled_from((10, 500, 5000)))
        return data + b"> " * depth + b"quote\n" + b"*" * depth + b"x" + b"_" * depth + \
            b"\n" + b"[" * depth + b"](" * depth + b"\n```\nunclosed" + b"  - " * depth + b"i\n"
    return b"\n" * size + b"\r" * size

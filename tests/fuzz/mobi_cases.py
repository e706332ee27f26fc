"""The fuzzer's MOBI and AZW3 cases: seed books and the strategies that damage them.

Seeds: a MOBI 6 written here from markup (links by `filepos`, pictures by `recindex`, page
breaks, `<font>`), calibre's joint MOBI 6 + KF8 fixture and its AZW3 of the marker book.
Hostile input: markup snippets spliced into the MOBI 6 text before it is compressed (the EPUB
fuzzer's and MOBI's own: links and pictures to nowhere, thousands of page breaks), and header
fields set to what a hostile file says (record counts, text lengths, compression and index
numbers, the KF8 boundary). Then the file's bytes are damaged record-aware: bytes flipped inside a
record, records swapped in the table, the file cut short.
"""

from __future__ import annotations

import struct

from hypothesis import strategies as st

from tests.fuzz.mutate import HOSTILE_SNIPPETS
from tests.fuzz.seeds import png
from tests.unit.books.mobigen import MARKERS_AZW3, SMALL_JOINT, write_mobi

MOBI_SUFFIXES = (".mobi", ".azw3")
MOBI_SNIPPETS: tuple[bytes, ...] = (
    b"<a filepos=99999999999>far</a><a filepos=0000000000>start</a><a filepos=-5>neg</a>",
    b'<img recindex="99999"><img recindex="00000"><img recindex="abc"><img hirecindex="2">',
    b"<mbp:pagebreak/>" * 3000,
    b"<p>" + b"<mbp:pagebreak/>x" * 500 + b"</p>",
    b'<font size="99"><font size="-40"><font size="+9" color="javascript:x">x</font></font>',
    b'<p height="999999em" width="-99999em" align="justify">x</p>',
    b"<font>" * 400 + b"deep" + b"</font>" * 400,
    b"<reference type=\"toc\" filepos=0000000001 />" * 100,
)
# Offsets in record 0 worth lying about: PalmDOC counts and the MOBI header's pointers.
HEADER_FIELDS: tuple[tuple[int, str], ...] = (
    (0, ">H"), (4, ">L"), (8, ">H"), (10, ">H"), (12, ">H"),  # compression, length, count...
    (0x14, ">L"), (0x1C, ">L"), (0x24, ">L"), (0x54, ">L"), (0x58, ">L"), (0x6C, ">L"),
    (0x70, ">L"), (0x74, ">L"), (0x80, ">L"), (0xC0, ">L"), (0xC4, ">L"), (0xF2, ">H"),
    (0xF4, ">L"), (0xF8, ">L"), (0xFC, ">L"),
)  # fmt: skip
LIES = (0, 1, 2, 3, 7, 8, 0x7F, 0xFF, 0x4448, 0xFFFF, 0x10000, 0x7FFFFFFF, 0xFFFFFFFE, 0xFFFFFFFF)

MARKUP = (
    '<html><head><guide><reference type="toc" filepos=0000000000 /></guide></head><body>'
    '<p align="center"><font size="6"><b>Fuzz Book</b></font></p><mbp:pagebreak/>'
    '<p height="1em" width="2em">It was a <i>dark</i> night. See <a filepos=0000000300>more'
    '</a>.</p><img recindex="00001" width="8" height="12"><mbp:pagebreak/>'
    "<blockquote><p>Quoted &amp; kept “here”.</p></blockquote><ul><li>one</li></ul>"
    "<table><tr><td>a</td><td>b</td></tr></table><p>The end.</p></body></html>"
)


def seed_files() -> dict[str, tuple[bytes, ...]]:
    """The committed calibre files to mutate, by suffix."""
    return {".mobi": (SMALL_JOINT.read_bytes(),), ".azw3": (MARKERS_AZW3.read_bytes(),)}


@st.composite
def mobi_case(draw: st.DrawFn, suffix: str, hostile: bool, calibre: dict[str, tuple[bytes, ...]]
              ) -> bytes:
    """One fuzzed MOBI (".mobi": generated or calibre's joint file) or AZW3."""
    if suffix == ".mobi" and draw(st.booleans(), label="generated"):
        data = _generated(draw, hostile)
    else:
        data = draw(st.sampled_from(calibre[suffix]), label="seed")
        if hostile:
            data = _lying_header(draw, data)
    return _damaged(draw, data)


def _generated(draw: st.DrawFn, hostile: bool) -> bytes:
    markup = MARKUP.encode()
    if hostile:
        snippet = draw(st.sampled_from(HOSTILE_SNIPPETS + MOBI_SNIPPETS), label="snippet")
        at = draw(st.integers(0, len(markup)), label="at")
        markup = markup[:at] + snippet + markup[at:]
    import tempfile
    from pathlib import Path

    with tempfile.TemporaryDirectory() as folder:
        path = write_mobi(
            Path(folder) / "seed.mobi",
            markup.decode("utf-8", errors="replace"),
            images=[png()] if draw(st.booleans(), label="picture") else [],
            compress=draw(st.booleans(), label="compress"),
        )
        return path.read_bytes()


def _records(data: bytes) -> list[int]:
    if len(data) < 78:
        return []
    (count,) = struct.unpack_from(">H", data, 76)
    return [struct.unpack_from(">L", data, 78 + 8 * n)[0] for n in range(count)
            if 78 + 8 * n + 4 <= len(data)]


def _lying_header(draw: st.DrawFn, data: bytes) -> bytes:
    """Record 0 (or the joint file's KF8 header) with a few fields set to extreme values."""
    out = bytearray(data)
    starts = [o for o in _records(data) if o + 0x100 <= len(data)]
    headers = [o for o in starts if out[o + 16 : o + 20] == b"MOBI"] or starts[:1]
    for _ in range(draw(st.integers(1, 4), label="lies")):
        base = draw(st.sampled_from(headers), label="header")
        offset, fmt = draw(st.sampled_from(HEADER_FIELDS), label="field")
        value = draw(st.sampled_from(LIES), label="value") & (0xFFFF if fmt == ">H" else ~0)
        struct.pack_into(fmt, out, base + offset, value)
    return bytes(out)


def _damaged(draw: st.DrawFn, data: bytes) -> bytes:
    kind = draw(st.sampled_from(["none", "flip", "swap", "cut", "table"]), label="damage")
    out = bytearray(data)
    records = _records(data)
    if kind == "flip" and records:
        number = draw(st.integers(0, len(records) - 1), label="record")
        start = records[number]
        end = records[number + 1] if number + 1 < len(records) else len(out)
        for _ in range(draw(st.integers(1, 16), label="flips")):
            if end > start:
                at = draw(st.integers(start, end - 1), label="byte")
                out[at] ^= draw(st.integers(1, 255), label="mask")
    elif kind == "swap" and len(records) > 2:
        a, b = (draw(st.integers(0, len(records) - 1), label="which") for _ in range(2))
        struct.pack_into(">L", out, 78 + 8 * a, records[b])
        struct.pack_into(">L", out, 78 + 8 * b, records[a])
    elif kind == "cut":
        out = out[: draw(st.integers(0, len(out)), label="length")]
    elif kind == "table" and len(out) > 78:
        struct.pack_into(">H", out, 76, draw(st.sampled_from((0, 1, 2, 0xFFFF)), label="count"))
    return bytes(out)

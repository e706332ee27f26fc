"""MOBI files written by the tests themselves (CI has no calibre): a small MOBI 6 writer, the marker
book (every sentence carries `mkCCPPSS`, as tests/bookgen.py's) as MOBI, the committed fixtures'
paths, and encoders for the decompressor tests (PalmDOC and a tiny HUFF/CDIC)."""

from __future__ import annotations

import struct
from collections.abc import Sequence
from pathlib import Path

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "mobi"
JEKYLL_MOBI = FIXTURES / "jekyll.mobi"  # calibre's MOBI 6 (--mobi-file-type old)
JEKYLL_AZW3 = FIXTURES / "jekyll.azw3"  # calibre's KF8
SMALL_JOINT = FIXTURES / "small-joint.mobi"  # calibre's joint MOBI 6 + KF8 of SMALL_EPUB
SMALL_EPUB = FIXTURES / "small.epub"
MARKERS_AZW3 = FIXTURES / "markers.azw3"  # calibre's AZW3 of `marker_mobi`
FONT_AZW3 = FIXTURES / "font.azw3"  # a paragraph in an embedded font, "Lantern Mono"
CORPUS = Path(__file__).resolve().parents[3].parent / "shared" / "corpus" / "epub"
JEKYLL_EPUB = CORPUS / "robert-louis-stevenson_the-strange-case-of-dr-jekyll-and-mr-hyde.epub"
RECORD = 4096


def palmdoc_compress(data: bytes) -> bytes:
    """A valid PalmDOC stream: space+letter pairs, literal runs, and back references found by a
    plain search (enough to exercise every code the decompressor knows)."""
    out = bytearray()
    position = 0
    while position < len(data):
        window = data[max(0, position - 2047) : position]
        best_length, best_distance = 0, 0
        for length in range(10, 2, -1):
            piece = data[position : position + length]
            if len(piece) < length:
                continue
            found = window.rfind(piece)
            if found >= 0:
                best_length, best_distance = length, len(window) - found
                break
        if best_length:
            out += struct.pack(">H", 0x8000 | (best_distance << 3) | (best_length - 3))
            position += best_length
            continue
        byte = data[position]
        following = data[position + 1] if position + 1 < len(data) else None
        if byte == 0x20 and following is not None and 0x40 <= following <= 0x7F:
            out.append(following ^ 0x80)
            position += 2
        elif byte == 0 or 0x09 <= byte <= 0x7F:
            out.append(byte)
            position += 1
        else:
            run = data[position : position + 8]
            out.append(len(run))
            out += run
            position += len(run)
    return bytes(out)


def write_mobi(
    path: Path,
    markup: str,
    *,
    title: str = "A Generated Book",
    author: str = "A. Tester",
    images: Sequence[bytes] = (),
    compress: bool = True,
    encryption: int = 0,
    cover: int | None = None,
    record_size: int = RECORD,
    huffman: bool = False,
) -> Path:
    """A MOBI 6 book (UTF-8, PalmDOC-compressed) of `markup`, with EXTH title/author/language
    (and cover), each text record ending in one trailing entry (extra data flag 2) as Kindlegen
    writes."""
    text = markup.encode("utf-8")
    chunks = [text[n : n + record_size] for n in range(0, len(text), record_size)] or [b""]
    records = []
    for chunk in chunks:
        body = chunk if huffman or not compress else palmdoc_compress(chunk)
        records.append(body + b"\x81")  # a trailing entry of size 1 (its own size byte)
    tables = byte_huffman_tables() if huffman else []
    first_image = 1 + len(records) + len(tables) if images else 0xFFFFFFFF
    exth_records = [(100, author.encode()), (503, title.encode()), (524, b"en")]
    if cover is not None:  # EXTH 201: the cover's picture, counted from the first picture
        exth_records.append((201, struct.pack(">L", cover)))
    exth_body = b"".join(struct.pack(">LL", k, 8 + len(v)) + v for k, v in exth_records)
    exth = b"EXTH" + struct.pack(">LL", 12 + len(exth_body), len(exth_records)) + exth_body
    exth += b"\0" * (-len(exth) % 4)
    mobi_length = 0xE8
    name_offset = 16 + mobi_length + len(exth)
    header = bytearray(16 + mobi_length)
    compression = 17480 if huffman else 2 if compress else 1
    struct.pack_into(">HHLHHHH", header, 0, compression, 0, len(text), len(records),
                     RECORD, encryption, 0)
    header[16:20] = b"MOBI"
    struct.pack_into(">LLLLL", header, 20, mobi_length, 2, 65001, 1, 6)
    for offset in range(0x28, len(header), 4):  # every index unset
        struct.pack_into(">L", header, offset, 0xFFFFFFFF)
    struct.pack_into(">LL", header, 0x54, name_offset, len(title.encode()))
    struct.pack_into(">L", header, 0x6C, first_image)
    struct.pack_into(">LL", header, 0x70, 1 + len(records) if huffman else 0, len(tables))
    struct.pack_into(">L", header, 0x80, 0x40)
    struct.pack_into(">HH", header, 0xF0, 0, 2)  # extra data flags: one trailing entry
    record0 = bytes(header) + exth + title.encode() + b"\0" * 4
    return write_palm_database(path, [record0, *records, *tables, *images, b"\xe9\x8e\r\n"])


def write_palm_database(path: Path, records: Sequence[bytes], kind: bytes = b"BOOKMOBI") -> Path:
    head = bytearray(78)
    head[:14] = b"Generated_Book"
    head[60:68] = kind
    struct.pack_into(">H", head, 76, len(records))
    offset = 78 + 8 * len(records) + 2
    table = bytearray()
    for n, record in enumerate(records):
        table += struct.pack(">LL", offset, 2 * n)
        offset += len(record)
    path.write_bytes(bytes(head) + bytes(table) + b"\0\0" + b"".join(records))
    return path


def marker_markup(*, chapters: int = 4, paragraphs: int = 16, sentences: int = 4) -> str:
    """The marker book as MOBI 6 markup: chapters between page breaks, a contents page linked
    by `filepos`."""
    parts = []
    for c in range(chapters):
        body = "".join(
            "<p>" + " ".join(
                f"Sentence mk{c:02d}{p:02d}{s:02d} tells of the lantern by the river."
                for s in range(sentences)
            ) + "</p>"
            for p in range(paragraphs)
        )  # fmt: skip
        parts.append(f"<h2>Chapter {c + 1}</h2>{body}")
    return "<html><head></head><body>" + "<mbp:pagebreak/>".join(parts) + "</body></html>"


def marker_mobi(path: Path, *, chapters: int = 4, paragraphs: int = 16, sentences: int = 4) -> Path:
    markup = marker_markup(chapters=chapters, paragraphs=paragraphs, sentences=sentences)
    return write_mobi(path, markup, title="The Marker Book")


def with_encryption(source: Path, target: Path, *, record: int = 0, kind: int = 2) -> Path:
    """A copy of `source` whose record `record` says its text is encrypted (as DRM'd books do)."""
    data = bytearray(source.read_bytes())
    (offset,) = struct.unpack_from(">L", data, 78 + 8 * record)
    struct.pack_into(">H", data, offset + 12, kind)
    target.write_bytes(bytes(data))
    return target


def huffman_tables(phrases: Sequence[tuple[bytes, bool]]) -> tuple[bytes, bytes, list[str]]:
    """A HUFF record and one CDIC record for up to six phrases, and each phrase's bit code.

    Codes: phrases 0-1 have 2-bit codes 11 and 10, phrases 2-5 3-bit codes 011 to 000 (a
    symbol's index counts down from its length's maximum code)."""
    codes = ["11", "10", "011", "010", "001", "000"][: len(phrases)]
    cache = []
    for top in range(256):
        if top >> 6 in (2, 3):  # 1x......: a 2-bit code, max code 3
            cache.append((3 << 8) | 0x80 | 2)
        else:  # 0.......: a 3-bit code; its max code 5 gives indexes 2-5 for 011-000
            cache.append((5 << 8) | 0x80 | 3)
    bases = [0] * 64
    bases[2 * 1], bases[2 * 1 + 1] = 2, 3  # length 2: min 2, max 3
    bases[2 * 2], bases[2 * 2 + 1] = 0, 5  # length 3: min 0, max 5
    huff = b"HUFF" + struct.pack(">LLL", 24, 24, 24 + 1024) + b"\0" * 8
    huff = huff[:24] + struct.pack(">256L", *cache) + struct.pack(">64L", *bases)
    offsets, blob = [], b""
    for phrase, literal in phrases:
        offsets.append(2 * len(phrases) + len(blob))
        blob += struct.pack(">H", len(phrase) | (0x8000 if literal else 0)) + phrase
    cdic = b"CDIC" + struct.pack(">LLL", 16, len(phrases), 5)
    cdic += struct.pack(f">{len(phrases)}H", *offsets) + blob
    return huff, cdic, codes


def byte_huffman_tables() -> list[bytes]:
    """HUFF and CDIC records in which every byte is its own 8-bit code (code b is phrase 255 - b,
    the byte b): text "compressed" with them is the text itself, which makes a whole book easy
    to write with HUFF/CDIC compression."""
    cache = [(255 << 8) | 0x80 | 8] * 256
    bases = [0] * 64
    bases[2 * 7], bases[2 * 7 + 1] = 0, 255  # length 8: codes 0 to 255
    huff = b"HUFF" + struct.pack(">LLL", 24, 24, 24 + 1024) + b"\0" * 8
    huff = huff[:24] + struct.pack(">256L", *cache) + struct.pack(">64L", *bases)
    offsets, blob = [], b""
    for index in range(256):
        offsets.append(2 * 256 + len(blob))
        blob += struct.pack(">H", 1 | 0x8000) + bytes([255 - index])
    cdic = b"CDIC" + struct.pack(">LLL", 16, 256, 8) + struct.pack(">256H", *offsets) + blob
    return [huff, cdic]


def bits_to_bytes(bits: str) -> bytes:
    bits += "0" * (-len(bits) % 8)
    return bytes(int(bits[n : n + 8], 2) for n in range(0, len(bits), 8))

"""What a MOBI or KF8 reader hands to the book builder: XHTML documents, stylesheets, pictures by
record and the table of contents, named like the members of an EPUB."""

from __future__ import annotations

import struct
import zlib
from dataclasses import dataclass, field

from reader_app.translatable import Sentence

IMAGE_SIGNATURES: tuple[tuple[bytes, str], ...] = (
    (b"\xff\xd8\xff", "jpg"),
    (b"\x89PNG", "png"),
    (b"GIF8", "gif"),
    (b"BM", "bmp"),
)
MAX_FONT_BYTES = 8 * 1024 * 1024  # as typography/embedded_fonts.py allows an EPUB's
OBFUSCATED_FONT_BYTES = 1040


@dataclass(frozen=True, slots=True)
class TocPoint:
    title: str
    depth: int
    member: str
    fragment: str


@dataclass
class ConvertedBook:
    """A MOBI's content as documents the XHTML pipeline reads. Filled by one reader call."""

    documents: list[tuple[str, bytes]] = field(default_factory=list)
    html: bool = False  # MOBI 6 markup is HTML, not XML
    stylesheets: dict[str, bytes] = field(default_factory=dict)
    images: dict[str, int] = field(default_factory=dict)  # member -> database record
    flows: dict[str, int] = field(default_factory=dict)  # member -> KF8 text flow (SVG pictures)
    toc: list[TocPoint] = field(default_factory=list)
    notes: list[Sentence] = field(default_factory=list)


def image_member(record: int, head: bytes) -> str | None:
    """The member name for a picture (or KF8 font) record, or None when it is neither."""
    if head.startswith(b"FONT"):
        return f"font{record:05d}.ttf"
    for signature, extension in IMAGE_SIGNATURES:
        if head.startswith(signature):
            return f"image{record:05d}.{extension}"
    return None


def record_of(member: str) -> int | None:
    """The database record of a picture member `image01234.jpg` or a font `font01234.ttf`."""
    stem = member.rsplit("/", 1)[-1].partition(".")[0]
    for prefix in ("image", "font"):
        if stem.startswith(prefix) and stem[len(prefix) :].isdigit():
            return int(stem[len(prefix) :])
    return None


def font_bytes(record: bytes) -> bytes:
    """The font file inside a KF8 FONT record: its first 1,040 bytes XORed with the record's key
    when flag 2 is set, then inflated when flag 1 is. ValueError when it is damaged."""
    if record[:4] != b"FONT" or len(record) < 24:
        raise ValueError("not a font record")
    size, flags, start, key_length, key_start = struct.unpack_from(">LLLLL", record, 4)
    data = bytearray(record[start:])
    if flags & 2 and key_length:
        key = record[key_start : key_start + key_length]
        if len(key) != key_length:
            raise ValueError("the font's key lies outside its record")
        for n in range(min(len(data), OBFUSCATED_FONT_BYTES)):
            data[n] ^= key[n % key_length]
    if not flags & 1:
        return bytes(data)
    if size > MAX_FONT_BYTES:
        raise ValueError("the font is larger than any book needs")
    inflater = zlib.decompressobj()
    try:
        font = inflater.decompress(bytes(data), MAX_FONT_BYTES)
    except zlib.error as error:
        raise ValueError(f"the font cannot be inflated ({error})") from error
    if inflater.unconsumed_tail:
        raise ValueError("the font is larger than any book needs")
    return font


def flow_of(member: str) -> int | None:
    """The KF8 text flow of a picture member `flow0004.svg`."""
    stem = member.rsplit("/", 1)[-1].partition(".")[0]
    if stem.startswith("flow") and stem[4:].isdigit():
        return int(stem[4:])
    return None

"""The Palm database under every MOBI, AZW3 and PRC file: its record table (bounds-checked), record
0's PalmDOC and MOBI headers, the EXTH metadata, the DRM check and the trailing entries of text
records.

Layouts follow the public MobileRead wiki pages "PDB", "MOBI" and "KF8". Every offset read from
the file is checked against the bytes that are there: a damaged file is one `BookError`.
"""

from __future__ import annotations

import itertools
import struct
from dataclasses import dataclass, field
from pathlib import Path

from reader_app.errors import BookError, DrmProtectedError
from reader_app.translatable import QT_TRANSLATE_NOOP, sentence

PALM_HEADER = 78
MOBI_TYPES = (b"BOOKMOBI", b"TEXtREAd")
MAX_RECORDS = 65_535  # the record count is 16 bits
NULL_INDEX = 0xFFFFFFFF
NO_COMPRESSION, PALMDOC, HUFF_CDIC = 1, 2, 17480
COMPRESSIONS = (NO_COMPRESSION, PALMDOC, HUFF_CDIC)
UTF8 = 65001
# EXTH record types
EXTH_AUTHOR, EXTH_PUBLISHER, EXTH_DESCRIPTION, EXTH_ISBN = 100, 101, 103, 104
EXTH_KF8_BOUNDARY, EXTH_COVER, EXTH_TITLE, EXTH_LANGUAGE = 121, 201, 503, 524


def damaged(path: Path, detail: str) -> BookError:
    return BookError(path, sentence(QT_TRANSLATE_NOOP(
        "Errors", "the file is damaged or incomplete ({detail})."), detail=detail))


def drm_error(path: Path) -> DrmProtectedError:
    return DrmProtectedError(path, sentence(QT_TRANSLATE_NOOP(
        "Errors", "this Kindle book is protected by DRM (its text is encrypted), so Pagemate "
        "cannot read it. Open it in the Kindle app it was bought for, or get a DRM-free copy.")))


class PalmDatabase:
    """The records of a Palm database file held in memory, each read with its bounds checked."""

    def __init__(self, data: bytes, *, path: Path) -> None:
        self.path = path
        self.data = data
        if len(data) < PALM_HEADER or data[60:68] not in MOBI_TYPES:
            raise BookError(path, sentence(QT_TRANSLATE_NOOP(
                "Errors", "it is not a MOBI, AZW3 or PRC book (no Palm database header).")))
        self.kind = data[60:68]
        self.offsets = record_offsets(data[:PALM_HEADER], data[PALM_HEADER:], path=path)
        if any(offset > len(data) for offset in self.offsets):
            raise damaged(path, "its record table points past the end of the file")

    def __len__(self) -> int:
        return len(self.offsets)

    def record(self, index: int) -> bytes:
        if not 0 <= index < len(self.offsets):
            raise damaged(self.path, f"it refers to record {index}, which it does not have")
        end = self.offsets[index + 1] if index + 1 < len(self.offsets) else len(self.data)
        return self.data[self.offsets[index] : end]


def record_offsets(head: bytes, table: bytes, *, path: Path) -> tuple[int, ...]:
    """The start of each record, from the 78-byte header and the record table after it."""
    (count,) = struct.unpack_from(">H", head, 76)
    if count == 0:
        raise damaged(path, "it has no records")
    if len(table) < 8 * count:
        raise damaged(path, "its record table is cut short")
    offsets = tuple(struct.unpack_from(">L", table, 8 * n)[0] for n in range(count))
    if offsets[0] < PALM_HEADER + 8 * count or any(b < a for a, b in itertools.pairwise(offsets)):
        raise damaged(path, "its record table is out of order")
    return offsets


def read_record(path: Path, index: int) -> bytes:
    """One record of the file at `path`, read without loading the rest (for pictures)."""
    with path.open("rb") as handle:
        head = handle.read(PALM_HEADER)
        if len(head) < PALM_HEADER or head[60:68] not in MOBI_TYPES:
            raise BookError(path, sentence(QT_TRANSLATE_NOOP(
                "Errors", "it is no longer a MOBI book (the file has changed).")))
        (count,) = struct.unpack_from(">H", head, 76)
        offsets = record_offsets(head, handle.read(8 * count), path=path)
        if not 0 <= index < len(offsets):
            raise damaged(path, f"it has no record {index}")
        size = path.stat().st_size
        end = offsets[index + 1] if index + 1 < len(offsets) else size
        handle.seek(offsets[index])
        return handle.read(max(min(end, size) - offsets[index], 0))


@dataclass(frozen=True, slots=True)
class MobiHeader:
    """Record 0 of a MOBI (or of the KF8 half of a joint file), at database record `base`."""

    base: int  # the database index of this header's record 0; its indexes count from here
    compression: int
    text_length: int
    text_records: int
    encryption: int
    version: int = 0  # 8 for KF8 (AZW3)
    encoding: int = 1252
    first_image: int = NULL_INDEX
    huff_record: int = NULL_INDEX
    huff_count: int = 0
    extra_flags: int = 0
    ncx_index: int = NULL_INDEX
    fdst_index: int = NULL_INDEX
    fragment_index: int = NULL_INDEX
    skeleton_index: int = NULL_INDEX
    full_name: str = ""
    exth: dict[int, list[bytes]] = field(default_factory=dict)

    @property
    def codec(self) -> str:
        return "utf-8" if self.encoding == UTF8 else "cp1252"

    def exth_text(self, kind: int) -> list[str]:
        return [v.decode(self.codec, errors="replace").strip() for v in self.exth.get(kind, [])]

    def exth_number(self, kind: int) -> int | None:
        values = self.exth.get(kind)
        if not values or len(values[0]) != 4:
            return None
        return int(struct.unpack(">L", values[0])[0])


def read_header(database: PalmDatabase, base: int) -> MobiHeader:
    """Record `base`'s PalmDOC header and, when present, its MOBI header and EXTH block."""
    path = database.path
    record = database.record(base)
    if len(record) < 16:
        raise damaged(path, "its first record is too short")
    compression, _, text_length, text_records, _, encryption = struct.unpack_from(
        ">HHLHHH", record, 0
    )
    if encryption != 0 and database.kind == b"BOOKMOBI":  # PalmDOC keeps a reading position here
        raise drm_error(path)
    if compression not in COMPRESSIONS:
        raise BookError(path, sentence(QT_TRANSLATE_NOOP(
            "Errors", "it uses a text compression Pagemate does not know ({compression})."),
            compression=compression))
    header = MobiHeader(
        base=base,
        compression=compression,
        text_length=text_length,
        text_records=text_records,
        encryption=encryption,
    )
    if record[16:20] != b"MOBI" or len(record) < 24:
        return header  # plain PalmDOC (TEXtREAd): text only
    (length,) = struct.unpack_from(">L", record, 20)
    end = min(16 + length, len(record))

    def word(offset: int, fmt: str = ">L") -> int:
        size = struct.calcsize(fmt)
        return int(struct.unpack_from(fmt, record, offset)[0]) if offset + size <= end else (
            NULL_INDEX if size == 4 else 0
        )

    version = word(0x24)
    kf8 = version >= 8
    name_offset, name_length = word(0x54), word(0x58)
    full_name = record[name_offset : name_offset + min(name_length, 1024)] if (
        name_offset != NULL_INDEX and name_length != NULL_INDEX
    ) else b""
    flags = word(0x80)
    exth = _read_exth(record[16 + length :]) if flags != NULL_INDEX and flags & 0x40 else {}
    encoding = word(0x1C)
    return MobiHeader(
        base=base,
        compression=compression,
        text_length=text_length,
        text_records=text_records,
        encryption=encryption,
        version=version if version != NULL_INDEX else 0,
        encoding=encoding,
        first_image=word(0x6C),
        huff_record=word(0x70),
        huff_count=word(0x74) if word(0x74) != NULL_INDEX else 0,
        extra_flags=word(0xF2, ">H") if length >= 0xE4 else 0,
        ncx_index=word(0xF4),
        fdst_index=word(0xC0) if kf8 else NULL_INDEX,
        fragment_index=word(0xF8) if kf8 else NULL_INDEX,
        skeleton_index=word(0xFC) if kf8 else NULL_INDEX,
        full_name=full_name.decode("utf-8" if encoding == UTF8 else "cp1252", errors="replace"),
        exth=exth,
    )


def _read_exth(block: bytes) -> dict[int, list[bytes]]:
    """EXTH records by type; a damaged block gives what could be read before the damage."""
    found: dict[int, list[bytes]] = {}
    if block[:4] != b"EXTH" or len(block) < 12:
        return found
    length, count = struct.unpack_from(">LL", block, 4)
    block = block[: min(length, len(block))]
    position = 12
    for _ in range(min(count, 10_000)):
        if position + 8 > len(block):
            break
        kind, size = struct.unpack_from(">LL", block, position)
        if size < 8 or position + size > len(block):
            break
        found.setdefault(kind, []).append(block[position + 8 : position + size])
        position += size
    return found


def trailing_size(record: bytes, flags: int) -> int:
    """How many bytes at the end of a text record are trailing entries, not text.

    Each flag bit above bit 0 marks one entry whose size is a backward variable-width number at
    the record's end; bit 0 marks the multibyte-character overlap, sized by the last byte."""
    size = 0
    bits = flags >> 1
    while bits:
        if bits & 1:
            size += _backward_number(record, len(record) - size)
        bits >>= 1
    if flags & 1 and size < len(record):
        size += (record[len(record) - size - 1] & 0x3) + 1
    return min(size, len(record))


def _backward_number(record: bytes, end: int) -> int:
    value, shift = 0, 0
    while end > 0 and shift < 28:
        byte = record[end - 1]
        value |= (byte & 0x7F) << shift
        shift += 7
        end -= 1
        if byte & 0x80:
            break
    return value

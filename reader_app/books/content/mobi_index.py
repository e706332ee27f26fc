"""MOBI index tables (INDX records described by a TAGX table, with CNCX strings): the NCX of
MOBI 6 and KF8, and KF8's skeleton and fragment tables.

An index is a header INDX record (with the TAGX table), its data INDX records (entries found
through an IDXT offset list), then its CNCX string records. Every offset is checked; a damaged
index is an `IndexError_` the caller turns into a note or a clear refusal."""

from __future__ import annotations

import itertools
import struct
from dataclasses import dataclass

from reader_app.books.content.mobi_records import PalmDatabase

MAX_INDEX_ENTRIES = 200_000
MAX_INDEX_RECORDS = 4_096


class IndexError_(ValueError):  # not the builtin IndexError, which means a bug
    """An index table is damaged."""


@dataclass(frozen=True, slots=True)
class IndexEntry:
    name: str
    tags: dict[int, tuple[int, ...]]

    def first(self, tag: int, default: int = -1) -> int:
        values = self.tags.get(tag)
        return values[0] if values else default


@dataclass(frozen=True, slots=True)
class _Tag:
    number: int
    per_entry: int
    mask: int
    end: bool


def forward_number(data: bytes, position: int) -> tuple[int, int]:
    """A forward variable-width number at `position`: (value, bytes used); bit 7 ends it."""
    value, used = 0, 0
    while position + used < len(data) and used < 5:
        byte = data[position + used]
        used += 1
        value = (value << 7) | (byte & 0x7F)
        if byte & 0x80:
            return value, used
    raise IndexError_("a number in an index runs off its record")


def read_index(
    database: PalmDatabase, first: int
) -> tuple[list[IndexEntry], dict[int, str]]:
    """The entries of the index whose header is database record `first`, and its CNCX strings
    by offset."""
    header = database.record(first)
    if header[:4] != b"INDX" or len(header) < 0x38:
        raise IndexError_("an index does not start with an INDX record")
    (length,) = struct.unpack_from(">L", header, 4)
    (records,) = struct.unpack_from(">L", header, 0x18)
    (encoding,) = struct.unpack_from(">L", header, 0x1C)
    (cncx_count,) = struct.unpack_from(">L", header, 0x34)
    if records > MAX_INDEX_RECORDS or cncx_count > MAX_INDEX_RECORDS:
        raise IndexError_("an index claims too many records")
    tags, control_bytes = _tagx(header, length)
    codec = "utf-8" if encoding == 65001 else "cp1252"
    entries: list[IndexEntry] = []
    for number in range(first + 1, first + 1 + records):
        entries.extend(_entries(database.record(number), tags, control_bytes, codec))
        if len(entries) > MAX_INDEX_ENTRIES:
            raise IndexError_("an index holds more entries than any book")
    strings: dict[int, str] = {}
    for n in range(cncx_count):
        strings.update(_cncx(database.record(first + 1 + records + n), n << 16, codec))
    return entries, strings


def _tagx(header: bytes, length: int) -> tuple[list[_Tag], int]:
    if header[length : length + 4] != b"TAGX" or length + 12 > len(header):
        raise IndexError_("an index has no TAGX table")
    size, control_bytes = struct.unpack_from(">LL", header, length + 4)
    end = min(length + size, len(header))
    tags = [
        _Tag(header[n], header[n + 1], header[n + 2], header[n + 3] == 1)
        for n in range(length + 12, end - 3, 4)
    ]
    if not 0 < control_bytes <= 8:
        raise IndexError_("an index's TAGX table is damaged")
    return tags, control_bytes


def _entries(
    record: bytes, tags: list[_Tag], control_bytes: int, codec: str
) -> list[IndexEntry]:
    if record[:4] != b"INDX" or len(record) < 0x20:
        raise IndexError_("an index record is damaged")
    idxt, count = struct.unpack_from(">LL", record, 0x14)
    if record[idxt : idxt + 4] != b"IDXT" or idxt + 4 + 2 * count > len(record):
        raise IndexError_("an index record's entry table is damaged")
    starts = [*struct.unpack_from(f">{count}H", record, idxt + 4), idxt]
    entries = []
    for start, end in itertools.pairwise(starts):
        if not 0 < start < end <= len(record):
            raise IndexError_("an index entry lies outside its record")
        entries.append(_entry(record[start:end], tags, control_bytes, codec))
    return entries


def _entry(data: bytes, tags: list[_Tag], control_bytes: int, codec: str) -> IndexEntry:
    name_length = data[0]
    name = data[1 : 1 + name_length].decode(codec, errors="replace")
    position = 1 + name_length
    controls = data[position : position + control_bytes]
    position += control_bytes
    if len(controls) < control_bytes:
        raise IndexError_("an index entry is cut short")
    wanted: list[tuple[_Tag, int | None, int | None]] = []  # tag, value count, byte count
    control = 0
    for tag in tags:
        if tag.end:
            control += 1
            continue
        if control >= control_bytes or tag.mask == 0:
            continue
        value = controls[control] & tag.mask
        if value == 0:
            continue
        if value == tag.mask and bin(tag.mask).count("1") > 1:
            size, used = forward_number(data, position)
            position += used
            wanted.append((tag, None, size))
            continue
        mask = tag.mask
        while not mask & 1:
            mask >>= 1
            value >>= 1
        wanted.append((tag, value, None))
    found: dict[int, tuple[int, ...]] = {}
    for tag, value_count, byte_count in wanted:
        values: list[int] = []
        if value_count is not None:
            for _ in range(value_count * tag.per_entry):
                number, used = forward_number(data, position)
                position += used
                values.append(number)
        else:
            spent = 0
            while spent < (byte_count or 0):
                number, used = forward_number(data, position)
                position += used
                spent += used
                values.append(number)
        found[tag.number] = tuple(values)
    return IndexEntry(name=name, tags=found)


def _cncx(record: bytes, base: int, codec: str) -> dict[int, str]:
    strings: dict[int, str] = {}
    position = 0
    while position < len(record):
        try:
            length, used = forward_number(record, position)
        except IndexError_:
            break
        text = record[position + used : position + used + length]
        if length == 0 and not text:
            position += used
            continue
        strings[base + position] = text.decode(codec, errors="replace")
        position += used + length
    return strings

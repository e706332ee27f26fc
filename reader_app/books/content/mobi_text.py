"""A MOBI's text records as one stream, decompressed only where it is read.

Every text record but the last holds 4,096 bytes once decompressed and stripped of its trailing
entries, so a byte range maps to the records that hold it (a file whose records are of other
sizes is read from its start instead). A KF8 book keeps its
SVG pictures in the same stream (Alice's illustrations are 67 MB of it); reading only the XHTML
and the stylesheets at open, and a picture when it is shown, keeps opening fast."""

from __future__ import annotations

import struct
import time
from collections.abc import Callable

from reader_app.books.content.mobi_decompress import (
    MAX_RECORD_OUTPUT,
    CompressionError,
    HuffCdic,
    palmdoc_decompress,
)
from reader_app.books.content.mobi_records import (
    HUFF_CDIC,
    NULL_INDEX,
    PALMDOC,
    MobiHeader,
    PalmDatabase,
    damaged,
    trailing_size,
)
from reader_app.errors import BookTooLargeError
from reader_app.translatable import QT_TRANSLATE_NOOP, sentence

TEXT_SECONDS = 30.0  # decompressing a whole novel takes well under a second
RECORD_SIZE = 4096


class TextStream:
    """The decompressed text of the book whose header is `header`, read by byte range."""

    def __init__(self, database: PalmDatabase, header: MobiHeader) -> None:
        self.database = database
        self.header = header
        self.records = max(min(header.text_records, len(database) - 1 - header.base), 0)
        if self.records == 0:
            raise damaged(database.path, "it holds no text")
        self.length = header.text_length or self.records * RECORD_SIZE
        self._decompress = self._decompressor()
        self._whole: bytes | None = None  # the whole text, once something needed all of it

    def _decompressor(self) -> Callable[[bytes], bytes]:
        if self.header.compression == PALMDOC:
            return palmdoc_decompress
        if self.header.compression == HUFF_CDIC:
            return _huffman(self.database, self.header).decompress
        return lambda data: data[:MAX_RECORD_OUTPUT]

    def read(self, start: int = 0, end: int | None = None) -> bytes:
        """Bytes `start` to `end` of the text (the whole text by default)."""
        end = self.length if end is None else min(end, self.length)
        if start >= end:
            return b""
        if (start == 0 and end == self.length) or self._whole is not None:
            return self._whole_text()[start:end]
        first, last = start // RECORD_SIZE, min((end - 1) // RECORD_SIZE, self.records - 1)
        deadline = time.monotonic() + TEXT_SECONDS
        pieces = []
        for number in range(first, last + 1):
            piece = self.record(number)
            if number < self.records - 1 and len(piece) != RECORD_SIZE:
                # Records of other sizes (some old converters): positions are found the slow
                # way, by decompressing the text from its start.
                return self._whole_text()[start:end]
            pieces.append(piece)
            self._check(deadline)
        text = b"".join(pieces)
        offset = start - first * RECORD_SIZE
        return text[offset : offset + end - start]

    def _whole_text(self) -> bytes:
        if self._whole is None:
            deadline = time.monotonic() + TEXT_SECONDS
            pieces = []
            for number in range(self.records):
                pieces.append(self.record(number))
                self._check(deadline)
            self._whole = b"".join(pieces)[: self.length]
        return self._whole

    def _check(self, deadline: float) -> None:
        if time.monotonic() > deadline:
            raise BookTooLargeError(
                self.database.path, sentence(QT_TRANSLATE_NOOP(
                    "Errors", "its text takes too long to decompress; not opened."))
            )

    def record(self, number: int) -> bytes:
        """Text record `number` (0-based), decompressed."""
        raw = self.database.record(self.header.base + 1 + number)
        raw = raw[: len(raw) - trailing_size(raw, self.header.extra_flags)]
        try:
            return self._decompress(raw)
        except CompressionError as error:
            raise damaged(self.database.path, f"its text record {number + 1} {error}") from error


def _huffman(database: PalmDatabase, header: MobiHeader) -> HuffCdic:
    first = header.base + header.huff_record
    count = min(header.huff_count, 256)
    if header.huff_record == NULL_INDEX or count < 2:
        raise damaged(database.path, "its Huffman tables are missing")
    try:
        return HuffCdic(
            database.record(first),
            [database.record(first + n) for n in range(1, count)],
        )
    except CompressionError as error:
        raise damaged(database.path, str(error)) from error


def flow_ranges(database: PalmDatabase, header: MobiHeader, length: int) -> list[tuple[int, int]]:
    """The (start, end) of each text flow of a KF8 book, from its FDST record."""
    if header.fdst_index == NULL_INDEX:
        return [(0, length)]
    record = database.record(header.base + header.fdst_index)
    if record[:4] != b"FDST" or len(record) < 12:
        raise damaged(database.path, "its flow table (FDST) is missing")
    (count,) = struct.unpack_from(">L", record, 8)
    flows = []
    for n in range(min(count, 4096, (len(record) - 12) // 8)):
        start, end = struct.unpack_from(">LL", record, 12 + 8 * n)
        if not start <= end <= length:
            raise damaged(database.path, "a text flow lies outside the text")
        flows.append((start, end))
    return flows or [(0, length)]

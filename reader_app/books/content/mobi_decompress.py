"""The two text compressions of MOBI files: PalmDOC's LZ77 and Mobipocket's HUFF/CDIC.

Both are capped: a record never grows past `max_output` bytes (real records hold 4,096), and
HUFF/CDIC's recursive phrases are bounded in depth, so a hostile file cannot make either loop or
balloon. Their layouts follow the public MobileRead wiki ("PalmDOC", "Huffman/CDIC")."""

from __future__ import annotations

import re
import struct

MAX_RECORD_OUTPUT = 1 << 16  # a text record is 4,096 bytes uncompressed; 16 times that is plenty
MAX_PHRASE_DEPTH = 32
_TOKENS = re.compile(
    rb"[\x00\x09-\x7f]+|[\x80-\xbf].|[\xc0-\xff]|\x01.|\x02.{2}|\x03.{3}|\x04.{4}|\x05.{5}"
    rb"|\x06.{6}|\x07.{7}|\x08.{8}",
    re.DOTALL,
)


class CompressionError(ValueError):
    """The compressed data is damaged; the message says how."""


def palmdoc_decompress(data: bytes, *, max_output: int = MAX_RECORD_OUTPUT) -> bytes:
    """PalmDOC LZ77: literals, runs of literal bytes, space+letter pairs, back references.

    The data is cut into its tokens by one regular expression (a run of plain bytes is one
    token), which is what makes a novel's worth of records decompress in well under a second;
    tokens that do not tile the data whole mean it is damaged."""
    out = bytearray()
    consumed = 0
    for token in _TOKENS.findall(data):
        first = token[0]
        consumed += len(token)
        if first >= 0xC0:  # a space and a letter
            out.append(0x20)
            out.append(first ^ 0x80)
        elif first >= 0x80:  # a back reference: 11 bits of distance, 3 of length
            pair = (first << 8) | token[1]
            distance, length = (pair >> 3) & 0x7FF, (pair & 0x7) + 3
            size = len(out)
            if distance == 0 or distance > size:
                raise CompressionError("a back reference points before the start of the text")
            start = size - distance
            if distance >= length:
                out += out[start : start + length]
            else:  # overlapping: the last `distance` bytes repeated
                out += (out[start:] * (length // distance + 1))[:length]
            if size > max_output:  # only back references amplify (2 bytes become 10)
                raise CompressionError("a text record expands far beyond its size")
        elif 0x01 <= first <= 0x08:  # a run of bytes copied as they are
            out += token[1:]
        else:
            out += token
    if len(out) > max_output:
        raise CompressionError("a text record expands far beyond its size")
    if consumed != len(data):
        raise CompressionError("a code is cut short")
    return bytes(out)


class HuffCdic:
    """A HUFF/CDIC decoder: the HUFF record's code tables and the CDIC records' phrases."""

    def __init__(self, huff: bytes, cdics: list[bytes]) -> None:
        if huff[:8] != b"HUFF\x00\x00\x00\x18" or len(huff) < 24:
            raise CompressionError("its Huffman table (HUFF) is missing or damaged")
        cache_at, base_at = struct.unpack_from(">LL", huff, 8)
        if cache_at + 1024 > len(huff) or base_at + 256 > len(huff):
            raise CompressionError("its Huffman table (HUFF) is cut short")
        self.cache: list[tuple[int, bool, int]] = []
        for value in struct.unpack_from(">256L", huff, cache_at):
            length = value & 0x1F
            if length == 0:
                raise CompressionError("its Huffman table has a zero-length code")
            maximum = (((value >> 8) + 1) << (32 - length)) - 1
            self.cache.append((length, bool(value & 0x80), maximum))
        bases = struct.unpack_from(">64L", huff, base_at)
        self.min_code = [0] + [bases[2 * n] << (31 - n) for n in range(32)]
        self.max_code = [0] + [((bases[2 * n + 1] + 1) << (31 - n)) - 1 for n in range(32)]
        self.phrases: list[tuple[bytes, bool]] = []
        for cdic in cdics:
            self._add_phrases(cdic)
        self._done: dict[int, bytes] = {}

    def _add_phrases(self, cdic: bytes) -> None:
        if cdic[:8] != b"CDIC\x00\x00\x00\x10" or len(cdic) < 16:
            raise CompressionError("a phrase table (CDIC) is damaged")
        total, bits = struct.unpack_from(">LL", cdic, 8)
        count = min(1 << min(bits, 16), max(total - len(self.phrases), 0))
        if 16 + 2 * count > len(cdic):
            raise CompressionError("a phrase table (CDIC) is cut short")
        for offset in struct.unpack_from(f">{count}H", cdic, 16):
            if 16 + offset + 2 > len(cdic):
                raise CompressionError("a phrase lies outside its table")
            (length,) = struct.unpack_from(">H", cdic, 16 + offset)
            start = 18 + offset
            phrase = cdic[start : start + (length & 0x7FFF)]
            self.phrases.append((phrase, bool(length & 0x8000)))

    def decompress(self, data: bytes, *, max_output: int = MAX_RECORD_OUTPUT) -> bytes:
        return self._unpack(data, depth=0, max_output=max_output)

    def _unpack(self, data: bytes, *, depth: int, max_output: int) -> bytes:
        if depth > MAX_PHRASE_DEPTH:
            raise CompressionError("its phrases refer to each other too deeply")
        out = bytearray()
        padded = data + b"\x00" * 8
        bits_left = len(data) * 8
        position, window = 0, 32
        (word,) = struct.unpack_from(">Q", padded, 0)
        while True:
            if window <= 0:
                position += 4
                (word,) = struct.unpack_from(">Q", padded, position)
                window += 32
            code = (word >> window) & 0xFFFFFFFF
            length, terminal, max_code = self.cache[code >> 24]
            if not terminal:
                while length < 32 and code < self.min_code[length]:
                    length += 1
                max_code = self.max_code[length]
            window -= length
            bits_left -= length
            if bits_left < 0:
                break
            index = (max_code - code) >> (32 - length)
            out += self._phrase(index, depth=depth, max_output=max_output)
            if len(out) > max_output:
                raise CompressionError("a text record expands far beyond its size")
        return bytes(out)

    def _phrase(self, index: int, *, depth: int, max_output: int) -> bytes:
        if not 0 <= index < len(self.phrases):
            raise CompressionError("a code names a phrase the table does not have")
        phrase, literal = self.phrases[index]
        if literal:
            return phrase
        done = self._done.get(index)
        if done is None:
            done = self._done[index] = self._unpack(
                phrase, depth=depth + 1, max_output=max_output
            )
        return done

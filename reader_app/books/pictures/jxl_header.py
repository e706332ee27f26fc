"""JPEG XL: the picture's size read from its header alone, and the Pillow plugin that decodes it.

The JPEG XL plugin for Pillow (`pillow-jxl-plugin`, GPL-3.0-or-later, libjxl inside) decodes
the whole picture as soon as it is opened, before Pillow's decompression-bomb check can look at
the size. So the size is read here first, from the codestream's SizeHeader (ISO/IEC 18181-1,
section D.2), and a picture over the caps is refused without decoding a pixel. AVIF needs no
such help: Pillow (11.2 and later) reads it itself and learns its size from the header.
"""

from __future__ import annotations

import logging

log = logging.getLogger(__name__)

CODESTREAM = b"\xff\x0a"
CONTAINER = b"\x00\x00\x00\x0cJXL \r\n\x87\n"
_RATIOS = {1: (1, 1), 2: (12, 10), 3: (4, 3), 4: (3, 2), 5: (16, 9), 6: (5, 4), 7: (2, 1)}
_MAX_BOXES = 64
_registered: bool | None = None


def is_jxl(data: bytes) -> bool:
    return data[:2] == CODESTREAM or data[:12] == CONTAINER


def register_jxl() -> bool:
    """Make Pillow open JPEG XL (once); False when the plugin is not installed."""
    global _registered
    if _registered is None:
        try:
            import pillow_jxl  # noqa: F401  (registers the JXL plugin with Pillow)
            from pillow_jxl import JpegXLImagePlugin

            JpegXLImagePlugin.DECODE_THREADS = 1  # two cores shared with the page and the index
            _registered = True
        except ImportError:
            log.info("JPEG XL images cannot be shown: pillow-jxl-plugin is not installed")
            _registered = False
    return _registered


def jxl_size(data: bytes) -> tuple[int, int] | None:
    """(width, height) of a JPEG XL picture from its header, or None if it cannot be read."""
    stream = data
    if data[:12] == CONTAINER:
        found = _codestream_in_boxes(data)
        if found is None:
            return None
        stream = found
    if stream[:2] != CODESTREAM:
        return None
    try:
        return _size_header(_Bits(stream[2:34]))
    except IndexError:
        return None


def _codestream_in_boxes(data: bytes) -> bytes | None:
    """The start of the codestream inside the ISO BMFF container (`jxlc`, or the first `jxlp`)."""
    at = 0
    for _ in range(_MAX_BOXES):
        if at + 8 > len(data):
            return None
        size = int.from_bytes(data[at : at + 4], "big")
        kind = data[at + 4 : at + 8]
        header = 8
        if size == 1:
            if at + 16 > len(data):
                return None
            size, header = int.from_bytes(data[at + 8 : at + 16], "big"), 16
        if kind == b"jxlc":
            return data[at + header :]
        if kind == b"jxlp":
            return data[at + header + 4 :]  # after the part's index
        if size == 0 or size < header:
            return None  # the last box, or a damaged one, and no codestream before it
        at += size
    return None


class _Bits:
    """Bits least significant first, as JPEG XL packs its headers."""

    def __init__(self, data: bytes) -> None:
        self.value = int.from_bytes(data, "little")
        self.available = len(data) * 8
        self.at = 0

    def read(self, count: int) -> int:
        if self.at + count > self.available:
            raise IndexError("the header ends early")
        bits = (self.value >> self.at) & ((1 << count) - 1)
        self.at += count
        return bits


def _dimension(bits: _Bits) -> int:
    return bits.read((9, 13, 18, 30)[bits.read(2)]) + 1


def _size_header(bits: _Bits) -> tuple[int, int]:
    small = bits.read(1)
    height = (bits.read(5) + 1) * 8 if small else _dimension(bits)
    ratio = bits.read(3)
    if ratio:
        across, down = _RATIOS[ratio]
        return height * across // down, height
    width = (bits.read(5) + 1) * 8 if small else _dimension(bits)
    return width, height

"""Short clips made in the test: a WAV tone (Python's `wave`) and a Motion-JPEG AVI written by hand
(frames saved as JPEG by Qt, in a RIFF container), both of which Qt's FFmpeg backend decodes."""

from __future__ import annotations

import io
import math
import os
import struct
import wave

from PySide6.QtCore import QBuffer, QIODevice, Qt
from PySide6.QtGui import QColor, QImage


def wav_tone(*, seconds: float = 1.0, rate: int = 8000, pitch: float = 440.0) -> bytes:
    frames = int(seconds * rate)
    samples = b"".join(
        struct.pack("<h", int(8000 * math.sin(2 * math.pi * pitch * i / rate)))
        for i in range(frames)
    )
    out = io.BytesIO()
    with wave.open(out, "wb") as writer:
        writer.setnchannels(1)
        writer.setsampwidth(2)
        writer.setframerate(rate)
        writer.writeframes(samples)
    return out.getvalue()


def wav_noise(*, seconds: float, rate: int = 8000) -> bytes:
    """Hiss: a WAV that does not compress (a pure tone zips down like a zip bomb)."""
    out = io.BytesIO()
    with wave.open(out, "wb") as writer:
        writer.setnchannels(1)
        writer.setsampwidth(2)
        writer.setframerate(rate)
        writer.writeframes(os.urandom(int(seconds * rate) * 2))
    return out.getvalue()


def _chunk(fourcc: bytes, data: bytes) -> bytes:
    return fourcc + struct.pack("<I", len(data)) + data + (b"\0" if len(data) % 2 else b"")


def _jpeg(image: QImage) -> bytes:
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "JPG", 90)
    return bytes(buffer.data().data())


def mjpeg_avi(
    *, colour: str = "#d02020", frames: int = 20, fps: int = 10, width: int = 64, height: int = 48
) -> bytes:
    """A silent video of `frames` frames of one colour (with a white bar that moves)."""
    jpegs = []
    for n in range(frames):
        image = QImage(width, height, QImage.Format.Format_RGB32)
        image.fill(QColor(colour))
        for y in range(height):
            image.setPixelColor((n * 3) % width, y, QColor(Qt.GlobalColor.white))
        jpegs.append(_jpeg(image))
    biggest = max(len(j) for j in jpegs)
    avih = struct.pack("<10I4I", 1_000_000 // fps, biggest * fps, 0, 0x10, frames, 0, 1, biggest,
                       width, height, 0, 0, 0, 0)
    strh = (b"vidsMJPG" + struct.pack("<IHHIIIIIIiI", 0, 0, 0, 0, 1, fps, 0, frames, biggest, -1, 0)
            + struct.pack("<4h", 0, 0, width, height))
    strf = struct.pack("<IiiHH4sIiiII", 40, width, height, 1, 24, b"MJPG", width * height * 3,
                       0, 0, 0, 0)
    strl = b"strl" + _chunk(b"strh", strh) + _chunk(b"strf", strf)
    hdrl = b"hdrl" + _chunk(b"avih", avih) + _chunk(b"LIST", strl)
    movi_chunks = b""
    index = b""
    for jpeg in jpegs:
        index += b"00dc" + struct.pack("<III", 0x10, 4 + len(movi_chunks), len(jpeg))
        movi_chunks += _chunk(b"00dc", jpeg)
    movi = b"movi" + movi_chunks
    body = b"AVI " + _chunk(b"LIST", hdrl) + _chunk(b"LIST", movi) + _chunk(b"idx1", index)
    return b"RIFF" + struct.pack("<I", len(body)) + body

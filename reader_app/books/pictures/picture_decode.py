"""Pictures identified by their bytes, and those Qt cannot read (AVIF, JPEG XL, PSD, TIFF, …)
decoded by Pillow, under the same caps as the rest.

A picture's name says nothing reliable about its bytes (a JPEG XL codestream named `001.png`),
so `picture_format` reads the magic bytes and the caller picks a decoder from that. Qt's image
plugins in the wheels we ship are trusted with PNG, JPEG, GIF, WebP and BMP only; everything else
comes through Pillow: the size is read from the header first and judged against the caps before a
pixel is decoded, then the picture is scaled down to the size it is drawn at and handed back as
RGBA bytes. Any failure inside a decoder (each Pillow plugin raises its own types: `RuntimeError`
from JPEG XL, `OverflowError` from a PSD header, `struct.error`, `IndexError`, …) is "this picture
could not be shown", never an exception for the page to carry.
"""

from __future__ import annotations

import io
import logging
import warnings

from PIL import Image

from reader_app.books.pictures.jxl_header import is_jxl, jxl_size, register_jxl

log = logging.getLogger(__name__)

QT_FORMATS = frozenset({"png", "jpeg", "gif", "webp", "bmp"})
# The Pillow formats a book's picture may be: raster images only. Not EPS (Pillow hands it to
# Ghostscript, a program run on the book's bytes), nor the formats Pillow only identifies and
# leaves to a registered handler (MPEG, WMF, FITS, HDF5, GRIB, BUFR).
_RASTER_FORMATS = (
    "PNG", "JPEG", "GIF", "BMP", "DIB", "WEBP", "TIFF", "PSD", "ICO", "CUR", "ICNS",
    "TGA", "PCX", "DCX", "PPM", "QOI", "SGI", "DDS", "JPEG2000", "AVIF", "JXL", "XBM", "XPM",
    "BLP", "FTEX", "MSP", "SUN", "IM", "SPIDER", "FLI", "GBR", "PIXAR", "PCD", "MCIDAS",
    "XVTHUMB", "IMT",
)  # fmt: skip


def pillow_formats() -> tuple[str, ...]:
    """The raster formats above that this Pillow can open (JPEG XL once its plugin is
    registered): what `Image.open(..., formats=...)` is given, as it refuses a name it lacks."""
    Image.init()
    return tuple(name for name in _RASTER_FORMATS if name in Image.OPEN)
_MAGIC: tuple[tuple[bytes, int, str], ...] = (
    (b"\x89PNG\r\n\x1a\n", 0, "png"),
    (b"\xff\xd8\xff", 0, "jpeg"),
    (b"GIF87a", 0, "gif"),
    (b"GIF89a", 0, "gif"),
    (b"BM", 0, "bmp"),
    (b"8BPS", 0, "psd"),
    (b"II*\x00", 0, "tiff"),
    (b"MM\x00*", 0, "tiff"),
    (b"\x00\x00\x01\x00", 0, "ico"),
    (b"icns", 0, "icns"),
    (b"\x1f\x8b", 0, "svgz"),
)


def is_avif(data: bytes) -> bool:
    return data[4:8] == b"ftyp" and data[8:12] in (b"avif", b"avis")


def looks_like_svg(data: bytes) -> bool:
    """SVG markup (after any byte-order mark and white space), judged by the bytes alone."""
    head = data[:512].lstrip(b"\xef\xbb\xbf \t\r\n").lower()
    return head.startswith(b"<") and (b"<svg" in data[:4096].lower() or head.startswith(b"<?xml"))


def picture_format(data: bytes) -> str | None:
    """The picture's format read from its first bytes ("png", "jpeg", "jxl", "svg", …), or None
    when no magic number matches (Pillow may still recognise it: TGA, for one, has none)."""
    if is_jxl(data):
        return "jxl"
    if is_avif(data):
        return "avif"
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "webp"
    for magic, at, name in _MAGIC:
        if data[at : at + len(magic)] == magic:
            return name
    if looks_like_svg(data):
        return "svg"
    return None


def pillow_picture(
    data: bytes, *, name: str, target: tuple[int, int], max_pixels: int
) -> tuple[bytes, int, int] | None:
    """(RGBA bytes, width, height) of the picture fitted into `target`, or None (logged)."""
    if is_jxl(data):
        size = jxl_size(data)
        if not register_jxl() or size is None or size[0] * size[1] > max_pixels:
            log.warning("JPEG XL image %s not shown (size %s)", name, size)
            return None
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data), formats=pillow_formats()) as image:
                width, height = image.size
                if width * height > max_pixels:
                    log.warning("image %s refused: %sx%s pixels", name, width, height)
                    return None
                image.thumbnail((max(target[0], 1), max(target[1], 1)))
                rgba = image.convert("RGBA")
                return rgba.tobytes(), rgba.width, rgba.height
    except MemoryError:
        log.warning("image %s could not be decoded: not enough memory", name)
        return None
    except Exception as error:  # any plugin's own failure type: the picture is not shown
        log.warning("image %s could not be decoded: %s: %s", name, type(error).__name__, error)
        return None

"""Pictures Qt cannot read (AVIF, JPEG XL) decoded by Pillow, under the same caps as the rest.

Qt's image plugins in the wheels we ship read PNG, JPEG, GIF, WebP and BMP. AVIF (Pillow's own
reader, 11.2 and later) and JPEG XL (`pillow-jxl-plugin`) come through here: the size is read
from the header first and judged against the caps before a pixel is decoded, then the picture is
scaled down to the size it is drawn at and handed back as RGBA bytes.
"""

from __future__ import annotations

import io
import logging
import warnings

from PIL import Image, UnidentifiedImageError

from reader_app.books.jxl_header import is_jxl, jxl_size, register_jxl

log = logging.getLogger(__name__)
_FAILURES = (
    UnidentifiedImageError, OSError, ValueError, SyntaxError,
    Image.DecompressionBombWarning, Image.DecompressionBombError,
)  # fmt: skip


def is_avif(data: bytes) -> bool:
    return data[4:8] == b"ftyp" and data[8:12] in (b"avif", b"avis")


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
            with Image.open(io.BytesIO(data)) as image:
                width, height = image.size
                if width * height > max_pixels:
                    log.warning("image %s refused: %sx%s pixels", name, width, height)
                    return None
                image.thumbnail((max(target[0], 1), max(target[1], 1)))
                rgba = image.convert("RGBA")
                return rgba.tobytes(), rgba.width, rgba.height
    except _FAILURES as error:
        log.warning("image %s could not be decoded: %s", name, error)
        return None

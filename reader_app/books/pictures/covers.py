"""Image safety (pixel caps read from headers only) and cover thumbnails for the library grid."""

from __future__ import annotations

import io
import logging
import warnings
from pathlib import Path

from PIL import Image

from reader_app.books.files.xmlsafe import reject_entity_declarations
from reader_app.books.model import Book
from reader_app.books.pictures.jxl_header import is_jxl, jxl_size, register_jxl
from reader_app.books.pictures.picture_decode import looks_like_svg, pillow_formats
from reader_app.errors import UnsafeBookError
from reader_app.translatable import QT_TRANSLATE_NOOP, Sentence, sentence

log = logging.getLogger(__name__)

MAX_IMAGE_PIXELS = 100_000_000
MAX_IMAGE_SIDE = 30_000
THUMBNAIL_SIZE = (300, 450)


def is_svg(data: bytes) -> bool:
    return looks_like_svg(data)


def image_dimensions(data: bytes) -> tuple[int, int] | None:
    """(width, height) from the image header alone, or None if Pillow does not know the format.

    Lets Pillow's `DecompressionBombError` through for headers beyond Pillow's own hard limit;
    `check_image_size` turns that into a reader-facing error. JPEG XL is read by hand: its
    Pillow plugin decodes the whole picture on opening (books/pictures/jxl_header.py).
    """
    if is_jxl(data):
        return jxl_size(data)
    with warnings.catch_warnings():
        # Pillow warns on big headers itself; we make our own, stricter decision.
        warnings.simplefilter("ignore", Image.DecompressionBombWarning)
        try:
            with Image.open(io.BytesIO(data), formats=pillow_formats()) as image:  # header only
                width, height = image.size
        except Image.DecompressionBombError:
            raise
        except Exception:  # any plugin's own failure (OverflowError from PSD, …)
            return None
    return (width, height) if width >= 0 and height >= 0 else None


def check_image_size(data: bytes, *, source: Path | str = "image", name: str = "") -> None:
    """Refuse an image whose header claims more pixels than any page or illustration needs.

    Call it before decoding any image from a book. `source` is the book file (for the message)
    and `name` the member. SVG images are checked for entity declarations instead, since Qt's
    SVG renderer parses them as XML. Unknown formats pass: the decoder will simply fail on them.
    """
    label = (sentence(QT_TRANSLATE_NOOP("Errors", "“{member}”"), member=name) if name
             else sentence(QT_TRANSLATE_NOOP("Errors", "an image")))
    if is_svg(data):
        reject_entity_declarations(data, path=Path(source), member=name or "an SVG image")
        return
    try:
        size = image_dimensions(data)
    except Image.DecompressionBombError as error:
        raise _giant(source, sentence(QT_TRANSLATE_NOOP(
            "Errors", "{image} claims more than {limit} pixels"), image=label,
            limit=MAX_IMAGE_PIXELS)) from error
    if size is None:
        return
    width, height = size
    if width > MAX_IMAGE_SIDE or height > MAX_IMAGE_SIDE or width * height > MAX_IMAGE_PIXELS:
        raise _giant(source, sentence(QT_TRANSLATE_NOOP(
            "Errors", "{image} claims to be {width} × {height} pixels"), image=label,
            width=width, height=height))


def _giant(source: Path | str, claim: Sentence) -> UnsafeBookError:
    return UnsafeBookError(
        Path(source),
        sentence(QT_TRANSLATE_NOOP(
            "Errors", "{claim}, far beyond any real page or picture (a decompression bomb); it "
            "was not opened."), claim=claim),
    )


def cover_thumbnail_png(book: Book, *, max_size: tuple[int, int] = THUMBNAIL_SIZE) -> bytes | None:
    """A PNG thumbnail of the book's cover, or None (no cover, an SVG cover, an unreadable image).

    Raises UnsafeBookError for a cover whose header claims a giant size.
    """
    if book.cover is None:
        return None
    try:
        data = book.resource(book.cover)
    except KeyError:
        return None
    if is_svg(data):
        return None  # the UI draws a generated cover; rasterising SVG is Qt's job
    check_image_size(data, source=book.path, name=book.cover)
    if is_jxl(data) and (jxl_size(data) is None or not register_jxl()):
        return None  # its plugin decodes on opening: only a size-checked picture goes there
    try:
        with Image.open(io.BytesIO(data), formats=pillow_formats()) as image:
            image.draft("RGB", max_size)  # JPEG: decode at reduced scale, much faster
            image.thumbnail(max_size, Image.Resampling.LANCZOS)
            converted = image.convert("RGBA" if _has_alpha(image) else "RGB")
            out = io.BytesIO()
            converted.save(out, format="PNG", optimize=True)
            return out.getvalue()
    except Exception as error:  # any plugin's own failure: no cover, not no book
        log.warning("cover %s of %s not drawn: %s: %s", book.cover, book.path.name,
                    type(error).__name__, error)
        return None


def _has_alpha(image: Image.Image) -> bool:
    return image.mode in ("RGBA", "LA", "PA") or "transparency" in image.info

"""Book images for the page: bitmaps decoded safely, SVG rasterised whole, cached per size.

SVG goes through resvg (a full SVG renderer: Qt's own draws SVG Tiny only, so Tenniel's
engravings in Alice came out as faint broken strokes), rasterised at the device pixel ratio;
Qt's renderer is the fallback when resvg is missing or refuses a file. Neither fetches anything:
resvg gets the markup as a string with no resource folder, so external references stay empty.
Black drawings on a transparent ground are inverted on dark themes.
"""

from __future__ import annotations

import logging
import re
import zlib
from collections import OrderedDict
from collections.abc import Callable

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QSize, Qt
from PySide6.QtGui import QImage, QImageReader, QPainter
from PySide6.QtSvg import QSvgRenderer

from reader_app.books.model import Book
from reader_app.books.pictures.covers import check_image_size
from reader_app.books.pictures.picture_decode import (
    QT_FORMATS,
    looks_like_svg,
    picture_format,
    pillow_picture,
)
from reader_app.errors import UnsafeBookError
from reader_app.paths import assets_dir
from reader_app.ui.page.svg_child import can_render_in_child, render_in_child
from reader_app.ui.workers import Workers

try:  # the full renderer; Qt's SVG Tiny renderer is the fallback
    import resvg_py
except ImportError:  # pragma: no cover - resvg-py is a declared dependency
    resvg_py = None  # type: ignore[assignment]

log = logging.getLogger(__name__)

MAX_IMAGE_PIXELS = 40_000_000
MAX_SVGZ_BYTES = 16 << 20
CACHE_IMAGES = 48
SVG_SERIF = "Linux Libertine O"  # bundled in assets/fonts
_SVG_SIZE = re.compile(rb"<svg\b[^>]*>", re.DOTALL)
_ATTRIBUTE = r"""\b%s\s*=\s*["']\s*([-\d.eE]+)\s*(px)?\s*["']"""
_VIEWBOX = re.compile(rb"""\bviewBox\s*=\s*["']([^"']*)["']""")


_Key = tuple[str, str, int, int, bool]


class ImageCache:
    """Decoded images by (book, member, pixel size, inverted): shared by a view's sections.

    With a `runner`, an SVG not yet rasterised is answered at once with a transparent image of
    its final size (so the page lays out the same) and drawn in a worker; `on_ready(name, image)`
    then hands the finished raster to the UI thread. Without one, everything is synchronous.
    """

    def __init__(self, capacity: int = CACHE_IMAGES, *, runner: Workers | None = None) -> None:
        self.capacity = capacity
        self.runner = runner
        self._images: OrderedDict[_Key, QImage | None] = OrderedDict()
        self.pending: set[_Key] = set()
        self.on_ready: Callable[[str, QImage], None] | None = None
        self.misses = 0

    def image(
        self, book: Book, name: str, *, target: QSize, pixel_ratio: float, dark: bool
    ) -> QImage | None:
        key = (book.book_id, name, target.width(), target.height(), dark)
        if key in self._images:
            self._images.move_to_end(key)
            return self._images[key]
        if key in self.pending:
            return _placeholder(book, name, target=target, pixel_ratio=pixel_ratio)
        self.misses += 1
        if self.runner is not None and name.lower().endswith((".svg", ".svgz")):
            placeholder = _placeholder(book, name, target=target, pixel_ratio=pixel_ratio)
            if placeholder is not None:
                self.pending.add(key)
                self.runner.submit(
                    f"svg:{key}",
                    lambda _job: _load(
                        book, name, target=target, pixel_ratio=pixel_ratio, dark=dark
                    ),
                    on_done=lambda image: self._store(key, name, image),
                    on_error=lambda _error: self._store(key, name, None),
                )
                return placeholder
        image = _load(book, name, target=target, pixel_ratio=pixel_ratio, dark=dark)
        self._put(key, image)
        return image

    def drawing(self, name: str, svg: bytes, *, size: QSize, pixel_ratio: float) -> QImage:
        """SVG made by the page itself (a typeset formula), drawn at `size` logical pixels.

        Like a book's SVG: rasterised by resvg in the worker, answered at once with a
        transparent stand-in of the same size, cached by name and size."""
        pixels = QSize(round(size.width() * pixel_ratio), round(size.height() * pixel_ratio))
        key = ("", name, pixels.width(), pixels.height(), False)
        stand_in = QImage(pixels, QImage.Format.Format_ARGB32_Premultiplied)
        stand_in.fill(Qt.GlobalColor.transparent)
        stand_in.setDevicePixelRatio(pixel_ratio)
        if key in self._images:
            self._images.move_to_end(key)
            return self._images[key] or stand_in  # a drawing resvg refused stays blank

        def draw(_job: object = None) -> QImage:
            image = render_svg(svg, target=pixels, name=name) or QImage()
            image.setDevicePixelRatio(pixel_ratio)
            return image

        if self.runner is None:
            image = draw()
            self._put(key, image)
            return image
        if key not in self.pending:
            self.misses += 1
            self.pending.add(key)
            self.runner.submit(
                f"svg:{key}",
                draw,
                on_done=lambda image: self._store(key, name, image),
                on_error=lambda _error: self._store(key, name, None),
            )
        return stand_in

    def _put(self, key: _Key, image: QImage | None) -> None:
        self._images[key] = image
        while len(self._images) > self.capacity:
            self._images.popitem(last=False)

    def _store(self, key: _Key, name: str, image: object) -> None:
        self.pending.discard(key)
        result = image if isinstance(image, QImage) and not image.isNull() else None
        self._put(key, result)
        if result is not None and self.on_ready is not None:
            self.on_ready(name, result)


def _placeholder(book: Book, name: str, *, target: QSize, pixel_ratio: float) -> QImage | None:
    """A transparent stand-in with the size the SVG will be drawn at (None if unknown)."""
    try:
        head = book.resource_head(name, 8192)  # not the whole member: this is the UI thread
    except Exception:  # the worker reports the real failure
        return None
    size = svg_size(head)
    if size.isEmpty():
        return None
    pixels = QSize(int(target.width() * pixel_ratio), int(target.height() * pixel_ratio))
    size.scale(pixels, Qt.AspectRatioMode.KeepAspectRatio)
    image = QImage(size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    image.setDevicePixelRatio(pixel_ratio)
    return image


def _load(book: Book, name: str, *, target: QSize, pixel_ratio: float, dark: bool) -> QImage | None:
    try:
        data = book.resource(name)
    except (KeyError, OSError, ValueError) as exc:
        log.warning("image %s missing from %s: %s", name, book.path.name, exc)
        return None
    except Exception as exc:  # a hostile resource must not take the page down with it
        log.warning("image %s unreadable in %s: %s", name, book.path.name, exc)
        return None
    pixels = QSize(int(target.width() * pixel_ratio), int(target.height() * pixel_ratio))
    image = decode_image(data, name=name, target=pixels)
    if image is None or image.isNull():
        return None
    if dark and is_black_on_transparent(image):
        image = inverted(image)
    image.setDevicePixelRatio(pixel_ratio)
    return image


def decode_image(data: bytes, *, name: str, target: QSize) -> QImage | None:
    """Decode a book image safely: SVG rendered to a bounded raster, pixel caps on bitmaps.

    The decoder is chosen by the bytes, never the name (`picture_format`). None, logged, for any
    picture that cannot be shown, whatever the decoder raised: the page shows a placeholder."""
    try:
        return _decode(data, name=name, target=target)
    except MemoryError:
        log.warning("image %s not shown: not enough memory to decode it", name)
    except Exception as error:  # a decoder's failure must never reach a paint or a slot
        log.warning("image %s not shown: %s: %s", name, type(error).__name__, error)
    return None


def _decode(data: bytes, *, name: str, target: QSize) -> QImage | None:
    try:
        # Header-only check: refuses giant bitmaps and SVGs that declare entities.
        check_image_size(data, name=name)
    except UnsafeBookError as error:
        log.warning("image %s refused: %s", name, error)
        return None
    kind = picture_format(data)
    if kind == "svgz":
        inflated = _gunzipped(data, name=name)
        if inflated is None or not looks_like_svg(inflated):
            return None
        check_image_size(inflated, name=name)
        data, kind = inflated, "svg"
    if kind == "svg":
        return render_svg(data, target=target, name=name)
    if kind not in QT_FORMATS:  # AVIF, JPEG XL, PSD, TIFF, …: Pillow, under the same caps
        return _pillow_image(data, name=name, target=target)
    device = QBuffer()
    device.setData(QByteArray(data))
    device.open(QIODevice.OpenModeFlag.ReadOnly)
    reader = QImageReader(device, kind.encode())
    if not reader.canRead():
        log.warning("image %s looks like %s but Qt cannot read it", name, kind.upper())
        return None
    size = reader.size()
    if not size.isValid() or size.width() * size.height() > MAX_IMAGE_PIXELS:
        log.warning("image %s refused: %sx%s pixels", name, size.width(), size.height())
        return None
    if size.width() > target.width() or size.height() > target.height():
        scaled = QSize(size)
        scaled.scale(target, Qt.AspectRatioMode.KeepAspectRatio)
        reader.setScaledSize(scaled)
    image = reader.read()
    return None if image.isNull() else image


def _gunzipped(data: bytes, *, name: str) -> bytes | None:
    """A compressed SVG (.svgz) inflated, at most MAX_SVGZ_BYTES, or None."""
    inflater = zlib.decompressobj(wbits=31)
    try:
        out = inflater.decompress(data, MAX_SVGZ_BYTES)
    except zlib.error as error:
        log.warning("compressed SVG %s unreadable: %s", name, error)
        return None
    if inflater.unconsumed_tail:
        log.warning("compressed SVG %s refused: over %d bytes", name, MAX_SVGZ_BYTES)
        return None
    return out


def _pillow_image(data: bytes, *, name: str, target: QSize) -> QImage | None:
    decoded = pillow_picture(
        data, name=name, target=(target.width(), target.height()), max_pixels=MAX_IMAGE_PIXELS
    )
    if decoded is None:
        return None
    pixels, width, height = decoded
    image = QImage(pixels, width, height, width * 4, QImage.Format.Format_RGBA8888)
    return image.convertToFormat(QImage.Format.Format_ARGB32_Premultiplied)  # owns its pixels


def svg_size(data: bytes) -> QSize:
    """The SVG's own size from its root element (width/height, else the viewBox)."""
    root = _SVG_SIZE.search(data[:8192])
    if root is None:
        return QSize()
    tag = root.group(0)
    width = re.search(_ATTRIBUTE.encode() % b"width", tag)
    height = re.search(_ATTRIBUTE.encode() % b"height", tag)
    if width and height:
        return QSize(round(float(width.group(1))), round(float(height.group(1))))
    box = _VIEWBOX.search(tag)
    if box:
        parts = box.group(1).replace(b",", b" ").split()
        if len(parts) == 4:
            try:
                return QSize(round(float(parts[2])), round(float(parts[3])))
            except ValueError:
                return QSize()
    return QSize()


def render_svg(data: bytes, *, target: QSize, name: str = "") -> QImage | None:
    """The whole SVG fitted into `target` pixels, transparent where the drawing is."""
    size = svg_size(data)
    if size.isEmpty():
        size = QSize(800, 1000)
    size.scale(target, Qt.AspectRatioMode.KeepAspectRatio)
    size = QSize(max(size.width(), 1), max(size.height(), 1))
    if resvg_py is not None:
        # resvg's own default family (Times New Roman) is missing on Linux, and text in a
        # drawing would vanish: the bundled book face stands in for serif text.
        fonts = [str(assets_dir() / "fonts")]
        try:
            in_child = can_render_in_child(data, size.width() * size.height())
            png = render_in_child(data, width=size.width(), font_dirs=fonts, font_family=SVG_SERIF,
                                  serif_family=SVG_SERIF) if in_child else None
            if png is None:  # small, or no child process: resvg holds the GIL while it draws
                png = resvg_py.svg_to_bytes(
                    svg_string=data.decode("utf-8", errors="replace"), width=size.width(),
                    font_dirs=fonts, font_family=SVG_SERIF, serif_family=SVG_SERIF,
                )
            image = QImage.fromData(bytes(png))
            if not image.isNull():
                return image.convertToFormat(QImage.Format.Format_ARGB32_Premultiplied)
        except (ValueError, OSError, RuntimeError) as error:
            log.info("resvg could not draw %s (%s); using Qt's renderer", name, error)
    renderer = QSvgRenderer(QByteArray(data))
    if not renderer.isValid():
        return None
    image = QImage(size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    renderer.render(painter)
    painter.end()
    return image


def is_black_on_transparent(image: QImage) -> bool:
    """Mostly transparent, and what is drawn is dark: a logo or line art made for white paper."""
    if not image.hasAlphaChannel():
        return False
    small = image.scaled(48, 48, Qt.AspectRatioMode.IgnoreAspectRatio)
    transparent = drawn = dark = 0
    for y in range(small.height()):
        for x in range(small.width()):
            color = small.pixelColor(x, y)
            if color.alpha() < 24:
                transparent += 1
                continue
            drawn += 1
            if color.lightness() < 80:
                dark += 1
    total = transparent + drawn
    return total > 0 and transparent / total >= 0.4 and drawn > 0 and dark / drawn >= 0.8


def inverted(image: QImage) -> QImage:
    """Colours inverted, transparency kept (black lines become light on a dark page)."""
    copy = image.convertToFormat(QImage.Format.Format_ARGB32)
    copy.invertPixels(QImage.InvertMode.InvertRgb)
    return copy

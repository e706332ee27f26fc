"""Renders the Pagemate icons to PNGs, a Windows .ico and a macOS .icns each: the application's
(assets/icons/pagemate.svg), and the document icons the desktop shows on book and comic files
(pagemate-book-document.svg, pagemate-comic-document.svg).

Run from the project root after editing the SVG:

    QT_QPA_PLATFORM=offscreen .venv/bin/python packaging/render_icons.py

The rendered files are committed, so neither the build nor the installer needs to run this.
"""

from __future__ import annotations

import sys
from pathlib import Path

from PIL import Image
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QGuiApplication, QImage, QPainter
from PySide6.QtSvg import QSvgRenderer

ICONS_DIR = Path(__file__).resolve().parent.parent / "assets" / "icons"
# The application icon, then the document icon of each family of file types.
ICON_NAMES = ("pagemate", "pagemate-book-document", "pagemate-comic-document")
PNG_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
# Windows picks the nearest of these for the taskbar, Explorer and the title bar.
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)


def png_path(name: str, size: int) -> Path:
    return ICONS_DIR / f"{name}-{size}.png"


def render_png(renderer: QSvgRenderer, name: str, size: int) -> Path:
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    renderer.render(painter, QRectF(0, 0, size, size))
    painter.end()
    target = png_path(name, size)
    if not image.save(str(target)):  # the format from the ".png" suffix
        raise OSError(f"could not write {target}")
    return target


def render_icon(name: str) -> bool:
    """`name`.svg to its PNGs, .ico and .icns; False if the SVG is not valid."""
    source = ICONS_DIR / f"{name}.svg"
    renderer = QSvgRenderer(str(source))
    if not renderer.isValid():
        print(f"{source} is not a valid SVG", file=sys.stderr)
        return False
    for size in PNG_SIZES:
        render_png(renderer, name, size)
    largest = Image.open(png_path(name, 512))
    # Each size is rendered from the vector source, not downscaled from 512 px, so small sizes
    # stay crisp; Pillow's ICO writer accepts them through append_images.
    largest.save(
        ICONS_DIR / f"{name}.ico",
        sizes=[(s, s) for s in ICO_SIZES],
        append_images=[Image.open(png_path(name, s)) for s in ICO_SIZES],
    )
    largest.save(
        ICONS_DIR / f"{name}.icns",
        append_images=[Image.open(png_path(name, s)) for s in (16, 32, 64, 128, 256)],
    )
    print(f"wrote {len(PNG_SIZES)} PNGs, {name}.ico and {name}.icns to {ICONS_DIR}")
    return True


def main() -> int:
    _app = QGuiApplication(sys.argv[:1])  # QSvgRenderer needs a GUI application for fonts
    return 0 if all([render_icon(name) for name in ICON_NAMES]) else 1


if __name__ == "__main__":
    sys.exit(main())

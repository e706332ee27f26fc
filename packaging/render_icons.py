"""Renders the Pagemate icon (assets/icons/pagemate.svg) to PNGs, a Windows .ico and a macOS .icns.

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
SVG_SOURCE = ICONS_DIR / "pagemate.svg"
PNG_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
# Windows picks the nearest of these for the taskbar, Explorer and the title bar.
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)


def png_path(size: int) -> Path:
    return ICONS_DIR / f"pagemate-{size}.png"


def render_png(renderer: QSvgRenderer, size: int) -> Path:
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    renderer.render(painter, QRectF(0, 0, size, size))
    painter.end()
    target = png_path(size)
    if not image.save(str(target), b"PNG"):
        raise OSError(f"could not write {target}")
    return target


def main() -> int:
    _app = QGuiApplication(sys.argv[:1])  # QSvgRenderer needs a GUI application for fonts
    renderer = QSvgRenderer(str(SVG_SOURCE))
    if not renderer.isValid():
        print(f"{SVG_SOURCE} is not a valid SVG", file=sys.stderr)
        return 1
    for size in PNG_SIZES:
        render_png(renderer, size)
    largest = Image.open(png_path(512))
    # Each size is rendered from the vector source, not downscaled from 512 px, so small sizes
    # stay crisp; Pillow's ICO writer accepts them through append_images.
    largest.save(
        ICONS_DIR / "pagemate.ico",
        sizes=[(s, s) for s in ICO_SIZES],
        append_images=[Image.open(png_path(s)) for s in ICO_SIZES],
    )
    largest.save(
        ICONS_DIR / "pagemate.icns",
        append_images=[Image.open(png_path(s)) for s in (16, 32, 64, 128, 256)],
    )
    print(f"wrote {len(PNG_SIZES)} PNGs, pagemate.ico and pagemate.icns to {ICONS_DIR}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

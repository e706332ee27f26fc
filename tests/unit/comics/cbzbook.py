"""Comic books for the comics tests: CBZ files written with Pillow-drawn pages."""

from __future__ import annotations

import io
import time
import zipfile
from collections.abc import Sequence
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from reader_app.comics.ocr import RapidOcrEngine
from reader_app.comics.reading_order import OcrLine

FONT_PATH = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"


def write_cbz(
    path: Path,
    pages: Sequence[bytes],
    *,
    series: str | None = None,
    number: int | None = None,
    manga: bool = False,
    language: str = "",
    names: Sequence[str] | None = None,
) -> Path:
    names = list(names) if names is not None else [f"{i:03d}.png" for i in range(len(pages))]
    info = ["<ComicInfo>", f"<Title>{path.stem}</Title>"]
    if series is not None:
        info.append(f"<Series>{series}</Series>")
    if number is not None:
        info.append(f"<Number>{number}</Number>")
    if manga:
        info.append("<Manga>YesAndRightToLeft</Manga>")
    if language:
        info.append(f"<LanguageISO>{language}</LanguageISO>")
    info.append("</ComicInfo>")
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("ComicInfo.xml", "".join(info))
        for name, page in zip(names, pages, strict=True):
            archive.writestr(name, page)
    return path


def font(size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(FONT_PATH, size)


def png(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def draw_bubble(draw: ImageDraw.ImageDraw, center: tuple[int, int], lines: Sequence[str],
                *, size: int = 30) -> None:
    """A white speech bubble with `lines` centred in it, outlined in black."""
    face = font(size)
    widths = [draw.textlength(line, font=face) for line in lines]
    line_height = int(size * 1.25)
    width, height = max(widths) + 2 * size, line_height * len(lines) + size
    cx, cy = center
    draw.ellipse((cx - width / 2, cy - height / 2, cx + width / 2, cy + height / 2),
                 fill="white", outline="black", width=3)
    top = cy - line_height * len(lines) / 2
    for i, (line, line_width) in enumerate(zip(lines, widths, strict=True)):
        draw.text((cx - line_width / 2, top + i * line_height), line, font=face, fill="black")


def panel_page(size: tuple[int, int], panels: Sequence[tuple[int, int, int, int]]) -> Image.Image:
    """A white page with black-bordered light grey panels (as drawn, not in any order)."""
    image = Image.new("RGB", size, "white")
    draw = ImageDraw.Draw(image)
    for box in panels:
        draw.rectangle(box, fill=(205, 215, 225), outline="black", width=4)
    return image


class TimedEngine:
    """Times each page the real engine reads."""

    def __init__(self, engine: RapidOcrEngine) -> None:
        self.engine = engine
        self.engine_id = engine.engine_id
        self.seconds: list[float] = []

    def read_lines(self, image: Image.Image) -> list[OcrLine]:
        started = time.perf_counter()
        try:
            return self.engine.read_lines(image)
        finally:
            self.seconds.append(time.perf_counter() - started)

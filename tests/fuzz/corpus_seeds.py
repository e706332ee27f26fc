"""Seeds from the real corpus books (../shared/corpus): their stylesheets, pictures, package
documents, navs and smaller chapters, read once per run and kept small, for the fuzzer to splice
into its seed books and mutate. A run without the corpus falls back to the generated seeds."""

from __future__ import annotations

import functools
import io
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

from PIL import Image

CORPUS = Path(__file__).resolve().parents[3] / "shared" / "corpus"
MAX_PART = 60_000  # bytes kept of one stylesheet, chapter or package document
MAX_PICTURE = 150_000  # pictures bigger than this are re-encoded small


@dataclass
class CorpusParts:
    stylesheets: list[bytes] = field(default_factory=list)
    chapters: list[bytes] = field(default_factory=list)
    packages: list[bytes] = field(default_factory=list)
    navs: list[bytes] = field(default_factory=list)
    pictures: list[bytes] = field(default_factory=list)


@functools.cache
def corpus_parts(folder: Path = CORPUS) -> CorpusParts:
    parts = CorpusParts()
    for book in sorted((folder / "epub").glob("*.epub")) if folder.exists() else ():
        with zipfile.ZipFile(book) as archive:
            infos = sorted(archive.infolist(), key=lambda info: info.file_size)
            chapters = 0
            for info in infos:
                name = info.filename.lower()
                if name.endswith(".css"):
                    parts.stylesheets.append(archive.read(info)[:MAX_PART])
                elif name.endswith(".opf"):
                    parts.packages.append(archive.read(info)[:MAX_PART])
                elif name.endswith((".ncx", "nav.xhtml", "toc.xhtml")):
                    parts.navs.append(archive.read(info)[:MAX_PART])
                elif name.endswith(".xhtml") and chapters < 3 and info.file_size > 2_000:
                    parts.chapters.append(archive.read(info)[:MAX_PART])
                    chapters += 1
                elif name.endswith((".png", ".jpg", ".jpeg", ".gif", ".svg")) and len(
                    parts.pictures
                ) < 12:
                    parts.pictures.append(_small(archive.read(info)))
    for comic in sorted((folder / "comics").glob("*.cbz")) if folder.exists() else ():
        with zipfile.ZipFile(comic) as archive:
            pages = [n for n in archive.namelist() if n.lower().endswith((".jpg", ".png"))]
            parts.pictures.extend(_small(archive.read(name)) for name in pages[:2])
    return parts


def _small(data: bytes) -> bytes:
    """The picture itself when small; else re-encoded in its own format at a small size."""
    if len(data) <= MAX_PICTURE or data.lstrip()[:1] == b"<":
        return data[: MAX_PICTURE * 4]
    try:
        with Image.open(io.BytesIO(data)) as image:
            image.thumbnail((240, 240))
            out = io.BytesIO()
            image.convert("RGB").save(out, format="JPEG" if image.format == "JPEG" else "PNG")
            return out.getvalue()
    except Exception:  # an odd corpus picture: keep its head, the fuzzer cuts and flips it
        return data[:MAX_PICTURE]

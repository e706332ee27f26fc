"""What a MOBI or KF8 reader hands to the book builder: XHTML documents, stylesheets, pictures by
record and the table of contents, named like the members of an EPUB."""

from __future__ import annotations

from dataclasses import dataclass, field

IMAGE_SIGNATURES: tuple[tuple[bytes, str], ...] = (
    (b"\xff\xd8\xff", "jpg"),
    (b"\x89PNG", "png"),
    (b"GIF8", "gif"),
    (b"BM", "bmp"),
)


@dataclass(frozen=True, slots=True)
class TocPoint:
    title: str
    depth: int
    member: str
    fragment: str


@dataclass
class ConvertedBook:
    """A MOBI's content as documents the XHTML pipeline reads. Filled by one reader call."""

    documents: list[tuple[str, bytes]] = field(default_factory=list)
    html: bool = False  # MOBI 6 markup is HTML, not XML
    stylesheets: dict[str, bytes] = field(default_factory=dict)
    images: dict[str, int] = field(default_factory=dict)  # member -> database record
    flows: dict[str, int] = field(default_factory=dict)  # member -> KF8 text flow (SVG pictures)
    toc: list[TocPoint] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def image_member(record: int, head: bytes) -> str | None:
    """The member name for a picture record, or None when the record is not a picture."""
    for signature, extension in IMAGE_SIGNATURES:
        if head.startswith(signature):
            return f"image{record:05d}.{extension}"
    return None


def record_of(member: str) -> int | None:
    """The database record of a picture member `image01234.jpg`."""
    stem = member.rsplit("/", 1)[-1].partition(".")[0]
    if stem.startswith("image") and stem[5:].isdigit():
        return int(stem[5:])
    return None


def flow_of(member: str) -> int | None:
    """The KF8 text flow of a picture member `flow0004.svg`."""
    stem = member.rsplit("/", 1)[-1].partition(".")[0]
    if stem.startswith("flow") and stem[4:].isdigit():
        return int(stem[4:])
    return None

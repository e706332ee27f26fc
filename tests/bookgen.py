"""Small books built directly from the model, for exact assertions in UI tests."""

from __future__ import annotations

import hashlib
from pathlib import Path

from reader_app.books.model import Block, BlockKind, Book, Locator, Metadata, Section, TocEntry


def _no_resources(name: str) -> bytes:
    raise KeyError(name)


def marker_book(
    *,
    chapters: int = 4,
    paragraphs: int = 30,
    sentences: int = 4,
    title: str = "The Marker Book",
    path: Path | None = None,
) -> Book:
    """A book whose every sentence carries a unique marker word `mkCCPPSS`."""
    sections = []
    toc = []
    for c in range(chapters):
        blocks = [Block(BlockKind.HEADING, f"Chapter {c + 1}", level=2)]
        for p in range(paragraphs):
            text = " ".join(
                f"Sentence mk{c:02d}{p:02d}{s:02d} tells of the lantern by the river."
                for s in range(sentences)
            )
            blocks.append(Block(BlockKind.PARAGRAPH, text))
        sections.append(Section(c, f"ch{c}.xhtml", f"Chapter {c + 1}", tuple(blocks)))
        toc.append(TocEntry(f"Chapter {c + 1}", Locator(c, 0, 0)))
    digest = hashlib.sha256(f"{title}-{chapters}-{paragraphs}-{sentences}".encode()).hexdigest()
    return Book(
        book_id=digest,
        path=path or Path(f"/nonexistent/{title}.epub"),
        format="epub",
        metadata=Metadata(title=title, authors=("A. Tester",), description="A test book."),
        sections=tuple(sections),
        toc=tuple(toc),
        cover=None,
        load_resource=_no_resources,
    )

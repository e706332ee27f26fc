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


# -- a book with the matter around its text ----------------------------------------------------

# One marker word per piece of matter around the text: none may ever reach the companion.
MATTER_MARKERS = {
    "titlepage": "qqtitlepage",
    "imprint": "qqimprint",
    "toc": "qqcontents",
    "halftitlepage": "qqhalftitle",
    "heading": "qqbookheading",
    "colophon": "qqcolophon",
    "copyright-page": "qqcopyright",
}
# Names that only the matter carries (X-Ray must never list them).
MATTER_NAMES = ("Bartholomew Quillfeather", "Ophelia Oxbridge")
# Text the book itself holds around its story and keeps: the companion may use it.
KEPT_MARKERS = {"dedication": "qqdedication", "epigraph": "qqepigraph"}
NOTE_READ = "qqnoteread"  # the note referred to from chapter 1
NOTE_UNREAD = "qqnoteunread"  # the note referred to only from chapter 3
STORY_NAMES = ("Anna Lantern", "Tobias Reed")


def matter_epub(path: Path, *, marked: bool = True) -> Path:
    """A real EPUB with a title page, an imprint, a contents list, a dedication, an epigraph, a
    half-title and a bare "Book One" heading, three chapters, endnotes, a colophon and a
    copyright page. With `marked` false the same text comes without any `epub:type`, as books
    from other publishers do (only the title page and the contents can then be told apart)."""
    from tests.unit.books.epubgen import make_epub, package_document, xhtml

    def section(kind: str, body: str, matter: str = "frontmatter") -> str:
        if not marked:
            return xhtml(f"<section>{body}</section>")
        inner = f'<section epub:type="{kind}">{body}</section>'
        return xhtml(f'<div epub:type="{matter}">{inner}</div>')

    m = MATTER_MARKERS
    chapters: dict[str, str] = {
        "titlepage.xhtml": section(
            "titlepage", f"<h1>The Quiet Harbour</h1><p>First Author {m['titlepage']}</p>"
        ),
        "imprint.xhtml": section(
            "imprint",
            f"<p>This ebook {m['imprint']} is the product of many hours of work by volunteers. "
            "Bartholomew Quillfeather prepared it for the Harbour Press.</p>"
            "<p>Bartholomew Quillfeather thanks Ophelia Oxbridge and every proofreader.</p>",
        ),
        "contents.xhtml": (
            xhtml(
                f'<nav {"epub:type=" + chr(34) + "toc" + chr(34) if marked else ""}>'
                f"<h2>Contents {m['toc']}</h2><ol>"
                + "".join(
                    f'<li><a href="chapter{n}.xhtml">Chapter {n} of the harbour {m["toc"]}</a></li>'
                    for n in (1, 2, 3)
                )
                + "</ol></nav>"
            )
        ),
        "dedication.xhtml": section(
            "dedication",
            f"<p>For Marigold {KEPT_MARKERS['dedication']}, who loved the grey sea.</p>",
        ),
        "epigraph.xhtml": section(
            "epigraph",
            f"<blockquote><p>The tide keeps its own hours {KEPT_MARKERS['epigraph']}.</p>"
            "</blockquote>",
        ),
        "halftitle.xhtml": section(
            "halftitlepage", f"<h2>The Quiet Harbour {m['halftitlepage']}</h2>"
        ),
        "book1.xhtml": section("part", f"<h2>Book One {m['heading']}</h2>", "bodymatter"),
    }
    story = (
        ("Anna Lantern mended the nets on the harbour wall while Tobias Reed watched the boats.",
         "The lamp of the lighthouse was lit by hand every evening{ref}.",
         "Anna Lantern asked Tobias Reed whether the storm would come."),
        ("Tobias Reed rowed out past the breakwater at dawn.",
         "The gulls followed him as far as the black rocks.",
         "Anna Lantern waited with a basket of bread on the quay."),
        ("The storm broke over the harbour on the third night.",
         "Tobias Reed lost an oar and drifted toward the shoals{ref}.",
         "Anna Lantern carried the lamp to the end of the pier."),
    )
    for number, sentences in enumerate(story, start=1):
        note = {1: 1, 3: 2}.get(number)
        ref = (
            f'<a href="endnotes.xhtml#note-{note}" id="noteref-{note}"'
            f'{" epub:type=" + chr(34) + "noteref" + chr(34) if marked else ""}>{note}</a>'
            if note else ""
        )
        paragraphs = "".join(
            f"<p>{' '.join(s.format(ref=ref if n == 1 else '') for s in sentences)} "
            f"The wind came from the east in chapter {number}, paragraph {n}.</p>"
            for n in range(4)
        )
        chapters[f"chapter{number}.xhtml"] = section(
            "chapter", f"<h2>Chapter {number}</h2>{paragraphs}", "bodymatter"
        )
    notes = "".join(
        f'<li id="note-{n}"{" epub:type=" + chr(34) + "endnote" + chr(34) if marked else ""}>'
        f"<p>{text} <a href=\"chapter{c}.xhtml#noteref-{n}\">↩</a></p></li>"
        for n, c, text in (
            (1, 1, f"The keeper {NOTE_READ} trimmed the wick with silver scissors."),
            (2, 3, f"The shoals {NOTE_UNREAD} had drowned the keeper's brother years before."),
        )
    )
    chapters["endnotes.xhtml"] = section(
        "endnotes", f"<h2>Endnotes</h2><ol>{notes}</ol>", "backmatter"
    )
    chapters["colophon.xhtml"] = section(
        "colophon",
        f"<p>The Quiet Harbour was typeset {m['colophon']} by Ophelia Oxbridge in a "
        "borrowed font.</p><p>Ophelia Oxbridge and Bartholomew Quillfeather released it.</p>",
        "backmatter",
    )
    chapters["uncopyright.xhtml"] = section(
        "copyright-page",
        f"<p>The source text {m['copyright-page']} and artwork are believed to be in the "
        "public domain; Bartholomew Quillfeather waives all rights to this edition.</p>",
        "backmatter",
    )
    toc = [(f"Chapter {n}", f"chapter{n}.xhtml") for n in (1, 2, 3)]
    return make_epub(
        path, chapters, toc=toc, opf=package_document(list(chapters), title="The Quiet Harbour")
    )

"""Books written as FB2, FB2.ZIP, plain text and Markdown files, for tests that open them as a
reader does: the marker book (every sentence carries `mkCCPPSS`, as tests/bookgen.py's) in each
format, and the committed fixtures' paths."""

from __future__ import annotations

from pathlib import Path
from xml.sax.saxutils import escape

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "formats"
JEKYLL_FB2_ZIP = FIXTURES / "jekyll.fb2.zip"
JEKYLL_TXT = FIXTURES / "jekyll.txt"
JEKYLL_MD = FIXTURES / "jekyll.md"
JEKYLL_GUTENBERG = FIXTURES / "jekyll.gutenberg.txt"
FEATURES_FB2 = FIXTURES / "features.fb2"
ROMAN = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X")


def marker_paragraphs(chapter: int, *, paragraphs: int, sentences: int) -> list[str]:
    return [
        " ".join(
            f"Sentence mk{chapter:02d}{p:02d}{s:02d} tells of the lantern by the river."
            for s in range(sentences)
        )
        for p in range(paragraphs)
    ]


def marker_fb2(path: Path, *, chapters: int = 4, paragraphs: int = 16, sentences: int = 4) -> Path:
    """The marker book as FB2: one titled section per chapter."""
    sections = []
    for c in range(chapters):
        body = "".join(f"<p>{escape(text)}</p>" for text in marker_paragraphs(
            c, paragraphs=paragraphs, sentences=sentences))
        sections.append(f"<section><title><p>Chapter {c + 1}</p></title>{body}</section>")
    path.write_text(
        '<?xml version="1.0" encoding="utf-8"?>\n'
        '<FictionBook xmlns="http://www.gribuser.ru/xml/fictionbook/2.0" '
        'xmlns:l="http://www.w3.org/1999/xlink"><description><title-info>'
        "<author><first-name>A.</first-name><last-name>Tester</last-name></author>"
        "<book-title>The Marker Book</book-title><lang>en</lang></title-info></description>"
        f"<body>{''.join(sections)}</body></FictionBook>",
        encoding="utf-8",
    )
    return path


def marker_text(path: Path, *, chapters: int = 4, paragraphs: int = 16, sentences: int = 4,
                width: int = 70) -> Path:
    """The marker book as plain text, hard-wrapped at `width` columns, "CHAPTER I." headings."""
    import textwrap

    lines = ["THE MARKER BOOK", "", "by A. Tester", "", ""]
    for c in range(chapters):
        lines += ["", "", f"CHAPTER {ROMAN[c]}.", "", ""]
        for text in marker_paragraphs(c, paragraphs=paragraphs, sentences=sentences):
            lines += [*textwrap.wrap(text, width), ""]
    path.write_text("\n".join(lines), encoding="utf-8")
    return path


def marker_fb2_zip(path: Path, **sizes: int) -> Path:
    """The marker book as FB2.ZIP: marker_fb2's file alone in a zip, as FB2 libraries ship."""
    import zipfile

    inner = marker_fb2(path.with_name(path.name.removesuffix(".zip")), **sizes)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.write(inner, inner.name)
    inner.unlink()
    return path


def marker_markdown(path: Path, *, chapters: int = 4, paragraphs: int = 16,
                    sentences: int = 4) -> Path:
    """The marker book as Markdown: "# Title" over "## Chapter N"s, paragraphs hard-wrapped,
    a word of emphasis in each (the marks must not reach the sentences)."""
    import textwrap

    lines = ["# The Marker Book", "", "*by A. Tester*", ""]
    for c in range(chapters):
        lines += [f"## Chapter {c + 1}", ""]
        for text in marker_paragraphs(c, paragraphs=paragraphs, sentences=sentences):
            text = text.replace("the lantern", "the *lantern*", 1)
            lines += [*textwrap.wrap(text, 70), ""]
    path.write_text("\n".join(lines), encoding="utf-8")
    return path


# Each marker book's maker, file name and the format it opens as, by test id: for parametrize.
MARKER_BOOKS = {
    "fb2": (marker_fb2, "markers.fb2", "fb2"),
    "fb2.zip": (marker_fb2_zip, "markers.fb2.zip", "fb2"),
    "txt": (marker_text, "markers.txt", "txt"),
    "markdown": (marker_markdown, "markers.md", "markdown"),
}

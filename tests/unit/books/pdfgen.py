"""Small PDFs written byte by byte for the tests: text pages in Helvetica with a running head and
page numbers, an outline, page labels, internal links and a language; and image-only (scanned)
copies made by drawing those pages with PDFium and writing the pictures with Pillow."""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

PAGE_WIDTH, PAGE_HEIGHT = 420, 595
LINE_HEIGHT = 14
TOP_TEXT = 520


@dataclass(frozen=True)
class PdfChapter:
    title: str
    pages: Sequence[Sequence[str]]  # each page's lines of body text
    children: Sequence[tuple[str, int]] = ()  # (title, page offset in this chapter) sub-entries


@dataclass(frozen=True)
class PdfSpec:
    title: str = "A Sample Book"
    author: str = "Ann Author"
    language: str = "en-GB"
    running_head: str = "A Sample Book"
    front_pages: int = 0  # pages before the chapters, labelled i, ii, ...
    chapters: Sequence[PdfChapter] = ()
    # (from page, to page, the link's rectangle [x1, y1, x2, y2] in points from the bottom-left)
    links: Sequence[tuple[int, int, tuple[float, float, float, float]]] = ()
    labels: bool = True
    page_numbers: bool = True
    extra: dict[str, str] = field(default_factory=dict)


def _escape(text: str) -> bytes:
    raw = text.encode("cp1252", errors="replace")
    return raw.replace(b"\\", b"\\\\").replace(b"(", b"\\(").replace(b")", b"\\)")


def _page_content(lines: Sequence[str], *, head: str, number: str, heading: str) -> bytes:
    out = [b"BT"]
    if head:
        out.append(b"/F1 8 Tf 1 0 0 1 150 565 Tm (" + _escape(head) + b") Tj")
    y = TOP_TEXT
    if heading:
        out.append(b"/F1 18 Tf 1 0 0 1 60 %d Tm (" % (y + 20) + _escape(heading) + b") Tj")
        y -= 30
    for line in lines:
        out.append(b"/F1 11 Tf 1 0 0 1 60 %d Tm (" % y + _escape(line) + b") Tj")
        y -= LINE_HEIGHT
    if number:
        out.append(b"/F1 9 Tf 1 0 0 1 205 30 Tm (" + _escape(number) + b") Tj")
    out.append(b"ET")
    return b"\n".join(out)


def _roman(number: int) -> str:
    values = ((10, "x"), (9, "ix"), (5, "v"), (4, "iv"), (1, "i"))
    text = ""
    for value, letters in values:
        while number >= value:
            text += letters
            number -= value
    return text


def write_pdf(path: Path, spec: PdfSpec) -> Path:
    """Write `spec` as a PDF at `path` (one text page per page of each chapter)."""
    pages: list[tuple[list[str], str, str]] = []  # lines, printed number, heading
    for i in range(spec.front_pages):
        pages.append(([f"Front matter page {i + 1}."], _roman(i + 1), ""))
    starts: list[int] = []
    for chapter in spec.chapters:
        starts.append(len(pages))
        for offset, lines in enumerate(chapter.pages):
            number = str(len(pages) - spec.front_pages + 1)
            pages.append((list(lines), number, chapter.title if offset == 0 else ""))
    objects: list[bytes] = []

    def add(body: bytes) -> int:
        objects.append(body)
        return len(objects)

    catalog = add(b"")
    page_tree = add(b"")
    font = add(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica "
               b"/Encoding /WinAnsiEncoding >>")
    page_ids = [add(b"") for _ in pages]
    for index, (lines, number, heading) in enumerate(pages):
        content = _page_content(lines, head=spec.running_head if index else "",
                                number=number if spec.page_numbers else "", heading=heading)
        stream = add(b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream")
        annots = []
        for source, target, rect in spec.links:
            if source == index:
                annots.append(add(
                    b"<< /Type /Annot /Subtype /Link /Border [0 0 0] /Rect [%g %g %g %g] "
                    % rect + b"/Dest [%d 0 R /Fit] >>" % page_ids[target]))
        refs = b" ".join(b"%d 0 R" % a for a in annots)
        objects[page_ids[index] - 1] = (
            b"<< /Type /Page /Parent %d 0 R /MediaBox [0 0 %d %d] " % (
                page_tree, PAGE_WIDTH, PAGE_HEIGHT)
            + b"/Resources << /Font << /F1 %d 0 R >> >> /Contents %d 0 R " % (font, stream)
            + b"/Annots [" + refs + b"] >>")
    kids = b" ".join(b"%d 0 R" % p for p in page_ids)
    objects[page_tree - 1] = b"<< /Type /Pages /Kids [%s] /Count %d >>" % (kids, len(pages))
    outline = _outline(spec, starts, page_ids, add, objects)
    labels = b""
    if spec.labels and spec.front_pages:
        labels = (b"/PageLabels << /Nums [0 << /S /r >> %d << /S /D >>] >> " % spec.front_pages)
    elif spec.labels:
        labels = b"/PageLabels << /Nums [0 << /S /D >>] >> "
    objects[catalog - 1] = (
        b"<< /Type /Catalog /Pages %d 0 R " % page_tree + labels
        + (b"/Outlines %d 0 R /PageMode /UseOutlines " % outline if outline else b"")
        + b"/Lang (" + _escape(spec.language) + b") >>")
    info = add(b"<< /Title (" + _escape(spec.title) + b") /Author (" + _escape(spec.author)
               + b") /Producer (pdfgen) >>")
    return _write(path, objects, catalog, info)


def _outline(spec: PdfSpec, starts: list[int], page_ids: list[int], add, objects) -> int:  # type: ignore[no-untyped-def]
    if not spec.chapters:
        return 0
    root = add(b"")
    items = [add(b"") for _ in spec.chapters]
    for i, (chapter, start) in enumerate(zip(spec.chapters, starts, strict=True)):
        kids = [add(b"") for _ in chapter.children]
        for k, (title, offset) in enumerate(chapter.children):
            objects[kids[k] - 1] = (
                b"<< /Title (" + _escape(title) + b") /Parent %d 0 R " % items[i]
                + (b"/Prev %d 0 R " % kids[k - 1] if k else b"")
                + (b"/Next %d 0 R " % kids[k + 1] if k + 1 < len(kids) else b"")
                + b"/Dest [%d 0 R /Fit] >>" % page_ids[start + offset])
        objects[items[i] - 1] = (
            b"<< /Title (" + _escape(chapter.title) + b") /Parent %d 0 R " % root
            + (b"/Prev %d 0 R " % items[i - 1] if i else b"")
            + (b"/Next %d 0 R " % items[i + 1] if i + 1 < len(items) else b"")
            + (b"/First %d 0 R /Last %d 0 R /Count %d " % (kids[0], kids[-1], len(kids))
               if kids else b"")
            + b"/Dest [%d 0 R /Fit] >>" % page_ids[start])
    objects[root - 1] = (b"<< /Type /Outlines /First %d 0 R /Last %d 0 R /Count %d >>"
                         % (items[0], items[-1], len(items)))
    return root


def _write(path: Path, objects: list[bytes], catalog: int, info: int) -> Path:
    out = io.BytesIO()
    out.write(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(out.tell())
        out.write(b"%d 0 obj\n" % number + body + b"\nendobj\n")
    xref = out.tell()
    out.write(b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1))
    for offset in offsets:
        out.write(b"%010d 00000 n \n" % offset)
    out.write(b"trailer\n<< /Size %d /Root %d 0 R /Info %d 0 R >>\nstartxref\n%d\n%%%%EOF\n"
              % (len(objects) + 1, catalog, info, xref))
    path.write_bytes(out.getvalue())
    return path


STORY = (
    "The lighthouse keeper counted the ships that passed each night.",
    "Mara kept a ledger of their names in a blue notebook.",
    "One evening a ship without a name sailed into the harbour.",
    "Nobody on the quay would say who had sent it.",
    "Mara climbed aboard while the tide was turning.",
    "In the hold she found crates stamped with her father's seal.",
    "Her father had been lost at sea for eleven years.",
    "The captain's log ended with a single line about a key.",
)


# Three pages of one chapter (books/text/page_breaks.py): a sentence runs from page 1 onto page 2,
# and another from page 2 onto page 3 with a word hyphenated at the page's foot ("inter-").
RUN_ON = PdfSpec(title="Gold Tales", running_head="Gold Tales", chapters=(
    PdfChapter("Chapter 1", [
        ["Pepper wakes up early and packs her bag.",
         "Carrot wants breakfast before they leave, and on",
         "the way he tells her that the dragon's gold"],
        ["lies hidden beneath the frozen lake by the mill.",
         "They walk all morning through an inter-"],
        ["esting forest of silver birches.",
         "Nobody in the village has ever seen it."]]),))
RUN_ON_GOLD = ("Carrot wants breakfast before they leave, and on the way he tells her that the "
               "dragon's gold lies hidden beneath the frozen lake by the mill.")
RUN_ON_FOREST = "They walk all morning through an interesting forest of silver birches."


# Two pages set with words broken at lines' ends, as a typesetter that hyphenates sets them: on
# page 1 "inter-" / "esting" is one word (the book writes it whole on page 2), "well-" / "known"
# a compound the book writes with its hyphen on page 2, "Anglo-" / "Saxon" a compound.
LINE_BREAKS = PdfSpec(title="Birch Tales", running_head="Birch Tales", chapters=(
    PdfChapter("Chapter 1", [
        ["Pepper and Carrot walk all morning through an inter-",
         "esting forest of silver birches, past a well-",
         "known spring and the ruins of an old Anglo-",
         "Saxon chapel where the monks once kept bees."],
        ["The forest was interesting to them because of the bees.",
         "A well-known song of the village is about the monks."]]),))


def sample_spec(*, chapters: int = 3, pages_per_chapter: int = 2, front_pages: int = 2) -> PdfSpec:
    """A small book: front matter in roman numerals, chapters of story lines, an outline with a
    sub-entry, and a link from the first front page to chapter 2."""
    made = []
    for c in range(chapters):
        pages = []
        for p in range(pages_per_chapter):
            lines = [f"{STORY[(c * 3 + p + k) % len(STORY)][:-1]} in part {c + 1}.{p + 1}."
                     for k in range(6)]
            pages.append(lines)
        made.append(PdfChapter(f"Chapter {c + 1}", pages,
                               children=(("A later scene", 1),) if pages_per_chapter > 1 else ()))
    target = front_pages + pages_per_chapter  # chapter 2's first page
    return PdfSpec(front_pages=front_pages, chapters=made,
                   links=((0, target, (55.0, 505.0, 300.0, 535.0)),) if chapters > 1 else ())


def many_pages_spec(count: int) -> PdfSpec:
    """A long book: `count` one-line pages in one chapter (for opening costs)."""
    return PdfSpec(chapters=(PdfChapter("Everything", [[f"Line on page {i + 1}."]
                                                       for i in range(count)]),))


def write_scanned(path: Path, source: Path, *, width: int = 840) -> Path:
    """An image-only copy of `source`: each page drawn by PDFium and written as a picture."""
    import pypdfium2
    from PIL import Image

    document = pypdfium2.PdfDocument(str(source))
    try:
        images: list[Image.Image] = []
        for index in range(len(document)):
            page = document[index]
            scale = width / page.get_width()
            images.append(page.render(scale=scale).to_pil().convert("RGB"))
            page.close()
    finally:
        document.close()
    images[0].save(path, format="PDF", save_all=True, append_images=images[1:], resolution=144)
    return path

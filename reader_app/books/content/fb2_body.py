"""The bodies of an FB2 book into blocks: nested sections with their titles, epigraphs, poems
(stanzas of verses), citations, subtitles, tables, pictures, and inline emphasis and links.

A new model section starts at each `<section>` once the one before holds more than headings, so
a part's title stays over its first chapter. A notes body's sections are notes: their title ("1")
is a plain paragraph, so a note reference pops the note up as an EPUB footnote does.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from lxml import etree

from reader_app.books.content.text_parts import LINE_BREAK, PLAIN, Runs
from reader_app.books.files.xmlsafe import local_name
from reader_app.books.model import Block, BlockKind, Locator, Span

MAX_LEVEL = 6
NOTE_MARKS = ("footnote",)
EXTERNAL = ("http://", "https://", "mailto:")
# Inline elements and what they mean; strikethrough has no look of its own in the model.
_INLINE: dict[str, dict[str, bool]] = {
    "strong": {"bold": True},
    "emphasis": {"italic": True},
    "code": {"monospace": True},
    "sup": {"superscript": True},
    "sub": {"subscript": True},
    "strikethrough": {},
    "style": {},
}


def href_of(element: etree._Element) -> str:
    """The element's `xlink:href` (or `l:href`, or a stray `href`), whatever its prefix."""
    for name, value in element.attrib.items():
        if str(name).rsplit("}", 1)[-1].rsplit(":", 1)[-1].lower() == "href":
            return str(value).strip()
    return ""


def all_text(element: etree._Element) -> str:
    """The text inside `element`, its descendants' too."""
    return "".join(str(text) for text in element.itertext())


@dataclass
class Part:
    """One model section being gathered: its blocks, and its links to resolve."""

    blocks: list[Block] = field(default_factory=list)
    links: list[tuple[int, int, str]] = field(default_factory=list)  # block, span, anchor
    linear: bool = True
    title: str = ""
    has_text: bool = False  # more than headings: the next section starts a part of its own


@dataclass
class BodyReader:
    """Walks the bodies, gathering parts, the anchors (id -> part, block) and the contents."""

    image_name: dict[str, str]  # binary id -> resource name
    parts: list[Part] = field(default_factory=list)
    anchors: dict[str, tuple[int, int]] = field(default_factory=dict)
    toc: list[tuple[int, str, tuple[int, int]]] = field(default_factory=list)  # level, title
    skipped_images: int = 0
    _pending_ids: list[str] = field(default_factory=list)  # ids waiting for their block

    def body(self, body: etree._Element, *, notes: bool) -> None:
        self.parts.append(Part(linear=not notes))
        for child in body:
            tag = local_name(child)
            if tag == "title":
                self.title(child, level=1, notes=False, in_toc=notes)
            elif tag == "section":
                self.section(child, depth=1, notes=notes)
            else:
                self.element(child, notes=notes, quote=0)

    # -- structure ------------------------------------------------------------------------------

    def section(self, section: etree._Element, *, depth: int, notes: bool) -> None:
        part = self.parts[-1]
        if not notes and part.has_text:
            self.parts.append(Part())
        self._anchor(section)
        level = min(depth, MAX_LEVEL)
        start = (len(self.parts) - 1, len(self.parts[-1].blocks))
        titled = False
        for child in section:
            tag = local_name(child)
            if tag == "title":
                titled = True
                self.title(child, level=level, notes=notes, in_toc=True)
            elif tag == "section":
                self.section(child, depth=depth + 1, notes=notes)
            else:
                self.element(child, notes=notes, quote=0)
        if not titled and not notes:
            self._bold_line_as_title(start, level)

    def _bold_line_as_title(self, start: tuple[int, int], level: int) -> None:
        """A section without a title that opens with a short line all in bold (how calibre
        writes a chapter's heading into FB2): that line is its title."""
        part = self.parts[start[0]]
        if start[1] >= len(part.blocks):
            return
        first = part.blocks[start[1]]
        spans = first.spans
        bold = len(spans) == 1 and spans[0].bold and spans[0].start == 0 \
            and spans[0].end == len(first.text) and not spans[0].target
        if first.kind is not BlockKind.PARAGRAPH or not bold or len(first.text) > 100:
            return
        part.blocks[start[1]] = replace(first, kind=BlockKind.HEADING, level=level, spans=())
        part.title = part.title or first.text
        self.toc.append((level, " ".join(first.text.split()), start))

    def title(self, title: etree._Element, *, level: int, notes: bool, in_toc: bool) -> None:
        self._anchor(title)
        lines = [self.runs_of(p) for p in title if local_name(p) == "p"]
        runs = Runs()
        for line in lines:
            line.strip()
            if line.pieces:
                if runs.pieces:
                    runs.add(LINE_BREAK)
                runs.pieces.extend(line.pieces)
        if not runs.pieces:
            return
        if notes:  # a note's number: a plain paragraph, so the note pops up
            self.add(runs, BlockKind.PARAGRAPH, notes=True)
            return
        place = self.add(runs, BlockKind.HEADING, level=level)
        text = " ".join(runs.text().replace(LINE_BREAK, " ").split())
        part = self.parts[-1]
        part.title = part.title or text
        if in_toc:
            self.toc.append((level, text, place))

    def element(self, element: etree._Element, *, notes: bool, quote: int) -> None:
        tag = local_name(element)
        kind = BlockKind.QUOTE if quote else BlockKind.PARAGRAPH
        if tag == "p":
            self._paragraph(element, kind=kind, notes=notes, level=quote)
        elif tag == "subtitle":
            self._anchor(element)
            self.add(self.runs_of(element), BlockKind.HEADING, level=MAX_LEVEL, align="center")
        elif tag in ("epigraph", "cite", "annotation"):
            self._anchor(element)
            for child in element:
                self.element(child, notes=notes, quote=min(quote + 1, MAX_LEVEL))
        elif tag == "poem":
            self._anchor(element)
            for child in element:
                self._poem_part(child, notes=notes, quote=min(quote + 1, MAX_LEVEL))
        elif tag == "text-author":
            self.add(self.runs_of(element), kind, level=quote, align="right", notes=notes)
        elif tag == "image":
            self._image(element)
        elif tag == "table":
            self._table(element)
        elif tag == "section":  # a section where it should not be: read, not dropped
            self.section(element, depth=MAX_LEVEL, notes=notes)
        elif tag == "title":
            self.title(element, level=MAX_LEVEL, notes=notes, in_toc=False)
        # empty-line and anything unknown: nothing to show

    def _poem_part(self, element: etree._Element, *, notes: bool, quote: int) -> None:
        tag = local_name(element)
        if tag == "stanza":
            runs = Runs()
            for child in element:
                if local_name(child) == "v":
                    line = self.runs_of(child)
                    line.strip()
                    if line.pieces and runs.pieces:
                        runs.add(LINE_BREAK)
                    runs.pieces.extend(line.pieces)
                elif local_name(child) in ("title", "subtitle"):
                    self.element(child, notes=notes, quote=quote)
            self.add(runs, BlockKind.QUOTE, level=quote, notes=notes)
        elif tag == "title":
            for p in element:
                self.add(self.runs_of(p), BlockKind.QUOTE, level=quote, notes=notes, bold=True)
        elif tag == "date":
            self.add(self.runs_of(element), BlockKind.QUOTE, level=quote, align="right")
        else:
            self.element(element, notes=notes, quote=quote)

    def _paragraph(self, p: etree._Element, *, kind: BlockKind, notes: bool, level: int) -> None:
        images = [c for c in p if local_name(c) == "image"]
        text = all_text(p).strip()
        if images and not text:  # calibre's <p><image/></p>: a picture, not a paragraph
            for image in images:
                self._image(image)
            return
        self.add(self.runs_of(p), kind, level=level, notes=notes)

    def _image(self, image: etree._Element) -> None:
        self._anchor(image)
        name = self.image_name.get(href_of(image).lstrip("#"))
        if name is None:
            self.skipped_images += 1
            return
        alt = (image.get("alt") or image.get("title") or "").strip()
        self._place(Block(BlockKind.IMAGE, image=name, alt=alt))

    def _table(self, table: etree._Element) -> None:
        rows = tuple(
            tuple(" ".join(all_text(cell).split()) for cell in row
                  if local_name(cell) in ("td", "th"))
            for row in table if local_name(row) == "tr"
        )
        rows = tuple(row for row in rows if row)
        if rows:
            text = "\n".join("\t".join(row) for row in rows)
            self._place(Block(BlockKind.TABLE, text, rows=rows))

    # -- inline ---------------------------------------------------------------------------------

    def runs_of(self, element: etree._Element) -> Runs:
        runs = Runs()
        self._inline(element, PLAIN, None, runs, depth=0)
        return runs

    def _inline(self, element: etree._Element, style: Span, anchor: str | None, runs: Runs,
                *, depth: int) -> None:
        runs.add_spaced(element.text, style, anchor)
        for child in element:
            tag = local_name(child)
            if child.get("id"):
                self._pending_ids.append(str(child.get("id")))
            inner, inner_anchor = style, anchor
            if tag in _INLINE:
                inner = replace(style, **_INLINE[tag])  # type: ignore[arg-type]
            elif tag == "a":
                href = href_of(child)
                if href.startswith("#") and len(href) > 1:
                    inner_anchor = href[1:]
                    if (child.get("type") or "").lower() == "note":
                        inner = replace(style, superscript=True)
                elif href.startswith(EXTERNAL):
                    inner = replace(style, href=href)
            if tag and tag != "image" and depth < 64:
                self._inline(child, inner, inner_anchor, runs, depth=depth + 1)
            runs.add_spaced(child.tail, style, anchor)

    # -- placing ----------------------------------------------------------------------------------

    def add(self, runs: Runs, kind: BlockKind, *, level: int = 0, align: str = "",
            notes: bool = False, bold: bool = False) -> tuple[int, int]:
        runs.strip()
        text, spans, links = runs.styled()
        if not text:
            self._pending_ids.clear()
            return (len(self.parts) - 1, max(len(self.parts[-1].blocks) - 1, 0))
        if bold:
            spans = spans or (Span(0, len(text), bold=True),)
        marks = NOTE_MARKS if notes else ()
        place = self._place(Block(kind, text, spans, level=level, align=align, marks=marks))
        part = self.parts[-1]
        part.links.extend((place[1], span, anchor) for span, anchor in links)
        return place

    def _place(self, block: Block) -> tuple[int, int]:
        part = self.parts[-1]
        place = (len(self.parts) - 1, len(part.blocks))
        for anchor in self._pending_ids:
            self.anchors.setdefault(anchor, place)
        self._pending_ids.clear()
        part.blocks.append(block)
        part.has_text = part.has_text or block.kind is not BlockKind.HEADING
        return place

    def _anchor(self, element: etree._Element) -> None:
        if element.get("id"):
            self._pending_ids.append(str(element.get("id")))

    def locator(self, anchor: str, offsets: list[int]) -> Locator | None:
        """Where `anchor` is, in model sections (`offsets`: each part's first section index)."""
        found = self.anchors.get(anchor)
        if found is None or offsets[found[0]] < 0:
            return None
        return Locator(offsets[found[0]], found[1], 0)

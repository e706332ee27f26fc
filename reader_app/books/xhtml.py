"""XHTML content documents into model blocks: text exactly as shown, inline spans, anchors, links.

Choices a reader of the view should know about:
- `<br>` and the line ends of `<pre>` become U+2028 LINE SEPARATOR inside the block's text: Qt
  keeps it inside one QTextBlock (a "\\n" would split the block and shift every position after it).
- TABLE blocks hold `rows`; their `text` joins cells with "\\t" and rows with "\\n".
- List markers ("•", "1.") live in `Block.marker`, not in `text`.
- An image inside a paragraph ends the paragraph there: text before, the IMAGE block, text after.
- Scripts, styles, forms, frames and embedded objects are dropped; remote images are skipped.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from urllib.parse import unquote, urlsplit

from lxml import etree

from reader_app.books.model import Block, BlockKind, Span
from reader_app.books.numbers import bounded_int
from reader_app.books.safezip import resolve_member_name
from reader_app.books.xmlsafe import local_name

LINE_BREAK = "\u2028"
LIST_NUMBER = 10**9  # list starts and item values beyond this are clamped
XLINK_HREF = "{http://www.w3.org/1999/xlink}href"
EPUB_TYPE = "{http://www.idpf.org/2007/ops}type"
XML_ID = "{http://www.w3.org/XML/1998/namespace}id"

# HTML whitespace runs; single spaces are left alone (not matched), which makes this
# several times faster than matching every run on War and Peace.
_COLLAPSIBLE = re.compile(r"[\t\n\r\f][ \t\n\r\f]*| [ \t\n\r\f]+")
_EXTERNAL_SCHEMES = frozenset({"http", "https", "mailto"})
_DROPPED = frozenset(
    {
        "script", "style", "iframe", "frame", "frameset", "form", "object", "embed", "noscript",
        "template", "audio", "video", "canvas", "input", "button", "select", "textarea", "head",
        "title", "link", "meta", "base", "param", "source", "track", "map", "area", "annotation",
    }
)  # fmt: skip
_BLOCKS = frozenset(
    {
        "html", "body", "p", "div", "section", "article", "aside", "header", "footer", "main",
        "nav", "address", "blockquote", "figure", "figcaption", "dl", "dt", "dd", "ul", "ol", "li",
        "h1", "h2", "h3", "h4", "h5", "h6", "hgroup", "pre", "table", "hr", "details", "summary",
        "center", "fieldset", "legend", "caption", "tr", "td", "th", "thead", "tbody", "tfoot",
        "img", "svg", "br",
    }
)  # fmt: skip
_HEADINGS = {f"h{n}": n for n in range(1, 7)}


@dataclass(frozen=True, slots=True)
class _Style:
    bold: bool = False
    italic: bool = False
    underline: bool = False
    monospace: bool = False
    small_caps: bool = False
    superscript: bool = False
    subscript: bool = False
    href: str | None = None
    link: tuple[str, str] | None = None  # internal (member, fragment), resolved later


_PLAIN = _Style()


@dataclass(frozen=True, slots=True)
class PendingLink:
    """An internal link in block `block`, span `span`, pointing at `member#fragment`."""

    block: int
    span: int
    member: str
    fragment: str


@dataclass(frozen=True, slots=True)
class ParsedDocument:
    blocks: tuple[Block, ...]
    anchors: dict[str, tuple[int, int]]  # element id -> (block, char)
    links: tuple[PendingLink, ...]
    first_heading: str


@dataclass(slots=True)
class _Context:
    kind: BlockKind = BlockKind.PARAGRAPH
    level: int = 0
    marker: str = ""
    quote_depth: int = 0
    list_depth: int = 0
    preformatted: bool = False
    heading_level: int = 0  # inside hgroup: the level given to its non-heading lines
    align: str = ""

    def but(self, **changes: object) -> _Context:
        """A copy with `changes` (dataclasses.replace is several times slower per call)."""
        copy = _Context(
            self.kind,
            self.level,
            self.marker,
            self.quote_depth,
            self.list_depth,
            self.preformatted,
            self.heading_level,
            self.align,
        )
        for name, value in changes.items():
            setattr(copy, name, value)
        return copy


@dataclass(slots=True)
class _ListState:
    ordered: bool
    next_number: int = 1


@dataclass(slots=True)
class _Buffer:
    runs: list[list[object]] = field(default_factory=list)  # [text, _Style]
    anchors: list[tuple[str, int]] = field(default_factory=list)
    length: int = 0

    def last_char(self) -> str:
        for run in reversed(self.runs):
            text = run[0]
            assert isinstance(text, str)
            if text:
                return text[-1]
        return ""

    def append(self, text: str, style: _Style) -> None:
        if not text:
            return
        if self.runs and self.runs[-1][1] == style:
            self.runs[-1][0] = str(self.runs[-1][0]) + text
        else:
            self.runs.append([text, style])
        self.length += len(text)

    def strip_trailing_space(self) -> None:
        while self.runs:
            text = str(self.runs[-1][0])
            stripped = text.rstrip(" ")
            self.length -= len(text) - len(stripped)
            if stripped:
                self.runs[-1][0] = stripped
                return
            self.runs.pop()


def parse_document(
    root: etree._Element, *, name: str, has_member: Callable[[str], bool]
) -> ParsedDocument:
    """Blocks of the content document `root`, which is the container member `name`."""
    converter = _Converter(name=name, has_member=has_member)
    body = next((el for el in root.iter() if local_name(el) == "body"), root)
    converter.block_element(body, _Context(), _PLAIN)
    return converter.finish()


def plain_text(element: etree._Element) -> str:
    """The element's visible text, whitespace collapsed (for titles, cells, TOC labels)."""
    pieces: list[str] = []
    _collect_text(element, pieces)
    return _COLLAPSIBLE.sub(" ", "".join(pieces)).strip()


def _collect_text(element: etree._Element, pieces: list[str]) -> None:
    if local_name(element) in _DROPPED:
        return
    if element.text and isinstance(element.tag, str):
        pieces.append(element.text)
    for child in element:
        _collect_text(child, pieces)
        if child.tail:
            pieces.append(child.tail)


def element_id(element: etree._Element) -> str | None:
    value = element.get("id") or element.get(XML_ID)
    if value is None and local_name(element) == "a":
        value = element.get("name")
    return value or None


class _Converter:
    def __init__(self, *, name: str, has_member: Callable[[str], bool]) -> None:
        self.name = name
        self.has_member = has_member
        self.blocks: list[Block] = []
        self.anchors: dict[str, tuple[int, int]] = {}
        self.links: list[PendingLink] = []
        self.pending_anchors: list[str] = []
        self.buffer = _Buffer()
        self.lists: list[_ListState] = []

    def finish(self) -> ParsedDocument:
        if self.pending_anchors:
            # Ids after the last text (an empty trailing section) point at the last block.
            last = max(len(self.blocks) - 1, 0)
            for anchor in self.pending_anchors:
                self.anchors.setdefault(anchor, (last, 0))
            if self.blocks:
                block = self.blocks[-1]
                self.blocks[-1] = replace(
                    block, anchors=block.anchors + tuple(self.pending_anchors)
                )
        first_heading = next((b.text for b in self.blocks if b.kind is BlockKind.HEADING), "")
        return ParsedDocument(
            blocks=tuple(self.blocks),
            anchors=self.anchors,
            links=tuple(self.links),
            first_heading=first_heading.replace(LINE_BREAK, " "),
        )

    # -- block level ----------------------------------------------------------------------

    def block_element(self, element: etree._Element, ctx: _Context, style: _Style) -> None:
        tag = local_name(element)
        self.flush(ctx)
        anchor = element_id(element)
        if anchor:
            self.pending_anchors.append(anchor)
        if tag == "hr":
            self.emit(Block(kind=BlockKind.RULE))
            return
        if tag == "br":
            return
        if tag == "img":
            self.image(element.get("src"))
            return
        if tag == "svg":
            for node in element.iter():
                if local_name(node) == "image":
                    self.image(node.get(XLINK_HREF) or node.get("href"))
            return
        if tag == "table":
            self.table(element)
            return
        inner = self.context_for(element, tag, ctx)
        align = _alignment(element)
        if align:
            inner.align = align
        if tag in ("ul", "ol"):
            self.lists.append(_ListState(ordered=tag == "ol", next_number=_start(element)))
            self.walk(element, inner, style)
            self.lists.pop()
        else:
            self.walk(element, inner, style)
        self.flush(inner)

    def context_for(self, element: etree._Element, tag: str, ctx: _Context) -> _Context:
        if tag in _HEADINGS:
            return ctx.but(kind=BlockKind.HEADING, level=_HEADINGS[tag], marker="")
        if tag == "hgroup":
            levels = [_HEADINGS[local_name(c)] for c in element if local_name(c) in _HEADINGS]
            return ctx.but(heading_level=min(max(levels, default=1) + 1, 6))
        if ctx.heading_level and ctx.kind is not BlockKind.HEADING and tag == "p":
            return ctx.but(kind=BlockKind.HEADING, level=ctx.heading_level, marker="")
        if tag == "blockquote":
            depth = ctx.quote_depth + 1
            return ctx.but(kind=BlockKind.QUOTE, level=depth, quote_depth=depth, marker="")
        if tag in ("ul", "ol"):
            return ctx.but(list_depth=ctx.list_depth + 1, marker="")
        if tag == "li":
            marker = "•"
            if self.lists and self.lists[-1].ordered:
                value = bounded_int(element.get("value"), low=-LIST_NUMBER, high=LIST_NUMBER)
                if value is not None:
                    self.lists[-1].next_number = value
                marker = f"{self.lists[-1].next_number}."
                self.lists[-1].next_number += 1
            return ctx.but(kind=BlockKind.LIST_ITEM, level=max(ctx.list_depth, 1), marker=marker)
        if tag == "pre":
            return ctx.but(kind=BlockKind.PREFORMATTED, preformatted=True, marker=_take(ctx))
        # Paragraph-like containers keep the surrounding kind (a <p> in a quote is a quote line)
        # and take over a list item's marker so that it is shown once.
        return ctx.but(marker=_take(ctx))

    def walk(self, element: etree._Element, ctx: _Context, style: _Style) -> None:
        self.text(element.text, ctx, style)
        for child in element:
            tag = local_name(child)
            if not tag or tag in _DROPPED:
                pass
            elif tag == "br":
                self.line_break(ctx, style)
            elif tag in _BLOCKS:
                self.block_element(child, ctx, style)
            else:
                anchor = element_id(child)
                if anchor:
                    self.buffer.anchors.append((anchor, self.buffer.length))
                self.walk(child, ctx, self.inline_style(child, tag, style))
            self.text(child.tail, ctx, style)

    def emit(self, block: Block) -> int:
        index = len(self.blocks)
        if self.pending_anchors:
            for anchor in self.pending_anchors:
                self.anchors.setdefault(anchor, (index, 0))
            block = replace(block, anchors=tuple(self.pending_anchors) + block.anchors)
            self.pending_anchors = []
        self.blocks.append(block)
        return index

    def flush(self, ctx: _Context) -> None:
        buffer = self.buffer
        if not buffer.runs and not buffer.anchors:
            return
        self.buffer = _Buffer()
        buffer.strip_trailing_space()
        if ctx.preformatted:
            while buffer.runs and str(buffer.runs[-1][0]).endswith(LINE_BREAK):
                buffer.runs[-1][0] = str(buffer.runs[-1][0])[: -len(LINE_BREAK)]
                buffer.length -= len(LINE_BREAK)
        text = "".join(str(run[0]) for run in buffer.runs)
        if not text.strip():
            self.pending_anchors.extend(anchor for anchor, _ in buffer.anchors)
            return
        spans: list[Span] = []
        links: list[tuple[int, str, str]] = []
        offset = 0
        for run_text, run_style in buffer.runs:
            assert isinstance(run_text, str) and isinstance(run_style, _Style)
            end = offset + len(run_text)
            if run_style != _PLAIN and end > offset:
                if run_style.link is not None:
                    links.append((len(spans), *run_style.link))
                spans.append(_span(offset, end, run_style))
            offset = end
        index = self.emit(
            Block(
                kind=ctx.kind,
                text=text,
                spans=tuple(spans),
                level=ctx.level,
                align=ctx.align,
                marker=ctx.marker,
                anchors=tuple(anchor for anchor, _ in buffer.anchors),
            )
        )
        ctx.marker = ""
        for anchor, char in buffer.anchors:
            self.anchors.setdefault(anchor, (index, min(char, len(text))))
        for span_index, member, fragment in links:
            self.links.append(PendingLink(index, span_index, member, fragment))

    # -- inline level ---------------------------------------------------------------------

    def text(self, text: str | None, ctx: _Context, style: _Style) -> None:
        if not text:
            return
        if ctx.preformatted:
            text = text.replace("\r\n", "\n").replace("\r", "\n")
            if not self.buffer.runs and text.startswith("\n"):
                text = text[1:]  # HTML drops one newline right after <pre>
            self.buffer.append(text.replace("\n", LINE_BREAK), style)
            return
        text = _COLLAPSIBLE.sub(" ", text)
        if text.startswith(" ") and self.buffer.last_char() in ("", " ", LINE_BREAK):
            text = text[1:]
        self.buffer.append(text, style)

    def line_break(self, ctx: _Context, style: _Style) -> None:
        if not ctx.preformatted:
            self.buffer.strip_trailing_space()
        self.buffer.append(LINE_BREAK, style)

    def inline_style(self, element: etree._Element, tag: str, style: _Style) -> _Style:
        if tag in ("b", "strong"):
            return replace(style, bold=True)
        if tag in ("i", "em", "cite", "dfn", "var"):
            return replace(style, italic=True)
        if tag in ("u", "ins"):
            return replace(style, underline=True)
        if tag in ("code", "kbd", "samp", "tt"):
            return replace(style, monospace=True)
        if tag == "sup":
            return replace(style, superscript=True)
        if tag == "sub":
            return replace(style, subscript=True)
        if tag == "a":
            linked = self.link_style(element.get("href"), style)
            if "noteref" in (element.get(EPUB_TYPE) or ""):
                # Footnote markers are superscript by convention (publishers do it in CSS).
                return replace(linked, superscript=True)
            return linked
        if "small-caps" in (element.get("class") or ""):
            return replace(style, small_caps=True)
        return style

    def link_style(self, href: str | None, style: _Style) -> _Style:
        if not href:
            return style
        href = href.strip()
        parts = urlsplit(href)
        if parts.scheme:
            if parts.scheme.lower() in _EXTERNAL_SCHEMES:
                return replace(style, href=href, link=None)
            return style  # javascript:, file:, data: ... are never followed
        if parts.netloc:
            return style
        member = self.name
        if parts.path:
            resolved = resolve_member_name(self.name, unquote(parts.path))
            if resolved is None:
                return style
            member = resolved
        return replace(style, link=(member, unquote(parts.fragment)), href=None)

    def image(self, src: str | None) -> None:
        if not src:
            return
        parts = urlsplit(src.strip())
        if parts.scheme or parts.netloc:
            return  # remote (or data:) images are never fetched
        member = resolve_member_name(self.name, unquote(parts.path))
        if member is None or not self.has_member(member):
            return
        self.emit(Block(kind=BlockKind.IMAGE, image=member))

    def table(self, element: etree._Element) -> None:
        rows: list[tuple[str, ...]] = []
        nested_anchors: list[str] = []
        for node in element.iter():
            if local_name(node) == "caption":
                caption = plain_text(node)
                if caption:
                    self.emit(Block(kind=BlockKind.PARAGRAPH, text=caption, align="center"))
            elif local_name(node) == "tr" and _owning_table(node) is element:
                cells = tuple(plain_text(c) for c in node if local_name(c) in ("td", "th"))
                if any(cells):
                    rows.append(cells)
            anchor = element_id(node)
            if anchor and node is not element:
                nested_anchors.append(anchor)
        self.pending_anchors.extend(nested_anchors)
        if rows:
            text = "\n".join("\t".join(row) for row in rows)
            self.emit(Block(kind=BlockKind.TABLE, text=text, rows=tuple(rows)))


_TEXT_ALIGN = re.compile(r"text-align\s*:\s*(left|right|center|justify)", re.IGNORECASE)


def _alignment(element: etree._Element) -> str:
    """Alignment given on the element itself (inline style or the old align attribute).

    Stylesheets are not read: the reader's own typography settings decide the rest.
    """
    found = _TEXT_ALIGN.search(element.get("style") or "")
    if found:
        return found.group(1).lower()
    if local_name(element) == "center":
        return "center"
    value = (element.get("align") or "").strip().lower()
    return value if value in ("left", "right", "center", "justify") else ""


def _owning_table(row: etree._Element) -> etree._Element | None:
    parent = row.getparent()
    while parent is not None and local_name(parent) != "table":
        parent = parent.getparent()
    return parent


def _take(ctx: _Context) -> str:
    marker, ctx.marker = ctx.marker, ""
    return marker


def _start(element: etree._Element) -> int:
    start = bounded_int(element.get("start"), low=-LIST_NUMBER, high=LIST_NUMBER)
    return 1 if start is None else start


def _span(start: int, end: int, style: _Style) -> Span:
    return Span(
        start=start,
        end=end,
        bold=style.bold,
        italic=style.italic,
        underline=style.underline,
        monospace=style.monospace,
        small_caps=style.small_caps,
        superscript=style.superscript,
        subscript=style.subscript,
        href=style.href,
    )

"""Pieces of the XHTML reader: tag tables, text collection, the text buffer and block context."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Literal
from urllib.parse import unquote, urlsplit

from lxml import etree

from reader_app.books.files.numbers import bounded_int
from reader_app.books.files.safezip import resolve_member_name
from reader_app.books.files.xmlsafe import local_name
from reader_app.books.model import Block, BlockKind, BlockStyle, Media, Span
from reader_app.books.typography.styles import ROOT_STYLE, Computed
from reader_app.translatable import Sentence

LINE_BREAK = "\u2028"
LIST_NUMBER = 10**9  # list starts and item values beyond this are clamped
XLINK_HREF = "{http://www.w3.org/1999/xlink}href"
EPUB_TYPE = "{http://www.idpf.org/2007/ops}type"
XML_ID = "{http://www.w3.org/XML/1998/namespace}id"

# HTML whitespace runs; single spaces are left alone (not matched), which makes this
# several times faster than matching every run on War and Peace.
COLLAPSIBLE = re.compile(r"[\t\n\r\f][ \t\n\r\f]*| [ \t\n\r\f]+")
DROPPED = frozenset(
    {
        "script", "style", "iframe", "frame", "frameset", "form", "embed", "noscript",
        "template", "canvas", "input", "button", "select", "textarea", "head",
        "title", "link", "meta", "base", "param", "source", "track", "map", "area", "annotation",
    }
)  # fmt: skip
BLOCKS = frozenset(
    {
        "html", "body", "p", "div", "section", "article", "aside", "header", "footer", "main",
        "nav", "address", "blockquote", "figure", "figcaption", "dl", "dt", "dd", "ul", "ol", "li",
        "h1", "h2", "h3", "h4", "h5", "h6", "hgroup", "pre", "table", "hr", "details", "summary",
        "center", "fieldset", "legend", "caption", "tr", "td", "th", "thead", "tbody", "tfoot",
        "img", "svg", "br", "audio", "video", "object",
    }
)  # fmt: skip
MEDIA = frozenset({"audio", "video"})
HEADINGS = {f"h{n}": n for n in range(1, 7)}
PLAIN = Span(0, 0)
EXTERNAL_SCHEMES = frozenset({"http", "https", "mailto"})
Link = tuple[str, str]  # an internal link's (member, fragment), resolved once every file is read


@dataclass(frozen=True, slots=True)
class Inline:
    """The inline state while walking: the span template, a pending internal link, the style."""

    span: Span = PLAIN
    css: Computed = ROOT_STYLE
    link: Link | None = None


@dataclass(slots=True)
class Context:
    kind: BlockKind = BlockKind.PARAGRAPH
    level: int = 0
    marker: str = ""
    quote_depth: int = 0
    list_depth: int = 0
    preformatted: bool = False
    heading_level: int = 0  # inside hgroup: the level given to its non-heading lines
    align: str = ""
    css: Computed = ROOT_STYLE  # the computed style of the element that owns the block
    marks: tuple[str, ...] = ()  # epub:type and role tokens of the enclosing elements

    def but(self, **changes: object) -> Context:
        """A copy with `changes` (dataclasses.replace is several times slower per call)."""
        copy = Context(
            self.kind,
            self.level,
            self.marker,
            self.quote_depth,
            self.list_depth,
            self.preformatted,
            self.heading_level,
            self.align,
            self.css,
            self.marks,
        )
        for name, value in changes.items():
            setattr(copy, name, value)
        return copy


@dataclass(slots=True)
class ListState:
    ordered: bool
    next_number: int = 1


@dataclass(slots=True)
class Buffer:
    runs: list[list[object]] = field(default_factory=list)  # [text, Span, Link | None]
    anchors: list[tuple[str, int]] = field(default_factory=list)
    length: int = 0

    def last_char(self) -> str:
        for run in reversed(self.runs):
            text = run[0]
            assert isinstance(text, str)
            if text:
                return text[-1]
        return ""

    def append(self, text: str, span: Span, link: Link | None) -> None:
        # Runs of the same style are merged once, in `coalesce`: adding to the last run's
        # string here would copy it every time, quadratic on a paragraph of 20,000 <br> lines.
        if not text:
            return
        self.runs.append([text, span, link])
        self.length += len(text)

    def coalesce(self) -> None:
        """Merge neighbouring runs of the same style and link, in one linear pass."""
        merged: list[list[object]] = []
        pieces: list[str] = []
        for run in self.runs:
            if merged and merged[-1][1] == run[1] and merged[-1][2] == run[2]:
                pieces.append(str(run[0]))
                continue
            if merged:
                merged[-1][0] = "".join(pieces)
            merged.append([run[0], run[1], run[2]])
            pieces = [str(run[0])]
        if merged:
            merged[-1][0] = "".join(pieces)
        self.runs = merged

    def strip_trailing_space(self) -> None:
        while self.runs:
            text = str(self.runs[-1][0])
            stripped = text.rstrip(" ")
            self.length -= len(text) - len(stripped)
            if stripped:
                self.runs[-1][0] = stripped
                return
            self.runs.pop()


def with_style(block: Block, style: BlockStyle) -> Block:
    """`block` with `style` (dataclasses.replace is several times slower per call)."""
    return Block(
        block.kind,
        block.text,
        block.spans,
        block.level,
        block.align,
        block.marker,
        block.image,
        block.anchors,
        block.rows,
        style,
        block.marks,
        block.media,
        block.alt,
    )


def media_block(element: etree._Element, name: str, has_member: Callable[[str], bool]) -> Block:
    """An `<audio>`/`<video>` as one MEDIA block: the element to play (its sources that are in
    the book, in its order) and, as the block's text, its fallback content, which the page shows
    only when nothing can be played. Remote sources are never fetched, so they are left out."""
    kind: Literal["audio", "video"] = "audio" if local_name(element) == "audio" else "video"
    written = [element.get("src") or ""]
    written += [s.get("src") or "" for s in element if local_name(s) == "source"]
    sources: list[str] = []
    label = ""
    for source in (s.strip() for s in written):
        if not source:
            continue
        parts = urlsplit(source)
        path = unquote(parts.path)
        label = label or media_label(parts.scheme, path)
        member = resolve_member_name(name, path) if path and not parts.scheme else None
        if member is not None and not parts.netloc and has_member(member) and member not in sources:
            sources.append(member)
    poster = None
    if kind == "video" and (written_poster := (element.get("poster") or "").strip()):
        parts = urlsplit(written_poster)
        poster = None if parts.scheme else resolve_member_name(name, unquote(parts.path))
        poster = poster if poster is not None and has_member(poster) else None
    media = Media(
        kind=kind,
        sources=tuple(sources),
        label=label,
        poster=poster,
        controls=element.get("controls") is not None,
        autoplay=element.get("autoplay") is not None,
        loop=element.get("loop") is not None,
        muted=element.get("muted") is not None,
        width=bounded_int(element.get("width"), low=0, high=MEDIA_PIXELS) or 0,
        height=bounded_int(element.get("height"), low=0, high=MEDIA_PIXELS) or 0,
    )
    return Block(kind=BlockKind.MEDIA, text=plain_text(element), align="center", media=media)


MEDIA_PIXELS = 10_000  # a width or height attribute beyond this is clamped
MEDIA_LABEL_CHARS = 80  # a file name longer than this is cut (it is drawn on the page)


def media_label(scheme: str, path: str) -> str:
    """The file name a source shows the reader: "" for a `data:` URI (its "path" is the encoded
    clip, megabytes that would be drawn and laid out as text), cut to MEDIA_LABEL_CHARS."""
    if scheme.lower() not in ("", "http", "https", "file"):
        return ""
    name = " ".join(path.rsplit("/", 1)[-1].split())
    return name if len(name) <= MEDIA_LABEL_CHARS else name[: MEDIA_LABEL_CHARS - 1] + "…"


def object_image(element: etree._Element) -> str | None:
    """An `<object>`'s `data` when it is a picture (shown as one); else its fallback content."""
    data, kind = element.get("data"), (element.get("type") or "").lower()
    extension = (data or "").lower().rsplit(".", 1)[-1]
    picture = kind.removeprefix("image/") in _PICTURES if kind else extension in _PICTURES
    return data if data and picture else None


_PICTURES = frozenset({"png", "jpg", "jpeg", "gif", "webp", "svg", "svg+xml", "bmp"})


def plain_text(element: etree._Element) -> str:
    """The element's visible text, whitespace collapsed (for titles, cells, TOC labels)."""
    pieces: list[str] = []
    _collect_text(element, pieces)
    return COLLAPSIBLE.sub(" ", "".join(pieces)).strip()


def _collect_text(element: etree._Element, pieces: list[str]) -> None:
    if local_name(element) in DROPPED:
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


def structural_marks(element: etree._Element) -> tuple[str, ...]:
    """The element's `epub:type` and `role` tokens ("imprint", "doc-endnote"), lower-cased."""
    value = f"{element.get(EPUB_TYPE) or ''} {element.get('role') or ''}"
    return tuple(token.lower() for token in value.split())


def alignment(element: etree._Element) -> str:
    """Alignment by the old `align` attribute or a <center>: kept when publisher styles are off."""
    if local_name(element) == "center":
        return "center"
    value = (element.get("align") or "").strip().lower()
    return value if value in ("left", "right", "center", "justify") else ""


def owning_table(row: etree._Element) -> etree._Element | None:
    parent = row.getparent()
    while parent is not None and local_name(parent) != "table":
        parent = parent.getparent()
    return parent


def take_marker(ctx: Context) -> str:
    marker, ctx.marker = ctx.marker, ""
    return marker


_BULLETS = {"disc": "•", "circle": "◦", "square": "▪", "none": ""}


def list_marker(style: str, *, ordered: bool, number: int) -> str:
    """A list item's marker for its computed list-style-type (`style`, "" for the list's own:
    bullets for <ul>, numbers for <ol>); `number` is its place in an ordered list."""
    if style in _BULLETS:
        return _BULLETS[style]
    if style.endswith(("alpha", "latin")) and 1 <= number <= 26:
        letter = chr(ord("a") + number - 1)
        return f"{letter.upper() if style.startswith('upper') else letter}."
    if style.endswith("roman") and 1 <= number < 4000:
        numeral = _roman(number)
        return f"{numeral.upper() if style.startswith('upper') else numeral}."
    if style == "decimal" or ordered:
        return f"{number}."
    return "•"


def _roman(number: int) -> str:
    found = ""
    for value, letters in ((1000, "m"), (900, "cm"), (500, "d"), (400, "cd"), (100, "c"),
                           (90, "xc"), (50, "l"), (40, "xl"), (10, "x"), (9, "ix"), (5, "v"),
                           (4, "iv"), (1, "i")):
        count, number = divmod(number, value)
        found += letters * count
    return found


def list_start(element: etree._Element) -> int:
    start = bounded_int(element.get("start"), low=-LIST_NUMBER, high=LIST_NUMBER)
    return 1 if start is None else start


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
    resources: dict[str, bytes] = field(default_factory=dict)  # inline images, by resource name
    notes: tuple[Sentence, ...] = ()  # what the reader is told about parts not shown


def tag_span(tag: str, element: etree._Element, span: Span) -> Span:
    """The tag's plain meaning (used when publisher styles are off)."""
    if tag in ("b", "strong"):
        return replace(span, bold=True)
    if tag in ("i", "em", "cite", "dfn", "var"):
        return replace(span, italic=True)
    if tag in ("u", "ins"):
        return replace(span, underline=True)
    if tag in ("code", "kbd", "samp", "tt"):
        return replace(span, monospace=True)
    if tag == "sup":
        return replace(span, superscript=True)
    if tag == "sub":
        return replace(span, subscript=True)
    if tag == "a" and "noteref" in (element.get(EPUB_TYPE) or ""):
        # Footnote markers are superscript by convention (publishers do it in CSS).
        return replace(span, superscript=True)
    if "small-caps" in (element.get("class") or ""):
        return replace(span, small_caps=True)
    return span


def link_target(name: str, href: str | None, outer: Inline) -> tuple[str | None, Link | None]:
    """An `<a href>` in member `name`: an external address, or an internal (member, fragment)."""
    if not href:
        return outer.span.href, outer.link
    href = href.strip()
    parts = urlsplit(href)
    if parts.scheme:
        if parts.scheme.lower() in EXTERNAL_SCHEMES:
            return href, None
        return outer.span.href, outer.link  # javascript:, file:, data: ... never followed
    if parts.netloc:
        return outer.span.href, outer.link
    member = name
    if parts.path:
        resolved = resolve_member_name(name, unquote(parts.path))
        if resolved is None:
            return outer.span.href, outer.link
        member = resolved
    return None, (member, unquote(parts.fragment))

"""Pictures, tables and formulas inside a content document, for the XHTML converter.

Images and inline SVG become IMAGE blocks; a table becomes one TABLE block (rows of cell texts);
a MathML formula becomes its linear text (books/content/mathml.py) in a span that also names the
formula's markup, kept as an inline resource (`inline:<member>#<n>.mml`), so the view can draw
it typeset while locators, search, the sentence table and copying see the text. A formula over
MAX_MATH_BYTES, MAX_MATH_NODES or MAX_MATH_DEPTH keeps only its text (noted in the log).
`display="block"` formulas are blocks of their own, centred.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING
from urllib.parse import unquote, urlsplit

from lxml import etree

from reader_app.books.content.inline_images import InlineImages, references_only_book_images
from reader_app.books.content.mathml import linear_math
from reader_app.books.content.xhtml_parts import (
    XLINK_HREF,
    Context,
    Inline,
    element_id,
    owning_table,
    plain_text,
    take_marker,
)
from reader_app.books.files.safezip import resolve_member_name
from reader_app.books.files.xmlsafe import local_name
from reader_app.books.model import Block, BlockKind
from reader_app.books.typography.styles import Computed

log = logging.getLogger(__name__)

MAX_MATH_BYTES = 64 * 1024  # one formula's markup, to be typeset
MAX_MATH_NODES = 2_000
MAX_MATH_DEPTH = 64  # nesting, as books/content/mathml.py reads it


def is_display_math(element: etree._Element) -> bool:
    return element.get("display") == "block" or element.get("mode") == "display"


class MediaMixin:
    """The converter's handling of images, inline SVG, tables and MathML."""

    name: str
    inline: InlineImages
    pending_anchors: list[str]
    has_member: Callable[[str], bool]
    image_fallback: Callable[[str], str] = staticmethod(str)  # the member itself

    if TYPE_CHECKING:

        def emit(self, block: Block, css: Computed) -> int: ...
        def flush(self, ctx: Context) -> None: ...
        def text(self, text: str | None, ctx: Context, inline: Inline) -> None: ...

    def math(self, element: etree._Element, ctx: Context, inline: Inline) -> None:
        """The formula as its linear text, in a span naming its markup for typesetting."""
        text = linear_math(element)
        if not text:
            return
        markup = math_markup(element, self.name)
        if markup is not None:
            name = self.inline.add("mml", markup)
            if name is not None:
                inline = Inline(replace(inline.span, math=name), inline.css, inline.link)
        if not is_display_math(element):
            self.text(text, ctx, inline)
            return
        self.flush(ctx)  # a display formula is a centred block of its own
        centred = replace(ctx.css, align="center", indent=0.0)
        own = ctx.but(align="center", marker=take_marker(ctx), css=centred)
        self.text(text, own, inline)
        self.flush(own)

    def image(self, src: str | None, css: Computed, *, alt: str = "") -> None:
        if not src:
            return
        alt = " ".join(alt.split())
        src = src.strip()
        if src[:5].lower() == "data:":
            name = self.inline.data_uri(src)
            if name is not None:
                self.emit(Block(kind=BlockKind.IMAGE, image=name, alt=alt), css)
            return
        parts = urlsplit(src)
        if parts.scheme or parts.netloc:
            return  # remote images are never fetched
        member = resolve_member_name(self.name, unquote(parts.path))
        if member is None:
            return
        member = self.image_fallback(member)  # an image of a foreign type: its fallback
        if not self.has_member(member):
            return
        self.emit(Block(kind=BlockKind.IMAGE, image=member, alt=alt), css)

    def svg(self, element: etree._Element, css: Computed) -> None:
        if references_only_book_images(element):  # a cover page: its images, as they are
            for node in element.iter():
                if local_name(node) == "image":
                    self.image(node.get(XLINK_HREF) or node.get("href"), css)
            return
        name = self.inline.svg(element)  # drawn whole, like an SVG file
        if name is not None:
            self.emit(Block(kind=BlockKind.IMAGE, image=name), css)

    def table(self, element: etree._Element, css: Computed) -> None:
        rows: list[tuple[str, ...]] = []
        nested_anchors: list[str] = []
        for node in element.iter():
            if local_name(node) == "caption":
                caption = plain_text(node)
                if caption:
                    caption_block = Block(kind=BlockKind.PARAGRAPH, text=caption, align="center")
                    self.emit(caption_block, css)
            elif local_name(node) == "tr" and owning_table(node) is element:
                cells = tuple(plain_text(c) for c in node if local_name(c) in ("td", "th"))
                if any(cells):
                    rows.append(cells)
            anchor = element_id(node)
            if anchor and node is not element:
                nested_anchors.append(anchor)
        self.pending_anchors.extend(nested_anchors)
        if rows:
            text = "\n".join("\t".join(row) for row in rows)
            self.emit(Block(kind=BlockKind.TABLE, text=text, rows=tuple(rows)), css)


def math_markup(element: etree._Element, member: str) -> bytes | None:
    """The formula's markup to typeset, or None (with a note in the log) when it is too large."""
    nodes = sum(1 for _ in element.iter())
    if nodes > MAX_MATH_NODES:
        log.info("a formula of %d elements in %s is shown as text", nodes, member)
        return None
    depth, level = 0, [(element, 1)]
    while level:  # nesting depth, without recursion
        node, at = level.pop()
        depth = max(depth, at)
        level.extend((child, at + 1) for child in node)
    if depth > MAX_MATH_DEPTH:
        log.info("a formula nested %d deep in %s is shown as text", depth, member)
        return None
    markup = etree.tostring(element, encoding="utf-8", with_tail=False)
    if len(markup) > MAX_MATH_BYTES:
        log.info("a formula of %d bytes in %s is shown as text", len(markup), member)
        return None
    return markup

"""XHTML content documents into model blocks: text exactly as shown, inline spans, anchors, links.

Choices a reader of the view should know about:
- `<q>` is drawn between the quotation marks of its language and nesting (typography/quotes.py).
- `<br>` and the line ends of `<pre>` (or `white-space: pre`) become U+2028 LINE SEPARATOR inside
  the block's text: Qt keeps it inside one QTextBlock (a "\\n" would split the block and shift
  every position after it).
- TABLE blocks hold `rows`; their `text` joins cells with "\\t" and rows with "\\n".
- List markers ("•", "1.") live in `Block.marker`, not in `text`.
- An image inside a paragraph ends the paragraph there: text before, the IMAGE block, text after.
- Scripts, styles, forms, frames, `<embed>` and remote images are dropped; `<object>` shows a
  picture or its fallback; `<audio>` and `<video>` are one MEDIA block each, played in the page,
  whose text is their fallback content (xhtml_parts.py).
- The book's stylesheets (typography/styles.py) give each block a `BlockStyle` and spans a `Look`;
  elements they hide are left out, and inline elements they display as blocks become blocks.
  Whether the view applies the styling is the reader's choice; the text is the same either way.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from lxml import etree

from reader_app.books.content import xhtml_parts as parts
from reader_app.books.content.inline_images import InlineImages
from reader_app.books.content.xhtml_media import MediaMixin
from reader_app.books.content.xhtml_parts import (
    BLOCKS,
    COLLAPSIBLE,
    DROPPED,
    EPUB_TYPE,
    HEADINGS,
    LINE_BREAK,
    LIST_NUMBER,
    Buffer,
    Context,
    Inline,
    ListState,
    ParsedDocument,
    PendingLink,
    alignment,
    element_id,
    link_target,
    list_marker,
    list_start,
    plain_text,
    tag_span,
    take_marker,
    with_style,
)
from reader_app.books.files.numbers import bounded_int
from reader_app.books.files.xmlsafe import local_name
from reader_app.books.model import Block, BlockKind, Look, Span
from reader_app.books.typography.quotes import language_of, quote_marks
from reader_app.books.typography.styles import ROOT_STYLE, Computed
from reader_app.books.typography.stylesheets import StyleSheets

__all__ = ["EPUB_TYPE", "LINE_BREAK", "ParsedDocument", "parse_document", "plain_text"]


def parse_document(
    root: etree._Element,
    *,
    name: str,
    has_member: Callable[[str], bool],
    sheets: StyleSheets | None = None,
    image_fallback: Callable[[str], str] | None = None,
) -> ParsedDocument:
    """Blocks of the content document `root`, which is the container member `name`.

    `image_fallback` names the member to draw for an image member (its manifest fallback)."""
    sheets = sheets if sheets is not None else StyleSheets(None)
    converter = _Converter(name=name, has_member=has_member, sheets=sheets, root=root)
    if image_fallback is not None:
        converter.image_fallback = image_fallback
    body = next((el for el in root.iter() if local_name(el) == "body"), root)
    above = converter.styler.inherited_from_html(root) if body is not root else ROOT_STYLE
    css = converter.styler.compute(body, above)
    converter.block_element(body, Context(), Inline(css=css))
    return converter.finish()


class _Converter(MediaMixin):
    def __init__(
        self,
        *,
        name: str,
        has_member: Callable[[str], bool],
        sheets: StyleSheets,
        root: etree._Element,
    ) -> None:
        self.name = name
        self.has_member = has_member
        self.styler = sheets.styler_for(root, name=name)
        self.styler.start_document()
        self.blocks: list[Block] = []
        self.anchors: dict[str, tuple[int, int]] = {}
        self.links: list[PendingLink] = []
        self.pending_anchors: list[str] = []
        self.pending_top: float | None = None  # collapsed top margin for the next block
        self.pending_break = False  # the next block starts a new page
        self.line_pending = False  # the next text starts a new line
        self.buffer = Buffer()
        self.lists: list[ListState] = []
        self.looked: dict[tuple[Span, Look], Span] = {}
        self.inline = InlineImages(name)
        self.mark_tuples: dict[tuple[str, ...], tuple[str, ...]] = {}
        self.quote_depth = 0  # how many `<q>` elements the walk is inside

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
            resources=self.inline.resources,
            notes=tuple(note for note in (self.inline.note(),) if note),
        )

    # -- block level ----------------------------------------------------------------------

    def block_element(self, element: etree._Element, ctx: Context, inline: Inline) -> None:
        tag = local_name(element)
        css = inline.css
        self.flush(ctx)
        anchor = element_id(element)
        if anchor:
            self.pending_anchors.append(anchor)
        if css.break_before:
            self.pending_break = True
        if css.margin_top is not None:
            self.pending_top = max(self.pending_top or 0.0, css.margin_top)
        emitted = len(self.blocks)
        if tag in parts.MEDIA:  # played in the page; its fallback content is the block's text
            self.emit(parts.media_block(element, self.name, self.has_member), css)
        elif tag == "hr":
            self.emit(Block(kind=BlockKind.RULE), css)
        elif tag == "img" or (tag == "object" and parts.object_image(element)):
            self.image(element.get("src") or parts.object_image(element), css,
                       alt=element.get("alt") or "")
        elif tag == "svg":
            self.svg(element, css)
        elif tag == "table":
            self.table(element, css)
        elif tag != "br":
            inner = self.context_for(element, tag, ctx, list_style=css.list_style)
            inner.css = css
            marks = parts.structural_marks(element)
            if marks:
                inner.marks = self.interned_marks(ctx.marks + marks)
            inner.preformatted = inner.preformatted or css.preformatted
            align = alignment(element)
            if align:
                inner.align = align
            if tag in ("ul", "ol"):
                self.lists.append(ListState(ordered=tag == "ol", next_number=list_start(element)))
                self.walk(element, inner, inline)
                self.lists.pop()
            else:
                self.walk(element, inner, inline)
            self.flush(inner)
        bottom = css.margin_bottom
        if bottom is not None and len(self.blocks) > emitted:
            style = self.blocks[-1].style
            if style is not None and style.margin_bottom != bottom:
                self._collapse_bottom(bottom)
        if css.break_after:
            self.pending_break = True

    def interned_marks(self, marks: tuple[str, ...]) -> tuple[str, ...]:
        """One shared tuple per distinct run of marks (most blocks share a few)."""
        return self.mark_tuples.setdefault(marks, marks)

    def _collapse_bottom(self, margin: float) -> None:
        last = self.blocks[-1]
        if last.style is None:
            return
        current = last.style.margin_bottom
        wanted = margin if current is None else max(current, margin)
        if wanted != current:
            style = self.styler.intern(replace(last.style, margin_bottom=wanted))
            self.blocks[-1] = replace(last, style=style)

    def context_for(
        self, element: etree._Element, tag: str, ctx: Context, *, list_style: str
    ) -> Context:
        if tag in HEADINGS:
            return ctx.but(kind=BlockKind.HEADING, level=HEADINGS[tag], marker="")
        if tag == "hgroup":
            levels = [HEADINGS[local_name(c)] for c in element if local_name(c) in HEADINGS]
            return ctx.but(heading_level=min(max(levels, default=1) + 1, 6))
        if ctx.heading_level and ctx.kind is not BlockKind.HEADING and tag == "p":
            return ctx.but(kind=BlockKind.HEADING, level=ctx.heading_level, marker="")
        if tag == "blockquote":
            depth = ctx.quote_depth + 1
            return ctx.but(kind=BlockKind.QUOTE, level=depth, quote_depth=depth, marker="")
        if tag in ("ul", "ol"):
            return ctx.but(list_depth=ctx.list_depth + 1, marker="")
        if tag == "li":
            number, ordered = 1, bool(self.lists and self.lists[-1].ordered)
            if self.lists:  # every list counts its items: a <ul> may be styled with numbers
                value = bounded_int(element.get("value"), low=-LIST_NUMBER, high=LIST_NUMBER)
                if value is not None:
                    self.lists[-1].next_number = value
                number = self.lists[-1].next_number
                self.lists[-1].next_number += 1
            marker = list_marker(list_style, ordered=ordered, number=number)
            return ctx.but(kind=BlockKind.LIST_ITEM, level=max(ctx.list_depth, 1), marker=marker)
        if tag == "pre":
            return ctx.but(kind=BlockKind.PREFORMATTED, preformatted=True, marker=take_marker(ctx))
        # Paragraph-like containers keep the surrounding kind (a <p> in a quote is a quote line)
        # and take over a list item's marker so that it is shown once.
        return ctx.but(marker=take_marker(ctx))

    def walk(self, element: etree._Element, ctx: Context, inline: Inline) -> None:
        self.text(element.text, ctx, inline)
        previous = None  # the previous element sibling's style (for `+` selectors)
        for child in element:
            tag = local_name(child)
            if not tag or tag in DROPPED:
                if tag:  # dropped, but still the next element's previous sibling
                    previous = self.styler.compute_next(child, inline.css, previous)
                self.text(child.tail, ctx, inline)
                continue
            css = previous = self.styler.compute_next(child, inline.css, previous)
            if css.hidden:
                self.hide(child)
            elif tag == "br":
                self.line_break(ctx, inline)
            elif tag == "math":  # one readable line, which the view may draw typeset
                self.math(child, ctx, self.inline_state(child, tag, inline, css))
            elif tag in BLOCKS:
                self.block_element(child, ctx, self.inline_state(child, tag, inline, css))
            elif css.display == "block" and self.buffer.runs:
                # An inline element shown as a block inside a paragraph (a verse line) starts a
                # line of its own, so a stanza stays one block and its sentences stay whole.
                self.line_pending = True
                self.walk(child, ctx, self.inline_state(child, tag, inline, css))
                self.line_pending = True
            else:
                anchor = element_id(child)
                if anchor:
                    self.buffer.anchors.append((anchor, self.buffer.length))
                inner = self.inline_state(child, tag, inline, css)
                if tag == "q":
                    self.quotation(child, ctx, inner)
                else:
                    self.walk(child, ctx, inner)
            self.text(child.tail, ctx, inline)

    def quotation(self, element: etree._Element, ctx: Context, inline: Inline) -> None:
        """A `<q>` between the quotation marks of its language and depth (typography/quotes.py)."""
        opening, closing = quote_marks(language_of(element), depth=self.quote_depth)
        self.text(opening, ctx, inline)
        self.quote_depth += 1
        try:
            self.walk(element, ctx, inline)
        finally:
            self.quote_depth -= 1
        self.buffer.append(closing, inline.span, inline.link)

    def hide(self, element: etree._Element) -> None:
        """Leave a hidden element out; links to ids inside it land where it would have been."""
        for node in element.iter():
            anchor = element_id(node) if isinstance(node.tag, str) else None
            if anchor:
                self.buffer.anchors.append((anchor, self.buffer.length))

    def emit(self, block: Block, css: Computed) -> int:
        index = len(self.blocks)
        if self.pending_anchors:
            for anchor in self.pending_anchors:
                self.anchors.setdefault(anchor, (index, 0))
            block = replace(block, anchors=tuple(self.pending_anchors) + block.anchors)
            self.pending_anchors = []
        style = css.block_style(margin_top=self.pending_top, page_break=self.pending_break)
        self.pending_top, self.pending_break = None, False
        self.blocks.append(with_style(block, self.styler.intern(style)))
        return index

    def flush(self, ctx: Context) -> None:
        buffer = self.buffer
        if not buffer.runs and not buffer.anchors:
            return
        self.buffer = Buffer()
        self.line_pending = False
        buffer.coalesce()
        buffer.strip_trailing_space()
        if ctx.preformatted:
            while buffer.runs and str(buffer.runs[-1][0]).endswith(LINE_BREAK):
                buffer.runs[-1][0] = str(buffer.runs[-1][0])[: -len(LINE_BREAK)]
                buffer.length -= len(LINE_BREAK)
        text = "".join(str(run[0]) for run in buffer.runs)
        if not text.strip():
            self.pending_anchors.extend(anchor for anchor, _ in buffer.anchors)
            return
        block_look = ctx.css.look
        spans: list[Span] = []
        links: list[tuple[int, str, str]] = []
        offset = 0
        for run_text, run_span, run_link in buffer.runs:
            assert isinstance(run_text, str) and isinstance(run_span, Span)
            end = offset + len(run_text)
            look = None if run_span.look == block_look else run_span.look
            if end > offset and (
                run_link is not None or look is not None or run_span.plain_flags()
            ):
                if isinstance(run_link, tuple):
                    links.append((len(spans), str(run_link[0]), str(run_link[1])))
                spans.append(run_span.placed(offset, end, look))
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
                marks=ctx.marks,
            ),
            ctx.css,
        )
        ctx.marker = ""
        for anchor, char in buffer.anchors:
            self.anchors.setdefault(anchor, (index, min(char, len(text))))
        for span_index, member, fragment in links:
            self.links.append(PendingLink(index, span_index, member, fragment))

    # -- inline level ---------------------------------------------------------------------

    def text(self, text: str | None, ctx: Context, inline: Inline) -> None:
        if not text:
            return
        if ctx.preformatted or inline.css.preformatted:
            text = text.replace("\r\n", "\n").replace("\r", "\n")
            if not self.buffer.runs and text.startswith("\n"):
                text = text[1:]  # HTML drops one newline right after <pre>
            self.buffer.append(text.replace("\n", LINE_BREAK), inline.span, inline.link)
            return
        text = COLLAPSIBLE.sub(" ", text)
        if self.line_pending and text.strip():
            self.line_pending = False
            if self.buffer.runs and self.buffer.last_char() != LINE_BREAK:
                self.line_break(ctx, inline)
        if text.startswith(" ") and self.buffer.last_char() in ("", " ", LINE_BREAK):
            text = text[1:]
        self.buffer.append(text, inline.span, inline.link)

    def line_break(self, ctx: Context, inline: Inline) -> None:
        self.line_pending = False
        if not ctx.preformatted:
            self.buffer.strip_trailing_space()
        self.buffer.append(LINE_BREAK, inline.span, inline.link)

    def inline_state(
        self, element: etree._Element, tag: str, outer: Inline, css: Computed
    ) -> Inline:
        """The state inside `element`: the tag's plain meaning, its link, its computed look."""
        span, link = tag_span(tag, element, outer.span), outer.link
        if tag == "a":
            href, link = link_target(self.name, element.get("href"), outer)
            span = replace(span, href=href)
        if span.look is not css.look:
            span = self.styled_span(span, css.look)
        return Inline(span, css, link)

    def styled_span(self, span: Span, look: Look) -> Span:
        """`span` with `look`, one shared object per pair (most elements repeat a few pairs)."""
        key = (span, look)
        found = self.looked.get(key)
        if found is None:
            found = self.looked[key] = span.placed(span.start, span.end, look)
        return found

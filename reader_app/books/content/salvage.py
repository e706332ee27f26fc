"""Plain text rescued from a document the structured parser cannot hold, in reading order."""

from __future__ import annotations

import html
import re

from reader_app.books.model import Block, BlockKind

# One pass over tags and the text between them: linear, whatever the nesting or length.
# A tag ends at the next ">" but never runs past the next "<", so no match scans far ahead.
_TAG = re.compile(r"<(/?)([A-Za-z][A-Za-z0-9:._-]*)[^<>]*>|<[!?][^<>]*>")
_SKIPPED = frozenset({"head", "script", "style", "title", "template", "noscript"})
_BREAKS = frozenset(
    {
        "p", "div", "br", "li", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "tr", "dt",
        "dd", "section", "article", "pre", "hr", "table", "ul", "ol", "figure", "figcaption",
    }
)  # fmt: skip
_SPACES = re.compile(r"\s+")


def salvage_blocks(data: bytes) -> tuple[Block, ...]:
    """The document's visible text as plain paragraphs, one per block-level element.

    Used when the document is nested too deeply or holds a text run too long for the XML
    parser's limits: formatting, links and images are lost, the words and their order are not.
    """
    text = data.decode("utf-8", errors="replace")
    paragraphs: list[str] = []
    current: list[str] = []
    skipping = ""
    position = 0

    def close_paragraph() -> None:
        joined = _SPACES.sub(" ", html.unescape("".join(current))).strip()
        if joined:
            paragraphs.append(joined)
        current.clear()

    for match in _TAG.finditer(text):
        if not skipping:
            current.append(text[position : match.start()])
        position = match.end()
        closing, name = match.group(1), (match.group(2) or "").lower()
        if skipping:
            if closing and name == skipping:
                skipping = ""
            continue
        if name in _SKIPPED and not closing and not match.group(0).endswith("/>"):
            skipping = name
        elif name in _BREAKS:
            close_paragraph()
    if not skipping:
        current.append(text[position:])
    close_paragraph()
    return tuple(Block(kind=BlockKind.PARAGRAPH, text=paragraph) for paragraph in paragraphs)

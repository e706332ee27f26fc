"""How a cited passage reads for the reader under an answer: the link that jumps to it, with its
quote. Text for the screen, never sent to a model (the quote is cut by `rag/scope/citations.py`)."""

from __future__ import annotations

import html

from reader_app.rag.scope.citations import Citation, cut_at_word, quoted

LINK_QUOTE_CHARS = 80


def citation_link_html(message_id: int, citation: Citation, *, with_quote: bool = True) -> str:
    """The link under an answer that jumps to a cited passage: "[1] Chapter 3: “quote…”"."""
    href = citation_href(message_id, citation.label)
    label = f"[{citation.label}] {html.escape(citation.chapter)}"
    if with_quote and citation.quote:
        quote = quoted(cut_at_word(citation.quote, limit=LINK_QUOTE_CHARS))
        label += f": {html.escape(quote)}"
    return f'<a href="{href}">{label}</a>'


def citation_href(message_id: int, label: int) -> str:
    """The link a citation carries; `parse_citation_href` reads it back."""
    return f"cite:{message_id}:{label}"


def parse_citation_href(href: str) -> tuple[int, int] | None:
    """(message id, citation label) from a citation link, or None for any other link."""
    scheme, _, rest = href.partition(":")
    message_id, _, label = rest.partition(":")
    if scheme != "cite" or not message_id.isdigit() or not label.isdigit():
        return None
    return int(message_id), int(label)

"""How a cited passage reads under an answer: one quote, in one pair of marks, without the
chapter heading it happens to begin with, cut at a word."""

from __future__ import annotations

import html

from reader_app.rag.conversations import Citation

OPENING_MARKS = "“\"‘'«„"
LINK_QUOTE_CHARS = 80


def cut_at_word(text: str, *, limit: int) -> str:
    """`text` on one line, at most `limit` characters, cut between words with an ellipsis."""
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    cut = text[:limit].rsplit(" ", 1)[0].rstrip(",;:")
    return cut + "…"


def quoted(text: str) -> str:
    """`text` in quotation marks, unless it already opens with its own (dialogue)."""
    return text if text[:1] in OPENING_MARKS else f"“{text}”"


def without_heading(text: str, chapter: str) -> str:
    """A passage's text without the chapter heading it begins with ("III Not all…")."""
    words, heading = text.split(), chapter.split()
    if heading and [w.casefold().rstrip(".:") for w in words[: len(heading)]] == [
        w.casefold().rstrip(".:") for w in heading
    ] and len(words) > len(heading):
        return " ".join(words[len(heading) :])
    return text


def citation_link_html(message_id: int, citation: Citation, *, with_quote: bool = True) -> str:
    """The link under an answer that jumps to a cited passage: "[1] Chapter 3: “quote…”"."""
    href = f"cite:{message_id}:{citation.label}"
    label = f"[{citation.label}] {html.escape(citation.chapter)}"
    if with_quote and citation.quote:
        quote = quoted(cut_at_word(citation.quote, limit=LINK_QUOTE_CHARS))
        label += f": {html.escape(quote)}"
    return f'<a href="{href}">{label}</a>'

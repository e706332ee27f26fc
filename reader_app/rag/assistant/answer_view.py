"""How an answer is drawn (Qt-free HTML): veiled sentences, the receipt line, its passages.

A sentence the spoiler check flagged is replaced by a link the reader can click to show it
anyway; while the answer streams, flagged sentences are hidden from the first moment, and the
word still arriving is held back so a later name never flashes half-typed.
"""

from __future__ import annotations

import html

from reader_app.rag.assistant.answer_check import AnswerChecker, veiled_sentences
from reader_app.rag.assistant.citation_text import citation_link_html
from reader_app.rag.assistant.conversations import Message

VEIL_LINK = "this part may reveal what comes later: show anyway"
VEIL_STREAMING = "[this part may reveal what comes later]"


def _paragraphs(text: str) -> str:
    return html.escape(text).replace("\n", "<br>")


def answer_html(message: Message, *, revealed: frozenset[int], expanded: bool,
                speaker: str = "Assistant") -> str:
    """The answer's HTML: text with veils, the receipt, and the passages when expanded."""
    status = {"incomplete": " <i>(incomplete)</i>", "stopped": " <i>(stopped)</i>"}.get(
        message.status, ""
    )
    check = message.check
    veils = check.veiled if check is not None else ()
    body: list[str] = []
    position = 0
    for index, (start, end) in enumerate(veils):
        body.append(_paragraphs(message.text[position:start]))
        if index in revealed:
            # Dark text on its pale mark whatever the theme (near-white on yellow is unreadable).
            body.append("<span style='background:#fff3c4;color:#2b2618'>"
                        f"{_paragraphs(message.text[start:end])}</span>")
        else:
            body.append(
                f"<a href='reveal:{message.message_id}:{index}' style='color:#8a6d00'>"
                f"[{VEIL_LINK}]</a>"
            )
        position = end
    body.append(_paragraphs(message.text[position:]))
    out = [f"<p><b>{html.escape(speaker)}:</b>{status} {''.join(body)}</p>"]
    if check is not None:
        arrow = "▾" if expanded else "▸"
        out.append(
            f"<p style='margin-left:12px'><small><a href='receipt:{message.message_id}' "
            f"style='color:#666666'>{arrow} {html.escape(check.receipt.line)}</a></small></p>"
        )
    if message.citations and (expanded or check is None):
        with_quote = message.status != "fallback"  # a fallback quotes them in its text
        links = [
            citation_link_html(message.message_id, citation, with_quote=with_quote)
            for citation in message.citations
        ]
        out.append("<p style='margin-left:24px'><small>" + "<br>".join(links) + "</small></p>")
    return "".join(out)


def streaming_text(text: str, checker: AnswerChecker | None, *, final: bool) -> str:
    """What may be drawn of an answer still arriving: flagged sentences veiled, and (until the
    end) nothing after the last space, since the word there may still be growing."""
    if not final:
        cut = max(text.rfind(" "), text.rfind("\n"))
        text = text[: cut + 1] if cut >= 0 else ""
    if checker is None or not text:
        return text
    pieces: list[str] = []
    position = 0
    for start, end in veiled_sentences(checker.flags(text)):
        pieces.append(text[position:start])
        pieces.append(VEIL_STREAMING)
        position = end
    pieces.append(text[position:])
    return "".join(pieces)


def answer_plain_text(message: Message) -> str:
    """The answer as plain text with its veiled sentences left veiled (to keep as a note)."""
    veils = message.check.veiled if message.check is not None else ()
    pieces, position = [], 0
    for start, end in veils:
        pieces += [message.text[position:start], VEIL_STREAMING]
        position = end
    pieces.append(message.text[position:])
    return "".join(pieces).strip()

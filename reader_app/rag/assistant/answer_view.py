"""How an answer is drawn (Qt-free HTML): veiled sentences, the receipt line, its passages.

A sentence the spoiler check flagged is replaced by a link the reader can click to show it
anyway; while the answer streams, flagged sentences are hidden from the first moment, and the
word still arriving is held back so a later name never flashes half-typed.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Mapping

from reader_app.rag.assistant.answer_check import AnswerChecker, veiled_sentences
from reader_app.rag.assistant.citation_text import citation_href, citation_link_html
from reader_app.rag.assistant.conversations import Message
from reader_app.translatable import QT_TRANSLATE_NOOP, Sentence

TRANSCRIPT = "Transcript"  # the context of the transcript's own words in the catalogues
# The window passes `say`, which says a sentence in its language (ui/translation.py's `said`);
# `str` is the English.
Say = Callable[[Sentence], str]


def words(template: str, **args: int | str) -> Sentence:
    """One of the transcript's own phrases: `template` marked with
    `QT_TRANSLATE_NOOP("Transcript", …)` at the call."""
    return Sentence(template, tuple(args.items()), TRANSCRIPT)


VEIL_LINK = QT_TRANSLATE_NOOP("Transcript", "this part may reveal what comes later: show anyway")
VEIL_STREAMING = QT_TRANSLATE_NOOP("Transcript", "[this part may reveal what comes later]")
STATUS_WORDS = {"incomplete": QT_TRANSLATE_NOOP("Transcript", "(incomplete)"),
                "stopped": QT_TRANSLATE_NOOP("Transcript", "(stopped)")}


def veil_link_many(count: int) -> Sentence:
    return words(QT_TRANSLATE_NOOP(
        "Transcript", "these {count} sentences may reveal what comes later: show anyway"),
        count=count)


_CITED = re.compile(r"\[(\d{1,3})\]")


def _paragraphs(text: str, cite: Callable[[int], str | None] = lambda _label: None) -> str:
    """Text as HTML; an inline "[2]" naming one of the answer's passages links to it."""

    def linked(match: re.Match[str]) -> str:
        href = cite(int(match.group(1)))
        return match.group(0) if href is None else f"<a href='{href}'>{match.group(0)}</a>"

    return _CITED.sub(linked, html.escape(text)).replace("\n", "<br>")


def passages_only(message: Message) -> bool:
    """Whether the answer is the passages found, shown because no model wrote one (the server
    could not answer, or the reader stopped it before its first word): they are quoted in its
    text, and nobody (no character) said them."""
    if message.status == "fallback":
        return True
    return message.check is not None and not message.check.receipt.from_model


def veil_groups(text: str, veils: tuple[tuple[int, int], ...]) -> list[list[int]]:
    """The veils' indexes in runs: veiled sentences with nothing but spaces between them are
    one stub, not a row of them."""
    groups: list[list[int]] = []
    for index, (start, _end) in enumerate(veils):
        if groups and not text[veils[groups[-1][-1]][1]:start].strip():
            groups[-1].append(index)
        else:
            groups.append([index])
    return groups


def answer_html(message: Message, *, revealed: frozenset[int], expanded: bool,
                speaker: str = "Assistant", boundary_sid: int | None = None,
                cited_before: Mapping[int, int] | None = None, say: Say = str) -> str:
    """The answer's HTML: text with veils (those the reader has since read past lifted, runs
    of them as one), inline citations as links (in every answer, checked or not), the receipt,
    and the passages when expanded (always, for an answer stored without a receipt). An inline
    number that is none of its own passages links to the earlier answer given that excerpt
    (`cited_before`: number -> that answer's message id), as the model read it there; its own
    words said by `say`."""
    status_words = STATUS_WORDS.get(message.status)
    status = f" <i>{html.escape(say(words(status_words)))}</i>" if status_words else ""
    check = message.check
    veils = check.veiled_at(boundary_sid) if check is not None else ()
    owners = {**(cited_before or {}), **{c.label: message.message_id for c in message.citations}}

    def cite(label: int) -> str | None:
        return citation_href(owners[label], label) if label in owners else None

    body: list[str] = []
    position = 0
    for group in veil_groups(message.text, veils):
        start, end = veils[group[0]][0], veils[group[-1]][1]
        body.append(_paragraphs(message.text[position:start], cite))
        starts = [veils[index][0] for index in group]  # a veil is known by where it starts
        if all(start_at in revealed for start_at in starts):
            # Dark text on its pale mark whatever the theme (near-white on yellow is unreadable).
            body.append("<span style='background:#fff3c4;color:#2b2618'>"
                        f"{_paragraphs(message.text[start:end], cite)}</span>")
        else:
            veil = words(VEIL_LINK) if len(group) == 1 else veil_link_many(len(group))
            what = html.escape(say(veil))
            body.append(
                f"<a href='reveal:{message.message_id}:{','.join(map(str, starts))}' "
                f"style='color:#8a6d00'>[{what}]</a>"
            )
        position = end
    body.append(_paragraphs(message.text[position:], cite))
    out = [f"<p><b>{html.escape(speaker)}:</b>{status} {''.join(body)}</p>"]
    if check is not None:
        arrow = "▾" if expanded else "▸"
        receipt = html.escape(say(check.receipt.words()))
        out.append(
            f"<p style='margin-left:12px'><small><a href='receipt:{message.message_id}' "
            f"style='color:#666666'>{arrow} {receipt}</a></small></p>"
        )
    if message.citations and (expanded or check is None):
        with_quote = not passages_only(message)  # passages shown instead quote them already
        links = [
            citation_link_html(message.message_id, citation, with_quote=with_quote)
            for citation in message.citations
        ]
        margin = 24 if check is not None else 12  # under the receipt, or under the text
        out.append(f"<p style='margin-left:{margin}px'><small>" + "<br>".join(links)
                   + "</small></p>")
    return "".join(out)


def streaming_text(text: str, checker: AnswerChecker | None, *, final: bool,
                   say: Say = str) -> str:
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
        pieces.append(say(words(VEIL_STREAMING)))
        position = end
    pieces.append(text[position:])
    return "".join(pieces)


def answer_plain_text(message: Message, *, say: Say = str) -> str:
    """The answer as plain text with its veiled sentences left veiled (to keep as a note)."""
    veils = message.check.veiled if message.check is not None else ()
    pieces, position = [], 0
    for start, end in veils:
        pieces += [message.text[position:start], say(words(VEIL_STREAMING))]
        position = end
    pieces.append(message.text[position:])
    return "".join(pieces).strip()

"""The assistant's transcript as HTML: questions, answers with their citation links, and the
answers given further on in the book hidden (Qt-free; the panel only shows what this returns)."""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence, Set

from reader_app.rag.assistant.answer_view import answer_html
from reader_app.rag.assistant.citation_text import citation_link_html
from reader_app.rag.assistant.conversations import Message
from reader_app.rag.scope.boundary import made_within

HIDDEN_TURN = "<p><i>(Hidden: this was said further on in the book.)</i></p>"
PENDING_ANSWER = "<p><b>Assistant:</b> </p>"


def transcript_html(
    messages: Sequence[Message],
    *,
    boundary_sid: int | None,
    pending_question: str | None = None,
    revealed: Mapping[int, frozenset[int]] | None = None,
    expanded: Set[int] = frozenset(),
    speaker: str = "Assistant",
    empty_hint: str = "",
) -> str:
    """The conversation so far; with `pending_question`, that question and an empty answer that
    the streamed tokens are appended to. `boundary_sid` None shows every message. `speaker`
    names who answers (a character, in character chat); `empty_hint` is shown while there is
    nothing yet."""
    parts = [
        message_html(
            message,
            boundary_sid=boundary_sid,
            revealed=(revealed or {}).get(message.message_id, frozenset()),
            expanded=message.message_id in expanded,
            speaker=speaker,
        )
        for message in messages
    ]
    if pending_question is not None:
        parts.append(question_html(pending_question))
        parts.append(PENDING_ANSWER.replace("Assistant", html.escape(speaker)))
    elif not parts and empty_hint:
        parts.append(f"<p style='color:#777777'><i>{html.escape(empty_hint)}</i></p>")
    return "".join(parts)


def message_html(
    message: Message,
    *,
    boundary_sid: int | None,
    revealed: frozenset[int] = frozenset(),
    expanded: bool = False,
    speaker: str = "Assistant",
) -> str:
    if message.role == "user":  # the reader's own words stay theirs, wherever they were asked
        return question_html(message.text)
    if boundary_sid is not None and not made_within(
        message.boundary_sid, boundary_sid=boundary_sid
    ):
        return HIDDEN_TURN
    if message.status == "fallback":
        speaker = "Assistant"  # passages shown in place of a reply: nobody said them
    if message.check is not None:
        return answer_html(message, revealed=revealed, expanded=expanded, speaker=speaker,
                           boundary_sid=boundary_sid)
    label = {"incomplete": " <i>(incomplete)</i>", "stopped": " <i>(stopped)</i>"}.get(
        message.status, ""
    )
    text = html.escape(message.text).replace("\n", "<br>")
    out = [f"<p><b>{html.escape(speaker)}:</b>{label} {text}</p>"]
    if message.citations:
        # A fallback answer quotes its passages in its text: the links only name them.
        with_quote = message.status != "fallback"
        links = [
            citation_link_html(message.message_id, citation, with_quote=with_quote)
            for citation in message.citations
        ]
        out.append("<p style='margin-left:12px'><small>" + "<br>".join(links) + "</small></p>")
    return "".join(out)


def question_html(text: str) -> str:
    return f"<p><b>You:</b> {html.escape(text).replace(chr(10), '<br>')}</p>"

"""The assistant's transcript as HTML: questions, answers with their citation links, and the
answers given further on in the book hidden (Qt-free; the panel only shows what this returns)."""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence, Set

from reader_app.rag.assistant.answer_view import Say, answer_html, passages_only, words
from reader_app.rag.assistant.conversations import Message
from reader_app.rag.scope.boundary import made_within
from reader_app.translatable import QT_TRANSLATE_NOOP

HIDDEN = QT_TRANSLATE_NOOP("Transcript", "(Hidden: this was said further on in the book.)")
ASSISTANT = QT_TRANSLATE_NOOP("Transcript", "Assistant")  # who says the passages found
YOU = QT_TRANSLATE_NOOP("Transcript", "You:")


def transcript_html(
    messages: Sequence[Message],
    *,
    boundary_sid: int | None,
    pending_question: str | None = None,
    revealed: Mapping[int, frozenset[int]] | None = None,
    expanded: Set[int] = frozenset(),
    speaker: str = "Assistant",
    empty_hint: str = "",
    say: Say = str,
) -> str:
    """The conversation so far; with `pending_question`, that question and an empty answer that
    the streamed tokens are appended to. `boundary_sid` None shows every message. `speaker`
    names who answers (a character, in character chat); `empty_hint` is shown while there is
    nothing yet; `say` says the transcript's own words (English: `str`)."""
    parts = []
    # The excerpt numbers of the whole answers shown so far: a follow-up's "[2]" may name a
    # passage an earlier answer was given (its prompt held that turn), and links to it there.
    cited_before: dict[int, int] = {}
    for message in messages:
        parts.append(message_html(
            message,
            boundary_sid=boundary_sid,
            revealed=(revealed or {}).get(message.message_id, frozenset()),
            expanded=message.message_id in expanded,
            speaker=speaker,
            cited_before=cited_before,
            say=say,
        ))
        if message.status == "complete" and _shown(message, boundary_sid):
            cited_before = {**cited_before,
                            **{c.label: message.message_id for c in message.citations}}
    if pending_question is not None:
        parts.append(question_html(pending_question, say=say))
        parts.append(f"<p><b>{html.escape(speaker)}:</b> </p>")
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
    cited_before: Mapping[int, int] | None = None,
    say: Say = str,
) -> str:
    """One message; `cited_before` maps the excerpt numbers of earlier answers shown to the
    answer that was given them."""
    if message.role == "user":  # the reader's own words stay theirs, wherever they were asked
        return question_html(message.text, say=say)
    if not _shown(message, boundary_sid):
        return f"<p><i>{html.escape(say(words(HIDDEN)))}</i></p>"
    if passages_only(message):
        speaker = say(words(ASSISTANT))  # passages shown in place of a reply: nobody said them
    return answer_html(message, revealed=revealed, expanded=expanded, speaker=speaker,
                       boundary_sid=boundary_sid, cited_before=cited_before or {}, say=say)


def _shown(message: Message, boundary_sid: int | None) -> bool:
    """Whether an answer is shown at `boundary_sid` (None: every one is)."""
    return boundary_sid is None or made_within(message.boundary_sid, boundary_sid=boundary_sid)


def question_html(text: str, *, say: Say = str) -> str:
    you = html.escape(say(words(YOU)))
    return f"<p><b>{you}</b> {html.escape(text).replace(chr(10), '<br>')}</p>"

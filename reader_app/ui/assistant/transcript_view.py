"""Drawing the conversation into the assistant's transcript: the stored turns through the Qt-free
renderer (`rag/assistant/transcript.py`), the streaming answer as it grows, and the links in it
(show a veiled
sentence, open a receipt, follow a citation)."""

from __future__ import annotations

from PySide6.QtCore import QUrl
from PySide6.QtGui import QTextCursor
from PySide6.QtWidgets import QTextBrowser

from reader_app.rag.assistant.answer_check import AnswerChecker
from reader_app.rag.assistant.answer_view import streaming_text
from reader_app.rag.assistant.citation_text import parse_citation_href
from reader_app.rag.assistant.conversations import Message
from reader_app.rag.assistant.transcript import transcript_html
from reader_app.ui.translation import said, translate


class TranscriptView:
    """What one transcript browser shows, and what the reader opened in it."""

    def __init__(self, browser: QTextBrowser) -> None:
        self.browser = browser
        self._drawn_key: tuple[object, ...] | None = None
        self._stream_start = 0  # where the running answer is drawn
        self.revealed: dict[int, frozenset[int]] = {}  # message id -> veils opened (their starts)
        self.expanded: set[int] = set()  # answers whose receipt was clicked open
        # who answers: a character, in character chat
        self.speaker = translate("TranscriptView", "Assistant")
        self.empty_hint = ""  # shown while the conversation is empty

    def render(
        self,
        conversation_id: int | None,
        messages: list[Message],
        *,
        boundary_sid: int | None,
        pending_question: str | None = None,
    ) -> None:
        """Draw the conversation (and the question being answered), unless nothing drawn
        would change: a page turn changes nothing unless it hides or shows a message."""
        key = (conversation_id, self.speaker, pending_question, len(messages),
               tuple(boundary_sid is not None and m.boundary_sid > boundary_sid
                     for m in messages),
               tuple(len(m.check.veiled_at(boundary_sid)) for m in messages
                     if m.check is not None),  # a veil lifts once the reader reaches it
               tuple(sorted(self.revealed.items())), tuple(sorted(self.expanded)))
        if key == self._drawn_key and pending_question is None:
            return
        self._drawn_key = key
        self.browser.setHtml(
            transcript_html(
                messages,
                boundary_sid=boundary_sid,
                pending_question=pending_question,
                revealed=self.revealed,
                expanded=self.expanded,
                speaker=self.speaker,
                empty_hint=self.empty_hint,
                say=said,
            )
        )
        if pending_question is not None:
            self.browser.moveCursor(QTextCursor.MoveOperation.End)
            self._stream_start = self.browser.document().characterCount() - 1
        self.browser.verticalScrollBar().setValue(self.browser.verticalScrollBar().maximum())

    def forget_drawn(self) -> None:
        """The next `render` draws even if nothing in the conversation changed (a new theme)."""
        self._drawn_key = None

    def draw_streaming(
        self, text: str, checker: AnswerChecker | None, *, final: bool = False
    ) -> None:
        """Redraw the whole answer so far: a sentence may turn out to need a veil only later
        (`final`: the answer will not grow, its last words are drawn too)."""
        end = self.browser.document().characterCount() - 1
        cursor = self.browser.textCursor()
        cursor.setPosition(min(self._stream_start, end))
        cursor.movePosition(QTextCursor.MoveOperation.End, QTextCursor.MoveMode.KeepAnchor)
        cursor.insertText(streaming_text(text, checker, final=final, say=said))
        self.browser.setTextCursor(cursor)
        self.browser.ensureCursorVisible()

    def follow_link(self, url: QUrl) -> tuple[int, int] | None:
        """Open a veil or a receipt (the caller redraws), or the cited (message id, label)."""
        text = url.toString()
        if text.startswith("reveal:"):  # "show anyway": the reader chose to see it (a run)
            _, veiled_message, starts = text.split(":")
            shown = self.revealed.get(int(veiled_message), frozenset())
            self.revealed[int(veiled_message)] = shown | {int(n) for n in starts.split(",")}
            return None
        if text.startswith("receipt:"):
            self.expanded ^= {int(text.split(":")[1])}
            return None
        return parse_citation_href(text)

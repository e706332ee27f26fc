"""The character chat dock: talk with a character who knows only what the reader has read.

Opened from an X-Ray card ("Talk to Elizabeth") or the assistant panel's "Talk to…" menu, which
lists the book's character conversations beside the people met so far. The engine is
`rag/characters/chat.py`; replies stream from a worker as the assistant's do, and a second send
while one streams is refused with a note (in this window by the dock, in any other window or
process by the conversation's claim in the database).
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from PySide6.QtCore import QTimer, QUrl, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QDockWidget,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from reader_app.books.library import Library, ReadingState
from reader_app.books.model import Book
from reader_app.errors import AnswerFailedError, AssistantUnavailableError
from reader_app.rag.assistant.answer_check import AnswerChecker
from reader_app.rag.assistant.conversations import Message
from reader_app.rag.assistant.engine import knows_up_to
from reader_app.rag.boundary import boundary_sid_for
from reader_app.rag.index.embed import Embedder
from reader_app.rag.index.indexes import VectorIndexCache
from reader_app.store.db import connect
from reader_app.store.writer import Writer
from reader_app.ui.assistant.conversation_dock import REDRAW_MS, QuestionBox
from reader_app.ui.assistant.jobs import JobResult
from reader_app.ui.assistant.transcript_view import TranscriptView
from reader_app.ui.companion.character_jobs import (
    Opened,
    People,
    conversation_work,
    people_work,
    reply_work,
)
from reader_app.ui.workers import Job, Workers

RELIST_MS = 1000
BUSY_NOTE = "{name} is still answering; wait for the reply to finish, or press Stop."


class CharacterChatDock(QDockWidget):
    """One character conversation at a time, for the open book."""

    citationActivated = Signal(object)  # a Locator: jump there without moving the boundary
    peopleListed = Signal()  # the "Talk to…" list reflects the boundary

    def __init__(self, home: Path, parent: QWidget | None = None, *,
                 embedder: Embedder | None = None, writer: Writer | None = None) -> None:
        super().__init__("Talk to a character", parent)
        self.setObjectName("characterChat")
        self.home = home
        self._embedder = embedder
        self._writer = writer
        self._conn: sqlite3.Connection = connect(home)
        self._library = Library(self._conn, home)
        self._held: list[Message] = []  # the conversation's messages, read in workers
        self._vector_cache = VectorIndexCache()
        self.workers = Workers(self, max_threads=1)
        self.book: Book | None = None
        self.key: int | None = None  # the character's X-Ray key
        self.name = ""
        self.conversation_id: int | None = None
        self.people: People = People((), ())
        self._state: ReadingState | None = None
        self._reply: Job | None = None
        self._pending = self._streamed = ""
        self._checker: AnswerChecker | None = None
        self._redraw = QTimer(self)
        self._redraw.setInterval(REDRAW_MS)
        self._redraw.timeout.connect(self._flush_tokens)
        # Page turns come in bursts: who may be talked to is listed again once they settle.
        self._relist = QTimer(self)
        self._relist.setSingleShot(True)
        self._relist.setInterval(RELIST_MS)
        self._relist.timeout.connect(self.list_people)
        self._build()
        self._refresh_controls()

    def _build(self) -> None:
        body = QWidget(self)
        layout = QVBoxLayout(body)
        self.header = QLabel("Choose someone from X-Ray or the assistant's “Talk to…”", body)
        self.header.setObjectName("characterChatHeader")
        self.header.setWordWrap(True)
        layout.addWidget(self.header)
        self.transcript = QTextBrowser(body)
        self.transcript.setObjectName("characterChatTranscript")
        self.transcript.setOpenLinks(False)
        self.transcript.anchorClicked.connect(self._on_link)
        self._drawn = TranscriptView(self.transcript)
        layout.addWidget(self.transcript, 1)
        self.note = QLabel(body)
        self.note.setObjectName("characterChatNote")
        self.note.setWordWrap(True)
        self.note.hide()
        layout.addWidget(self.note)
        self.input = QuestionBox(body)
        self.input.setObjectName("characterChatInput")
        self.input.setMaximumHeight(80)
        self.input.textChanged.connect(self._refresh_controls)
        self.input.submitted.connect(self._send_from_box)
        layout.addWidget(self.input)
        buttons = QHBoxLayout()
        self.stop_button = QPushButton("Stop", body)
        self.stop_button.setObjectName("characterChatStop")
        self.stop_button.clicked.connect(self.stop)
        self.send_button = QPushButton("Send", body)
        self.send_button.setObjectName("characterChatSend")
        self.send_button.clicked.connect(self._send_from_box)
        buttons.addStretch(1)
        buttons.addWidget(self.stop_button)
        buttons.addWidget(self.send_button)
        layout.addLayout(buttons)
        self.setWidget(body)

    # -- from the window ---------------------------------------------------------------------

    @property
    def running(self) -> bool:
        return self._reply is not None

    def set_book(self, book: Book | None) -> None:
        self.stop()
        self.book, self.key, self.name, self.conversation_id = book, None, "", None
        self.people = People((), ())
        self._state = None
        self.transcript.clear()
        self.header.setText("Choose someone from X-Ray or the assistant's “Talk to…”")
        self._hide_note()
        self._refresh_controls()
        self.list_people()

    def refresh_scope(self, state: ReadingState | None = None) -> None:
        """Follow the boundary: the header, which turns are shown, who may be talked to."""
        fits = state is not None and self.book is not None and state.book_id == self.book.book_id
        self._state = state if fits else None
        if self.key is not None:
            self._redraw_header()
            if not self.running:
                self._render()
        self._relist.start()

    def talk_to(self, key: int, name: str) -> None:
        """Open the conversation with the character `key` (started by the first message)."""
        if self.book is None:
            return
        if self.running and key != self.key:
            self.stop()
        self.key, self.name = key, name
        self._drawn.speaker = name
        self.conversation_id, self._held = None, []  # until the worker has read them
        self._reopen()
        self.input.setPlaceholderText(f"Say something to {name}…")
        self._hide_note()
        self._redraw_header()
        self._render()
        self._refresh_controls()
        self.show()
        self.raise_()
        self.input.setFocus()

    def send(self, message: str) -> None:
        """Send `message` now, or refuse with a note if a reply is still streaming."""
        if self.running:
            self._show_note(BUSY_NOTE.format(name=self.name))
            return
        if self.workers.current("conversation"):
            self._show_note("Still opening the conversation; send again in a moment.")
            return
        if self.book is None or self.key is None:
            self._show_note("Choose someone to talk to first.")
            return
        if not message.strip():
            self._show_note("Type a message first.")
            return
        self._hide_note()
        self._pending = self._streamed = ""
        self._checker = None
        self._render(pending=message.strip())
        home, book, key, conversation = self.home, self.book, self.key, self.conversation_id
        embedder, cache = self._embedder, self._vector_cache
        writer, ticket = self._writer, (self._writer.last_ticket if self._writer else 0)
        job = self.workers.submit(
            "reply",
            lambda running: reply_work(
                running, home=home, book=book, message=message, key=key,
                conversation_id=conversation, embedder=embedder, vector_cache=cache,
                written=(lambda: writer.wait_for(ticket)) if writer is not None else None),
            on_done=lambda result: self._on_finished(job.job_id, result),
            on_error=self._on_crashed,
            on_progress=lambda value: self._on_progress(job.job_id, value),
        )
        self._reply = job
        self._redraw.start()
        self._refresh_controls()

    def stop(self) -> None:
        if self._reply is None:
            return
        self._reply.cancel()
        self._reply = None
        self._redraw.stop()
        self._flush_tokens()
        self._show_note("Stopped.")
        self._refresh_controls()

    def list_people(self) -> None:
        """Refresh, in a worker, who may be talked to and the book's character conversations."""
        book = self.book
        if book is None:
            return
        writer, ticket = self._writer, (self._writer.last_ticket if self._writer else 0)
        self.workers.submit(
            "people",
            lambda _job: people_work(home=self.home, book=book, written=(
                (lambda: writer.wait_for(ticket)) if writer is not None else None)),
            on_done=self._listed, on_error=lambda _error: None)

    def shutdown(self) -> None:
        self.stop()
        self.workers.drop_all()
        self.workers.wait(5000)
        self._conn.close()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self._refresh_controls()

    # -- worker replies ----------------------------------------------------------------------

    def _listed(self, people: People) -> None:
        self.people = people
        self.peopleListed.emit()

    def _on_progress(self, job_id: int, value: object) -> None:
        if isinstance(value, AnswerChecker):
            self._checker = value
        elif isinstance(value, str):
            self._pending += value
            if not self._streamed:
                self._flush_tokens()
        elif isinstance(value, JobResult):
            self._on_finished(job_id, value)

    def _flush_tokens(self) -> None:
        if not self._pending:
            return
        self._streamed += self._pending
        self._pending = ""
        self._drawn.draw_streaming(self._streamed, self._checker)

    def _opened(self, key: int, opened: Opened) -> None:
        if key == self.key and not self.running:  # the lane drops a book left behind
            self.conversation_id, self._held = opened
            self._render()
            self._refresh_controls()

    def _on_finished(self, job_id: int, result: JobResult) -> None:
        if result.conversation_id is not None:
            self.conversation_id = result.conversation_id
        if result.messages is not None:  # read by the job once the reply was stored
            self._held = result.messages
        elif self.key is not None and self.book is not None:
            self._reopen()
        if self._reply is None or self._reply.job_id != job_id:
            self._render()  # a stopped reply (or its job's own end): draw what was kept
            return
        self._redraw.stop()
        self._reply = None
        error = result.error
        if isinstance(error, AnswerFailedError):
            self._show_note(f"The reply stopped early: {error}")
        elif isinstance(error, AssistantUnavailableError):
            self._show_note(f"{self.name} cannot answer right now: {error}")
        elif error is not None:
            self._show_note(str(error))
        self._render()
        self._refresh_controls()
        self.list_people()  # the conversation's message count

    def _on_crashed(self, error: BaseException) -> None:
        self._reply = None
        self._redraw.stop()
        self._show_note(f"The reply failed: {type(error).__name__}: {error}")
        self._refresh_controls()

    # -- drawing -----------------------------------------------------------------------------

    def _redraw_header(self) -> None:
        if self.book is None:
            return
        if self._state is None:
            self._state = self._library.reading_state(self.book.book_id)
        self.header.setText(f"Talking with {self.name} · knows up to "
                            f"{knows_up_to(self.book, self._state)}")

    def _messages(self) -> list[Message]:
        return self._held if self.conversation_id is not None else []

    def _reopen(self) -> None:
        """Read the character's latest conversation and its messages in a worker."""
        assert self.book is not None and self.key is not None
        book_id, home, key = self.book.book_id, self.home, self.key
        self.workers.submit(
            "conversation", lambda _job: conversation_work(home=home, book_id=book_id, key=key),
            on_done=lambda opened: self._opened(key, opened),
            on_error=lambda error: self._show_note(f"Could not open the conversation: {error}"))

    def _render(self, *, pending: str | None = None) -> None:
        messages = self._messages()
        boundary = None
        if self.book is not None and messages:
            state = self._state or self._library.reading_state(self.book.book_id)
            boundary = -1 if state is None else boundary_sid_for(
                self._conn, self.book.book_id, state.boundary, finished=state.finished)
        self._drawn.render(self.conversation_id, messages, boundary_sid=boundary,
                           pending_question=pending)

    def _on_link(self, url: QUrl) -> None:
        cited = self._drawn.follow_link(url)
        if cited is None:
            self._render()  # a veil or a receipt opened
            return
        for message in self._messages():
            for citation in message.citations:
                if (message.message_id, citation.label) == cited:
                    self.citationActivated.emit(citation.locator)
                    return

    def _send_from_box(self) -> None:
        message = self.input.toPlainText()
        if self.running:
            self._show_note(BUSY_NOTE.format(name=self.name))
            return
        if not message.strip():
            return
        self.input.clear()
        self.send(message)

    def _refresh_controls(self) -> None:
        ready = self.book is not None and self.key is not None
        ready = ready and not self.workers.current("conversation")
        self.send_button.setEnabled(ready and bool(self.input.toPlainText().strip())
                                    and not self.running)
        self.stop_button.setEnabled(self.running)
        self.input.setEnabled(ready)

    def _show_note(self, text: str) -> None:
        self.note.setText(text)
        self.note.show()

    def _hide_note(self) -> None:
        self.note.hide()
        self.note.setText("")




"""The one conversation dock: a transcript, a message box, one streamed reply at a time, Stop.

The assistant (`ui/assistant/panel.py`) and character chat (`ui/companion/character_dock.py`) are
this dock with what differs filled in through the "Subclass API" below (after calibre's
`ConverseWidget`): the widgets above the transcript, what may be sent, the job that sends it and
how its end is told. A reply's job streams, as progress, the spoiler check (`AnswerChecker`),
what the reader waits for (`AnswerWaiting`: the passages, shown at once, and a countdown from the
server's measured speed), each token (str) and the finished `AnswerResult` once, as news when
whole or as the job's end otherwise (rag/assistant/answer_driver.py); tokens are drawn in
batches. Jobs run on the window's workers
(`ui/assistant/dock_jobs.py`); the conversation is read in them, never on the UI thread, which
only looks up the boundary.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QEvent, Qt, QTimer, QUrl, Signal
from PySide6.QtGui import QKeyEvent, QShowEvent
from PySide6.QtWidgets import (
    QDockWidget,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from reader_app.books.model import Book
from reader_app.books.shelf.library import ReadingState
from reader_app.rag.assistant.answer_check import AnswerChecker
from reader_app.rag.assistant.answer_driver import AnswerResult, AnswerWaiting, PromptRead
from reader_app.rag.assistant.conversations import Message
from reader_app.rag.scope.boundary import boundary_sid_for, made_within
from reader_app.translatable import QT_TRANSLATE_NOOP
from reader_app.ui.assistant import conversation_jobs as talk
from reader_app.ui.assistant.dock_jobs import DockJobs, DockShared
from reader_app.ui.assistant.transcript_view import TranscriptView
from reader_app.ui.assistant.waiting_line import WaitingLine
from reader_app.ui.translation import said, translate
from reader_app.ui.workers import Job

REDRAW_MS = 40  # tokens are drawn in batches, not one repaint per token
# Run in a worker: sends a message and streams the reply (`drive_answer`); returns the result
# unless it was reported whole.
ReplyWork = Callable[[Job], AnswerResult | None]


class QuestionBox(QPlainTextEdit):
    """Enter sends, Shift+Enter starts a new line."""

    submitted = Signal()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and not (
            event.modifiers() & Qt.KeyboardModifier.ShiftModifier
        ):
            self.submitted.emit()
            return
        super().keyPressEvent(event)


class ConversationDock(QDockWidget):
    """One conversation of the open book at a time; a subclass says what differs."""

    citationActivated = Signal(object)  # a Locator: jump there without moving the boundary
    passageCited = Signal(object)  # the Citation just followed, to mark its passage
    modelReached = Signal(bool, str)  # a reply streams / the model could not be reached (why)

    # in the notes: "The reply failed: …"
    reply_word = QT_TRANSLATE_NOOP("ConversationDock", "reply")
    open_failed = "{error}"  # the note when the conversation could not be read

    def __init__(self, title: str, home: Path, parent: QWidget | None, *, names: str,
                 shared: DockShared | None) -> None:
        """`names` prefixes the widgets' object names and the dock's lanes; without `shared`
        (a dock used alone) the dock opens its own workers, connection and writer."""
        super().__init__(title, parent)
        self.home = home
        self._owns_shared = shared is None
        self.shared = shared if shared is not None else DockShared.own(home, self)
        self.workers = DockJobs(self.shared, prefix=names)
        self._library = self.shared.library
        self._conn = self._library.conn  # the UI thread's: reads only
        self._writer = self.shared.writer  # every write goes by it
        self.book: Book | None = None
        self._state: ReadingState | None = None  # as the reader view last reported it
        self._stale = True  # hidden while the boundary moved: redrawn when shown
        self.conversation_id: int | None = None
        self._messages: list[Message] | None = []  # None: the reply's job could not read them
        self._reply: Job | None = None  # the reply being streamed
        self._pending = ""  # tokens received but not yet drawn
        self._streamed = ""
        self._checker: AnswerChecker | None = None  # the running reply's spoiler check
        self._redraw = QTimer(self)
        self._redraw.setInterval(REDRAW_MS)
        self._redraw.timeout.connect(self._flush_tokens)
        self._build(names)
        self._drawn = TranscriptView(self.transcript)
        self.transcript.anchorClicked.connect(self._on_link)
        self.input.textChanged.connect(self._refresh_controls)
        self.input.submitted.connect(self._send_from_box)
        self.send_button.clicked.connect(self._send_from_box)
        self.stop_button.clicked.connect(self.stop)

    def _build(self, names: str) -> None:
        body = QWidget(self)
        layout = QVBoxLayout(body)
        self._add_header(body, layout)
        self.transcript = QTextBrowser(body)
        self.transcript.setObjectName(f"{names}Transcript")
        self.transcript.setOpenLinks(False)
        layout.addWidget(self.transcript, 1)
        self._add_under_transcript(body, layout)
        self.waiting = WaitingLine(body)
        self.waiting.setObjectName(f"{names}Waiting")
        layout.addWidget(self.waiting)
        self.note = QLabel(body)
        self.note.setObjectName(f"{names}Note")
        self.note.setWordWrap(True)
        self.note.hide()
        layout.addWidget(self.note)
        self.input = QuestionBox(body)
        self.input.setObjectName(f"{names}Input")
        self.input.setMaximumHeight(80)
        layout.addWidget(self.input)
        buttons = QHBoxLayout()
        self.send_button = QPushButton(self.tr("Send"), body)
        self.send_button.setObjectName(f"{names}Send")
        self.stop_button = QPushButton(self.tr("Stop"), body)
        self.stop_button.setObjectName(f"{names}Stop")
        buttons.addStretch(1)
        buttons.addWidget(self.stop_button)
        buttons.addWidget(self.send_button)
        layout.addLayout(buttons)
        self.setWidget(body)

    # -- Subclass API: what a conversation dock fills in ------------------------------------

    def _add_header(self, body: QWidget, layout: QVBoxLayout) -> None:
        """Add the widgets above the transcript: the header at least."""
        raise NotImplementedError

    def _add_under_transcript(self, body: QWidget, layout: QVBoxLayout) -> None:
        """Add widgets between the transcript and the note; none by default."""

    def _redraw_header(self) -> None:
        """Say who answers and what they know, for `self.book` at `self._state`."""
        raise NotImplementedError

    def _ready(self) -> bool:
        """Whether Send may be enabled (once something is typed)."""
        return self.book is not None

    def _busy_note(self) -> str:
        return self.tr("Wait for the current {0} to finish, or press Stop.").format(
            translate("ConversationDock", self.reply_word))

    def _refusal(self, text: str) -> str | None:
        """The note refusing `text` (no book, nothing typed…), or None to send it."""
        raise NotImplementedError

    def _reply_work(self, text: str) -> ReplyWork:
        """The job that sends `text`, now accepted."""
        raise NotImplementedError

    def _show_end(self, result: AnswerResult) -> None:
        """Tell how the reply ended (its error or outcome) and draw the conversation."""
        raise NotImplementedError

    def _on_news(self, value: object) -> None:
        """Progress of a reply's job other than the check, the tokens and the result."""

    def _conversation_read(self) -> talk.Work | None:
        """The read that brings the conversation back when the reply's job could not."""
        return None if self.conversation_id is None else talk.conversation(
            self.home, self.conversation_id)

    # -- public API -------------------------------------------------------------------------

    @property
    def running(self) -> bool:
        return self._reply is not None

    def set_book(self, book: Book | None) -> None:
        """Follow the open book: the conversation shown and a reply still running for it are
        left (nothing more of them arrives)."""
        self._leave_conversation()
        self.book = book
        self._state = None
        self._hide_note()

    def refresh_scope(self, state: ReadingState | None = None) -> None:
        """Follow the boundary the reader view reports (or the recorded one). While the dock
        is hidden only the header follows: the transcript waits until the dock is shown."""
        fits = state is not None and self.book is not None and state.book_id == self.book.book_id
        self._state = state if fits else None  # None: read the recorded one
        self._follow_scope()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self._stale:
            self._redraw_scope()
        else:
            self._refresh_controls()

    def changeEvent(self, event: QEvent) -> None:
        """A new theme: links take the palette's colour when drawn, so the conversation is
        drawn again in it (a reply still streaming is drawn whole when it ends)."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange and not self.running:
            self._drawn.forget_drawn()
            self._render_transcript()

    def send(self, text: str) -> None:
        """Send `text` now, or refuse with a note (a reply is still running, for one)."""
        refusal = self._busy_note() if self.running else self._refusal(text)
        if refusal is not None:
            self._show_note(refusal)
            return
        self._hide_note()
        work = self._reply_work(text)
        self._pending = self._streamed = ""
        self._checker = None
        self._render_transcript(pending=text.strip())
        self._reply = job = self.workers.submit(
            "reply", work, on_done=lambda result: self._on_finished(job.job_id, result),
            on_error=self._on_crashed,
            on_progress=lambda value: self._on_progress(job.job_id, value))
        self._redraw.start()
        self._refresh_controls()

    def stop(self) -> None:
        """Stop the running reply; what arrived is kept, marked stopped."""
        if self._reply is None:
            return
        self._reply.cancel()  # its tokens are dropped from now on; its result still lands
        self._reply = None
        self._redraw.stop()
        self.waiting.stop()
        self._flush_tokens()
        self._show_note(self.tr("Stopped."))
        self._refresh_controls()

    def shutdown(self) -> None:
        """Cancel this dock's jobs (on quit, or before deletion). A dock used alone waits for
        them and closes what it opened; the window waits for its own workers."""
        self.stop()
        self.workers.drop_all()
        if self._owns_shared:
            self.workers.wait(5000)
            self.shared.close()

    # -- worker replies ---------------------------------------------------------------------

    def _on_progress(self, job_id: int, value: object) -> None:
        if isinstance(value, AnswerChecker):
            self._checker = value
        elif isinstance(value, AnswerWaiting):
            self._start_waiting(value)
        elif isinstance(value, PromptRead):
            self.waiting.read(value)
        elif isinstance(value, str):
            self._pending += value
            self.waiting.stop()
            if not self._streamed:
                self.modelReached.emit(True, "")
                self._flush_tokens()  # the first words show at once; the rest wait for the timer
        elif isinstance(value, AnswerResult):
            self._on_finished(job_id, value)
        else:
            self._on_news(value)

    def _start_waiting(self, waiting: AnswerWaiting) -> None:
        """The passages at once, and how long the model should take to read them."""
        if self._streamed or self._pending:
            return
        self._drawn.draw_streaming(waiting.preview, self._checker, final=True)
        self.waiting.start(waiting)

    def _flush_tokens(self) -> None:
        if not self._pending:
            return
        self._streamed += self._pending
        self._pending = ""
        self._drawn.draw_streaming(self._streamed, self._checker)

    def _on_finished(self, job_id: int, result: AnswerResult | None) -> None:
        """The reply is whole (reported as it became so), failed, was refused or was stopped
        (the job's end). None: the job ended after a whole reply already shown."""
        if result is None:
            return
        self._messages = result.messages  # read by the job once the reply was stored
        if result.conversation_id is not None:
            self.conversation_id = result.conversation_id
        if self._reply is None or self._reply.job_id != job_id:
            self._render_transcript()  # a stopped reply: draw what was kept
            return
        self._redraw.stop()
        self.waiting.stop()
        self._flush_tokens()
        self._reply = None
        self._show_end(result)
        self._refresh_controls()

    def _on_crashed(self, error: BaseException) -> None:
        """A bug, not a reader's error (those come back in the AnswerResult): say so and recover."""
        self._reply = None
        self._redraw.stop()
        self.waiting.stop()
        self._flush_tokens()
        self._show_note(self.tr("The {0} failed: {1}").format(
            translate("ConversationDock", self.reply_word), f"{type(error).__name__}: {error}"))
        self._refresh_controls()

    def _read_conversation(self, work: talk.Work) -> None:
        """Read the conversation to show in a worker (the lane drops one that was left)."""
        self.workers.submit("conversation", lambda _job: work(), on_done=self._opened,
                            on_error=lambda error: self._show_note(
                                translate("CharacterChatDock", self.open_failed).format(
                                    error=said(error))))

    def _opened(self, found: talk.Found) -> None:
        if not self.running:  # a running reply brings the conversation back itself
            self.conversation_id, self._messages = found
            self._follow_scope()

    def _leave_conversation(self) -> None:
        self.workers.drop("reply")
        self.workers.drop("conversation")
        self._reply = None
        self._redraw.stop()
        self.waiting.stop()
        self._pending = ""
        self.conversation_id, self._messages = None, []

    # -- drawing ----------------------------------------------------------------------------

    def _follow_scope(self) -> None:
        self._stale = True
        if self.isVisible():
            self._redraw_scope()
        else:
            self._redraw_header()

    def _redraw_scope(self) -> None:
        self._stale = False
        self._redraw_header()
        if not self.running:
            self._render_transcript()
        self._refresh_controls()

    def _render_transcript(self, *, pending: str | None = None) -> None:
        if self._messages is None:  # the reply's job could not read them: a worker does
            work = self._conversation_read()
            if work is not None:
                self._read_conversation(work)
            if pending is None:
                return  # drawn when they arrive
        self._drawn.render(self.conversation_id, self._messages or [],
                           boundary_sid=self._boundary_sid(), pending_question=pending)

    def shown_replies(self) -> list[Message]:
        """The replies the transcript shows now (those made beyond today's boundary are hidden),
        for Read aloud."""
        return [m for m in self.shown_messages() if m.role != "user"]

    def shown_messages(self) -> list[Message]:
        """The questions and the replies the transcript shows now, in order."""
        boundary = self._boundary_sid()
        return [m for m in self._messages or [] if m.text.strip() and (
            m.role == "user" or boundary is None
            or made_within(m.boundary_sid, boundary_sid=boundary))]

    def _boundary_sid(self) -> int | None:
        if self.book is None or not self._messages:
            return None
        if self._state is None:
            self._state = self._library.reading_state(self.book.book_id)
        if self._state is None:
            return -1
        # The boundary as the reader view holds it (its writes may still be queued): one
        # indexed lookup.
        return boundary_sid_for(
            self._conn, self.book.book_id, self._state.boundary, finished=self._state.finished
        )

    def _on_link(self, url: QUrl) -> None:
        cited = self._drawn.follow_link(url)
        if cited is None:
            self._render_transcript()  # a veil or a receipt opened
            return
        message_id, label = cited  # the message as drawn: no need to read it again
        citation = next((c for m in self._messages or [] if m.message_id == message_id
                         for c in m.citations if c.label == label), None)
        if citation is not None:
            self.citationActivated.emit(citation.locator)
            self.passageCited.emit(citation)

    # -- small helpers ----------------------------------------------------------------------

    def _send_from_box(self) -> None:
        text = self.input.toPlainText()
        if self.running:
            self._show_note(self._busy_note())
        elif text.strip():
            self.input.clear()
            self.send(text)

    def _refresh_controls(self) -> None:
        has_text = bool(self.input.toPlainText().strip())
        self.send_button.setEnabled(has_text and not self.running and self._ready())
        self.stop_button.setEnabled(self.running)

    def _show_note(self, text: str) -> None:
        self.note.setText(text)
        self.note.show()

    def _hide_note(self) -> None:
        self.note.hide()
        self.note.setText("")


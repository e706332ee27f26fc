"""The assistant dock: ask about the book, watch the answer stream in, follow its citations."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from PySide6.QtCore import QTimer, QUrl, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QWidget

from reader_app.books.library import Library, ReadingState
from reader_app.books.model import Book
from reader_app.errors import (
    AnswerFailedError,
    AssistantUnavailableError,
    LibraryError,
    ModelMissingError,
)
from reader_app.rag.assistant.answer_check import AnswerChecker
from reader_app.rag.assistant.conversations import Message
from reader_app.rag.assistant.engine import AssistantConfig, knows_up_to
from reader_app.rag.assistant.pool import AssistantPool
from reader_app.rag.boundary import boundary_sid_for, whole_comic_chosen
from reader_app.rag.index.embed import Embedder
from reader_app.rag.model.gateway import PullCancelledError
from reader_app.store.db import connect
from reader_app.store.writer import Writer
from reader_app.ui.assistant import conversation_jobs as talk
from reader_app.ui.assistant.jobs import JobResult, Suggestions, answer_work, pull_work
from reader_app.ui.assistant.transcript_view import TranscriptView
from reader_app.ui.assistant.view import AssistantView
from reader_app.ui.workers import Job, Workers

REDRAW_MS = 40  # tokens are drawn in batches, not one repaint per token


class AssistantPanel(AssistantView):
    """The reading companion. Engine work runs in a thread pool; the UI thread never waits."""

    citationActivated = Signal(object)  # a Locator: jump there without moving the boundary
    passageCited = Signal(object)  # the Citation just followed, to mark its passage
    modelReached = Signal(bool, str)  # an answer streams / the model could not be reached (why)
    answerFinished = Signal(object)  # the whole answer's Message (a highlight may keep it)

    def __init__(
        self,
        home: Path,
        parent: QWidget | None = None,
        *,
        embedder: Embedder | None = None,
        writer: Writer | None = None,
    ) -> None:
        super().__init__(parent)
        self.home = home
        self._writer = writer if writer is not None else Writer(home)  # every write goes by it
        self._owns_writer = writer is None
        self._state: ReadingState | None = None  # as the reader view last reported it
        self._stale = True  # hidden while the boundary moved: redrawn when shown
        self._messages: list[Message] | None = None  # the conversation, read once per change
        self.assistants = AssistantPool(home, embedder=embedder)  # reused between questions
        self._conn: sqlite3.Connection = connect(home)
        self._library = Library(self._conn, home)
        self._book: Book | None = None
        self._conversation_id: int | None = None
        self._answer: Job | None = None  # the answer being streamed
        self._finished_id = 0  # the last answer job whose result was shown
        self._pull: Job | None = None
        self._pending = ""  # tokens received but not yet drawn
        self._streamed = ""
        self._checker: AnswerChecker | None = None  # the running answer's spoiler check
        self._whole_comic: bool | None = None  # "Prepare whole comic" as last read; None: read it
        self.workers = Workers(self, max_threads=2)
        self._redraw = QTimer(self)
        self._redraw.setInterval(REDRAW_MS)
        self._redraw.timeout.connect(self._flush_tokens)
        self._drawn = TranscriptView(self.transcript)
        self.new_button.clicked.connect(self.new_conversation)
        self.whole_comic_off.clicked.connect(self._turn_off_whole_comic)
        self.download_button.clicked.connect(self.download_model)
        self.download_cancel.clicked.connect(self.cancel_download)
        self.transcript.anchorClicked.connect(self._on_link)
        self.input.textChanged.connect(self._refresh_controls)
        self.input.submitted.connect(self._send_from_box)
        self.send_button.clicked.connect(self._send_from_box)
        self.stop_button.clicked.connect(self.stop)
        self._refresh_controls()

    # -- public API ------------------------------------------------------------------------

    @property
    def running(self) -> bool:
        return self._answer is not None

    def set_book(self, book: Book | None) -> None:
        """Show `book`'s latest conversation (or nothing)."""
        self.stop()
        self._book = book
        self._conversation_id, self._messages = None, []  # until the worker has read them
        if book is not None:
            self._conversation_job(talk.latest_conversation(self.home, book.book_id))
        self._clear_suggestions()
        self._hide_note()
        self.refresh_scope()

    def refresh_scope(self, state: ReadingState | None = None) -> None:
        """Follow the boundary the reader view reports (or the recorded one). While the panel
        is hidden only the header follows: the transcript waits until the panel is shown."""
        fits = state is not None and self._book is not None and state.book_id == self._book.book_id
        self._state = state if fits else None  # None: read the recorded one
        if not fits:
            self._whole_comic = None  # a page turn passes its state and reads nothing
        self._stale = True
        if self.isVisible():
            self._redraw_scope()
        else:
            self._redraw_header()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self._stale:
            self._redraw_scope()

    def set_keyword_only(self, percent: int) -> None:
        """The keyword index covers the book; the dense half joins as the embeddings land."""
        self._show_note(f"Answering from keyword search while the index catches up: {percent}%")

    def _redraw_header(self) -> None:
        if self._book is None:
            self.header.setText("Knows up to: nothing yet")
        else:
            if self._state is None:
                self._state = self._library.reading_state(self._book.book_id)
            self.header.setText(f"Knows up to: {knows_up_to(self._book, self._state)}")
        if self._whole_comic is None and self._book is not None and self._book.format == "cbz":
            self._whole_comic = whole_comic_chosen(self._conn, self._book.book_id)
        self.whole_comic.setVisible(self._book is not None and bool(self._whole_comic))

    def _redraw_scope(self) -> None:
        self._stale = False
        self._redraw_header()
        if not self.running:
            self._render_transcript()
        self._refresh_controls()

    def set_index_ready(self, ready: bool) -> None:
        if ready:
            self._hide_note()
        else:
            self._show_note(
                "Still preparing this book; answers may miss passages until it is done."
            )

    def ask(self, question: str) -> None:
        """Ask `question` now, or refuse with a note if an answer is still running."""
        if self.running:
            self._show_note("Wait for the current answer to finish, or press Stop.")
            return
        if self._book is None:
            self._show_note("Open a book to ask about it.")
            return
        if not question.strip():
            self._show_note("Type a question first.")
            return
        self._hide_note()
        self._clear_suggestions()
        self._pending = self._streamed = ""
        self._checker = None
        self._render_transcript(pending_question=question.strip())
        assistants, book, conversation_id = self.assistants, self._book, self._conversation_id
        # The boundary is read from the database: let the reading-state writes queued before
        # the question land first (a Reset just before asking must already count).
        writer, ticket = self._writer, self._writer.last_ticket
        job = self.workers.submit(
            "answer",
            lambda running: answer_work(
                running,
                written=lambda: writer.wait_for(ticket),
                assistants=assistants,
                book=book,
                question=question,
                conversation_id=conversation_id,
            ),
            on_done=lambda result: self._on_finished(job.job_id, result),
            on_error=self._on_answer_crashed,
            on_progress=lambda value: self._on_answer_progress(job.job_id, value),
        )
        self._answer = job
        self._redraw.start()
        self._refresh_controls()

    def stop(self) -> None:
        """Stop the running answer; what arrived is kept, marked stopped."""
        if self._answer is None:
            return
        self._answer.cancel()  # its tokens are dropped from now on; its result still lands
        self._answer = None
        self._redraw.stop()
        self._flush_tokens()
        self._show_note("Stopped.")
        self._refresh_controls()

    def new_conversation(self) -> None:
        self.stop()
        self._conversation_id, self._messages = None, []  # a new one is empty; its id follows
        if self._book is not None:
            self._conversation_job(talk.new_conversation(self._writer, self._book.book_id))
        self._clear_suggestions()
        self._hide_note()
        self._render_transcript()

    def download_model(self) -> None:
        if self._pull is not None:
            return
        self.download_progress.setValue(0)
        self.download_progress.show()
        self.download_cancel.show()
        self.download_button.setEnabled(False)
        config = AssistantConfig.from_settings(self._conn)
        self.banner_text.setText(f"Downloading “{config.model}”…")
        self._pull = self.workers.submit(
            "pull",
            lambda running: pull_work(running, config=config),
            on_done=lambda _none: self._on_pull_done(None),
            on_error=self._on_pull_done,
            on_progress=self._on_pull_progress,
        )

    def cancel_download(self) -> None:
        if self._pull is not None:
            self._pull.cancel()

    def shutdown(self) -> None:
        """Cancel work in flight and wait for the workers (on quit, or before deletion)."""
        self.stop()
        self.cancel_download()
        self.workers.wait(5000)
        self._writer.flush(5.0)
        if self._owns_writer:
            self._writer.close()
        self.assistants.close()
        self._conn.close()

    # -- worker replies --------------------------------------------------------------------

    def _on_answer_progress(self, job_id: int, value: object) -> None:
        if isinstance(value, AnswerChecker):
            self._checker = value
        elif isinstance(value, str):
            self._on_token(value)
        elif isinstance(value, JobResult):
            self._on_finished(job_id, value)
        elif isinstance(value, Suggestions):
            self._on_suggested(value.questions)

    def _on_token(self, token: str) -> None:
        self._pending += token
        if not self._streamed:
            self.modelReached.emit(True, "")
            self._flush_tokens()  # the first words show at once; the rest wait for the timer

    def _flush_tokens(self) -> None:
        if not self._pending:
            return
        self._streamed += self._pending
        self._pending = ""
        self._drawn.draw_streaming(self._streamed, self._checker)

    def _on_finished(self, job_id: int, result: JobResult) -> None:
        """The answer is whole, failed, was refused or was stopped (then it arrives last)."""
        if job_id == self._finished_id:
            return  # shown when it was whole; this is the job's own end
        self._finished_id = job_id
        self._messages = result.messages  # read by the job once the answer was stored
        if result.conversation_id is not None:
            self._conversation_id = result.conversation_id
        if self._answer is None or self._answer.job_id != job_id:
            self._render_transcript()  # a stopped answer: draw what was kept
            return
        self._redraw.stop()
        self._flush_tokens()
        self._answer = None
        error = result.error
        if isinstance(error, AssistantUnavailableError):
            self.modelReached.emit(False, str(error))
            self._show_banner(str(error), offer_download=isinstance(error, ModelMissingError))
        elif isinstance(error, AnswerFailedError):
            self._show_note(f"The answer stopped early: {error}")
        elif error is not None:
            self._show_note(str(error))
        else:
            self.banner.hide()
            if result.outcome is not None:
                self.answerFinished.emit(result.outcome.answer)
        if isinstance(error, LibraryError) and result.unsaved_text:
            self._streamed = result.unsaved_text  # not stored: it stays drawn as it came
            self._drawn.draw_streaming(self._streamed, self._checker, final=True)
        elif not isinstance(error, LibraryError):
            self._render_transcript()
        self._refresh_controls()

    def _on_answer_crashed(self, error: BaseException) -> None:
        """A bug, not a reader's error (those come back in the JobResult): say so and recover."""
        self._answer = None
        self._redraw.stop()
        self._flush_tokens()
        self._show_note(f"The answer failed: {type(error).__name__}: {error}")
        self._refresh_controls()

    def _on_suggested(self, suggestions: tuple[str, ...]) -> None:
        if self.running or self._book is None:
            return
        self._show_suggestions(suggestions, self.ask)

    def _on_pull_done(self, error: BaseException | None) -> None:
        self._pull = None
        self.download_button.setEnabled(True)
        if error is None:
            self.banner.hide()
            self._show_note("The model is ready. Ask your question again.")
        elif isinstance(error, PullCancelledError):
            self._show_banner("Download cancelled.", offer_download=True)
        else:
            self._show_banner(f"The download failed: {error}", offer_download=True)

    # -- drawing ---------------------------------------------------------------------------

    def _render_transcript(self, *, pending_question: str | None = None) -> None:
        if self._messages is None:  # the answer job could not read them: a worker does
            if self._conversation_id is not None:
                self._conversation_job(talk.conversation(self.home, self._conversation_id))
            if pending_question is None:
                return  # drawn when they arrive
        self._drawn.render(
            self._conversation_id,
            self._messages or [],
            boundary_sid=self._current_boundary_sid(),
            pending_question=pending_question,
        )

    def _conversation_job(self, work: talk.Work) -> None:
        def done(found: talk.Found, book: Book | None = self._book) -> None:
            if self._book is book and not self.running:  # the lane drops older jobs' replies
                self._conversation_id, self._messages = found
                self.refresh_scope(self._state)

        self.workers.submit("conversation", lambda _job: work(), on_done=done,
                            on_error=lambda error: self._show_note(str(error)))

    def _turn_off_whole_comic(self) -> None:
        if self._book is not None:
            # written behind (ui/assistant/conversation_jobs.py); hidden now
            self._whole_comic = False
            self.whole_comic.setVisible(False)
            talk.turn_off_whole_comic(self._writer, self.home, self._book.book_id)

    def _current_boundary_sid(self) -> int | None:
        if self._book is None or not self._messages:
            return None
        if self._state is None:
            self._state = self._library.reading_state(self._book.book_id)
        if self._state is None:
            return -1
        # The boundary as the reader view holds it (its writes may still be queued): one
        # indexed lookup.
        return boundary_sid_for(
            self._conn, self._book.book_id, self._state.boundary, finished=self._state.finished
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

    # -- small helpers ---------------------------------------------------------------------

    def _send_from_box(self) -> None:
        question = self.input.toPlainText()
        if self.running:
            self._show_note("Wait for the current answer to finish, or press Stop.")
        elif question.strip():
            self.input.clear()
            self.ask(question)

    def _refresh_controls(self) -> None:
        has_text = bool(self.input.toPlainText().strip())
        self.send_button.setEnabled(has_text and not self.running and self._book is not None)
        self.stop_button.setEnabled(self.running)
        self.new_button.setEnabled(self._book is not None)

    def _show_banner(self, text: str, *, offer_download: bool) -> None:
        self._banner(text, offer_download=offer_download, downloading=self._pull is not None)

"""The assistant dock: ask about the book, watch the answer stream in, follow its citations."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from PySide6.QtCore import QLocale, QTimer, QUrl, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QWidget

from reader_app.books.model import Book
from reader_app.books.shelf.library import ReadingState
from reader_app.errors import (
    OLLAMA,
    AnswerFailedError,
    AssistantUnavailableError,
    LibraryError,
    ModelMissingError,
    RemoteServerNotAllowedError,
)
from reader_app.rag.assistant.comic_pages import ComicPagesNews
from reader_app.rag.assistant.places import knows_up_to_sentence
from reader_app.rag.assistant.pool import AssistantPool
from reader_app.rag.scope.boundary import whole_comic_chosen
from reader_app.settings import SettingsStore
from reader_app.translatable import QT_TRANSLATE_NOOP
from reader_app.ui.assistant import conversation_jobs as talk
from reader_app.ui.assistant.conversation_dock import ReplyWork
from reader_app.ui.assistant.dock_jobs import DockShared
from reader_app.ui.assistant.jobs import (
    AnswerResult,
    ReadAlongNews,
    SlowComputerAdvice,
    Suggestions,
    answer_work,
    keep_window_work,
    pull_work,
    read_along_work,
    warm_work,
)
from reader_app.ui.assistant.view import AssistantView
from reader_app.ui.translation import said
from reader_app.ui.workers import Job

if TYPE_CHECKING:
    from reader_app.rag.index.embed import Embedder

log = logging.getLogger(__name__)

# After the boundary moves, reading along waits this long for the reader to settle (pages
# flipped through quickly make one step, not one each).
READ_ALONG_DELAY_MS = 2500

EMPTY_HINT = QT_TRANSLATE_NOOP(
    "AssistantPanel",
    "Ask about what you have read so far, for example “Who is …?”, “Why did … leave?” "
    "or “What happened in the last chapter?”. Answers come only from the pages you "
    "have read, and cite them.")


class AssistantPanel(AssistantView):
    """The reading companion. Engine work runs in workers; the UI thread never waits."""

    answerFinished = Signal(object)  # the whole answer's Message (a highlight may keep it)
    readAlong = Signal(str)  # what the model has read along up to, for the status line
    # Nothing was sent: the server is on another computer the reader has not agreed to (host,
    # why). Not "can't be reached": nobody tried.
    notSent = Signal(str, str)
    reply_word = QT_TRANSLATE_NOOP("ConversationDock", "answer")
    advised: ClassVar[set[str]] = set()  # models already called too slow this session

    def __init__(
        self,
        home: Path,
        parent: QWidget | None = None,
        *,
        embedder: Embedder | None = None,
        shared: DockShared | None = None,
    ) -> None:
        super().__init__(home, parent, shared=shared)
        self._drawn.empty_hint = self.tr(EMPTY_HINT)
        self.assistants = AssistantPool(home, embedder=embedder)  # reused between questions
        self._whole_comic: bool | None = None  # "Prepare whole comic" as last read; None: read it
        self._pull: Job | None = None
        self._smaller: str | None = None  # the smaller model offered for a slow computer
        self._warmed: set[str] = set()  # books whose model was warmed this session
        self.read_along_text = ""  # "The model has read along up to Chapter 3", once it has
        self._read_along_timer = QTimer(self, singleShot=True, interval=READ_ALONG_DELAY_MS)
        self._read_along_timer.timeout.connect(self._read_along)
        self._opening = True  # the next read-along is the book's first since it opened
        self.new_button.clicked.connect(self.new_conversation)
        self.whole_comic_off.clicked.connect(self._turn_off_whole_comic)
        self.download_button.clicked.connect(self.download_model)
        self.download_cancel.clicked.connect(self.cancel_download)
        self._refresh_controls()

    # -- public API ------------------------------------------------------------------------

    def set_book(self, book: Book | None) -> None:
        """Show `book`'s latest conversation (or nothing)."""
        closing = self.book
        super().set_book(book)
        self.read_along_text = ""
        self.readAlong.emit("")
        self._read_along_timer.stop()
        self.workers.drop("read-along")
        if closing is not None and (book is None or book.book_id != closing.book_id):
            self._keep_window(closing)
            self._opening = True
        if book is not None:
            self._read_conversation(talk.latest_conversation(self.home, book.book_id))
        self._clear_suggestions()
        self.refresh_scope()
        self._warm()

    def refresh_scope(self, state: ReadingState | None = None) -> None:
        super().refresh_scope(state)
        if self.book is not None and self.book.book_id in self._warmed:
            self._read_along_timer.start()  # the boundary may have moved: read along, settled

    def set_keyword_only(self, percent: int) -> None:
        """The keyword index covers the book; the dense half joins as the embeddings land."""
        self._show_note(self.tr("Answering from keyword search while the index catches up: {0}%")
                        .format(QLocale().toString(percent)))

    def set_index_ready(self, ready: bool) -> None:
        if ready:
            self._hide_note()
        else:
            self._show_note(
                self.tr("Still preparing this book; answers may miss passages until it is done.")
            )

    def ask(self, question: str) -> None:
        """Ask `question` now, or refuse with a note if an answer is still running."""
        self.send(question)

    def new_conversation(self) -> None:
        self.stop()
        self.conversation_id, self._messages = None, []  # a new one is empty; its id follows
        if self.book is not None:
            self._read_conversation(talk.new_conversation(self._writer, self.book.book_id))
        self._clear_suggestions()
        self._hide_note()
        self._render_transcript()

    def download_model(self) -> None:
        """Download the configured model, or the smaller one offered for a slow computer."""
        if self._pull is not None:
            return
        self.download_progress.setValue(0)
        self.download_progress.show()
        self.download_cancel.show()
        self.download_button.setEnabled(False)
        # Imported here: the engine (numpy, httpx) is not loaded before the first page is drawn.
        from reader_app.rag.assistant.engine import AssistantConfig

        config = AssistantConfig.from_settings(self._conn)
        name = self._smaller or config.model
        self.banner_text.setText(self.tr("Downloading “{0}”…").format(name))
        self._pull = self.workers.submit(
            "pull",
            lambda running: pull_work(running, config=config, name=name),
            on_done=lambda _none: self._on_pull_done(None),
            on_error=self._on_pull_done,
            on_progress=self._on_pull_progress,
        )

    def cancel_download(self) -> None:
        if self._pull is not None:
            self._pull.cancel()

    def shutdown(self) -> None:
        self.cancel_download()
        closing = self.book
        super().shutdown()
        if closing is not None:  # after the other jobs are dropped; the window waits for it
            self._keep_window(closing, read_first=False)
        self.assistants.close()

    # -- the conversation dock's subclass API ------------------------------------------------

    def _redraw_header(self) -> None:
        book = self.book
        if book is None:
            self.header.setText(self.tr("Knows up to: nothing yet"))
        else:
            if self._state is None:  # not passed by a page turn: read it, and the comic's choice
                self._state = self._library.reading_state(book.book_id)
                self._whole_comic = None
            self.header.setText(self.tr("Knows up to: {0}").format(
                said(knows_up_to_sentence(book, self._state))))
        if self._whole_comic is None and book is not None and book.is_comic:
            self._whole_comic = whole_comic_chosen(self._conn, book.book_id)
        self.whole_comic.setVisible(book is not None and bool(self._whole_comic))

    def _refusal(self, text: str) -> str | None:
        if self.book is None:
            return self.tr("Open a book to ask about it.")
        return None if text.strip() else self.tr("Type a question first.")

    def _reply_work(self, text: str) -> ReplyWork:
        self._clear_suggestions()
        assistants, book, conversation_id = self.assistants, self.book, self.conversation_id
        assert book is not None  # refused otherwise
        return lambda job: answer_work(job, assistants=assistants, book=book, question=text,
                                       conversation_id=conversation_id)

    def _show_end(self, result: AnswerResult) -> None:
        error = result.error
        if isinstance(error, RemoteServerNotAllowedError):
            self.notSent.emit(QUrl(error.host).host() or error.host, said(error))
            self._show_banner(said(error), offer_download=False)
        elif isinstance(error, AssistantUnavailableError):
            self.modelReached.emit(False, said(error))  # in the window's language
            # Only Ollama can download a model for Pagemate; other servers load their own.
            self._show_banner(said(error), offer_download=isinstance(error, ModelMissingError)
                              and error.server == OLLAMA)
        elif isinstance(error, AnswerFailedError):
            self._show_note(self.tr("The answer stopped early: {0}").format(said(error)))
        elif error is not None:
            self._show_note(said(error))
        else:
            self.banner.hide()
            if result.outcome is not None:
                self.answerFinished.emit(result.outcome.answer)
        if isinstance(error, LibraryError) and result.unsaved_text:
            self._streamed = result.unsaved_text  # not stored: it stays drawn as it came
            self._drawn.draw_streaming(self._streamed, self._checker, final=True)
        elif not isinstance(error, LibraryError):
            self._render_transcript()

    def _on_news(self, value: object) -> None:
        if isinstance(value, Suggestions):
            self._on_suggested(value.questions)
        elif isinstance(value, SlowComputerAdvice):
            self._advise(value)
        elif isinstance(value, ComicPagesNews):  # a comic's pages still being read
            if value.text:
                self._show_note(value.text)
            else:
                self._hide_note()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self._warm()

    def _warm(self) -> None:
        """The first time the assistant is shown on a book this session, have the server load
        the model and read the pages read along, or the book's opening before reading (never at
        the app's start: only when shown)."""
        book = self.book
        if book is None or book.book_id in self._warmed or not self.isVisible():
            return
        self._warmed.add(book.book_id)
        self._read_along(warm=True)

    def _read_along(self, *, warm: bool = False) -> None:
        """Have the server read the pages read so far, in the background (jobs.py); the first
        time on a book, with nothing to read along yet, the warm-up instead."""
        book = self.book
        if book is None or book.book_id not in self._warmed:
            return
        assistants = self.assistants
        opening, self._opening = self._opening, False

        def work(job: Job) -> ReadAlongNews | None:
            news = read_along_work(job, assistants=assistants, book=book, opening=opening)
            if news is None and warm and not job.cancelled:
                warm_work(job, assistants=assistants, book=book)
            return news

        self.workers.submit("read-along", work, on_done=self._on_read_along,
                            on_error=_warm_failed)

    def _keep_window(self, book: Book, *, read_first: bool = True) -> None:
        """As `book` closes, have the server save the window it read along (jobs.py), where it
        can: the next opening restores it instead of reading it again."""
        assistants = self.assistants
        self.workers.submit(
            f"keep-window-{book.book_id}",
            lambda job: keep_window_work(job, assistants=assistants, book=book,
                                         read_first=read_first),
            on_done=lambda _kept: None, on_error=_warm_failed)

    def _on_read_along(self, news: ReadAlongNews | None) -> None:
        if news is None or self.book is None or news.book_id != self.book.book_id:
            return
        self.read_along_text = self.tr("The model has read along up to {0}").format(news.chapter)
        self.readAlong.emit(self.read_along_text)

    def _advise(self, advice: SlowComputerAdvice) -> None:
        """Say once that answers are slow here, and offer a smaller model to download."""
        if advice.model in AssistantPanel.advised or self._pull is not None:
            return
        AssistantPanel.advised.add(advice.model)
        self._smaller = advice.smaller
        self._show_banner(
            self.tr("That answer took {0} s to begin: “{1}” runs without a graphics card on this "
                    "computer. A smaller model answers about twice as fast: download “{2}” to use "
                    "it instead.").format(QLocale().toString(round(advice.first_token_seconds)),
                                          advice.model, advice.smaller), offer_download=True)
        self.download_button.setText(self.tr("Use {0}").format(advice.smaller))

    def _refresh_controls(self) -> None:
        super()._refresh_controls()
        self.new_button.setEnabled(self.book is not None)

    # -- worker replies --------------------------------------------------------------------

    def _on_suggested(self, suggestions: tuple[str, ...]) -> None:
        if self.running or self.book is None:
            return
        self._show_suggestions(suggestions, self.ask)

    def _on_pull_done(self, error: BaseException | None) -> None:
        from reader_app.rag.model.gateway import PullCancelledError  # loaded by the download

        self._pull = None
        self.download_button.setEnabled(True)
        if error is None:
            self.banner.hide()
            if self._smaller is not None:
                self._use_model(self._smaller)
            else:
                self._show_note(self.tr("The model is ready. Ask your question again."))
        elif isinstance(error, PullCancelledError):
            self._show_banner(self.tr("Download cancelled."), offer_download=True)
        else:
            self._show_banner(self.tr("The download failed: {0}").format(said(error)),
                              offer_download=True)

    def _use_model(self, name: str) -> None:
        """Answer with `name` from now on (written behind, by the one writer)."""
        self._smaller = None
        self.download_button.setText(self.tr("Download model"))
        settings = SettingsStore(self._conn)
        settings.write_through(self._writer)
        settings.set("assistant.model", name)
        self._show_note(self.tr("Now answering with “{0}”. Ask your question again.").format(name))

    def _turn_off_whole_comic(self) -> None:
        if self.book is not None:
            # written behind (ui/assistant/conversation_jobs.py); hidden now
            self._whole_comic = False
            self.whole_comic.setVisible(False)
            talk.turn_off_whole_comic(self._writer, self.home, self.book.book_id)

    def _show_banner(self, text: str, *, offer_download: bool) -> None:
        self._banner(text, offer_download=offer_download, downloading=self._pull is not None)


def _warm_failed(error: BaseException) -> None:
    """A warm-up costs the reader nothing when it fails: the first answer loads the model."""
    log.warning("warming the model failed: %s: %s", type(error).__name__, error)

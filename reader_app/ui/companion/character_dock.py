"""The character chat dock: talk with a character who knows only what the reader has read.

Opened from an X-Ray card ("Talk to Elizabeth") or the assistant panel's "Talk to…" menu, which
lists the book's character conversations beside the people met so far. The engine is
`rag/characters/chat.py`; the dock is the conversation dock (`ui/assistant/conversation_dock.py`)
that the assistant is too, and a second send while a reply streams is refused with a note (in
this window by the dock, in any other window or process by the conversation's claim in the
database).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QTimer, Signal
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from reader_app.books.model import Book
from reader_app.books.shelf.library import ReadingState
from reader_app.errors import AnswerFailedError, AssistantUnavailableError
from reader_app.rag.assistant.answer_driver import AnswerResult
from reader_app.rag.assistant.places import knows_up_to_sentence
from reader_app.translatable import QT_TRANSLATE_NOOP
from reader_app.ui.assistant import conversation_jobs as talk
from reader_app.ui.assistant.conversation_dock import ConversationDock, ReplyWork
from reader_app.ui.assistant.dock_jobs import DockShared
from reader_app.ui.companion.character_jobs import (
    People,
    SharedVectorCache,
    conversation_work,
    people_work,
    reply_work,
)
from reader_app.ui.translation import said, translate

if TYPE_CHECKING:
    from reader_app.rag.index.embed import Embedder

RELIST_MS = 1000
CHOOSE = QT_TRANSLATE_NOOP("CharacterChatDock",
                           "Choose someone from X-Ray or the assistant's “Talk to…”")


class CharacterChatDock(ConversationDock):
    """One character conversation at a time, for the open book."""

    peopleListed = Signal()  # the "Talk to…" list reflects the boundary
    open_failed = QT_TRANSLATE_NOOP("CharacterChatDock",
                                    "Could not open the conversation: {error}")

    def __init__(self, home: Path, parent: QWidget | None = None, *,
                 embedder: Embedder | None = None, shared: DockShared | None = None) -> None:
        super().__init__(translate("CharacterChatDock", "Talk to a character"), home, parent,
                         names="characterChat",
                         shared=shared)
        self.setObjectName("characterChat")
        self._embedder = embedder
        self._vector_cache = SharedVectorCache()
        self.key: int | None = None  # the character's X-Ray key
        self.name = ""
        self.people: People = People((), ())
        # Once a book is opened: its latest conversation comes back with the first listing (a
        # trip to the library and back, or a restart, shows the last exchange, not "Choose…").
        self._resume = False
        # Page turns come in bursts: who may be talked to is listed again once they settle.
        self._relist = QTimer(self)
        self._relist.setSingleShot(True)
        self._relist.setInterval(RELIST_MS)
        self._relist.timeout.connect(self.list_people)
        self._refresh_controls()

    # -- from the window ---------------------------------------------------------------------

    def set_book(self, book: Book | None) -> None:
        super().set_book(book)
        self.key, self.name = None, ""
        self.people = People((), ())
        self.transcript.clear()
        self.header.setText(self.tr(CHOOSE))
        self._resume = book is not None
        self._refresh_controls()
        self.list_people()

    def refresh_scope(self, state: ReadingState | None = None) -> None:
        """Follow the boundary: the header, which turns are shown, who may be talked to."""
        super().refresh_scope(state)
        self._relist.start()

    def talk_to(self, key: int, name: str) -> None:
        """Open the conversation with the character `key` (started by the first message)."""
        if self.book is None:
            return
        if self.running and key != self.key:
            self._leave_conversation()
        self._open(key, name)
        self.show()
        self.raise_()
        self.input.setFocus()

    def _open(self, key: int, name: str) -> None:
        self._resume = False  # the reader's choice (or the one resumed) stands
        self.key, self.name = key, name
        self._drawn.speaker = name
        self.conversation_id, self._messages = None, []  # until the worker has read them
        self._read_conversation(self._by_key())
        self.input.setPlaceholderText(self.tr("Say something to {0}…").format(name))
        self._hide_note()
        self._redraw_header()
        self._render_transcript()
        self._refresh_controls()

    def list_people(self) -> None:
        """Refresh, in a worker, who may be talked to and the book's character conversations."""
        book, home = self.book, self.home
        if book is not None:
            self.workers.submit("people", lambda _job: people_work(home=home, book=book),
                                on_done=self._listed, on_error=lambda _error: None)

    def _listed(self, people: People) -> None:
        self.people = people
        if self._resume and self.key is None:
            self._resume = False
            latest = max((c for c in people.conversations if c.messages and
                          c.character_key is not None), key=lambda c: c.updated_at, default=None)
            if latest is not None and latest.character_key is not None:
                self._open(latest.character_key, latest.character_name)  # shown where it was
        self.peopleListed.emit()

    # -- the conversation dock's subclass API --------------------------------------------------

    def _add_header(self, body: QWidget, layout: QVBoxLayout) -> None:
        self.header = QLabel(self.tr(CHOOSE), body)
        self.header.setObjectName("characterChatHeader")
        self.header.setWordWrap(True)
        layout.addWidget(self.header)

    def _redraw_header(self) -> None:
        if self.book is None or self.key is None:
            return
        if self._state is None:
            self._state = self._library.reading_state(self.book.book_id)
        self.header.setText(self.tr("Talking with {0} · knows up to {1}").format(
            self.name, said(knows_up_to_sentence(self.book, self._state))))

    def _ready(self) -> bool:
        return (self.book is not None and self.key is not None
                and not self.workers.current("conversation"))

    def _busy_note(self) -> str:
        return self.tr("{0} is still answering; wait for the reply to finish, or press "
                       "Stop.").format(self.name)

    def _refusal(self, text: str) -> str | None:
        if self.workers.current("conversation"):
            return self.tr("Still opening the conversation; send again in a moment.")
        if self.book is None or self.key is None:
            return self.tr("Choose someone to talk to first.")
        return None if text.strip() else self.tr("Type a message first.")

    def _reply_work(self, text: str) -> ReplyWork:
        home, book, key, conversation = self.home, self.book, self.key, self.conversation_id
        embedder, cache = self._embedder, self._vector_cache
        assert book is not None and key is not None  # refused otherwise
        return lambda job: reply_work(job, home=home, book=book, message=text, key=key,
                                      conversation_id=conversation, embedder=embedder,
                                      vector_cache=cache)

    def _show_end(self, result: AnswerResult) -> None:
        error = result.error
        if isinstance(error, AnswerFailedError):
            self._show_note(self.tr("The reply stopped early: {0}").format(said(error)))
        elif isinstance(error, AssistantUnavailableError):
            self._show_note(self.tr("{0} cannot answer right now: {1}").format(
                self.name, said(error)))
        elif error is not None:
            self._show_note(said(error))
        self._render_transcript()
        self.list_people()  # the conversation's message count

    def _conversation_read(self) -> talk.Work | None:
        return self._by_key() if self.key is not None else None

    def _refresh_controls(self) -> None:
        super()._refresh_controls()
        self.input.setEnabled(self._ready())

    def _by_key(self) -> talk.Work:
        """The read of the reader's latest conversation with the character and its messages."""
        assert self.book is not None and self.key is not None
        home, book_id, key = self.home, self.book.book_id, self.key
        return lambda: conversation_work(home=home, book_id=book_id, key=key)

"""Replies read aloud from the assistant's and the characters' transcripts: the context menu reads
the reply under the pointer (or the last one) through a `ReplySource` (sources.py: without the
sentences the spoiler check veiled), and the sentence being said is marked in the transcript. The
page and the boundary are not touched."""

from __future__ import annotations

from PySide6.QtCore import QObject, QPoint, Qt
from PySide6.QtGui import QColor, QTextCursor, QTextDocument
from PySide6.QtWidgets import QMenu, QTextEdit

from reader_app.rag.assistant.conversations import Message
from reader_app.ui.assistant.conversation_dock import ConversationDock
from reader_app.ui.read_aloud.player import ReadAloud
from reader_app.ui.read_aloud.sources import Queued, ReplySource, reply_sentences

SPOKEN_MARK = QColor("#ffd9a8")  # the page's speaking mark, pale enough for dark text on it
SEARCHED_CHARS = 40  # a sentence the transcript draws differently is found by its start


class ReplyReading(QObject):
    """Read aloud in one transcript: its context menu's items, and the mark on the sentence of
    the reply being said."""

    def __init__(self, dock: ConversationDock, aloud: ReadAloud) -> None:
        super().__init__(dock)
        self.dock, self.aloud = dock, aloud
        self.source: ReplySource | None = None  # the reply being read, while it is
        transcript = dock.transcript
        transcript.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        transcript.customContextMenuRequested.connect(self._show_menu)
        aloud.queuedStarted.connect(self._mark)
        aloud.stopped.connect(self._unmark)

    def read(self, message: Message) -> None:
        self.aloud.stop()  # another transcript's reading ends (and its mark goes) first
        self.source = ReplySource(message)
        self.aloud.read_reply(self.source)
        if not self.aloud.playing:
            self.source = None

    @property
    def reading(self) -> Message | None:
        """The reply this transcript is reading aloud, while it is."""
        return self.source.message if self.source is not None else None

    def menu(self, point: QPoint | None = None) -> QMenu:
        """The transcript's context menu with "Read This Reply Aloud" (the reply at `point`, in
        the viewport's coordinates) and "Read Last Reply Aloud"."""
        menu = self.dock.transcript.createStandardContextMenu()
        menu.addSeparator()
        here = self.reply_at(point) if point is not None else None
        if here is not None:
            this = menu.addAction(self.tr("Read This Reply Aloud"))
            this.setObjectName("actionReadThisReplyAloud")
            this.triggered.connect(lambda: self.read(here))
        replies = self.dock.shown_replies()
        last = menu.addAction(self.tr("Read Last Reply Aloud"))
        last.setObjectName("actionReadReplyAloud")
        last.setEnabled(bool(replies))
        if replies:
            last.triggered.connect(lambda: self.read(replies[-1]))
        return menu

    def reply_at(self, point: QPoint) -> Message | None:
        """The reply drawn under `point`, if it is a reply (not a question, not the header)."""
        at = self.dock.transcript.cursorForPosition(point).position()
        under: Message | None = None
        for message, start in self._drawn_at():
            if start > at:
                break
            under = message
        return under if under is not None and under.role != "user" else None

    def _drawn_at(self) -> list[tuple[Message, int]]:
        """Where each message shown begins in the transcript's document, found in order by its
        first words (the transcript is drawn from the messages; it holds no other index)."""
        found, position = [], 0
        for message in self.dock.shown_messages():
            first = (reply_sentences(message) or [""])[0] if message.role != "user" else (
                message.text.strip())
            cursor = self._find(first, position)
            if cursor is not None:
                position = cursor.selectionStart()
                found.append((message, position))
        return found

    def _find(self, text: str, position: int) -> QTextCursor | None:
        document = self.dock.transcript.document()
        flags = QTextDocument.FindFlag.FindCaseSensitively
        for wanted in (text, text.splitlines()[0][:SEARCHED_CHARS] if text.strip() else ""):
            if wanted:
                cursor = document.find(wanted, position, flags)
                if not cursor.isNull():
                    return cursor
        return None

    def _show_menu(self, point: QPoint) -> None:
        menu = self.menu(point)
        menu.exec(self.dock.transcript.viewport().mapToGlobal(point))
        menu.deleteLater()

    def _mark(self, item: Queued) -> None:
        """Mark the sentence now said, if it is of the reply this transcript is reading."""
        if self.source is None or self.aloud.source is not self.source:
            return
        wanted = self.source.message.message_id
        start = next((at for message, at in self._drawn_at() if message.message_id == wanted),
                     None)
        cursor = self._find(item.text, start) if start is not None else None
        if cursor is None:  # not drawn (the transcript shows another conversation now)
            self.dock.transcript.setExtraSelections([])
            return
        mark = QTextEdit.ExtraSelection()
        mark.cursor = cursor
        mark.format.setBackground(SPOKEN_MARK)
        mark.format.setForeground(QColor("#2b2618"))
        self.dock.transcript.setExtraSelections([mark])

    def _unmark(self) -> None:
        self.source = None
        self.dock.transcript.setExtraSelections([])

    @property
    def marked(self) -> str:
        """The text marked as being said ("" when none)."""
        marks = self.dock.transcript.extraSelections()
        return marks[0].cursor.selectedText() if marks else ""


def install_reply_reading(dock: ConversationDock, aloud: ReadAloud) -> ReplyReading:
    """Read aloud in `dock`'s transcript (the assistant's, a character's)."""
    return ReplyReading(dock, aloud)

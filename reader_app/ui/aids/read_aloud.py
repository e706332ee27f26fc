"""Read aloud: the book spoken sentence by sentence from the first one on screen (or a selection),
the spoken sentence marked on the page, pages turned as the voice goes on, and every sentence
heard in full counted as read (`follow_listener` in books/shelf/reading.py, by the reader page)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QPoint, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QKeySequence, QPainter
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QMenu,
    QMessageBox,
    QToolBar,
    QWidget,
)

from reader_app.books.model import Book, Locator
from reader_app.books.shelf.reading import Navigation
from reader_app.books.text.segment import split_sentences
from reader_app.books.text.spoken import SpokenCursor, SpokenSentence
from reader_app.rag.assistant.conversations import Message
from reader_app.settings import SettingsStore
from reader_app.ui.aids.aids_host import AidsHost
from reader_app.ui.aids.speech import NoSpeech, Speaker, find_speaker
from reader_app.ui.assistant.conversation_dock import ConversationDock
from reader_app.ui.page.document import SectionDocument
from reader_app.ui.reader.page_marks import Mark, paint_marks
from reader_app.ui.reader.reader_page import ReaderPage
from reader_app.ui.reader.reading_ahead import notice_parts

HEADING_PAUSE_MS = 700  # the breath after a heading, before the text under it
RATE_STEP = 0.1
BAR_TEXT_WIDTH = 420  # pixels: the status bar's word never sets the window's minimum width
SpeakerFactory = Callable[[QObject], "Speaker | NoSpeech"]


class ReadAloudBar(QWidget):
    """The status bar's word on Read aloud: what it is doing, or why it cannot, and the question
    asked before listening ahead of what the assistant knows."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.label = QLabel()
        self.label.setObjectName("readAloudText")
        self.label.setWordWrap(False)
        self.label.setMaximumWidth(BAR_TEXT_WIDTH)
        self.text = ""
        layout.addWidget(self.label)
        self.question = QFrame()
        self.question_label, (self.count_button, self.just_listen_button) = notice_parts(
            self.question, "readAloudAhead", ("readAloudAheadText", "Ahead of the assistant."),
            ("countListening", "Let it know from here"), ("justListen", "Just listen"),
        )
        self.question.setToolTip(
            "You're listening ahead of what the assistant knows. Let it know the book up to this "
            "sentence, so that what you hear counts as read? “Just listen” leaves it where it is."
        )
        layout.addWidget(self.question)
        self.question.hide()
        self.hide()

    def say(self, text: str) -> None:
        """Show `text`, cut to a width that never widens the window (the whole of it in the
        tooltip)."""
        self.text = text
        metrics = self.label.fontMetrics()
        self.label.setText(metrics.elidedText(text, Qt.TextElideMode.ElideRight, BAR_TEXT_WIDTH))
        self.label.setToolTip(text)
        self.setVisible(bool(text) or not self.question.isHidden())


class ReadAloud(QObject):
    """Plays the open book aloud through a `Speaker`; the reader page keeps the boundary."""

    sentenceStarted = Signal(object)  # the SpokenSentence now being said
    stopped = Signal()

    def __init__(
        self,
        reader: ReaderPage,
        bar: ReadAloudBar,
        *,
        speaker_factory: SpeakerFactory = find_speaker,
        settings: SettingsStore | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.settings = settings
        self.reader = reader
        self.bar = bar
        self.speaker_factory = speaker_factory
        self.speaker: Speaker | None = None
        self.no_speech: NoSpeech | None = None
        self.cursor: SpokenCursor | None = None
        self.current: SpokenSentence | None = None
        self.playing = False
        self.paused = False
        self.rate = float(settings.get("read_aloud.rate")) if settings is not None else 0.0
        self._utterance = 0
        self._between = False  # paused after one sentence, before the next was begun
        self._speaker_paused = False
        self.reply: list[str] | None = None  # a reply being read: its sentences still to say
        self._next_timer = QTimer(self)
        self._next_timer.setSingleShot(True)
        self._next_timer.timeout.connect(self._speak_current)
        reader.epub_view.underlays.append(self._paint)
        reader.bookChanged.connect(self._book_changed)
        bar.count_button.clicked.connect(lambda: self._answer_ahead(count=True))
        bar.just_listen_button.clicked.connect(lambda: self._answer_ahead(count=False))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Close:
            self.stop()  # the window closing silences the voice (and ends its writes)
        return False

    # -- the reader's commands ---------------------------------------------------------------

    def play_pause(self) -> None:
        """Play from the first sentence on screen (or the selection), pause, or resume."""
        if self.playing and not self.paused:
            self.pause()
        elif self.playing:
            self.resume()
        else:
            self.start()

    def start(self) -> None:
        book = self.reader.book
        if book is None:
            self.bar.say("Open a book to read it aloud.")
            return
        if book.format == "cbz":
            self.bar.say("Comics are not read aloud yet: Read aloud reads books with text.")
            return
        if not self.ensure_speaker():
            return
        view = self.reader.epub_view
        chosen = view.selection_range()
        place = chosen[0] if chosen is not None else view.current_start()
        self.cursor = SpokenCursor(book)
        first = self.cursor.seek(place)
        if first is None:
            self.bar.say("Nothing is left to read aloud here: this is the end of the book.")
            return
        self.current = first
        update = self.reader.listening_update(first.start, first.end, self._end_before())
        if update is not None and update.reading_ahead:
            self.bar.question.show()  # asked first, like the reading-ahead offer
            self.bar.say("")
            self.bar.show()
            return
        self._play()

    def pause(self) -> None:
        if self.playing and not self.paused and self.speaker is not None:
            self.paused = True
            if self._next_timer.isActive():  # between sentences (after a heading): none to pause
                self._next_timer.stop()
                self._between = True
            else:
                self.speaker.pause()
                self._speaker_paused = True
            self.bar.say("Paused")

    def resume(self) -> None:
        if self.playing and self.paused and self.speaker is not None:
            self.paused = False
            if self._speaker_paused:
                # Also when the sentence ended as Pause came: an engine may hold what it is
                # given next until it is resumed (speech-dispatcher does).
                self._speaker_paused = False
                self.speaker.resume()
            if self._between:
                self._between = False
                if self.reply is not None:
                    self._say_reply()
                else:
                    self._speak_current()
            self._say_state()

    def stop(self) -> None:
        """Stop speaking; the place marked on the page goes."""
        self._next_timer.stop()
        was_playing = self.playing
        self.playing = self.paused = self._between = self._speaker_paused = False
        if self.speaker is not None:
            self.speaker.stop()
        self.current = None
        self.reply = None
        self.bar.question.hide()
        self.reader.epub_view.update()
        if was_playing:
            self.bar.say("")
            self.stopped.emit()
        else:
            self.bar.setVisible(bool(self.bar.label.text()))

    def next_sentence(self) -> None:
        """Skip to the next sentence (the one skipped is not heard in full: it reads nothing)."""
        self._skip(forward=True)

    def previous_sentence(self) -> None:
        self._skip(forward=False)

    def faster(self) -> None:
        self.set_rate(self.rate + RATE_STEP)

    def slower(self) -> None:
        self.set_rate(self.rate - RATE_STEP)

    def set_rate(self, rate: float) -> None:
        self.rate = round(min(max(rate, -1.0), 1.0), 2)
        if self.settings is not None:
            self.settings.set("read_aloud.rate", self.rate)  # through the writer
        if self.speaker is not None:
            self.speaker.set_rate(self.rate)
        if self.playing:
            self._say_state()

    def set_voice(self, name: str) -> None:
        if self.settings is not None:
            self.settings.set("read_aloud.voice", name)
        if self.speaker is not None:
            self.speaker.set_voice(name)

    def read_reply(self, message: Message) -> None:
        """Read a reply of the assistant or a character aloud, its veiled sentences left out;
        the page and the boundary are not touched."""
        self.stop()
        text = reply_to_speak(message)
        sentences = [text[a:b] for a, b in split_sentences(text)]
        if not sentences:
            self.bar.say("Nothing in this reply can be read aloud.")
            return
        if not self.ensure_speaker():
            return
        self.reply = sentences
        self.playing, self.paused = True, False
        self._say_reply()

    def _say_reply(self) -> None:
        if self.reply and self.speaker is not None and not self.paused:
            self._utterance += 1
            self.bar.say("Reading the reply aloud")
            self.speaker.say(self.reply[0], self._utterance)

    # -- speaking ----------------------------------------------------------------------------

    def _tell(self, reason: str) -> None:
        """The reason in full, with what to install, in a box the reader closes."""
        box = QMessageBox(QMessageBox.Icon.Information, "Read aloud", reason,
                          QMessageBox.StandardButton.Ok, self.reader.window())
        box.setObjectName("readAloudNoVoice")
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()

    def _book_changed(self, book: Book | None) -> None:
        self.stop()
        self._choose_voice(book)

    def ensure_speaker(self) -> bool:
        """Find the voice the first time it is needed; False (and the reason shown) if none."""
        if self.speaker is None:
            made = self.speaker_factory(self)
            if isinstance(made, NoSpeech):
                self.no_speech = made
                self.bar.say(made.reason)
                self._tell(made.reason)
                return False
            self.speaker = made
            self.no_speech = None
            made.listen(finished=self._finished, failed=self._failed)
            made.set_rate(self.rate)
            self._choose_voice(self.reader.book)
        return True

    def _choose_voice(self, book: Book | None) -> None:
        if self.speaker is None:
            return
        if book is not None and book.metadata.language:
            self.speaker.set_language(book.metadata.language)  # its first voice speaks
        chosen = self.settings.get("read_aloud.voice") if self.settings is not None else ""
        if chosen and any(v.name == chosen for v in self.speaker.voices()):
            self.speaker.set_voice(chosen)  # the reader's choice, where this language has it

    def _answer_ahead(self, *, count: bool) -> None:
        self.bar.question.hide()
        state, current = self.reader.state, self.current
        if count and current is not None and state is not None and current.start > state.boundary:
            # Known up to where the voice begins: from there on, what is heard counts.
            self.reader.set_boundary_by_hand(boundary=current.start, finished=False)
        self._play()

    def _play(self) -> None:
        self.playing, self.paused = True, False
        self._speak_current()

    def _speak_current(self) -> None:
        sentence = self.current
        if not self.playing or self.paused or sentence is None or self.speaker is None:
            return
        self._show_on_page(sentence)
        self._utterance += 1
        self._say_state()
        self.sentenceStarted.emit(sentence)
        self.speaker.say(sentence.text, self._utterance)

    def _show_on_page(self, sentence: SpokenSentence) -> None:
        """Turn to the sentence: page by page when it is just ahead, as a page turn would (both
        pages of a spread); straight to it when it is elsewhere."""
        view = self.reader.epub_view
        turns = 0
        while sentence.start >= view.current_end() and turns < 3:
            if not view.next_page(navigation=Navigation.VOICE):
                break
            turns += 1
        if not view.current_start() <= sentence.start < view.current_end():
            view.go_to(sentence.start, navigation=Navigation.VOICE)
        view.update()

    def _finished(self, utterance: int) -> None:
        if self.reply is not None:
            if utterance == self._utterance:
                self.reply.pop(0)
                if not self.reply:
                    self.stop()
                elif self.paused:
                    self._between = True
                else:
                    self._say_reply()
            return
        if utterance != self._utterance or self.current is None or self.cursor is None:
            return  # a sentence skipped or stopped: not heard in full
        heard, before = self.current, self._end_before()
        following = self.cursor.next()
        end = heard.end if following is not None or self.reader.book is None else (
            self.reader.book.end_locator())  # the last sentence heard finishes the book
        # Heard in full: it reads on from the boundary only if the sentence before it was read
        # (a sentence skipped with Next was not heard, so nothing after it counts).
        self.reader.listened(heard.start, end, before)
        self.current = following
        if following is None:
            self.stop()
            self.bar.say("Read aloud reached the end of the book.")
            return
        if self.paused:
            self._between = True  # it ended as Pause came: Resume begins the next one
        elif heard.heading:
            self._next_timer.start(HEADING_PAUSE_MS)
        else:
            self._speak_current()

    def _failed(self, utterance: int, reason: str) -> None:
        if utterance == self._utterance:
            self.stop()
            self.bar.say(f"Read aloud stopped: {reason}")

    def _skip(self, *, forward: bool) -> None:
        if not self.playing or self.reply is not None or self.cursor is None or (
                self.speaker is None):
            return
        self._next_timer.stop()
        self.speaker.stop()
        moved = self.cursor.next() if forward else self.cursor.previous()
        if moved is None:
            self.stop()
            self.bar.say("Read aloud reached the end of the book.")
            return
        self.current = moved
        self.paused = self._between = False
        self._speak_current()

    def _end_before(self) -> Locator | None:
        before = self.cursor.before() if self.cursor is not None else None
        return before.end if before is not None else None

    def _say_state(self) -> None:
        speed = "normal speed" if self.rate == 0 else f"speed {self.rate:+.1f}"
        self.bar.say(f"Reading aloud · {speed}")

    def _paint(self, painter: QPainter, doc: SectionDocument) -> None:
        sentence = self.current
        if self.playing and sentence is not None:
            marks = (Mark(sentence.start, sentence.end, strong=True),)
            paint_marks(painter, doc, marks, self.reader.epub_view.shown_pages())


def install_read_aloud(
    window: AidsHost, *, speaker_factory: SpeakerFactory = find_speaker
) -> ReadAloud:
    """Read aloud's actions in the Go menu and the toolbar, its word in the status bar."""
    bar = ReadAloudBar()
    bar.setObjectName("readAloudBar")
    window.statusBar().addPermanentWidget(bar)
    reader = window.reader
    aloud = ReadAloud(reader, bar, speaker_factory=speaker_factory, settings=window.settings,
                      parent=reader)
    window.menuBar().window().installEventFilter(aloud)
    menu = QMenu("Read &Aloud", window.menuBar())
    menu.setObjectName("readAloudMenu")
    rows: list[tuple[str, str, Callable[[], None], str]] = [
        ("actionReadAloud", "&Read Aloud / Pause", aloud.play_pause, "Ctrl+Shift+R"),
        ("actionReadAloudNext", "&Next Sentence", aloud.next_sentence, "Ctrl+Shift+Right"),
        ("actionReadAloudPrevious", "&Previous Sentence", aloud.previous_sentence,
         "Ctrl+Shift+Left"),
        ("actionReadAloudFaster", "&Faster", aloud.faster, "Ctrl+Shift+Up"),
        ("actionReadAloudSlower", "&Slower", aloud.slower, "Ctrl+Shift+Down"),
        ("actionReadAloudStop", "S&top Reading Aloud", aloud.stop, ""),
    ]
    for name, text, slot, keys in rows:
        action = QAction(text, window.menuBar())
        action.setObjectName(name)
        if keys:
            action.setShortcut(QKeySequence(keys))
            action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        action.triggered.connect(lambda _=False, slot=slot: slot())
        window.addAction(action)
        menu.addAction(action)
    voices = menu.addMenu("&Voice")
    voices.setObjectName("readAloudVoices")
    voices.aboutToShow.connect(lambda: _fill_voices(voices, aloud))
    go = window.menuBar().findChild(QMenu, "goMenu")
    if go is not None:
        go.addSeparator()
        go.addMenu(menu)
    toolbar = window.menuBar().window().findChild(QToolBar, "mainToolbar")
    play = menu.actions()[0]
    play.setToolTip("Read aloud from the first sentence on the page, or pause (Ctrl+Shift+R)")
    if toolbar is not None:
        toolbar.addAction(play)
    for dock in window.menuBar().window().findChildren(ConversationDock):
        install_reply_reading(dock, aloud)  # the assistant's and the characters'
    return aloud


def _fill_voices(menu: QMenu, aloud: ReadAloud) -> None:
    menu.clear()
    if aloud.speaker is None and not aloud.ensure_speaker():
        menu.addAction(aloud.no_speech.reason if aloud.no_speech else "No voices").setEnabled(False)
        return
    assert aloud.speaker is not None
    for voice in sorted(aloud.speaker.voices(), key=lambda v: (v.language, v.name)):
        action = menu.addAction(f"{voice.name} ({voice.language})")
        action.triggered.connect(lambda _=False, name=voice.name: aloud.set_voice(name))
    if not menu.actions():
        menu.addAction("The speech engine lists no voices").setEnabled(False)



def reply_to_speak(message: Message) -> str:
    """A reply's text without the sentences the spoiler check veiled (never said, not even as a
    placeholder)."""
    veils = message.check.veiled if message.check is not None else ()
    pieces, position = [], 0
    for start, end in veils:
        pieces.append(message.text[position:start])
        position = end
    pieces.append(message.text[position:])
    return " ".join(p.strip() for p in pieces if p.strip())


def install_reply_reading(dock: ConversationDock, aloud: ReadAloud) -> None:
    """"Read Last Reply Aloud" in the transcript's context menu."""
    transcript = dock.transcript
    transcript.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)

    def show_menu(point: QPoint) -> None:
        menu = reply_menu(dock, aloud)
        menu.exec(transcript.mapToGlobal(point))
        menu.deleteLater()

    transcript.customContextMenuRequested.connect(show_menu)


def reply_menu(dock: ConversationDock, aloud: ReadAloud) -> QMenu:
    menu = dock.transcript.createStandardContextMenu()
    menu.addSeparator()
    replies = dock.shown_replies()
    action = menu.addAction("Read Last Reply Aloud")
    action.setObjectName("actionReadReplyAloud")
    action.setEnabled(bool(replies))
    if replies:
        last = replies[-1]
        action.triggered.connect(lambda: aloud.read_reply(last))
    return menu

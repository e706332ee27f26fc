"""Read aloud: the book spoken sentence by sentence from the first one on screen (or a selection),
the spoken sentence marked on the page, pages turned as the voice goes on, and every sentence
heard in full counted as read (`follow_listener` in books/shelf/reading.py, by the reader page)
and as listened (listening_log.py). A list of sentences is read the same way: a reply
(replies.py) or a comic's words in panel order (comic_pages.py)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QMessageBox

from reader_app.books.model import Book, Locator
from reader_app.books.shelf.reading import Navigation
from reader_app.books.text.segment import split_sentences
from reader_app.books.text.spoken import SpokenCursor, SpokenSentence
from reader_app.settings import SettingsStore
from reader_app.ui.page.document import SectionDocument
from reader_app.ui.read_aloud.bar import ReadAloudBar
from reader_app.ui.read_aloud.comic_pages import PageReader, ocr_page_reader, stream_pages
from reader_app.ui.read_aloud.listening_log import ListeningLog
from reader_app.ui.read_aloud.speech import NoSpeech, Speaker, find_speaker
from reader_app.ui.reader.page_marks import Mark, paint_marks
from reader_app.ui.reader.reader_page import ReaderPage
from reader_app.ui.workers import Workers

if TYPE_CHECKING:  # numpy comes with it: loaded on the worker that reads a comic
    from reader_app.comics.text import PageText

HEADING_PAUSE_MS = 700  # the breath after a heading, before the text under it
RATE_STEP = 0.1
SpeakerFactory = Callable[[QObject], "Speaker | NoSpeech"]
COMIC_LANE = "read-aloud-comic"


@dataclass(frozen=True, slots=True)
class Queued:
    """A sentence said from a list rather than from the book: a reply's, or a comic page's."""

    text: str
    page: int | None = None  # the comic page it is on, turned to while it is said


class ReadAloud(QObject):
    """Plays the open book aloud through a `Speaker`; the reader page keeps the boundary."""

    sentenceStarted = Signal(object)  # the SpokenSentence now being said
    queuedStarted = Signal(object)  # the Queued sentence now being said (a reply, a comic)
    stopped = Signal()

    def __init__(
        self,
        reader: ReaderPage,
        bar: ReadAloudBar,
        *,
        speaker_factory: SpeakerFactory = find_speaker,
        settings: SettingsStore | None = None,
        workers: Workers | None = None,
        read_comic_pages: PageReader | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.workers = workers
        self.read_comic_pages = read_comic_pages or ocr_page_reader(reader.library.home)
        self.log = ListeningLog(reader, parent=self)
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
        # A list being read (a reply, a comic's words): the sentences still to say, the first
        # in the voice's hands; `queue_open` while more may come (comic pages still being read).
        self.queue: list[Queued] | None = None
        self.queue_kind = ""  # "reply" or "comic"
        self.queue_open = False
        self._queue_speaking = False
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
        if not self.ensure_speaker():
            return
        if book.format == "cbz":
            self._start_comic(book)
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
            self.log.paused()
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
                self.log.resumed()
                self.speaker.resume()
            if self._between:
                self._between = False
                if self.queue is not None:
                    self._say_queued()
                else:
                    self._speak_current()
            elif self.queue is not None and not self._queue_speaking:
                self._say_queued()  # paused while the next comic page was being read
            self._say_state()

    def stop(self) -> None:
        """Stop speaking; the place marked on the page goes."""
        self._next_timer.stop()
        was_playing = self.playing
        self.playing = self.paused = self._between = self._speaker_paused = False
        if self.speaker is not None:
            self.speaker.stop()
        if self.workers is not None:
            self.workers.drop(COMIC_LANE)
        self.log.interrupted()
        self.log.write()
        self.current = None
        self.queue, self.queue_kind, self.queue_open, self._queue_speaking = None, "", False, False
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

    def read_sentences(self, sentences: list[str], *, kind: str = "reply") -> None:
        """Read a list of sentences aloud (a reply, without its veiled sentences: see
        replies.py); the page and the boundary are not touched."""
        self.stop()
        if not sentences:
            self.bar.say("Nothing in this reply can be read aloud.")
            return
        if not self.ensure_speaker():
            return
        self.queue, self.queue_kind = [Queued(text) for text in sentences], kind
        self.playing, self.paused = True, False
        self._say_queued()

    def _start_comic(self, book: Book) -> None:
        """A comic's words in panel order, page by page from the one on screen, read (or found in
        the OCR cache) by a worker just ahead of the voice; the pages turn as it goes."""
        if self.workers is None:
            self.bar.say("Comics cannot be read aloud here: no worker to read their pages.")
            return
        first = self.reader.comic_view.current_start().section
        self.queue, self.queue_kind, self.queue_open = [], "comic", True
        self.playing, self.paused = True, False
        self.bar.say("Reading the words on the page…")
        self.workers.submit(
            COMIC_LANE,
            stream_pages(self.read_comic_pages, book, first),
            on_progress=self._comic_page,
            on_done=lambda _none: self._comic_pages_done(),
            on_error=lambda error: self._failed(self._utterance, f"the page could not be read "
                                                f"({error})"),
        )

    def _comic_page(self, page: PageText) -> None:
        if self.queue is None or self.queue_kind != "comic":
            return
        for block in page.blocks:
            said = (block.text[a:b].strip() for a, b in split_sentences(block.text))
            # "…" or "?!" alone in a bubble: nothing a voice can say.
            self.queue += [Queued(text, page.page) for text in said
                           if any(ch.isalnum() for ch in text)]
        if not self._queue_speaking:
            self._say_queued()

    def _comic_pages_done(self) -> None:
        self.queue_open = False
        if self.queue is not None and not self.queue and not self._queue_speaking:
            self._queue_ended()

    def _queue_ended(self) -> None:
        comic = self.queue_kind == "comic"
        self.stop()
        if comic:
            self.bar.say("Read aloud reached the end of the comic.")

    def _say_queued(self) -> None:
        if self.speaker is None or self.paused or self.queue is None:
            return
        if not self.queue:
            if not self.queue_open:
                self._queue_ended()
            else:
                self.bar.say("Reading the words on the next page…")
            return
        item = self.queue[0]
        if item.page is not None:
            view = self.reader.comic_view
            if item.page not in view.current_pages():
                view.go_to(Locator(item.page, 0, 0), navigation=Navigation.VOICE)
        self._utterance += 1
        self._queue_speaking = True
        self.bar.say("Reading the reply aloud" if self.queue_kind == "reply" else (
            f"Reading page {item.page + 1} aloud" if item.page is not None else "Reading aloud"))
        self.log.began()
        self.queuedStarted.emit(item)
        self.speaker.say(item.text, self._utterance)

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
        self.log.book_changed(book)
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
        self.log.began()
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
        if self.queue is not None:
            if utterance == self._utterance and self.queue:
                done = self.queue.pop(0)
                self._queue_speaking = False
                if self.queue_kind == "comic":
                    self.log.heard_in_full(done.text)  # the book's words: listened
                if self.paused:
                    self._between = True
                else:
                    self._say_queued()
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
        self.log.heard_in_full(heard.text)
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
        if not self.playing or self.queue is not None or self.cursor is None or (
                self.speaker is None):
            return
        self._next_timer.stop()
        self.speaker.stop()
        self.log.interrupted()
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

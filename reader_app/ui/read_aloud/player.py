"""Read aloud's player: one voice over a sentence source (sources.py) that it asks for what comes
next: the book from the first sentence on screen (or a selection), a reply (replies.py), or a
comic's words in panel order (read on a worker, comic_pages.py). A book's sentence is marked on
the page, the pages turn forward as the voice goes on (never back: a page turned or a jump by the
reader takes the voice to the page shown instead), and heard in full it counts as read
(`follow_listener` in books/shelf/reading.py, by the reader page); the book's words, the comic's
too, count as listened (listening_log.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, QTimer, Signal
from PySide6.QtGui import QPainter

from reader_app.books.model import Book
from reader_app.books.shelf.reading import Navigation
from reader_app.books.text.spoken import SpokenSentence
from reader_app.settings import SettingsStore
from reader_app.ui.page.document import SectionDocument
from reader_app.ui.read_aloud.bar import ReadAloudBar, speed_words
from reader_app.ui.read_aloud.comic_pages import PageReader, ocr_page_reader, stream_pages
from reader_app.ui.read_aloud.following import in_sight, mark_spoken, outline_balloon, turn_to
from reader_app.ui.read_aloud.listening_log import ListeningLog
from reader_app.ui.read_aloud.sources import (
    BookSource,
    ComicSource,
    Queued,
    ReplySource,
    Said,
    SentenceList,
    SentenceSource,
)
from reader_app.ui.read_aloud.speech import Speaker, find_speaker
from reader_app.ui.read_aloud.voice import ReaderVoice, SpeakerFactory
from reader_app.ui.reader.page_view import PageShown
from reader_app.ui.reader.reader_page import ReaderPage
from reader_app.ui.translation import said
from reader_app.ui.workers import Workers

if TYPE_CHECKING:  # numpy comes with it: loaded on the worker that reads a comic
    from reader_app.comics.text import PageText

HEADING_PAUSE_MS = 700  # the breath after a heading, before the text under it
RATE_STEP = 0.1
COMIC_LANE = "read-aloud-comic"
TEXT_LANE = "read-aloud-text"  # the book's sentences split on a worker, never on the UI thread
# The reader's own moves, which the voice follows to the page shown (a relayout keeps its place).
READER_MOVES = frozenset({Navigation.TURN_FORWARD, Navigation.TURN_BACK, Navigation.JUMP})


class ReadAloud(QObject):
    """Plays a sentence source aloud through a `Speaker`; the reader page keeps the boundary."""

    sentenceStarted = Signal(object)  # the book's SpokenSentence now being said
    queuedStarted = Signal(object)  # the Queued sentence now being said (a reply, a comic)
    stopped = Signal()
    stateChanged = Signal()  # began, paused, resumed or stopped reading

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
        self.reader = reader
        self.bar = bar
        self.voice = ReaderVoice(bar, factory=speaker_factory, settings=settings,
                                 finished=self._finished, failed=self._failed,
                                 window=reader.window, parent=self)
        self.source: SentenceSource | None = None  # what is being read
        # The sentence in the voice's hands, or the next to say after a pause; None while a
        # comic's next page is still being read.
        self.current: Said | None = None
        self.playing = False
        self.paused = False
        self._utterance = 0
        self._between = False  # paused after one sentence, before the next was begun
        self._speaker_paused = False
        # Paused, then the reader moved elsewhere: Resume begins at the page shown then.
        self._resume_from_page = False
        self._turning = False  # the voice is turning the page itself
        self.voice.busy = lambda: self.playing or self.source is not None
        self.voice.changed.connect(self._voice_changed)
        self._next_timer = QTimer(self)
        self._next_timer.setSingleShot(True)
        self._next_timer.timeout.connect(self._speak_current)
        reader.epub_view.underlays.append(self._paint)
        reader.comic_view.overlays.append(self._paint_comic)
        reader.bookChanged.connect(self._book_changed)
        reader.positionChanged.connect(self._reader_moved)
        bar.count_button.clicked.connect(lambda: self._answer_ahead(count=True))
        bar.just_listen_button.clicked.connect(lambda: self._answer_ahead(count=False))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Close:
            self.stop()  # the window closing silences the voice (and ends its writes)
        return False

    @property
    def speaker(self) -> Speaker | None:
        return self.voice.speaker

    def ensure_speaker(self) -> bool:
        """Find the voice the first time it is needed; False (and the reason shown) if none."""
        return self.voice.ensure()

    @property
    def queue(self) -> tuple[Queued, ...] | None:
        """What a reply or a comic still has to say, the sentence in hand first (None when it
        is not a list being read)."""
        source = self.source
        if not isinstance(source, SentenceList):
            return None
        in_hand = (self.current,) if isinstance(self.current, Queued) else ()
        return in_hand + source.pending

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
            self.bar.say(self.tr("Open a book to read it aloud."))
            return
        if not self.ensure_speaker():
            return
        if book.is_comic:
            self._start_comic(book)
            return
        view = self.reader.epub_view
        chosen = view.selection_range()
        source = BookSource(book, chosen[0] if chosen is not None else view.current_start())
        self.source = source
        if self.workers is None or not source.costly_to_begin():
            self._book_ready(source, source.next())
            return
        self.bar.say(self.tr("Preparing the text…"))
        self.workers.submit(TEXT_LANE, lambda _job: source.next(),
                            on_done=lambda first: self._book_ready(source, first),
                            on_error=lambda error: self._failed(self._utterance, self.tr(
                                "the text could not be prepared ({0})").format(said(error))))

    def _book_ready(self, source: BookSource, first: SpokenSentence | None) -> None:
        """The first sentence found (its chapter split on a worker): begin, or say why not."""
        if self.source is not source:
            return  # stopped, or started again, meanwhile
        if first is None:
            self.source = None
            self.bar.say(
                self.tr("Nothing is left to read aloud here: this is the end of the book."))
            return
        self.current = first
        self._prepare_ahead(source)
        update = self.reader.listening_update(first.start, first.end, source.end_before())
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
            self.bar.say(self.tr("Paused"))
            self.stateChanged.emit()

    def resume(self) -> None:
        if self.playing and self.paused and self._resume_from_page:
            self._silence()
            self.start()  # from the page shown, asked first where that reads ahead
        elif self.playing and self.paused and self.speaker is not None:
            self.paused = False
            if self._speaker_paused:
                # Also when the sentence ended as Pause came: an engine may hold what it is
                # given next until it is resumed (speech-dispatcher does).
                self._speaker_paused = False
                self.log.resumed()
                self.speaker.resume()
            if self._between or self.current is None:
                # Paused between two sentences, or while a comic's next page was being read.
                self._between = False
                self._speak_current()
            self._say_state()
            self.stateChanged.emit()

    def stop(self) -> None:
        """Stop speaking; the place marked on the page goes."""
        was_playing = self.playing
        self._silence()
        self.log.write()
        if was_playing:
            self.bar.say("")
            self.stopped.emit()
        else:
            self.bar.setVisible(bool(self.bar.label.text()))

    def _silence(self) -> None:
        """Nothing said, nothing in hand, nothing being prepared, nothing asked."""
        self._next_timer.stop()
        self.playing = self.paused = self._between = self._speaker_paused = False
        self._resume_from_page = False
        if self.speaker is not None:
            self.speaker.stop()
        if self.workers is not None:
            self.workers.drop(COMIC_LANE)
            self.workers.drop(TEXT_LANE)
        self.log.interrupted()
        self.source = self.current = None
        self.bar.question.hide()
        self.reader.view.update()
        self.stateChanged.emit()

    def _reader_moved(self, shown: PageShown) -> None:
        """The reader turned the page or jumped (contents, Go To, a link, a search hit): the
        voice goes with them, to the first sentence of the page now shown, asking first where
        that reads ahead of the assistant; paused, it goes there on Resume. The sentence in
        hand still in sight (a turn onto the rest of it) is read on."""
        if shown.navigation not in READER_MOVES or self._turning:
            return
        following = isinstance(self.source, BookSource | ComicSource)
        if not (following or self._resume_from_page) or in_sight(self.reader, self.current):
            return
        if self.paused:
            self._silence()
            self.playing = self.paused = self._resume_from_page = True
            self.bar.say(self.tr("Paused"))
            self.stateChanged.emit()
        else:
            self._silence()
            self.start()

    def next_sentence(self) -> None:
        """Skip to the next sentence (the one skipped is not heard in full: it reads nothing)."""
        self._skip(forward=True)

    def previous_sentence(self) -> None:
        self._skip(forward=False)

    def faster(self) -> None:
        self.set_rate(self.voice.rate + RATE_STEP)

    def slower(self) -> None:
        self.set_rate(self.voice.rate - RATE_STEP)

    def set_rate(self, rate: float) -> None:
        self.voice.set_rate(rate)  # the status bar says the new speed (`voice.changed`)

    def set_voice(self, name: str) -> None:
        self.voice.set_voice(name)

    def _voice_changed(self) -> None:
        if self.playing and not self.paused:
            self._say_state()  # the new speed

    def read_reply(self, source: ReplySource) -> None:
        """Read a reply aloud, without its veiled sentences (see replies.py); the page and the
        boundary are not touched."""
        self.stop()
        if source.ended:
            self.bar.say(self.tr("Nothing in this reply can be read aloud."))
            return
        if not self.ensure_speaker():
            return
        self.source = source
        self._play()

    def _start_comic(self, book: Book) -> None:
        """A comic's words in panel order, page by page from the one on screen, read (or found in
        the OCR cache) by a worker just ahead of the voice; the pages turn as it goes."""
        if self.workers is None:
            self.bar.say(
                self.tr("Comics cannot be read aloud here: no worker to read their pages."))
            return
        first = self.reader.comic_view.current_start().section
        source = ComicSource()
        self.source, self.current = source, None
        self.playing, self.paused = True, False
        self.stateChanged.emit()
        self.bar.say(self.tr("Reading the words on the page…"))
        self.workers.submit(
            COMIC_LANE,
            stream_pages(self.read_comic_pages, book, first),
            on_progress=lambda page: self._comic_page(source, page),
            on_done=lambda _none: self._comic_pages_done(source),
            on_error=lambda error: self._failed(
                self._utterance, self.tr("the page could not be read ({0})").format(said(error))),
        )

    def _comic_page(self, source: ComicSource, page: PageText) -> None:
        if self.source is not source:
            return
        source.add_page(page)
        if self.current is None:  # waiting for these words
            self._speak_current()

    def _comic_pages_done(self, source: ComicSource) -> None:
        source.close()
        if self.source is source and self.current is None and source.ended:
            self._ran_out(source)

    def _ran_out(self, source: SentenceSource) -> None:
        self.stop()
        if source.end_note:
            self.bar.say(self.tr(source.end_note))

    # -- speaking ----------------------------------------------------------------------------

    def _book_changed(self, book: Book | None) -> None:
        self.stop()
        self.log.book_changed(book)
        self.voice.book_changed(book)

    def _answer_ahead(self, *, count: bool) -> None:
        self.bar.question.hide()
        state, current = self.reader.state, self.current
        if count and isinstance(current, SpokenSentence) and state is not None and (
                current.start > state.boundary):
            # Known up to where the voice begins: from there on, what is heard counts.
            self.reader.set_boundary_by_hand(boundary=current.start, finished=False)
        self._play()

    def _play(self) -> None:
        self.playing, self.paused = True, False
        self.stateChanged.emit()
        self._speak_current()

    def _speak_current(self) -> None:
        """Say the sentence in hand, or ask the source for the next one."""
        source = self.source
        if not self.playing or self.paused or source is None or self.speaker is None:
            return
        if self.current is None:
            self.current = source.next()
        sentence = self.current
        if sentence is None:
            if source.ended:
                self._ran_out(source)
            else:
                self.bar.say(self.tr(source.waiting_note))
            return
        self._turning = True
        try:
            turn_to(self.reader, sentence)
        finally:
            self._turning = False
        self._utterance += 1
        status = source.status(sentence)
        if status is None:
            self._say_state()
        else:
            self.bar.say(status)
        self.log.began()
        if isinstance(sentence, SpokenSentence):
            self.sentenceStarted.emit(sentence)
        else:
            self.queuedStarted.emit(sentence)
        self.speaker.say(sentence.text, self._utterance)

    def _finished(self, utterance: int) -> None:
        heard, source = self.current, self.source
        if utterance != self._utterance or heard is None or source is None:
            return  # a sentence skipped or stopped: not heard in full
        before = source.end_before()
        following = source.next()
        if isinstance(heard, SpokenSentence):
            if isinstance(following, SpokenSentence) and \
                    following.start.section != heard.start.section:
                self._prepare_ahead(source)  # a chapter begins: split the next one now
            book = self.reader.book
            end = heard.end if following is not None or book is None else (
                book.end_locator())  # the last sentence heard finishes the book
            # Heard in full: it reads on from the boundary only if the sentence before it was
            # read (a sentence skipped with Next was not heard, so nothing after it counts).
            self.reader.listened(heard.start, end, before)
        if source.listened:
            self.log.heard_in_full(heard.text)
        self.current = following
        if following is None and source.ended:
            self._ran_out(source)
        elif self.paused:
            self._between = True  # it ended as Pause came: Resume begins the next one
        elif isinstance(heard, SpokenSentence) and heard.heading:
            self._next_timer.start(HEADING_PAUSE_MS)
        else:
            self._speak_current()

    def _prepare_ahead(self, source: SentenceSource) -> None:
        if self.workers is not None and isinstance(source, BookSource):
            # Only a head start: a chapter it could not split is split (and reported) when
            # the voice reaches it.
            self.workers.submit(TEXT_LANE, lambda _job: source.prepare_ahead(),
                                on_done=lambda _none: None, on_error=lambda _error: None)

    def _failed(self, utterance: int, reason: str) -> None:
        if utterance == self._utterance:
            self.stop()
            self.bar.say(self.tr("Read aloud stopped: {0}").format(reason))

    def _skip(self, *, forward: bool) -> None:
        source = self.source
        if not self.playing or source is None or not source.skippable or self.speaker is None:
            return
        self._next_timer.stop()
        self.speaker.stop()
        self.log.interrupted()
        moved = source.next() if forward else source.previous()
        if moved is None:
            self._ran_out(source)
            return
        self.current = moved
        self.paused = self._between = False
        self._speak_current()

    def _say_state(self) -> None:
        self.bar.say(self.tr("Reading aloud · {0}").format(speed_words(self.voice.rate)))

    def _paint(self, painter: QPainter, doc: SectionDocument) -> None:
        if self.playing:
            mark_spoken(painter, doc, self.reader, self.current)

    def _paint_comic(self, painter: QPainter) -> None:
        if self.playing:
            outline_balloon(painter, self.reader, self.current)

"""The voice Read aloud speaks with (`ReaderVoice`): found the first time it is needed (or why
this computer has none, said in a box the reader closes), set to the book's language, in the
reader's voice and at their speed, both kept in the settings; and a voice previewed with a short
sample. The voices offered first are the book language's own (`main_voices`); an engine's
variants ("English (Great Britain)+Robosoft7") wait behind More Voices… (voice_dialog.py)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QLocale, QObject, Qt, Signal
from PySide6.QtWidgets import QMessageBox, QWidget

from reader_app.books.model import Book
from reader_app.settings import SettingsStore
from reader_app.ui.read_aloud.bar import ReadAloudBar
from reader_app.ui.read_aloud.speech import NoSpeech, Speaker, Voice, find_speaker
from reader_app.ui.translation import decimal_text

SpeakerFactory = Callable[[QObject], "Speaker | NoSpeech"]
PREVIEW_UTTERANCE = -1  # never one of the player's (they count up from 1)
MAIN_VOICES_AT_MOST = 12  # a menu a reader can take in; the rest behind More Voices…
VARIANT_MARK = "+"  # espeak's variants: "English (Great Britain)+Half-LifeAnnouncementSystem"


def is_variant(voice: Voice) -> bool:
    return VARIANT_MARK in voice.name


def main_voices(voices: tuple[Voice, ...]) -> list[Voice]:
    """The voices offered first: the language's own, not an engine's variants of them."""
    return [v for v in voices if not is_variant(v)][:MAIN_VOICES_AT_MOST]


def speed_words(rate: float) -> str:
    """"1.2×" for a rate of +0.2 (0.0 is the voice's own speed, "1.0×"); "1,2×" in German."""
    return f"{decimal_text(1 + rate, places=1)}×"


def sample_text(book: Book | None, voice: str) -> str:
    """What a voice says to be heard: the open book's title and author (in its language)."""
    if book is None or not book.metadata.title:
        return f"This is {voice.split(VARIANT_MARK)[0]}."
    author = ", ".join(book.metadata.authors) if book.metadata.authors else ""
    return f"{book.metadata.title}, {author}." if author else f"{book.metadata.title}."


class ReaderVoice(QObject):
    """The speaker, the reader's voice and speed; `changed` after either is chosen."""

    changed = Signal()

    def __init__(
        self,
        bar: ReadAloudBar,
        *,
        factory: SpeakerFactory = find_speaker,
        settings: SettingsStore | None,
        finished: Callable[[int], None],
        failed: Callable[[int, str], None],
        window: Callable[[], QWidget],
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.bar = bar
        self.factory = factory
        self.settings = settings
        self.speaker: Speaker | None = None
        self.no_speech: NoSpeech | None = None
        self.book: Book | None = None
        # Each opened book's language as decided off the UI thread (`decided`), by book id.
        self.languages: dict[str, str] = {}
        self.rate = float(settings.get("read_aloud.rate")) if settings is not None else 0.0
        self._finished, self._failed, self._window = finished, failed, window
        # Whether the player is reading (or paused): no sample then, it would cut the sentence.
        self.busy: Callable[[], bool] = lambda: False

    def use(self, factory: SpeakerFactory) -> None:
        """Speak through `factory`'s speaker from now on (made when next needed)."""
        if self.speaker is not None:
            self.speaker.stop()
        self.factory, self.speaker = factory, None

    def ensure(self, *, quiet: bool = False) -> bool:
        """Find the voice the first time it is needed; False if none, and the reason shown
        unless `quiet` (the caller shows it: the settings page)."""
        if self.speaker is None:
            made = self.factory(self)
            if isinstance(made, NoSpeech):
                self.no_speech = made
                if not quiet:
                    self.bar.say(made.reason)
                    self._tell(made.reason)
                return False
            self.speaker = made
            self.no_speech = None
            made.listen(finished=self._finished, failed=self._failed)
            made.set_rate(self.rate)
            self.book_changed(self.book)
        return True

    def book_changed(self, book: Book | None) -> None:
        """The book's language speaks; in the reader's voice where that language has it."""
        self.book = book
        if self.speaker is None:
            return
        language = "" if book is None else (
            self.languages.get(book.book_id) or book.metadata.language)
        language = language or QLocale.system().name()  # no book: the reader's own language
        if language and language != "C":
            self.speaker.set_language(language)  # its first voice speaks
        chosen = self.chosen()
        if chosen and any(v.name == chosen for v in self.speaker.voices()):
            self.speaker.set_voice(chosen)

    def decided(self, book_id: str, language: str) -> None:
        """The language a book's text was found to be in, decided where it was opened (a worker:
        ui/library/book_opening.py), so that a book tagged "en" but written in French, or not
        tagged at all, speaks French; the tag is the fallback. Given before the book is shown."""
        if language:
            self.languages[book_id] = language

    def chosen(self) -> str:
        return str(self.settings.get("read_aloud.voice")) if self.settings is not None else ""

    def current(self) -> str:
        """The name of the voice that speaks now ("" before there is a speaker)."""
        return self.speaker.current_voice() if self.speaker is not None else ""

    def voices(self) -> tuple[Voice, ...]:
        return self.speaker.voices() if self.speaker is not None else ()

    def set_rate(self, rate: float) -> None:
        self.rate = round(min(max(rate, -1.0), 1.0), 2)
        if self.settings is not None:
            self.settings.set("read_aloud.rate", self.rate)  # through the writer
        if self.speaker is not None:
            self.speaker.set_rate(self.rate)
        self.changed.emit()

    def set_voice(self, name: str) -> None:
        if self.settings is not None:
            self.settings.set("read_aloud.voice", name)
        if self.speaker is not None:
            self.speaker.set_voice(name)
        self.changed.emit()

    def can_preview(self) -> bool:
        """A sample may be said: there is a voice, and it is not reading (nor paused)."""
        return self.speaker is not None and not self.busy()

    def preview(self, name: str = "") -> None:
        """Say a short sample in voice `name` (the current one if ""): the voice speaks from now
        on, unsaved (`set_voice` keeps it; the caller puts the one before back if not)."""
        speaker = self.speaker
        if speaker is None or self.busy():
            return
        if name:
            speaker.set_voice(name)
        speaker.stop()
        speaker.say(sample_text(self.book, name or self.current()), PREVIEW_UTTERANCE)

    def restore(self, name: str) -> None:
        """Back to voice `name` after samples of others, none chosen."""
        if self.speaker is not None and name:
            self.speaker.set_voice(name)

    def _tell(self, reason: str) -> None:
        """The reason in full, with what to install, in a box the reader closes."""
        box = QMessageBox(QMessageBox.Icon.Information, self.tr("Read aloud"), reason,
                          QMessageBox.StandardButton.Ok, self._window())
        box.setObjectName("readAloudNoVoice")
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()

"""A scripted voice behind Read aloud's `Speaker` interface: each text takes a fixed time on a Qt
timer, so tests are deterministic with no audio device; it records what it said and when."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QElapsedTimer, QObject, QTimer

from reader_app.ui.read_aloud.speech import Voice, language_of


class ScriptedSpeaker(QObject):
    def __init__(
        self,
        parent: QObject | None = None,
        *,
        ms_per_text: int = 20,
        fail_on: str | None = None,
        late_pause: bool = False,
        voices: tuple[Voice, ...] = (Voice("Alba", "en"), Voice("Amélie", "fr")),
    ) -> None:
        super().__init__(parent)
        self.ms_per_text = ms_per_text
        self.fail_on = fail_on  # a text containing this fails instead of finishing
        # As speech-dispatcher on a fast sink: Pause lets the sentence in hand finish, and what
        # is said next waits for Resume.
        self.late_pause = late_pause
        self._held = False
        self._voices = voices
        self.voice = ""
        self.language = ""
        self.rate = 0.0
        self.said: list[str] = []  # every text begun
        self.heard: list[str] = []  # every text said in full
        self.events: list[str] = []  # say / pause / resume / stop, in order
        self._utterance: int | None = None
        self._text = ""
        self._left = 0
        self._clock = QElapsedTimer()
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._done)
        self._finished: Callable[[int], None] = lambda _u: None
        self._failed: Callable[[int, str], None] = lambda _u, _r: None

    @property
    def speaking(self) -> str | None:
        return self._text if self._utterance is not None and self._timer.isActive() else None

    def listen(
        self, *, finished: Callable[[int], None], failed: Callable[[int, str], None]
    ) -> None:
        self._finished, self._failed = finished, failed

    def say(self, text: str, utterance: int) -> None:
        self.events.append(f"say {text}")
        self.said.append(text)
        self._utterance, self._text, self._left = utterance, text, self.ms_per_text
        if self._held:
            return  # begun on Resume
        self._clock.start()
        self._timer.start(self._left)

    def pause(self) -> None:
        self.events.append("pause")
        if self.late_pause:
            self._held = True
        elif self._timer.isActive():
            self._left = max(self._left - self._clock.elapsed(), 1)
            self._timer.stop()

    def resume(self) -> None:
        self.events.append("resume")
        self._held = False
        if self._utterance is not None and not self._timer.isActive():
            self._clock.start()
            self._timer.start(self._left)

    def stop(self) -> None:
        self.events.append("stop")
        self._timer.stop()
        self._held = False
        self._utterance = None

    def set_rate(self, rate: float) -> None:
        self.rate = rate

    def set_language(self, language: str) -> None:
        self.language = language
        listed = self.voices()
        self.voice = listed[0].name if listed else ""

    def voices(self) -> tuple[Voice, ...]:
        wanted = language_of(self.language)
        return tuple(v for v in self._voices if not wanted or v.language == wanted)

    def set_voice(self, name: str) -> None:
        self.voice = name

    def current_voice(self) -> str:
        return self.voice

    def _done(self) -> None:
        utterance, self._utterance = self._utterance, None
        if utterance is None:
            return
        if self.fail_on is not None and self.fail_on in self._text:
            self._failed(utterance, "the scripted voice was told to fail")
            return
        self.heard.append(self._text)
        self._finished(utterance)

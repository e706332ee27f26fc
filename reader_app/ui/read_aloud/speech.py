"""The voice behind Read aloud: one small interface (`Speaker`), Qt's text-to-speech behind it,
and a plain reason, with what to install, when this computer has no speech engine."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from PySide6.QtCore import QObject

from reader_app.ui.translation import translate


@dataclass(frozen=True, slots=True)
class Voice:
    name: str
    language: str  # "en", "fr", …: the voice's locale's language


@dataclass(frozen=True, slots=True)
class NoSpeech:
    """Why Read aloud cannot speak here, said so the reader can act on it."""

    reason: str


class Speaker(Protocol):
    """What Read aloud needs of a voice. One sentence at a time: `say` a text with the id the
    caller gave it; when it has been said in full, `finished(utterance)` is called, and if the
    engine gave up, `failed(utterance, reason)`. A stopped utterance reports nothing."""

    def listen(
        self, *, finished: Callable[[int], None], failed: Callable[[int, str], None]
    ) -> None: ...
    def say(self, text: str, utterance: int) -> None: ...
    def pause(self) -> None: ...
    def resume(self) -> None: ...
    def stop(self) -> None: ...
    def set_rate(self, rate: float) -> None:
        """-1.0 (slowest) to 1.0 (fastest); 0.0 is the voice's normal speed."""
    def set_language(self, language: str) -> None:
        """Speak `language` ("en", "fr-CA"; the book's): its voices are the ones listed."""
    def voices(self) -> tuple[Voice, ...]:
        """The voices of the language set (all its regions'), the engine's order."""
    def set_voice(self, name: str) -> None: ...
    def current_voice(self) -> str:
        """The name of the voice that speaks now."""


def install_hint(platform: str = sys.platform) -> str:
    """What to install for a voice on this kind of computer."""
    if platform.startswith("linux"):
        return translate("Speech", "Install speech-dispatcher with espeak-ng (sudo apt install "
                         "speech-dispatcher espeak-ng) and Qt's speech module (pip install "
                         "'pagemate[speech]').")
    return translate("Speech", "Install Qt's speech module (pip install 'pagemate[speech]'), "
                     "which speaks with the system's own voices.")


def find_speaker(
    parent: QObject | None = None,
    *,
    import_module: Callable[[str], Any] = importlib.import_module,
    platform: str = sys.platform,
) -> Speaker | NoSpeech:
    """Qt's text-to-speech on the system's engine, or why there is none."""
    try:
        module = import_module("PySide6.QtTextToSpeech")
    except ImportError:
        return NoSpeech(translate("Speech", "Read aloud needs Qt's speech module (PySide6-Addons), "
                                  "which is not installed.") + " " + install_hint(platform))
    engines = [e for e in module.QTextToSpeech.availableEngines() if e != "mock"]
    if not engines:
        return NoSpeech(translate("Speech", "No speech engine was found on this computer.") + " "
                        + install_hint(platform))
    engine = module.QTextToSpeech(parent)
    if engine.state() == module.QTextToSpeech.State.Error:
        said = engine.errorString() or translate("Speech", "the speech engine did not start")
        # Let go of it: each Play or Voice menu asks again, and each engine kept would hold its
        # own connection to the speech server.
        engine.setParent(None)
        engine.deleteLater()
        return NoSpeech(translate("Speech", "The speech engine could not start ({0}).").format(said)
                        + " " + install_hint(platform))
    return QtSpeaker(engine, module)


def language_of(tag: str) -> str:
    """"en" of "en-GB", "en_GB" or "EN"."""
    return tag.replace("_", "-").split("-")[0].lower()


class QtSpeaker(QObject):
    """`Speaker` over QTextToSpeech: speech-dispatcher or flite on Linux, SAPI/WinRT on Windows,
    AVSpeechSynthesizer on macOS."""

    def __init__(self, engine: Any, module: Any) -> None:
        super().__init__(engine.parent())
        self._engine = engine
        self._state = module.QTextToSpeech.State
        self._utterance: int | None = None
        self._text = ""
        self._held: tuple[int, str] | None = None  # the sentence paused, said again on Resume
        self._begun = False  # the engine has started on the utterance (a late Ready is not its end)
        self._finished: Callable[[int], None] = lambda _u: None
        self._failed: Callable[[int, str], None] = lambda _u, _r: None
        engine.stateChanged.connect(self._state_changed)
        engine.errorOccurred.connect(self._error)

    @property
    def engine(self) -> Any:
        """Qt's QTextToSpeech underneath (its states are when the sound begins and ends: the
        benchmark times them)."""
        return self._engine

    def listen(
        self, *, finished: Callable[[int], None], failed: Callable[[int, str], None]
    ) -> None:
        self._finished, self._failed = finished, failed

    def say(self, text: str, utterance: int) -> None:
        self._utterance, self._text, self._begun = utterance, text, False
        self._held = None
        self._engine.say(text)

    def pause(self) -> None:
        # Stopped and said again on Resume, from the sentence's start: speech-dispatcher, paused
        # mid-sentence and resumed, never reports the sentence's end, so Read aloud would wait
        # for it for ever; and a listener who paused hears the sentence whole.
        if self._utterance is not None:
            held = (self._utterance, self._text)
            self.stop()
            self._held = held

    def resume(self) -> None:
        if self._held is not None:
            utterance, text = self._held
            self.say(text, utterance)

    def stop(self) -> None:
        self._utterance = None  # what the engine reports of it now is not news
        self._held = None
        self._engine.stop()

    def set_rate(self, rate: float) -> None:
        self._engine.setRate(min(max(rate, -1.0), 1.0))

    def set_language(self, language: str) -> None:
        wanted = language_of(language)
        if not wanted or language_of(self._engine.locale().name()) == wanted:
            return
        # The region the book names first ("en-GB"), else the first of its language.
        exact = language.replace("-", "_")
        locales = [loc for loc in self._engine.availableLocales()
                   if language_of(loc.name()) == wanted]
        first = locales[0] if locales else None
        best = next((loc for loc in locales if loc.name() == exact), first)
        if best is not None:
            self._engine.setLocale(best)

    def voices(self) -> tuple[Voice, ...]:
        language = language_of(self._engine.locale().name())
        return tuple(Voice(v.name(), language) for v in self._language_voices())

    def set_voice(self, name: str) -> None:
        for voice in self._language_voices():
            if voice.name() == name:
                if voice.locale() != self._engine.locale():
                    self._engine.setLocale(voice.locale())  # "English (America)" for en-GB
                self._engine.setVoice(voice)
                return

    def current_voice(self) -> str:
        return str(self._engine.voice().name())

    def _language_voices(self) -> list[Any]:
        """The voices of every region of the language spoken, the book's region's first."""
        here = self._engine.locale()
        every = getattr(self._engine, "allVoices", None)  # Qt 6.6 and later
        if every is None:
            return list(self._engine.availableVoices())
        language = language_of(here.name())
        regions = [here, *(loc for loc in self._engine.availableLocales()
                           if loc != here and language_of(loc.name()) == language)]
        found: dict[str, Any] = {}
        for region in regions:
            for voice in every(region):
                found.setdefault(voice.name(), voice)
        return list(found.values())

    def _state_changed(self, state: Any) -> None:
        if state in (self._state.Speaking, self._state.Synthesizing):
            self._begun = True
        elif state == self._state.Ready and self._begun and self._utterance is not None:
            done, self._utterance = self._utterance, None
            self._finished(done)

    def _error(self, _reason: Any, text: str) -> None:
        if self._utterance is not None:
            failed, self._utterance = self._utterance, None
            self._failed(failed, text or translate("Speech", "the speech engine failed"))

"""The line under a reply while the model reads its prompt: how many passages, how much the server
has read where it says, and a countdown from its measured speed ("Reading 6 passages… about 40 s
on this computer"), gone with the first word."""

from __future__ import annotations

import math
import time

from PySide6.QtCore import QLocale, QTimer
from PySide6.QtWidgets import QLabel, QWidget

from reader_app.rag.assistant.answer_driver import AnswerWaiting, PromptRead
from reader_app.ui.translation import Plurals, translate

LATE_GRACE_S = 1.0  # past the expected wait by this much, the wait is "longer than expected"


class WaitingLine(QLabel):
    """Hidden until `start`; counts down each second; `stop` hides it."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setWordWrap(True)
        self.hide()
        self._waiting: AnswerWaiting | None = None  # the model is reading; no word yet
        self._read: PromptRead | None = None  # how far, where the server says
        self._started = 0.0
        self._countdown = QTimer(self)
        self._countdown.setInterval(1000)
        self._countdown.timeout.connect(self._tell)

    def start(self, waiting: AnswerWaiting) -> None:
        self._waiting = waiting
        self._read = None
        self._started = time.monotonic()
        self._tell()
        self.show()
        self._countdown.start()

    def read(self, read: PromptRead) -> None:
        self._read = read
        self._tell()

    def stop(self) -> None:
        if self._waiting is None:
            return
        self._waiting = None
        self._countdown.stop()
        self.hide()

    def _tell(self) -> None:
        if self._waiting is not None:
            self.setText(wait_text(self._waiting, time.monotonic() - self._started, self._read))


def wait_text(waiting: AnswerWaiting, elapsed: float, read: PromptRead | None = None) -> str:
    """ "Reading 6 passages… about 40 s on this computer", counting down as the model reads
    (with how much it has read, where the server says)."""
    what = Plurals().passages_read(waiting.passages)
    if read is not None and read.total:
        what += translate("WaitingLine", " {0}% read,").format(
            QLocale().toString(min(100 * read.read // read.total, 99)))
    if waiting.expected_seconds is None:
        return what.rstrip(",")
    left = waiting.expected_seconds - elapsed
    if left > -LATE_GRACE_S:  # a wait under a second is "about 1 s", not late from the start
        return translate("WaitingLine", "{0} about {1} s on this computer").format(
            what, QLocale().toString(max(math.ceil(left), 1)))
    return translate("WaitingLine", "{0} taking longer than expected; Stop gives up").format(what)

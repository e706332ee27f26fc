"""The status bar's assistant line: the preparation's words (ui/window/preparation_words.py)
joined with whether the model was last reached, honestly: an index can be ready while Ollama is
down, and then the reader is told so; a server elsewhere that nothing was sent to (no consent) is
not called unreachable; a stale banner goes once the host or the consent changes, or an answer
streams. (Where the reader is: ui/aids/place_line.py.)"""

from __future__ import annotations

from PySide6.QtCore import QLocale, QObject
from PySide6.QtWidgets import QLabel

from reader_app.settings import SettingsStore
from reader_app.translatable import QT_TRANSLATE_NOOP
from reader_app.ui.assistant.panel import AssistantPanel

READY = QT_TRANSLATE_NOOP("AssistantLine", "Assistant ready")


class AssistantLine(QObject):
    """Joins the preparation news and whether the model was last reached into one status line."""

    def __init__(
        self, *, label: QLabel, panel: AssistantPanel, settings: SettingsStore, parent: QObject
    ) -> None:
        super().__init__(parent)
        self.label = label
        self.panel = panel
        self.settings = settings
        self.server = self._current_server()
        self.preparation = ""  # what the indexing news last said
        self.indexing: int | None = None  # how much of the index is built, while it is built
        self.unreachable: str | None = None  # why the model could not be reached, if it couldn't
        self.not_sent = ""  # the host elsewhere nothing was sent to, for want of consent
        self.read_along = ""  # what the model has read along up to, once it has
        panel.modelReached.connect(self._reached)
        panel.notSent.connect(self._not_sent)
        panel.readAlong.connect(self._read_along)

    def _read_along(self, text: str) -> None:
        self.read_along = text
        self._show()

    def _current_server(self) -> tuple[str, tuple[str, ...]]:
        """The server in Settings and the hosts elsewhere the reader agreed to."""
        return (str(self.settings.get("assistant.ollama_host")),
                tuple(self.settings.get("assistant.allowed_remote_hosts")))

    def preparation_news(self, text: str, *, indexing: int | None = None) -> None:
        """The preparation's words; `indexing`: the percentage of the index built while it is
        still being built (None once it is whole, or when no index is being built)."""
        self.preparation = text
        self.indexing = indexing
        self._show()

    def settings_changed(self) -> None:
        """A new host, or consent given or taken back, is a new chance: the old "isn't
        running" or "not on this computer" no longer holds."""
        server = self._current_server()
        if server != self.server:
            self.server = server
            self._forget_unreachable()

    def _reached(self, reachable: bool, why: str) -> None:
        if reachable:
            self._forget_unreachable()
        else:
            self.unreachable, self.not_sent = why, ""
            self._show()

    def _not_sent(self, host: str, why: str) -> None:
        self.unreachable, self.not_sent = why, host
        self._show()

    def _forget_unreachable(self) -> None:
        self.unreachable, self.not_sent = None, ""
        if not self.panel.download_progress.isVisible():  # a download's banner stays
            self.panel.banner.hide()
        self._show()

    def _show(self) -> None:
        """One message: the preparation's words, or, with the model out of reach, that first
        and the index's state after it (never "Index ready" beside an index still building)."""
        text, ready = self.preparation, self.tr(READY)
        trouble = (self.tr("nothing sent to {0} without your consent").format(self.not_sent)
                   if self.not_sent else self.tr("the model can't be reached"))
        if self.unreachable and self.indexing is not None:
            text = self.tr("{0} · index {1}% built").format(
                trouble[0].upper() + trouble[1:], QLocale().toString(self.indexing))
        elif self.unreachable and text.startswith(ready):
            text = self.tr("Index ready · {0}").format(trouble)
        elif self.unreachable:
            text = trouble[0].upper() + trouble[1:]
        elif self.read_along and text.startswith(ready):
            text = f"{ready} · {self.read_along}"
        elif self.read_along and not text:
            text = self.read_along
        self.label.setText(text)
        if self.unreachable:
            self.label.setToolTip(self.unreachable)

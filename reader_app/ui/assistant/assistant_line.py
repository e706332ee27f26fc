"""The status bar's assistant line: the preparation's words (ui/window/preparation_words.py)
joined with whether the model was last reached, honestly: an index can be ready while Ollama is
down, and then the reader is told so; a stale "isn't running" banner goes once the host changes
or an answer streams. (Where the reader is: ui/aids/place_line.py.)"""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QLabel

from reader_app.settings import SettingsStore
from reader_app.ui.assistant.panel import AssistantPanel

READY = "Assistant ready"


class AssistantLine(QObject):
    """Joins the preparation news and whether the model was last reached into one status line."""

    def __init__(
        self, *, label: QLabel, panel: AssistantPanel, settings: SettingsStore, parent: QObject
    ) -> None:
        super().__init__(parent)
        self.label = label
        self.panel = panel
        self.settings = settings
        self.host = self._current_host()
        self.preparation = ""  # what the indexing news last said
        self.indexing: int | None = None  # how much of the index is built, while it is built
        self.unreachable: str | None = None  # why the model could not be reached, if it couldn't
        panel.modelReached.connect(self._reached)

    def _current_host(self) -> str:
        return str(self.settings.get("assistant.ollama_host"))

    def preparation_news(self, text: str, *, indexing: int | None = None) -> None:
        """The preparation's words; `indexing`: the percentage of the index built while it is
        still being built (None once it is whole, or when no index is being built)."""
        self.preparation = text
        self.indexing = indexing
        self._show()

    def settings_changed(self) -> None:
        """A new host is a new chance: the old "isn't running" no longer holds."""
        host = self._current_host()
        if host != self.host:
            self.host = host
            self._forget_unreachable()

    def _reached(self, reachable: bool, why: str) -> None:
        if reachable:
            self._forget_unreachable()
        else:
            self.unreachable = why
            self._show()

    def _forget_unreachable(self) -> None:
        self.unreachable = None
        if not self.panel.download_progress.isVisible():  # a download's banner stays
            self.panel.banner.hide()
        self._show()

    def _show(self) -> None:
        """One message: the preparation's words, or, with the model out of reach, that first
        and the index's state after it (never "Index ready" beside an index still building)."""
        text = self.preparation
        if self.unreachable and self.indexing is not None:
            text = f"The model can't be reached · index {self.indexing}% built"
        elif self.unreachable and text.startswith(READY):
            text = "Index ready · the model can't be reached"
        elif self.unreachable:
            text = "The model can't be reached"
        self.label.setText(text)
        if self.unreachable:
            self.label.setToolTip(self.unreachable)

"""The settings' change signal on the Qt side: the window listens to it instead of re-reading the
settings by hand after a dialog. Changes made through the store, on any thread, arrive queued on
the UI thread."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, Signal

from reader_app.settings import SettingsStore


class SettingsSignal(QObject):
    changed = Signal(str, object)  # the setting's name, its new value

    def __init__(self, store: SettingsStore, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.store = store
        self._unsubscribe = store.subscribe(self._tell)

    def _tell(self, name: str, value: Any) -> None:
        self.changed.emit(name, value)

    def close(self) -> None:
        self._unsubscribe()

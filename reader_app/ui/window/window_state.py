"""Where the window was: its size, place and dock layout, kept in the settings between sessions."""

from __future__ import annotations

from PySide6.QtCore import QByteArray
from PySide6.QtWidgets import QMainWindow

from reader_app.settings import SettingsStore

DEFAULT_SIZE = (1100, 780)


def restore_window_state(window: QMainWindow, settings: SettingsStore) -> None:
    """Once the docks are added: their layout is part of what is restored."""
    geometry = settings.get("window.geometry")
    if geometry:
        window.restoreGeometry(QByteArray.fromBase64(geometry.encode()))
    else:
        window.resize(*DEFAULT_SIZE)
    state = settings.get("window.state")
    if state:
        window.restoreState(QByteArray.fromBase64(state.encode()))


def save_window_state(window: QMainWindow, settings: SettingsStore) -> None:
    settings.set("window.geometry", bytes(window.saveGeometry().toBase64().data()).decode())
    settings.set("window.state", bytes(window.saveState().toBase64().data()).decode())

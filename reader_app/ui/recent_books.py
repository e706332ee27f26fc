"""The File › Open Recent list: the newest books first, kept in the settings."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtWidgets import QMenu

from reader_app.settings import SettingsStore

RECENT_LIMIT = 10


def add_recent(settings: SettingsStore, file: Path) -> None:
    recent = [p for p in settings.get("library.recent") if p != str(file)]
    settings.set("library.recent", [str(file), *recent][:RECENT_LIMIT])


def fill_recent_menu(
    menu: QMenu, settings: SettingsStore, open_path: Callable[[str], object]
) -> None:
    menu.clear()
    recent = settings.get("library.recent")
    for path in recent:
        action = menu.addAction(Path(path).name)
        action.setToolTip(path)
        action.triggered.connect(lambda _=False, p=path: open_path(p))
    if not recent:
        menu.addAction("No recent books").setEnabled(False)

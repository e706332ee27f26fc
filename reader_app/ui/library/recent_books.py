"""The File › Open Recent menu: the newest books first, as `book_opening` records them."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtWidgets import QMenu

from reader_app.settings import SettingsStore
from reader_app.ui.translation import translate


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
        menu.addAction(translate("RecentBooks", "No recent books")).setEnabled(False)

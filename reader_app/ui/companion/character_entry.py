"""Character chat's entry points in the window: the dock installed beside the assistant,
following the open book and its boundary; "Talk to <name>" on an X-Ray card; the assistant
panel's "Talk to…" menu, which lists the book's character conversations (with their message
counts) beside the people met so far."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Protocol

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget, QMenu

from reader_app.books.model import Locator
from reader_app.books.shelf.library import ReadingState
from reader_app.ui.assistant.dock_jobs import DockShared
from reader_app.ui.assistant.panel import AssistantPanel
from reader_app.ui.companion.character_dock import CharacterChatDock
from reader_app.ui.companion.xray_dock import XRayDock
from reader_app.ui.reader.reader_page import ReaderPage
from reader_app.ui.translation import Plurals, translate

MENU_PEOPLE = 20  # the most mentioned people met so far; X-Ray's card reaches everyone else


class ChatHost(Protocol):
    """What the dock needs of the main window (no import of it: it imports this module)."""

    home: Path
    dock_shared: DockShared
    reader: ReaderPage
    xray_dock: XRayDock
    assistant_panel: AssistantPanel
    bookOpened: Any  # Signal(Book)

    def addDockWidget(self, area: Qt.DockWidgetArea, dockwidget: QDockWidget, /) -> None: ...

    def jump_to(self, locator: Locator) -> None: ...



def install_character_chat(window: ChatHost) -> CharacterChatDock:
    """The dock in the window, following its book and boundary, with its entry points."""
    dock = CharacterChatDock(window.home, shared=window.dock_shared)  # the window adopts it
    window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
    dock.hide()
    window.bookOpened.connect(dock.set_book)
    window.reader.boundaryChanged.connect(
        lambda state: dock.refresh_scope(state if isinstance(state, ReadingState) else None))
    window.xray_dock.talkRequested.connect(dock.talk_to)
    menu = window.assistant_panel.talk_button.menu()
    menu.aboutToShow.connect(lambda: fill_talk_menu(menu, dock))
    dock.citationActivated.connect(window.jump_to)
    return dock


def fill_talk_menu(menu: QMenu, dock: CharacterChatDock) -> None:
    """Conversations first (newest first), then everyone else met so far."""
    menu.clear()
    people = dock.people
    talked = {c.character_key for c in people.conversations}
    for info in people.conversations:
        action = menu.addAction(f"{info.title} · " + Plurals().messages(info.messages))
        key, name = info.character_key, info.character_name
        if key is not None:
            action.triggered.connect(lambda _=False, k=key, n=name: dock.talk_to(k, n))
    if people.conversations:
        menu.addSeparator()
    others = [e for e in people.entries if e.key not in talked][:MENU_PEOPLE]
    for entry in others:
        action = menu.addAction(
            translate("CharacterEntry", "Talk to {0}").format(entry.name))
        action.triggered.connect(lambda _=False, e=entry: dock.talk_to(e.key, e.name))
    if menu.isEmpty():
        menu.addAction(
            translate("CharacterEntry", "Nobody met yet: people appear as you read")
        ).setEnabled(False)

"""The main window's docks: contents and search tabbed on the left, the assistant, X-Ray and
character chat tabbed on the right, each hidden until the reader asks for it."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget, QMainWindow

from reader_app.ui.aids.search_dock import SearchDock
from reader_app.ui.aids.toc import TocDock
from reader_app.ui.assistant.dock_jobs import DockShared
from reader_app.ui.assistant.panel import AssistantPanel
from reader_app.ui.companion.xray_dock import XRayDock

Tabbed = TypeVar("Tabbed", bound=QDockWidget)


@dataclass(frozen=True)
class Docks:
    toc: TocDock
    search: SearchDock
    assistant: AssistantPanel
    xray: XRayDock


def add_docks(window: QMainWindow, *, home: Path, shared: DockShared) -> Docks:
    """The docks, made and laid out in `window`; where the reader left them is restored later
    (`ui/window/window_state.py`)."""
    toc = TocDock(window)
    search = SearchDock(window)
    window.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, toc)
    window.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, search)
    window.tabifyDockWidget(toc, search)
    toc.raise_()
    search.hide()
    toc.hide()
    assistant = AssistantPanel(home, window, shared=shared)
    window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, assistant)
    assistant.hide()
    xray = XRayDock(window)
    window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, xray)
    # Tabbed with the assistant, not stacked under it: each keeps the dock's whole height, so
    # no transcript is squeezed to a few lines (character chat joins them: tab_beside).
    xray.hide()  # before it joins a tab: a shown one would set the window's minimum width
    window.tabifyDockWidget(assistant, xray)
    raise_when_shown(xray)
    raise_when_shown(assistant)
    return Docks(toc=toc, search=search, assistant=assistant, xray=xray)


def tab_beside(window: QMainWindow, dock: Tabbed, *, beside: QDockWidget) -> Tabbed:
    """`dock`, already on the right, tabbed with `beside`, brought forward whenever shown."""
    window.tabifyDockWidget(beside, dock)
    raise_when_shown(dock)
    return dock


def raise_when_shown(dock: QDockWidget) -> None:
    """The dock's menu item and key, for a dock tabbed with others: a dock behind a neighbour's
    tab is brought to the front (not closed), one in front is closed, a closed one opens in
    front."""
    action = dock.toggleViewAction()
    action.triggered.disconnect()  # Qt's own toggle closes a dock that is only behind a tab

    def asked(_checked: bool) -> None:
        if dock.isVisible() and not dock.visibleRegion().isEmpty():  # in front (Qt moves a
            dock.hide()  # dock behind a tab off the window, still "visible")
        else:
            dock.show()
            dock.raise_()
        action.setChecked(not dock.isHidden())

    action.triggered.connect(asked)

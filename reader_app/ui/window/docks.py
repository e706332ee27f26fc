"""The main window's docks: contents and search tabbed on the left, the assistant and X-Ray on the
right, each hidden until the reader asks for it."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMainWindow

from reader_app.ui.aids.search_dock import SearchDock
from reader_app.ui.aids.toc import TocDock
from reader_app.ui.assistant.dock_jobs import DockShared
from reader_app.ui.assistant.panel import AssistantPanel
from reader_app.ui.companion.xray_dock import XRayDock


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
    xray.hide()
    return Docks(toc=toc, search=search, assistant=assistant, xray=xray)

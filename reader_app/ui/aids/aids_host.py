"""What the reading aids need of the main window: its parts and a few of its slots (the aids
are typed against this, so they never import the window that installs them)."""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import Qt, SignalInstance
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDockWidget, QMenuBar, QStackedWidget, QStatusBar

from reader_app.books.model import Book, Locator
from reader_app.books.shelf.library import Library
from reader_app.settings import SettingsStore
from reader_app.store.writer import Writer
from reader_app.ui.aids.search_dock import SearchDock
from reader_app.ui.aids.toc import TocDock
from reader_app.ui.assistant.panel import AssistantPanel
from reader_app.ui.library.library_view import LibraryView
from reader_app.ui.reader.reader_page import ReaderPage
from reader_app.ui.workers import Workers


class AidsHost(Protocol):
    library: Library
    settings: SettingsStore
    writer: Writer
    tasks: Workers
    book: Book | None
    reader: ReaderPage
    stack: QStackedWidget
    library_view: LibraryView
    toc_dock: TocDock
    search_dock: SearchDock
    assistant_panel: AssistantPanel

    @property
    def bookOpened(self) -> SignalInstance: ...
    def jump_to(self, locator: Locator) -> None: ...
    def refresh_library(self) -> None: ...
    def menuBar(self) -> QMenuBar: ...
    def statusBar(self) -> QStatusBar: ...
    def addAction(self, action: QAction, /) -> None: ...
    def addDockWidget(self, area: Qt.DockWidgetArea, dock: QDockWidget, /) -> None: ...
    def tabifyDockWidget(self, first: QDockWidget, second: QDockWidget, /) -> None: ...

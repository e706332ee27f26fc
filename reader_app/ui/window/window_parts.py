"""The main window's frame: its parts (banner, library, reader, docks, status bar) and what the
frame does on its own (geometry, full screen, dropped files). What the window does with its parts
is `ui/window/main_window.py`."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QByteArray, Qt
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QLabel, QMainWindow, QStackedWidget, QVBoxLayout, QWidget

from reader_app import APP_NAME, __version__
from reader_app.books.library import Library
from reader_app.books.model import Book
from reader_app.settings import SettingsStore
from reader_app.store.writer import Writer
from reader_app.ui.aids.search_dock import SearchDock
from reader_app.ui.aids.toc import TocDock
from reader_app.ui.assistant.dock_jobs import DockShared
from reader_app.ui.assistant.panel import AssistantPanel
from reader_app.ui.companion.controller import CompanionController
from reader_app.ui.companion.previously_card import PreviouslyCard
from reader_app.ui.companion.xray_dock import XRayDock
from reader_app.ui.library.library_view import LibraryView
from reader_app.ui.page.appearance import Appearance, apply_window_theme
from reader_app.ui.reader.reader_page import ReaderPage
from reader_app.ui.window.error_banner import ErrorBanner
from reader_app.ui.window.full_screen import FullScreen
from reader_app.ui.window.save_faults import SaveNews
from reader_app.ui.window.settings_signal import SettingsSignal
from reader_app.ui.workers import Workers


class WindowParts(QMainWindow):
    """The window's widgets and docks, laid out; the frame's own behaviour."""

    def __init__(
        self,
        *,
        home: Path,
        library: Library,
        settings: SettingsStore,
        prepare_assistant: bool,
    ) -> None:
        super().__init__()
        self.setObjectName("mainWindow")
        self.setWindowTitle(APP_NAME)
        self.setAcceptDrops(True)
        self.home = home
        self.library = library
        self.settings = settings
        self.appearance = Appearance.load(settings)
        apply_window_theme(self.appearance)
        self.tasks = Workers(self, max_threads=5)  # the docks' jobs run here too
        self.book: Book | None = None
        self.prepare_assistant = prepare_assistant

        central = QWidget()
        layout = QVBoxLayout(central)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        self.error_banner = ErrorBanner()
        self.error_label = self.error_banner.label
        self.error_banner.hide()
        self.previously_card = PreviouslyCard()

        self.stack = QStackedWidget()
        self.stack.setObjectName("centralStack")
        self.library_view = LibraryView()
        # One thread owns the reading-state writes: page turns never wait for the database.
        self.save_news = SaveNews(self)  # and says when the library cannot take them
        self.writer = Writer(home, on_fault=self.save_news.fault,
                             on_recovered=self.save_news.recovered)
        self.dock_shared = DockShared(workers=self.tasks, library=library, writer=self.writer)
        self.settings_signal = SettingsSignal(settings, self)
        self.reader = ReaderPage(library, writer=self.writer)
        self.reader.builds_text = not prepare_assistant
        self.stack.addWidget(self.library_view)
        self.stack.addWidget(self.reader)
        layout.addWidget(self.stack, 1)
        # Below the page: showing or hiding them never moves the text, only its last lines.
        layout.addWidget(self.previously_card)
        layout.addWidget(self.error_banner)
        self.setCentralWidget(central)

        self.toc_dock = TocDock(self)
        self.search_dock = SearchDock(self)
        self.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, self.toc_dock)
        self.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, self.search_dock)
        self.tabifyDockWidget(self.toc_dock, self.search_dock)
        self.toc_dock.raise_()
        self.search_dock.hide()
        self.toc_dock.hide()
        self.assistant_panel = AssistantPanel(home, self, shared=self.dock_shared)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.assistant_panel)
        self.assistant_panel.hide()
        self.xray_dock = XRayDock(self)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.xray_dock)
        self.xray_dock.hide()
        self.companion = CompanionController(dock=self.xray_dock, shared=self.dock_shared,
                                             use_model=prepare_assistant, parent=self)
        self.status_position = QLabel("")
        self.status_position.setObjectName("statusPosition")
        self.status_assistant = QLabel("")
        self.status_assistant.setObjectName("statusAssistant")
        self.statusBar().addWidget(self.status_position, 1)
        self.statusBar().addPermanentWidget(self.status_assistant)
        self.full_screen = FullScreen(self)  # F11 hides the chrome; Esc leaves

    def open_path(self, path: str | Path) -> int:
        raise NotImplementedError  # the window opens books

    def raise_to_front(self) -> None:
        if self.isMinimized():
            self.showNormal()
        self.raise_()
        self.activateWindow()

    def toggle_full_screen(self) -> None:
        self.full_screen.toggle()

    def show_about(self) -> None:
        self.statusBar().showMessage(
            f"{APP_NAME} {__version__} — a reader whose companion only knows what you have read.",
            8000,
        )

    def _restore_window(self) -> None:
        geometry = self.settings.get("window.geometry")
        if geometry:
            self.restoreGeometry(QByteArray.fromBase64(geometry.encode()))
        else:
            self.resize(1100, 780)
        state = self.settings.get("window.state")
        if state:
            self.restoreState(QByteArray.fromBase64(state.encode()))

    def _save_window(self) -> None:
        self.settings.set("window.geometry", bytes(self.saveGeometry().toBase64().data()).decode())
        self.settings.set("window.state", bytes(self.saveState().toBase64().data()).decode())

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if event.mimeData().hasUrls():
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        for url in event.mimeData().urls():
            if url.isLocalFile():
                self.open_path(url.toLocalFile())
                event.acceptProposedAction()
                return

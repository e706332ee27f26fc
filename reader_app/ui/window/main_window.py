"""The main window: library and reader, menus, docks, status bar; books open off the UI thread."""

from __future__ import annotations

import logging
import sqlite3
from dataclasses import replace
from pathlib import Path
from typing import cast

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QCloseEvent, QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QFileDialog, QMainWindow, QStackedWidget, QVBoxLayout, QWidget

from reader_app import APP_NAME, __version__
from reader_app.books.model import Book, Locator
from reader_app.books.opening.file_kinds import first_book_file, open_dialog_filter
from reader_app.books.shelf.library import Library, LibraryEntry, ReadingState
from reader_app.prepare.news import PrepareNews
from reader_app.rag.scope.citations import Citation
from reader_app.settings import SettingsStore
from reader_app.store.writer import Writer
from reader_app.ui.aids.cited_passage import cited_passage_marks
from reader_app.ui.aids.find_bar import FindController
from reader_app.ui.aids.install import install_reading_aids
from reader_app.ui.assistant.assistant_line import AssistantLine
from reader_app.ui.assistant.conversation_jobs import turn_on_whole_comic
from reader_app.ui.assistant.dock_jobs import DockShared
from reader_app.ui.assistant.view import SelectionMode
from reader_app.ui.companion.character_entry import install_character_chat
from reader_app.ui.companion.controller import CompanionController
from reader_app.ui.companion.previously_card import PreviouslyCard
from reader_app.ui.library.book_opening import OpenedBook
from reader_app.ui.library.book_removal import remove_book
from reader_app.ui.library.library_view import LibraryView
from reader_app.ui.library.recent_books import fill_recent_menu
from reader_app.ui.page.appearance import Appearance, apply_window_theme
from reader_app.ui.reader.page_view import PageShown
from reader_app.ui.reader.reader_page import ReaderPage
from reader_app.ui.translation import said
from reader_app.ui.window.docks import add_docks, tab_beside
from reader_app.ui.window.error_banner import ErrorBanner
from reader_app.ui.window.full_screen import FullScreen
from reader_app.ui.window.menus import build_menus
from reader_app.ui.window.opening import BookOpening
from reader_app.ui.window.preparation import IndexingController
from reader_app.ui.window.preparation_words import preparation_words
from reader_app.ui.window.save_faults import SaveNews, settings_note
from reader_app.ui.window.settings_signal import SettingsSignal
from reader_app.ui.window.status_labels import install_status_labels
from reader_app.ui.window.window_state import restore_window_state, save_window_state
from reader_app.ui.workers import Workers

log = logging.getLogger(__name__)
BOOK_FILTER = open_dialog_filter()


class MainWindow(QMainWindow):
    """The library and the reader in one window: its parts (banner, library, reader, docks,
    status bar) and what it does with them, from opening a book to closing."""

    bookOpened = Signal(object)  # Book
    openFailed = Signal(str)  # the message shown
    assistantNews = Signal(object)  # PrepareNews

    def __init__(
        self,
        *,
        home: Path,
        library: Library,
        settings: SettingsStore,
        prepare_assistant: bool = True,
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
        self.tasks.replyFailed.connect(self.error_banner.reply_failed)
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

        docks = add_docks(self, home=home, shared=self.dock_shared)
        self.toc_dock, self.search_dock = docks.toc, docks.search
        self.assistant_panel, self.xray_dock = docks.assistant, docks.xray
        self.companion = CompanionController(dock=self.xray_dock, shared=self.dock_shared,
                                             use_model=prepare_assistant, parent=self)
        self.status_position, self.status_assistant = install_status_labels(self.statusBar())
        self.full_screen = FullScreen(self)  # F11 hides the chrome; Esc leaves

        self._closed = False
        settings.write_through(self.writer)  # settings are written by the one writer too
        self.indexing = IndexingController(home, self, writer=self.writer)
        self.indexing.news.connect(self._indexing_news)
        self.character_chat = tab_beside(self, install_character_chat(self),  # "Talk to <name>"
                                         beside=self.assistant_panel)
        self._comic_refresh = QTimer(self)
        self._comic_refresh.setSingleShot(True)
        self._comic_refresh.setInterval(1500)
        self._comic_refresh.timeout.connect(self._refresh_comic_descriptions)
        self._appearance_reload = QTimer(self)
        self._appearance_reload.setSingleShot(True)
        self._appearance_reload.setInterval(0)
        self._appearance_reload.timeout.connect(self._reload_appearance)
        self._held_note = ""

        menus = build_menus(self)
        self.recent_menu, self.toc_action = menus.recent_menu, menus.toc_action
        self.assistant_action, self.justify_action = menus.assistant_action, menus.justify_action
        self.xray_action = menus.xray_action
        self.spread_action, self.rtl_action = menus.spread_action, menus.rtl_action
        self.opening = BookOpening(self)
        self._connect()
        self.aids = install_reading_aids(self)
        self.refresh_library()
        restore_window_state(self, settings)
        self.show_library()
        problems = settings_note(settings.problems())
        if problems:
            self.error_banner.show_message(problems)

    def _connect(self) -> None:
        self.library_view.openRequested.connect(self.open_book_id)
        self.library_view.removeRequested.connect(self.remove_book)
        self.library_view.sortChanged.connect(self._sort_changed)
        self.library_view.openFileRequested.connect(self.choose_file)
        self.toc_dock.jumpRequested.connect(self.jump_to)
        self.finder = FindController(dock=self.search_dock, tasks=self.tasks, place=self._on_screen,
                                   parent=self)
        self.finder.jumpRequested.connect(self.jump_to)
        self.assistant_panel.passageCited.connect(self._mark_cited)
        self.assistant_line = AssistantLine(label=self.status_assistant, panel=self.assistant_panel,
                                            settings=self.settings, parent=self)
        self.finder.marksChanged.connect(self.reader.epub_view.set_marks)
        self.finder.marksChanged.connect(self.reader.comic_view.set_marks)  # a PDF's words
        self.reader.positionChanged.connect(self._position_changed)
        self.reader.boundaryChanged.connect(self._boundary_changed)
        self.reader.epub_view.askAbout.connect(self._ask_about)
        self.assistant_panel.citationActivated.connect(self.jump_to)
        self.xray_dock.jumpRequested.connect(self.jump_to)
        self.companion.previouslyReady.connect(self.previously_card.offer)
        self.previously_card.storyRequested.connect(self.companion.show_story)
        self.reader.keys_back_after(self.error_banner.dismiss_button, *self.previously_card.buttons)
        self.settings_signal.changed.connect(self._setting_changed)
        self.save_news.held.connect(self._saves_held)
        self.save_news.landed.connect(self._saves_landed)

    # -- library ----------------------------------------------------------------------------

    def refresh_library(self) -> None:
        sort = self.settings.get("library.sort")
        self.library_view.set_sort(sort)
        self.library_view.set_entries(self.library.entries(sort=sort))

    def _sort_changed(self, key: str) -> None:
        self.settings.set("library.sort", key)
        self.refresh_library()

    def show_library(self) -> None:
        self.refresh_library()
        self.stack.setCurrentWidget(self.library_view)
        self.toc_dock.hide()
        self.search_dock.hide()
        self.status_position.setText("")
        self.setWindowTitle(APP_NAME)

    def remove_book(self, book_id: str) -> None:
        if self.book is not None and self.book.book_id == book_id:
            self.book = None
            self.reader.set_book(None, self.appearance)
            self.companion.set_book(None)
        self.library_view.leave_out(book_id)  # gone at once; the library follows behind
        remove_book(self.tasks, self.writer, self.home, book_id, on_removed=self.refresh_library,
                    on_error=lambda error: self.error_banner.show_message(said(error)))

    # -- opening ----------------------------------------------------------------------------

    def choose_file(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self, self.tr("Open a book"), str(Path.home()), BOOK_FILTER)
        if path:
            self.open_path(path)

    def open_book_id(self, book_id: str) -> None:
        entry = self.library.entry(book_id)
        if entry is not None:
            self.open_path(str(entry.path), known=entry)

    def open_path(
        self, path: str | Path, *, known: LibraryEntry | None = None, launching: bool = False
    ) -> int:
        """Open a book file in the background (`known`: the library entry it should be;
        `launching`: the window starts for this book, so the library is not shown meanwhile)."""
        return self.opening.open_path(path, known=known, launching=launching)

    def _book_loaded(self, _file: Path, opened: OpenedBook) -> None:
        self.opening.show(opened)

    def _cover_ready(self, book: Book, png: bytes | None) -> None:
        self.opening.cover_ready(book, png)

    def _indexing_news(self, news: PrepareNews) -> None:
        if self.book is None or news.book_id != self.book.book_id:
            return  # the last book's, still current until this one's first page starts its own
        percent = round(news.fraction * 100)
        text = preparation_words(news)
        self.status_assistant.setToolTip(said(news.words))
        built = {"text": 0, "index": percent, "covered": percent}.get(news.stage)
        self.assistant_line.preparation_news(text, indexing=built)
        if news.stage in ("covered", "ready"):
            self.assistant_panel.set_index_ready(True)
        elif news.stage in ("text", "index"):
            self.assistant_panel.set_keyword_only(percent if news.stage == "index" else 0)
        self.assistantNews.emit(news)

    def fill_recent_menu(self) -> None:
        fill_recent_menu(self.recent_menu, self.settings, self.open_path)

    # -- reading ----------------------------------------------------------------------------

    def jump_to(self, locator: Locator) -> None:
        """Go to a place in the open book. A jump never moves the boundary."""
        if self.book is not None:
            self.stack.setCurrentWidget(self.reader)
            self.reader.view.go_to(locator)

    def _mark_cited(self, citation: Citation) -> None:
        if self.book is not None:
            for mark in cited_passage_marks(self.library.conn, self.book, citation):  # a moment
                self.reader.view.flash_place(mark.start, mark.end)  # a PDF's: over its words

    def _on_screen(self) -> tuple[Locator, Locator]:
        return self.reader.view.current_start(), self.reader.view.current_end()

    def recorded_reading_state(self, book_id: str) -> ReadingState | None:
        """What the library has recorded once the queued writes have landed. It waits for the
        writer: for tests and automation, never for the window's own use."""
        self.writer.flush()
        return self.library.reading_state(book_id)

    def _boundary_changed(self, _state: object) -> None:
        if self._closed:
            return
        self.assistant_panel.refresh_scope(_state if isinstance(_state, ReadingState) else None)
        self.companion.boundary_changed()
        book = self.book
        if (book is not None and book.is_comic and book.format != "pdf" and self.prepare_assistant
                and self.settings.get("comics.describe_pages")):  # a PDF's pages have their text
            # Newly reached pages may now be described; wait for the reader to settle.
            self._comic_refresh.start()

    def _refresh_comic_descriptions(self) -> None:
        if self.book is not None and self.book.is_comic:
            self.indexing.start(self.book)

    def prepare_whole_comic(self) -> None:
        """The reader asked for every page to be described now, ahead of their reading."""
        if self.book is not None and self.book.is_comic and self.book.format != "pdf":
            # Recorded, so it stays on (and the panel says so) until the reader turns it off.
            self.tasks.submit("whole-comic", turn_on_whole_comic(self.writer, self.home, self.book),
                              on_done=lambda _done: self.assistant_panel.refresh_scope(),
                              on_error=lambda error: log.warning("whole comic: %s", error))
            self.indexing.start(self.book, prepare_whole_comic=True)

    def _ask_about(self, text: str, mode: str) -> None:
        if mode == "who":
            # X-Ray's card when it knows the name; the assistant otherwise.
            self.companion.who_is(text, lambda: self._ask_assistant(text, "who"))
        else:
            self._ask_assistant(text, mode)

    def _ask_assistant(self, text: str, mode: str) -> None:
        if mode in ("ask", "explain", "who"):
            self.assistant_panel.show()
            self.assistant_panel.ask_about_selection(text, cast("SelectionMode", mode))

    def _position_changed(self, shown: PageShown) -> None:
        book = self.book
        if book is None:
            return
        text, detail = self.aids.place_line.page_shown(book, shown)
        self.status_position.setText(text)
        self.status_position.setToolTip(detail)
        self.toc_dock.highlight(shown.start)

    # -- appearance -------------------------------------------------------------------------

    def set_appearance(self, appearance: Appearance) -> None:
        self.appearance = appearance
        appearance.save(self.settings)
        apply_window_theme(appearance)
        self.reader.epub_view.set_appearance(appearance)

    def set_theme(self, key: str) -> None:
        self.set_appearance(replace(self.appearance, theme=key))

    def toggle_justify(self) -> None:
        self.set_appearance(replace(self.appearance, justify=self.justify_action.isChecked()))

    def show_appearance_dialog(self) -> None:
        self.show_preferences(tab="appearance")  # one Settings dialog, at its Appearance page

    def show_preferences(self, *, tab: str = "") -> None:
        """Appearance applies live; the rest is saved by OK and heard (`_setting_changed`)."""
        from reader_app.ui.window.settings_dialog import PreferencesDialog

        dialog = PreferencesDialog(self.settings, self, workers=self.tasks, tab=tab,
                                   appearance=self.appearance, voice=self.aids.read_aloud.voice)
        dialog.appearanceChanged.connect(self.set_appearance)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.open()

    def _setting_changed(self, name: str, _value: object) -> None:
        if name.startswith("assistant."):
            self.assistant_line.settings_changed()  # a new host: a stale "isn't running" goes
        if name.startswith("appearance."):
            self._appearance_reload.start()  # once for the several fields of one change
        elif name == "assistant.embedding_model" and self.prepare_assistant:
            self.indexing.model_changed(self.book)  # new indexes: the open book's, then the rest
        elif name.startswith("assistant.") and self.book is not None:
            self.assistant_panel.refresh_scope(self.reader.state)

    def _reload_appearance(self) -> None:
        stored = Appearance.load(self.settings)
        if stored != self.appearance:
            self.set_appearance(stored)

    def _saves_held(self, note: str) -> None:
        self._held_note = note
        self.error_banner.show_message(note)

    def _saves_landed(self) -> None:
        if self.error_banner.isVisible() and self.error_label.text() == self._held_note:
            self.error_banner.hide()
        self.statusBar().showMessage(self.tr("Your reading position is saved again."), 10_000)

    def set_fit(self, key: str) -> None:
        self.settings.set("comics.fit", key)
        self.apply_comic_options()

    def apply_comic_options(self, *, rtl_from_book: bool = False) -> None:
        if self.settings.get("comics.spread") != self.spread_action.isChecked():  # no write on open
            self.settings.set("comics.spread", self.spread_action.isChecked())
        if rtl_from_book and self.book is not None:
            self.rtl_action.setChecked(self.book.metadata.right_to_left)
        self.reader.comic_view.set_options(
            fit=self.settings.get("comics.fit"),
            spread=self.spread_action.isChecked(),
            right_to_left=self.rtl_action.isChecked(),
        )

    # -- window -----------------------------------------------------------------------------

    def raise_to_front(self) -> None:
        if self.isMinimized():
            self.showNormal()
        self.raise_()
        self.activateWindow()

    def toggle_full_screen(self) -> None:
        self.full_screen.toggle()

    def show_about(self) -> None:
        self.statusBar().showMessage(
            self.tr("{0} {1} — a reader whose companion only knows what you have read.").format(
                APP_NAME, __version__),
            8000,
        )

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if any(url.isLocalFile() for url in event.mimeData().urls()):
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        files = [url.toLocalFile() for url in event.mimeData().urls() if url.isLocalFile()]
        chosen = first_book_file(files)  # a book among pictures and notes dropped with it
        if chosen is not None:
            self.open_path(chosen)
            event.acceptProposedAction()

    def closeEvent(self, event: QCloseEvent) -> None:
        try:
            save_window_state(self, self.settings)
            # Positions are saved on every page shown and the last book when it opened: nothing
            # is pending, except forgetting the last book when none is open.
            if self.book is None:
                self.settings.set("library.last_book", "")
        except (sqlite3.Error, OSError) as error:  # a full disk: the window still closes
            log.warning("the window's settings could not be saved: %s", error)
        self.indexing.cancel()
        self.dock_shared.first_page.open()  # a dock's job held for a page never drawn ends now
        if not self._closed:
            self._closed = True
            self.assistant_panel.shutdown()
            self.character_chat.shutdown()
            self.companion.shutdown()
        self.tasks.wait(5000)
        self.writer.close()
        self.indexing.wait(60_000)
        super().closeEvent(event)

"""Opening a book in the window: the file parsed and recorded off the UI thread, then the book
shown in every part of the window (page, contents, find, docks, title), and what waits for its
first page (the cover thumbnail, the assistant's preparation); a file that cannot be opened, said in
the banner.
"""

from __future__ import annotations

import logging
import sqlite3
from pathlib import Path
from typing import Protocol

from PySide6.QtCore import Qt, SignalInstance
from PySide6.QtWidgets import QLabel, QStackedWidget, QStatusBar

from reader_app import APP_NAME
from reader_app.books.model import Book
from reader_app.books.shelf.library import Library, LibraryEntry
from reader_app.errors import BookError
from reader_app.settings import SettingsStore
from reader_app.store.faults import explain_library_fault
from reader_app.store.writer import Writer
from reader_app.ui.aids.find_bar import FindController
from reader_app.ui.aids.install import ReadingAids
from reader_app.ui.aids.toc import TocDock
from reader_app.ui.assistant.assistant_line import AssistantLine
from reader_app.ui.assistant.dock_jobs import DockShared
from reader_app.ui.assistant.panel import AssistantPanel
from reader_app.ui.companion.controller import CompanionController
from reader_app.ui.companion.previously_card import PreviouslyCard
from reader_app.ui.library.book_opening import OpenedBook, open_and_record
from reader_app.ui.library.cover_jobs import reading_notes_text, submit_cover
from reader_app.ui.page.appearance import Appearance
from reader_app.ui.reader.reader_page import ReaderPage
from reader_app.ui.translation import said, translate
from reader_app.ui.window import gc_policy
from reader_app.ui.window.error_banner import ErrorBanner
from reader_app.ui.window.first_paint import after_first_paint
from reader_app.ui.window.preparation import IndexingController
from reader_app.ui.workers import Workers

log = logging.getLogger(__name__)


class OpeningHost(Protocol):
    """The window, as opening a book needs it (`ui/window/main_window.py`)."""

    home: Path
    library: Library
    settings: SettingsStore
    appearance: Appearance
    writer: Writer
    tasks: Workers
    book: Book | None
    prepare_assistant: bool
    error_banner: ErrorBanner
    stack: QStackedWidget
    reader: ReaderPage
    toc_dock: TocDock
    finder: FindController
    assistant_line: AssistantLine
    dock_shared: DockShared
    assistant_panel: AssistantPanel
    previously_card: PreviouslyCard
    companion: CompanionController
    indexing: IndexingController
    aids: ReadingAids

    @property
    def bookOpened(self) -> SignalInstance: ...
    @property
    def openFailed(self) -> SignalInstance: ...
    def statusBar(self) -> QStatusBar: ...
    def setWindowTitle(self, title: str, /) -> None: ...
    def apply_comic_options(self, *, rtl_from_book: bool = False) -> None: ...
    def show_library(self) -> None: ...


class BookOpening:
    """The window's "open" lane: one book opened at a time, the last one asked shown."""

    def __init__(self, window: OpeningHost) -> None:
        self.window = window
        # Shown in place of the library while the book named at launch opens: the reader never
        # sees "Your library is empty" (or the grid) for the seconds a long book takes.
        self.page = QLabel()
        self.page.setObjectName("openingPage")
        self.page.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.page.setWordWrap(True)
        self.page.setEnabled(False)  # drawn in the palette's quiet colour
        window.stack.addWidget(self.page)

    def open_path(
        self, path: str | Path, *, known: LibraryEntry | None = None, launching: bool = False
    ) -> int:
        """Open a book file in the background (`known`: the library entry it should be;
        `launching`: the window has just started for this book, so the library is not shown
        meanwhile)."""
        window = self.window
        file = Path(path).expanduser()
        window.statusBar().showMessage(translate("BookOpening", "Opening {0}…").format(file.name))
        if launching:
            title = known.title if known is not None else _known_title(window.library, file)
            self.page.setText(translate("BookOpening", "Opening “{0}”…").format(title))
            window.stack.setCurrentWidget(self.page)
        home, writer = window.home, window.writer
        return window.tasks.submit(
            "open",
            lambda _job: open_and_record(file, home, writer, known=known),  # through the writer
            on_done=lambda opened: self.show(opened),
            on_error=lambda error: self._failed(file, error),
        ).job_id

    def show(self, opened: OpenedBook) -> None:
        """The opened book in every part of the window; the rest once its first page is drawn."""
        window = self.window
        book, known = opened.book, opened.known
        window.book = book
        window.aids.read_aloud.voice.decided(book.book_id, opened.language)  # before it is shown
        self._show_reading_notes(book)
        window.statusBar().clearMessage()
        window.stack.setCurrentWidget(window.reader)
        window.toc_dock.set_book(book)
        window.finder.set_book(book)
        window.reader.set_book(book, window.appearance)
        window.apply_comic_options(rtl_from_book=True)
        window.setWindowTitle(f"{book.metadata.title} — {APP_NAME}")
        window.assistant_line.preparation_news("")
        # The first page needs none of the docks' jobs, the cover or the preparation: they
        window.dock_shared.first_page.close()  # start once it is drawn, not racing it
        window.assistant_panel.set_book(book)
        window.assistant_panel.refresh_scope(window.reader.state)  # its writes may be queued
        window.previously_card.hide()
        window.companion.set_book(book, before=known,
                                  break_days=int(window.settings.get("companion.previously_days")))
        if window.prepare_assistant:
            window.assistant_panel.set_index_ready(False)
        after_first_paint(window.reader.view, lambda: self._after_first_page(book, known))
        window.bookOpened.emit(book)
        gc_policy.settle()  # the book's model lives as long as it is open (ui/window/gc_policy.py)

    def _after_first_page(self, book: Book, known: LibraryEntry | None) -> None:
        window = self.window
        window.dock_shared.first_page.open()
        if window.book is not book:
            return  # another book was opened meanwhile: its own page starts its own work
        if known is None or known.cover_png is None:  # only the library grid shows it
            submit_cover(window.tasks, book, on_done=lambda png: self.cover_ready(book, png))
        if window.prepare_assistant:
            window.indexing.start(book)

    def cover_ready(self, book: Book, png: bytes | None) -> None:
        if png is not None and self.window.library.contains(book.book_id):
            home = self.window.home

            def keep_cover(conn: sqlite3.Connection) -> None:
                # Asked again in order with the other writes: a book removed while its cover
                # was drawn stays removed.
                library = Library(conn, home)
                if library.contains(book.book_id):
                    library.add(book, cover_png=png)

            self.window.writer.submit(keep_cover)

    def _show_reading_notes(self, book: Book) -> None:
        notes = reading_notes_text(book)
        if notes:
            self.window.error_banner.show_message(notes)
        else:
            self.window.error_banner.hide()

    def _failed(self, file: Path, error: BaseException) -> None:
        window = self.window
        window.statusBar().clearMessage()
        if window.stack.currentWidget() is self.page:
            window.show_library()  # nothing to read: the library, with the reason above it
        fault = explain_library_fault(error, home=window.home)
        if isinstance(error, BookError):
            message = said(error)  # in the window's language where the reader's code marked it
        elif fault is not None:  # a full disk or read-only library while adding the book
            message = translate("BookOpening", "Can't open “{0}”: {1}").format(file.name, fault)
        else:
            log.exception("unexpected error opening %s", file, exc_info=error)
            message = translate("BookOpening", "Can't open “{0}”: {1}").format(
                file.name, f"{type(error).__name__}: {error}")
        window.error_banner.show_message(message)
        window.openFailed.emit(message)


def _known_title(library: Library, file: Path) -> str:
    """The title the library knows `file` by, or its name."""
    try:
        resolved = file.resolve()
        entries = library.entries()
    except (OSError, sqlite3.Error):
        return file.name
    return next((e.title for e in entries if e.path.resolve() == resolved), file.name)

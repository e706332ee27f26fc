"""Feeds the X-Ray dock and the "Previously…" card from workers, at the recorded boundary.

All reading and every model call runs on the window's workers, on the controller's own lanes
(`ui/assistant/dock_jobs.py`, newest job per lane wins), once the reading-state writes queued
before it have landed; each job opens its own database connection. Chapter summaries
are made in the background whenever the boundary passes a chapter's end; when the model cannot
be reached, the panels show extracts and the model is left alone for a while.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QTimer, Signal

from reader_app.books.model import Book, Locator
from reader_app.books.shelf.library import Library, LibraryEntry
from reader_app.rag.assistant.places import NOTHING_YET, knows_up_to_sentence
from reader_app.rag.companion.xray import known_entities, relationship_map
from reader_app.rag.index.sentences import locator_for_sid
from reader_app.store.db import connect
from reader_app.translatable import Sentence
from reader_app.ui.assistant.dock_jobs import DockJobs, DockShared
from reader_app.ui.companion.xray_dock import TAB_PEOPLE, TAB_STORY, XRayDock
from reader_app.ui.workers import Job

if TYPE_CHECKING:
    from reader_app.rag.companion.features import Companion, XRayCard

log = logging.getLogger(__name__)
REFRESH_MS = 400  # page turns come in bursts: refresh once they settle
MODEL_PAUSE_S = 120.0  # after a failed model call, extracts only for this long
DAY_S = 86_400.0


class CompanionController(QObject):
    previouslyReady = Signal(str)  # the "Previously…" text for the card
    refreshed = Signal()  # the list, map (and story, when shown) reflect the boundary

    def __init__(self, *, dock: XRayDock, shared: DockShared, use_model: bool = True,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.home: Path = shared.library.home
        self.dock = dock
        self.jobs = DockJobs(shared, prefix="companion")
        self.use_model = use_model
        self.book: Book | None = None
        self.boundary_sid = -1
        self._model_paused_until = 0.0
        self._prepared: frozenset[str] = frozenset()  # books whose names are stored
        self._pending_key: int | None = None  # "Who is this?" waiting for the list
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(REFRESH_MS)
        self._timer.timeout.connect(self.refresh)
        dock.cardRequested.connect(self.show_card)
        dock.tabShown.connect(lambda _tab: self.refresh())
        dock.visibilityChanged.connect(self._visibility_changed)

    def _visibility_changed(self, visible: bool) -> None:
        if visible:
            self.refresh()

    # -- from the window --------------------------------------------------------------------

    def set_book(
        self, book: Book | None, *, before: LibraryEntry | None = None, break_days: int = 0
    ) -> None:
        """A book was opened; `before` is its library entry as it was before this opening, and
        a "Previously…" card is offered when it was last opened `break_days` or more ago."""
        self.book = book
        self.boundary_sid = -1
        self._pending_key = None
        self.dock.show_entries([], knows_up_to=NOTHING_YET)
        self.dock.show_map(None)
        self.dock.story.clear()
        if book is None:
            return
        self.refresh()
        if before is not None and _after_a_break(before, break_days):
            self._run("previously", lambda c: c.previously(book), self.previouslyReady.emit,
                      model=True)

    def boundary_changed(self) -> None:
        self._timer.start()

    def who_is(self, text: str, otherwise: Callable[[], None]) -> None:
        """Open the card of the selected name if X-Ray knows it; else `otherwise()`."""
        book = self.book
        if book is None:
            otherwise()
            return

        def found(entry: Any) -> None:
            if entry is None:
                otherwise()
                return
            self.dock.show_tab(TAB_PEOPLE)
            if entry.key not in {e.key for e in self.dock.entries}:
                # Not listed yet (the dock was closed): open the card once the list arrives.
                self._pending_key = entry.key
                self.refresh()
                return
            self.dock.select_key(entry.key)

        self._run("who", lambda c: c.find(book, text), found)

    def show_card(self, key: int) -> None:
        book = self.book
        if book is None:
            return

        def shown(card: XRayCard | None) -> None:
            if card is None:
                return
            writing = card.stale and self._model_allowed()
            self.dock.show_card(card, writing=writing)
            if writing:
                self._run("describe", lambda c: c.card(book, key, write=True),
                          self._described, model=True)

        self._run("card", lambda c: c.card(book, key), shown)

    def show_story(self) -> None:
        self.dock.show_tab(TAB_STORY)
        self.refresh()

    # -- jobs -------------------------------------------------------------------------------

    def refresh(self) -> None:
        book = self.book
        if book is None:
            return
        home = self.home

        def work(companion: Companion) -> tuple[int, list[Any], Sentence, Any]:
            companion.prepare(book)
            scope = companion.scope(book)
            state = Library(companion.conn, home).reading_state(book.book_id)
            return (scope.boundary_sid, known_entities(companion.conn, scope),
                    knows_up_to_sentence(book, state), relationship_map(companion.conn, scope))

        if self.dock.isVisible():
            if book.book_id not in self._prepared:
                self.dock.header.setText(self.tr("Finding the people and places in this book…"))
            self._run("list", work, self._listed)
            if self.dock.tabs.currentIndex() == TAB_STORY:
                self._refresh_story(summarise=True)
                return
        if self._model_allowed():
            # Chapters passed are summarised in the background, shown or not.
            self._run("catch-up", lambda c: c.catch_up(book, partial=False),
                      lambda _made: None, model=True)

    def _listed(self, result: tuple[int, list[Any], Sentence, Any]) -> None:
        boundary_sid, entries, knows, relationships = result
        self.boundary_sid = boundary_sid
        self.dock.show_entries(entries, knows_up_to=knows)
        self.dock.show_map(relationships)
        pending, self._pending_key = self._pending_key, None
        if pending is not None and any(e.key == pending for e in entries):
            self.dock.select_key(pending, emit=False)
        key = self.dock.selected_key()
        if key is not None:
            self.show_card(key)
        self.refreshed.emit()

    def _refresh_story(self, *, summarise: bool) -> None:
        book = self.book
        if book is None:
            return

        def work(companion: Companion) -> tuple[Any, dict[int, Locator]]:
            story = companion.story(book)
            locators = {
                p.chapter.number: locator_for_sid(companion.conn, book.book_id,
                                                  p.chapter.sid_start)
                for p in story.paragraphs
            }
            return story, locators

        def shown(result: tuple[Any, dict[int, Locator]]) -> None:
            story, locators = result
            self.dock.show_story(story, locators=locators)
            if summarise and story.missing and self._model_allowed():
                self._run("catch-up", lambda c: c.catch_up(book),
                          self._summaries_made, model=True)

        self._run("story", work, shown)

    def _summaries_made(self, made: int) -> None:
        if made:
            self._refresh_story(summarise=False)

    def _described(self, card: XRayCard | None) -> None:
        if card is not None and self.dock.selected_key() == card.entry.key:
            self.dock.show_card(card)

    def _run(self, lane: str, job: Callable[[Companion], Any],
             on_done: Callable[[Any], Any], *, model: bool = False) -> None:
        home, use_model = self.home, model and self._model_allowed()
        prepared = self._prepared

        def work(running: Job) -> tuple[Any, bool, frozenset[str]]:
            # On the worker: the companion's features bring the model gateway (httpx), which
            # the window does not load before the first page is drawn.
            from reader_app.rag.companion.features import Companion

            conn = connect(home)
            # Cancelled (the book changed, the window closed): its wait for the server ends too.
            companion = Companion.from_settings(conn, use_model=use_model, prepared=prepared,
                                                cancel=running)
            try:
                value = job(companion)
                return value, companion.model_error is not None, frozenset(companion.prepared)
            finally:
                companion.close()
                conn.close()

        def done(result: tuple[Any, bool, frozenset[str]]) -> None:
            value, model_failed, now_prepared = result
            self._prepared = self._prepared | now_prepared
            if model_failed:
                self._model_paused_until = time.monotonic() + MODEL_PAUSE_S
            on_done(value)

        self.jobs.submit(lane, work, on_done=done,
                         on_error=lambda error: log.warning("%s failed: %s", lane, error))

    def shutdown(self) -> None:
        """Cancel the companion's jobs (on quit): one waiting for the model server's turn stops
        waiting, so no worker is still running Python when the interpreter ends."""
        self.jobs.drop_all()

    def _model_allowed(self) -> bool:
        return self.use_model and time.monotonic() >= self._model_paused_until


def _after_a_break(before: LibraryEntry, days: int) -> bool:
    if before.opened_at is None or before.progress <= 0 or days <= 0:
        return False
    return time.time() - before.opened_at >= days * DAY_S

"""The reading area: the page view for the book's format, the progress slider, and the boundary."""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QPushButton, QStackedWidget, QVBoxLayout, QWidget

from reader_app.books.model import Book, Locator
from reader_app.books.shelf.library import NOTHING_READ, Library, ReadingState
from reader_app.books.shelf.reading import (
    BoundaryMove,
    BoundaryUpdate,
    Known,
    Navigation,
    known_after,
    next_boundary,
    reading_offset,
    store_boundary,
)
from reader_app.books.shelf.reading_time import place_fraction
from reader_app.rag.scope.boundary import selection_may_be_sent
from reader_app.store.writer import Writer
from reader_app.ui.page.appearance import Appearance
from reader_app.ui.reader.boundary_actions import BoundaryActions, BoundaryNotice
from reader_app.ui.reader.comic_view import ComicView
from reader_app.ui.reader.epub_view import EpubView
from reader_app.ui.reader.page_view import PageShown, PageView
from reader_app.ui.reader.progress_slider import ProgressSlider
from reader_app.ui.reader.reading_ahead import ReadingAheadBanner, footer_row
from reader_app.ui.translation import number_text

# Page turns forward while reading ahead of the boundary before the banner offers to move it.
AHEAD_TURNS_BEFORE_OFFER = 1


class ReaderPage(QWidget):
    """Owns the reading position and the spoiler boundary of the open book (DESIGN.md 1.1)."""

    positionChanged = Signal(object)  # PageShown
    boundaryChanged = Signal(object)  # ReadingState
    bookChanged = Signal(object)  # the Book shown, or None

    def __init__(
        self, library: Library, parent: QWidget | None = None, *, writer: Writer | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("readerPage")
        self.library = library
        # The state in memory is the truth while a book is open; the writer records it behind.
        self.writer = writer
        # Whether `is_read` may build a book's sentences itself (on the UI thread): not when the
        # window prepares books in the background, which builds them a second after opening.
        self.builds_text = True
        self._known_states: dict[str, ReadingState] = {}
        self.book: Book | None = None
        self.state: ReadingState | None = None
        self.last_shown: PageShown | None = None
        self._ahead_turns = 0
        self._tick_places: dict[float, Locator] = {}  # the progress bar's chapter ticks
        self._ticks: list[float] = []
        self._part_ticks: list[float] = []
        self._marks_of: Book | None = None  # the book the ticks were placed for

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)

        self.stack = QStackedWidget()
        self.epub_view = EpubView()
        self.comic_view = ComicView()
        self.stack.addWidget(self.epub_view)
        self.stack.addWidget(self.comic_view)
        layout.addWidget(self.stack, 1)
        self.epub_view.pageShown.connect(self._on_page_shown)
        self.comic_view.pageShown.connect(self._on_page_shown)
        self.epub_view.markReadHere.connect(self.mark_read_here)
        self.epub_view.set_read_check(self.is_read)

        self.slider = ProgressSlider()
        self.slider.describe = self.describe_fraction
        self.slider.sliderReleased.connect(self._slider_released)
        self.slider.actionTriggered.connect(self._slider_action)
        # The reading-ahead offer sits beside the slider: showing it never resizes the page.
        self.banner = ReadingAheadBanner()
        self.banner.accepted.connect(self.move_boundary_here)
        self.move_here_button = self.banner.move_here_button
        self.notice = BoundaryNotice()
        self.boundary_actions = BoundaryActions(self, self.notice)
        layout.addWidget(footer_row(self.slider, self.banner, self.notice))
        self.keys_back_after(*self.footer_buttons())

    def footer_buttons(self) -> list[QPushButton]:
        return [*self.banner.findChildren(QPushButton), *self.notice.findChildren(QPushButton)]

    def keys_back_after(self, *buttons: QPushButton) -> None:
        """A button pressed from the keyboard often hides itself (a notice, an offer, a card):
        the keys go back to the page, so Right and Space turn it."""
        for button in buttons:
            button.clicked.connect(self.focus_page)

    def focus_page(self) -> None:
        """Give the keyboard back to the page, so Right and Space turn it."""
        if self.book is not None:
            self.view.setFocus(Qt.FocusReason.OtherFocusReason)

    # -- the book ---------------------------------------------------------------------------

    @property
    def view(self) -> PageView:
        return self.comic_view if self.book and self.book.is_comic else self.epub_view

    def set_book(self, book: Book | None, appearance: Appearance) -> None:
        self.book = book
        self.banner.withdraw(forget_dismissal=True)
        self._ahead_turns = 0
        self.last_shown = None
        self.bookChanged.emit(book)
        if book is None:
            self.state = None
            self.epub_view.set_book(None)
            self.comic_view.set_book(None)
            return
        self.state = self._known_states.get(book.book_id) or self.library.reading_state(
            book.book_id
        )
        position = self.state.position if self.state else Locator(0, 0, 0)
        if book.is_comic:
            self.stack.setCurrentWidget(self.comic_view)
            self.epub_view.set_book(None)
            self.comic_view.set_book(book, position)
        else:
            self.stack.setCurrentWidget(self.epub_view)
            self.comic_view.set_book(None)
            self.epub_view.appearance = appearance
            self.epub_view.set_book(book, position)
        self.view.setFocus()
        self._update_slider_marks()

    # -- boundary ---------------------------------------------------------------------------

    def _on_page_shown(self, shown: PageShown) -> None:
        book = self.book
        if book is None or self.sender() is not self.view:
            return
        self.last_shown = shown
        progress = place_fraction(book, shown.end if book.is_comic else shown.start)
        self.slider.set_fraction(progress)
        state = self.state
        if state is None:
            return
        book_id, start = book.book_id, shown.start
        self._write(lambda library: library.save_position(book_id, start, progress=progress))
        new_state = dataclasses.replace(state, position=start, progress=progress)
        update = next_boundary(book, Known(state.boundary, state.finished), shown.navigation,
                               start=shown.start, end=shown.end, previous=shown.previous_start)
        new_state = self._move_boundary(shown.navigation, update, state, new_state)
        self._track_reading_ahead(shown, ahead=update.reading_ahead)
        self._set_state(new_state)
        if (new_state.boundary, new_state.finished) != (state.boundary, state.finished):
            self._update_slider_marks()
            self.boundaryChanged.emit(self.state)
        self.positionChanged.emit(shown)

    def _move_boundary(self, move: Navigation | BoundaryMove, update: BoundaryUpdate,
                       state: ReadingState, new_state: ReadingState) -> ReadingState:
        """Write what `update` does to the boundary (moved on, or finished), through the writer,
        and return `new_state` with it; `new_state` itself when nothing moves."""
        assert self.book is not None
        book_id, before = self.book.book_id, Known(state.boundary, state.finished)
        after = known_after(self.book, before, move, update)
        if after == before:
            return new_state
        self._write(lambda library: store_boundary(library, book_id, after, forward_only=True))
        return dataclasses.replace(new_state, boundary=after.boundary, finished=after.finished)

    def listening_update(
        self, start: Locator, end: Locator, previous_end: Locator | None
    ) -> BoundaryUpdate | None:
        """What hearing `[start, end)` in full would do to the boundary (books/shelf/reading.py's
        `next_boundary`), without doing it: Read aloud asks first when it would read ahead."""
        if self.book is None or self.state is None:
            return None
        return next_boundary(self.book, Known(self.state.boundary, self.state.finished),
                             BoundaryMove.LISTEN, start=start, end=end, previous=previous_end)

    def listened(self, start: Locator, end: Locator, previous_end: Locator | None) -> None:
        """A sentence was spoken in full: listening counts as reading, by the page turn's rule
        and through the same writer (forward only; nothing moves while listening ahead)."""
        update = self.listening_update(start, end, previous_end)
        state = self.state
        if update is None or state is None:
            return
        new_state = self._move_boundary(BoundaryMove.LISTEN, update, state, state)
        if new_state is state:
            return
        self._set_state(new_state)
        self._update_slider_marks()
        self.boundaryChanged.emit(self.state)

    def _track_reading_ahead(self, shown: PageShown, *, ahead: bool) -> None:
        if not ahead or shown.navigation == Navigation.JUMP:
            # Caught up, or jumped elsewhere: a later offer is a new one, even after "Not now".
            self._ahead_turns = 0
            self.banner.withdraw(forget_dismissal=True)
            return
        if shown.navigation == Navigation.TURN_FORWARD:
            self._ahead_turns += 1
        if self._ahead_turns >= AHEAD_TURNS_BEFORE_OFFER and self.book is not None:
            self.banner.offer(self.book.chapter_title(shown.start) or "here")

    def move_boundary_here(self) -> None:
        """Accept the banner's offer: the boundary moves to the end of the page on screen."""
        self.mark_read_here()
        self.banner.withdraw(forget_dismissal=True)

    def mark_read_here(self) -> None:
        """ "Mark as read up to here": forward at once (undoable); behind the boundary, asked."""
        self.boundary_actions.mark_read_here()

    def confirm_reset(self) -> None:
        """The menu's Reset: asked first, then undoable."""
        self.boundary_actions.ask_reset()

    def reset_boundary(self) -> None:
        self.boundary_actions.reset()

    def place_on_screen(self) -> Known | None:
        """What "up to here" means: the end of the page on screen (the whole book at its end)."""
        if self.book is None or self.last_shown is None:
            return None
        end = self.view.current_end()
        if self.book.at_end(end):
            return Known(self.book.end_locator(), True)
        return Known(end, False)

    def known_state(self, book_id: str) -> ReadingState | None:
        """The reading state of a book read this session, as this view knows it."""
        return self._known_states.get(book_id)

    def mark_finished(self, book_id: str, *, last_section: int) -> None:
        """Library › Mark as Finished: the whole book becomes the assistant's, on purpose."""
        open_here = self.book is not None and self.book.book_id == book_id
        end = self.book.end_locator() if self.book is not None and open_here else (
            Locator.end_of_section(last_section))  # fmt: skip
        self._write(lambda library: library.mark_finished(book_id, end))
        state = self.state if open_here else (
            self._known_states.get(book_id) or self.library.reading_state(book_id))  # fmt: skip
        if state is not None and open_here:
            self._boundary_set_by_hand(boundary=end, finished=True)
        elif state is not None:
            self._known_states[book_id] = dataclasses.replace(state, boundary=end, finished=True)

    def set_boundary_by_hand(self, *, boundary: Locator, finished: bool) -> None:
        """Record a boundary the reader chose (mark as read, reset, undo), forward or back."""
        if self.book is None or self.state is None:
            return
        book_id, after = self.book.book_id, Known(boundary, finished)
        self._write(lambda library: store_boundary(library, book_id, after, forward_only=False))
        self._boundary_set_by_hand(boundary=boundary, finished=finished)

    def _boundary_set_by_hand(self, *, boundary: Locator, finished: bool) -> None:
        assert self.book is not None and self.state is not None
        self._set_state(dataclasses.replace(self.state, boundary=boundary, finished=finished))
        self._ahead_turns = 0
        self.banner.withdraw(forget_dismissal=True)
        self._update_slider_marks()
        self.boundaryChanged.emit(self.state)

    def _set_state(self, state: ReadingState) -> None:
        self.state = state
        self._known_states[state.book_id] = state

    def _write(self, write: Callable[[Library], object]) -> None:
        """Record a change of the reading state: behind, through the writer, when there is one."""
        if self.writer is None:
            write(self.library)
            return
        home = self.library.home
        self.writer.submit(lambda conn: write(Library(conn, home)))

    def is_read(self, locator: Locator) -> bool:
        """Whether a selection ending at `locator` may go to the assistant (rag.scope.boundary's
        rule: the sentence it ends in must end at or before the boundary)."""
        if self.book is None or self.state is None:
            return False
        return selection_may_be_sent(
            self.library.conn,
            self.book,
            locator,
            boundary=self.state.boundary,
            finished=self.state.finished,
            prepare=self.builds_text,
        )

    def boundary_fraction(self) -> float | None:
        if self.book is None or self.state is None:
            return None
        if self.state.finished:
            return 1.0
        if self.state.boundary == NOTHING_READ or self.state.boundary.section < 0:
            return None
        if self.book.is_comic:
            return place_fraction(self.book, self.state.boundary)  # the status's number too
        total = self.book.char_count
        return reading_offset(self.book, self.state.boundary) / total if total else None

    def _update_slider_marks(self) -> None:
        book = self.book
        if book is None:
            return
        if self._marks_of is not book:  # the ticks are the book's: the boundary alone moves
            self._marks_of, self._tick_places = book, {}
            self._ticks, self._part_ticks = [], []
            if not book.is_comic:
                # Every entry of nested contents (War and Peace's chapters inside its parts
                # and books) is a tick; the entries that hold others are drawn taller.
                entries = [item for entry in book.toc for _depth, item in entry.walk()]
                # A tick stands for its entry's own place: a click on it goes there exactly.
                for item in reversed(entries):  # the first entry at a place names it
                    self._tick_places[book.progress(item.target)] = item.target
                self._ticks = sorted(self._tick_places)
                self._part_ticks = sorted({book.progress(i.target) for i in entries
                                           if i.children})
        self.slider.set_marks(chapters=self._ticks, parts=self._part_ticks,
                              boundary=self.boundary_fraction())

    def describe_fraction(self, fraction: float) -> str:
        """"Chapter 3 · 42%": the place a fraction of the way through (the slider's tooltip)."""
        if self.book is None:
            return ""
        place = self.place_at(fraction)
        if self.book.is_comic:
            return self.tr("Page {0} of {1}").format(
                number_text(place.section + 1), number_text(len(self.book.sections)))
        chapter = self.book.chapter_title(place) or self.tr("Section {0}").format(
            number_text(place.section + 1))
        return self.tr("{0} · {1}%").format(chapter, number_text(round(fraction * 100)))

    # -- slider -----------------------------------------------------------------------------

    def place_at(self, fraction: float) -> Locator:
        """The place a fraction of the bar stands for: a chapter tick's own entry, exactly, or
        the character that far through."""
        assert self.book is not None
        if self.book.is_comic:  # the page whose end is at or past it (place_fraction)
            count = len(self.book.sections)
            return Locator(min(max(math.ceil(fraction * count - 1e-9) - 1, 0), count - 1), 0, 0)
        return self._tick_places.get(fraction) or self.book.locator_at_progress(fraction)

    def _slider_released(self) -> None:
        if self.book is not None:
            self.view.go_to(self.place_at(self.slider.snapped(self.slider.fraction())))

    def _slider_action(self, action: int) -> None:
        # Clicks on the groove and keyboard steps jump too; dragging waits for the release.
        if not self.slider.isSliderDown() and self.book is not None:
            clicked = self.slider.clicked_fraction
            fraction = clicked if clicked is not None else (
                self.slider.sliderPosition() / self.slider.maximum())  # fmt: skip
            self.view.go_to(self.place_at(fraction))

"""Find in Book: matches marked on the page, Next and Previous from where the reader is.

The search runs in a worker; its matches are marked on every page they appear on, the current one
strongly. Next goes to the first match after the reader's place (or after the current match while
it is on screen), and wraps with a note. A query typed before a book is open waits for the book.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, Signal

from reader_app.books.model import Book, Locator
from reader_app.books.opening.pdf_text import readable_book
from reader_app.books.text.page_breaks import TextRun
from reader_app.books.text.search import TextHit, find_text, searchable_runs
from reader_app.ui.aids.search_dock import SearchDock
from reader_app.ui.reader.page_marks import Mark
from reader_app.ui.translation import said
from reader_app.ui.workers import Workers


class FindController(QObject):
    """Between the search dock, the worker and the page: which match is current, and where."""

    jumpRequested = Signal(object)  # Locator
    marksChanged = Signal(object)  # tuple[Mark, ...]

    def __init__(
        self,
        *,
        dock: SearchDock,
        tasks: Workers,
        place: Callable[[], tuple[Locator, Locator]],  # the first and just-after-last on screen
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.dock = dock
        self.tasks = tasks
        self.place = place
        self.book: Book | None = None
        self.query = ""
        self.pending: str | None = None  # typed before a book was open
        self.hits: list[TextHit] = []
        self.current: int | None = None
        # The open book's text as searched (a PDF's text layer, its runs joined over page
        # breaks): made once, on the first search's worker, for the searches after it.
        self._texts: dict[str, tuple[Book, tuple[TextRun, ...]]] = {}
        dock.searchRequested.connect(self.search)
        dock.stepRequested.connect(self.step)
        dock.hitChosen.connect(self.choose)

    def set_book(self, book: Book | None) -> None:
        self.book = book
        self.hits, self.current = [], None
        self.marksChanged.emit(())
        if book is not None and self.pending:
            query, self.pending = self.pending, None
            self.search(query)
        else:
            self.dock.show_results([], status="")

    def search(self, query: str) -> None:
        self.query = query
        book = self.book
        if book is None:
            self.pending = query
            self.dock.set_status(
                self.tr("“{0}” will be searched when a book is open.").format(query))
            return
        self.dock.set_status(self.tr("Searching…"))
        read = self._texts.get(book.book_id)

        def work(_job: object) -> tuple[tuple[Book, tuple[TextRun, ...]], list[TextHit]]:
            if read is not None:
                return read, find_text(read[0], query, runs=read[1])
            searched = readable_book(book)  # a PDF's text layer, on the worker
            runs = searchable_runs(searched)
            return (searched, runs), find_text(searched, query, runs=runs)

        self.tasks.submit(
            "search",
            work,
            on_done=lambda found: self._found(book, *found),
            on_error=lambda error: self.dock.set_status(
                self.tr("Search failed: {0}").format(said(error))),
        )

    def _found(self, book: Book, searched: tuple[Book, tuple[TextRun, ...]],
               hits: list[TextHit]) -> None:
        if book is not self.book:
            return
        self._texts = {book.book_id: searched}
        self.hits, self.current = hits, None
        self.dock.show_results(hits)
        self._publish()

    def step(self, delta: int) -> None:
        """Next (+1) or Previous (-1) from the reader's place, wrapping with a note."""
        if not self.hits:
            return
        start, end = self.place()
        if self.current is not None and start <= self.hits[self.current].locator < end:
            wanted = self.current + delta  # the current match is on screen: go on from it
        elif delta > 0:
            wanted = next(
                (i for i, hit in enumerate(self.hits) if hit.locator >= start), len(self.hits)
            )
        else:
            wanted = max((i for i, hit in enumerate(self.hits) if hit.locator < start), default=-1)
        note = ""
        if wanted >= len(self.hits):
            wanted, note = 0, self.tr("Reached the end of the book; continued from the beginning.")
        elif wanted < 0:
            wanted, note = len(self.hits) - 1, self.tr(
                "Reached the beginning; continued from the end.")
        self.choose(wanted, note=note)

    def choose(self, index: int, *, note: str = "") -> None:
        if not 0 <= index < len(self.hits):
            return
        self.current = index
        self.dock.set_current(index, note=note)
        self.jumpRequested.emit(self.hits[index].locator)
        self.dock.jumpRequested.emit(self.hits[index].locator)
        self._publish()

    def _publish(self) -> None:
        self.marksChanged.emit(
            tuple(
                Mark(hit.locator, hit.end, strong=i == self.current)
                for i, hit in enumerate(self.hits)
            )
        )


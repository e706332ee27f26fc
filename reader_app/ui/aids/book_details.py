"""A book's details from the library: what it is, where its file is, how far it has been read."""

from __future__ import annotations

import datetime
import html
from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from reader_app.books.content.opf import tidy_text
from reader_app.books.shelf.annotations import AnnotationStore
from reader_app.books.shelf.library import LibraryEntry
from reader_app.books.shelf.listening import Listened, listened_to, listening_text
from reader_app.books.shelf.reading_time import DEFAULT_CHARS_PER_MINUTE, duration_text
from reader_app.ui.aids.aids_host import AidsHost
from reader_app.ui.aids.annotations import AnnotationsController
from reader_app.ui.library.library_view import cover_pixmap

CHARS_PER_PRINTED_PAGE = 2000  # about 330 words: a printed novel's page


def _when(stamp: float | None) -> str:
    if not stamp:
        return "never"
    return datetime.datetime.fromtimestamp(stamp).strftime("%d %B %Y, %H:%M")


def detail_rows(
    entry: LibraryEntry, *, annotations: int = 0, listened: Listened | None = None
) -> list[tuple[str, str]]:
    """(label, value) for the details dialog, in the order shown."""
    size = entry.path.stat().st_size if entry.path.exists() else None
    if entry.finished:
        progress = "Finished"
    elif entry.progress > 0 or entry.opened_at:
        progress = f"{round(entry.progress * 100)}% read"
    else:
        progress = "Not started"
    rows = [
        ("Title", entry.title),
        ("Author", entry.authors or "Unknown"),
        ("Series", f"{entry.series.name} #{entry.series.index:g}" if entry.series else ""),
        ("Language", entry.language),
        ("Format", FORMAT_NAMES.get(entry.format, entry.format.upper())),
        ("Length", _length(entry)),
        ("Progress", progress),
        ("Listened (Read aloud)", listening_text(listened or Listened())),
        ("Highlights and bookmarks", str(annotations) if annotations else ""),
        ("Added", _when(entry.added_at)),
        ("Last opened", _when(entry.opened_at)),
        ("File", str(entry.path) + ("" if size is not None else " (missing)")),
        ("Size", f"{size / 1_048_576:.1f} MB" if size is not None else ""),
    ]
    return [(label, value) for label, value in rows if value]


FORMAT_NAMES = {"cbz": "Comic (CBZ)", "epub": "EPUB", "fb2": "FB2", "txt": "Plain text",
                "markdown": "Markdown"}


def _length(entry: LibraryEntry) -> str:
    """A comic's pages; a book's printed pages, roughly, and its reading time at a usual
    speed ("about 1,410 pages · about 41 h 20 min of reading"), not its characters."""
    if entry.is_comic:
        return f"{entry.section_count} pages"
    pages = max(round(entry.char_count / CHARS_PER_PRINTED_PAGE), 1)
    minutes = entry.char_count / DEFAULT_CHARS_PER_MINUTE
    return f"about {pages:,} pages · about {duration_text(minutes)} of reading"


class BookDetails(QDialog):
    def __init__(
        self, entry: LibraryEntry, parent: QWidget | None, *, annotations: int,
        listened: Listened | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("bookDetails")
        self.setWindowTitle(entry.title)
        self.rows = detail_rows(entry, annotations=annotations, listened=listened)
        cover = QLabel()
        cover.setPixmap(cover_pixmap(entry))
        cover.setAlignment(Qt.AlignmentFlag.AlignTop)
        table = "".join(
            f"<tr><td style='padding:2px 12px 2px 0; color:#666'>{html.escape(label)}</td>"
            f"<td>{html.escape(value)}</td></tr>"
            for label, value in self.rows
        )
        blurb = tidy_text(entry.description)  # also for books added before it was tidied
        about = f"<p>{html.escape(blurb)}</p>" if blurb else ""
        text = QLabel(f"<table>{table}</table>{about}")
        text.setObjectName("bookDetailsText")
        text.setWordWrap(True)
        text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        text.setAlignment(Qt.AlignmentFlag.AlignTop)
        text.setMinimumWidth(320)
        row = QHBoxLayout()
        row.addWidget(cover)
        row.addWidget(text, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(row)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)


def install_library_actions(
    window: AidsHost,
    annotations: AnnotationsController,
    *,
    open_listening: Callable[[], tuple[str | None, Listened]] = lambda: (None, Listened()),
) -> None:
    """Mark as Finished and Details… from the library grid (`open_listening`: the open book's
    id and what Read aloud has heard of it, written or not)."""
    view = window.library_view
    view.known_state = window.reader.known_state

    def finish(book_id: str) -> None:
        entry = window.library.entry(book_id)
        if entry is not None:
            window.reader.mark_finished(book_id, last_section=max(entry.section_count - 1, 0))
            window.refresh_library()

    def details(book_id: str) -> None:
        entry = window.library.entry(book_id)
        if entry is None:
            return
        entry = view.with_known_state(entry)
        # The open book's list is the truth (its writes land behind); others are read.
        if annotations.book is not None and annotations.book.book_id == book_id:
            count = len(annotations.items)
        else:
            count = len(AnnotationStore(window.library.conn).for_book(book_id))
        open_id, heard = open_listening()
        if open_id != book_id:
            heard = listened_to(window.library.conn, book_id)
        BookDetails(entry, view.window(), annotations=count, listened=heard).open()

    view.finishRequested.connect(finish)
    view.detailsRequested.connect(details)

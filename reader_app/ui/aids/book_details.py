"""A book's details from the library: what it is, where its file is, how far it has been read."""

from __future__ import annotations

import html
from collections.abc import Callable

from PySide6.QtCore import QDateTime, QLocale, Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from reader_app.books.content.opf import tidy_text
from reader_app.books.shelf.annotations import AnnotationStore
from reader_app.books.shelf.library import LibraryEntry
from reader_app.books.shelf.listening import Listened, listened_to, listening_text
from reader_app.books.shelf.reading_time import DEFAULT_CHARS_PER_MINUTE, duration_text
from reader_app.translatable import QT_TRANSLATE_NOOP
from reader_app.ui.aids.aids_host import AidsHost
from reader_app.ui.aids.annotations import AnnotationsController
from reader_app.ui.library.library_view import cover_pixmap
from reader_app.ui.translation import Plurals, decimal_text, number_text, translate

CHARS_PER_PRINTED_PAGE = 2000  # about 330 words: a printed novel's page
# The rows' labels (`detail_rows`), for lupdate: each is translated as it is shown.
DETAIL_LABELS = (
    QT_TRANSLATE_NOOP("BookDetails", "Title"),
    QT_TRANSLATE_NOOP("BookDetails", "Author"),
    QT_TRANSLATE_NOOP("BookDetails", "Series"),
    QT_TRANSLATE_NOOP("BookDetails", "Language"),
    QT_TRANSLATE_NOOP("BookDetails", "Format"),
    QT_TRANSLATE_NOOP("BookDetails", "Length"),
    QT_TRANSLATE_NOOP("BookDetails", "Progress"),
    QT_TRANSLATE_NOOP("BookDetails", "Listened (Read aloud)"),
    QT_TRANSLATE_NOOP("BookDetails", "Highlights and bookmarks"),
    QT_TRANSLATE_NOOP("BookDetails", "Added"),
    QT_TRANSLATE_NOOP("BookDetails", "Last opened"),
    QT_TRANSLATE_NOOP("BookDetails", "File"),
    QT_TRANSLATE_NOOP("BookDetails", "Size"),
)


def _when(stamp: float | None) -> str:
    if not stamp:
        return translate("BookDetails", "never")
    when = QDateTime.fromSecsSinceEpoch(int(stamp))
    return QLocale().toString(when, QLocale.FormatType.LongFormat)


def detail_rows(
    entry: LibraryEntry, *, annotations: int = 0, listened: Listened | None = None
) -> list[tuple[str, str]]:
    """(label, value) for the details dialog, in the order shown."""
    size = entry.path.stat().st_size if entry.path.exists() else None
    if entry.finished:
        progress = translate("BookDetails", "Finished")
    elif entry.progress > 0 or entry.opened_at:
        progress = translate("BookDetails", "{0}% read").format(
            QLocale().toString(round(entry.progress * 100)))
    else:
        progress = translate("BookDetails", "Not started")
    missing = "" if size is not None else translate("BookDetails", " (missing)")
    megabytes = decimal_text(size / 1_048_576, places=1) if size is not None else ""
    rows = [
        ("Title", entry.title),
        ("Author", entry.authors or translate("BookDetails", "Unknown")),
        ("Series", f"{entry.series.name} #{decimal_text(entry.series.index)}"
         if entry.series else ""),
        ("Language", entry.language),
        ("Format", translate("BookDetails", FORMAT_NAMES[entry.format]) if entry.format in
         FORMAT_NAMES else translate("BookDetails", "Comic ({0})").format(entry.format.upper())
         if entry.is_comic else entry.format.upper()),
        ("Length", _length(entry)),
        ("Progress", progress),
        ("Listened (Read aloud)", listening_text(
            listened or Listened(), say=lambda words: translate("ReadingTime", words),
            number=number_text)),
        ("Highlights and bookmarks", number_text(annotations) if annotations else ""),
        ("Added", _when(entry.added_at)),
        ("Last opened", _when(entry.opened_at)),
        ("File", str(entry.path) + missing),
        ("Size", translate("BookDetails", "{0} MB").format(megabytes) if megabytes else ""),
    ]
    return [(translate("BookDetails", label), value) for label, value in rows if value]


# How book details name a format (a comic's: "Comic (CBR)"; the rest by their own names).
FORMAT_NAMES = {"epub": "EPUB", "pdf": "PDF", "mobi": "MOBI / AZW3",
                "fb2": "FB2", "txt": QT_TRANSLATE_NOOP("BookDetails", "Plain text"),
                "markdown": "Markdown"}


def _length(entry: LibraryEntry) -> str:
    """A comic's pages; a book's printed pages, roughly, and its reading time at a usual
    speed ("about 1,410 pages · about 41 h 20 min of reading"), not its characters."""
    if entry.is_comic:
        return Plurals().pages(entry.section_count)
    pages = max(round(entry.char_count / CHARS_PER_PRINTED_PAGE), 1)
    minutes = entry.char_count / DEFAULT_CHARS_PER_MINUTE
    return Plurals().pages_and_reading(pages).format(
        duration_text(minutes, say=lambda words: translate("ReadingTime", words),
                      number=number_text))


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

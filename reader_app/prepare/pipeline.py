"""Preparing a book for the assistant, one path for every front end: text, index, earlier volumes.

The window's worker, `reader-app index`, `search` and `ask`, and the MCP server all prepare a book
here, so they build the same sentence and chunk tables from the same text. The steps, in order:

1. the book's text: a comic's pages are read by OCR (and described, when the reader turned page
   descriptions on); an EPUB's text is its own;
2. sentences, chunks and the keyword index (one transaction);
3. the dense index, in reading order, resumable; it can stop once it covers a given sentence;
4. the earlier volumes of the book's series, which are in scope whole.

Everything reports through one `progress` callback of `PrepareNews` and stops between steps and
batches once `cancel` (a `CancelToken`) is cancelled. Qt-free: run it in a worker thread with its
own connection.
"""

from __future__ import annotations

import dataclasses
import logging
import sqlite3
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

from reader_app.books.model import Book
from reader_app.cancel import CancelToken
from reader_app.errors import ReaderError
from reader_app.prepare.news import PrepareNews, Progress, saying
from reader_app.rag.index.embed import Embedder, embedder_for
from reader_app.rag.index.indexer import (
    IndexProgress,
    IndexStatus,
    index_book,
    index_status,
    remove_other_indexes,
)
from reader_app.rag.index.text_units import ensure_sentences
from reader_app.settings import SettingsStore
from reader_app.translatable import QT_TRANSLATE_NOOP, sentence

log = logging.getLogger(__name__)


class NoTextError(ReaderError):
    """Preparing the book found no text at all: nothing to search or ask about."""


@dataclass(frozen=True, slots=True)
class PreparedBook:
    book: Book  # the book as indexed: a comic carries its pages' OCR text (and descriptions)
    sentences: int
    index: IndexStatus | None  # None when cancelled before the dense index was reached
    cancelled: bool

    @property
    def has_text(self) -> bool:
        return self.sentences > 0

    @property
    def complete(self) -> bool:
        return not self.cancelled and self.index is not None and self.index.complete


def prepare_book(
    conn: sqlite3.Connection,
    home: Path,
    book: Book,
    *,
    embedder: Embedder | None = None,
    dense_through: Callable[[], int] | None = None,
    dense: bool = True,
    earlier_volumes: bool = True,
    prepare_whole_comic: bool = False,
    progress: Progress | None = None,
    cancel: CancelToken | None = None,
) -> PreparedBook:
    """Prepare `book` (already in the library) for search and questions.

    `dense_through()` (asked once the sentence table exists) stops the dense index once it
    covers that sentence: a command answering at the reader's boundary need not wait for the
    whole book. Without it the whole book is embedded; with `dense=False` nothing is (the keyword
    index answers alone until a front end that embeds catches up). `embedder` defaults to the
    model chosen in the settings. Raises NoTextError when the book has no text at all.
    """
    report = progress or (lambda news: None)
    stopped = cancel or CancelToken()
    prepared = prepare_text(conn, home, book, describe=True,
                            prepare_whole_comic=prepare_whole_comic, progress=report,
                            cancel=stopped)
    if prepared is None:
        report(PrepareNews(book.book_id, "cancelled"))
        return PreparedBook(book, 0, None, cancelled=True)
    sentences = ensure_sentences(conn, prepared)
    report(PrepareNews(book.book_id, "text", 1.0, book=prepared))
    if sentences == 0:
        why = (sentence(QT_TRANSLATE_NOOP("Errors", "OCR found no words on its pages."))
               if book.is_comic
               else sentence(QT_TRANSLATE_NOOP("Errors", "its pages hold no sentences.")))
        raise NoTextError(sentence(QT_TRANSLATE_NOOP(
            "Errors", "“{title}” has no text to search: {why}"), title=book.metadata.title,
            why=why))
    if not dense:
        model_id = embedder.model_id if embedder is not None else str(
            SettingsStore(conn).get("assistant.embedding_model"))
        status = index_status(conn, home, book.book_id, model_id)
        return PreparedBook(prepared, sentences, status, cancelled=stopped.cancelled)
    if embedder is None:
        model_id = str(SettingsStore(conn).get("assistant.embedding_model"))
        report(saying(book.book_id, "index", sentence(QT_TRANSLATE_NOOP(
            "Errors", "Loading the embedding model {model}…"), model=model_id)))
        embedder = embedder_for(model_id, home=home)  # loaded once per process
    status = _dense_index(conn, home, prepared, embedder=embedder, through=dense_through,
                          report=report, cancel=stopped)
    if stopped.cancelled:
        report(PrepareNews(book.book_id, "cancelled", status.fraction))
        return PreparedBook(prepared, sentences, status, cancelled=True)
    if status.complete and embedder.model_id == SettingsStore(conn).get(
        "assistant.embedding_model"
    ):  # whole with the model the settings choose: the other models' indexes are stale
        remove_other_indexes(conn, home, book.book_id, embedder.model_id)
    if earlier_volumes:
        prepare_earlier_volumes(conn, home, book.book_id, embedder=embedder, progress=report,
                                cancel=stopped)
    if stopped.cancelled:
        report(PrepareNews(book.book_id, "cancelled", status.fraction))
        return PreparedBook(prepared, sentences, status, cancelled=True)
    if status.complete:
        report(PrepareNews(book.book_id, "ready", 1.0))
    return PreparedBook(prepared, sentences, status, cancelled=False)


def prepare_text(
    conn: sqlite3.Connection,
    home: Path,
    book: Book,
    *,
    describe: bool = True,
    prepare_whole_comic: bool = False,
    progress: Progress | None = None,
    cancel: CancelToken | None = None,
) -> Book | None:
    """The book as the index sees it: a comic gets its pages' OCR text (and descriptions, when
    `describe` and the setting is on). An EPUB is returned as it is. None when cancelled."""
    if not book.is_comic:
        return book
    from reader_app.comics.text import ocr_book, with_page_text

    report = progress or (lambda news: None)
    stopped = cancel or CancelToken()
    if book.format == "pdf":
        return _pdf_text(conn, home, book, report=report, cancel=stopped)
    report(PrepareNews(book.book_id, "ocr", 0.0))
    text = ocr_book(
        conn,
        home,
        book,
        progress=lambda done, total: report(PrepareNews(book.book_id, "ocr", done / max(total, 1))),
        cancel=stopped,
    )
    if stopped.cancelled:
        return None
    descriptions = (
        _describe(conn, home, book, prepare_whole_comic=prepare_whole_comic, report=report,
                  cancel=stopped)
        if describe else {}
    )
    if stopped.cancelled:
        return None
    return with_page_text(book, text, descriptions=descriptions)


def _pdf_text(
    conn: sqlite3.Connection, home: Path, book: Book, *, report: Progress, cancel: CancelToken,
) -> Book | None:
    """A PDF's text from its text layer, page by page; pages without one (a scanned PDF) are
    read by OCR, as a comic's pages are. None when cancelled."""
    from reader_app.books.opening.pdf import pdf_pages
    from reader_app.books.opening.pdf_text import with_text_layer
    from reader_app.comics.text import ocr_book, with_page_text

    pages = pdf_pages(book)
    if pages is None:  # a PDF model without its pages (never made by read_pdf)
        return book
    report(PrepareNews(book.book_id, "layer", 0.0))
    layer = with_text_layer(
        book, pages, cancel=cancel,
        progress=lambda done, total: report(PrepareNews(book.book_id, "layer", done / total)),
    )
    if layer.book is None:
        return None
    if not layer.textless:
        return layer.book
    scanned = dataclasses.replace(book, sections=tuple(book.sections[i] for i in layer.textless))
    report(PrepareNews(book.book_id, "ocr", 0.0))
    text = ocr_book(
        conn, home, scanned, cancel=cancel,
        progress=lambda done, total: report(PrepareNews(book.book_id, "ocr", done / max(total, 1))),
    )
    if cancel.cancelled:
        return None
    read = {s.index: s for s in with_page_text(scanned, text).sections}
    return dataclasses.replace(
        layer.book, sections=tuple(read.get(s.index, s) for s in layer.book.sections))


def _describe(
    conn: sqlite3.Connection, home: Path, book: Book, *, prepare_whole_comic: bool,
    report: Progress, cancel: CancelToken,
) -> Mapping[int, str]:
    """Page descriptions when the reader turned them on; never past the boundary unless the
    reader asked to prepare the whole comic. Any trouble leaves the comic undescribed."""
    from reader_app.rag.pages.vision import describe_pages

    run = describe_pages(
        conn,
        home,
        book,
        prepare_whole_comic=prepare_whole_comic,
        progress=lambda done, total: report(
            PrepareNews(book.book_id, "describe", done / max(total, 1))
        ),
        cancel=cancel,
    )
    if run.reason and SettingsStore(conn).get("comics.describe_pages"):
        report(saying(book.book_id, "describe", run.reason))
    return run.descriptions


def _dense_index(
    conn: sqlite3.Connection, home: Path, book: Book, *, embedder: Embedder,
    through: Callable[[], int] | None, report: Progress, cancel: CancelToken,
) -> IndexStatus:
    from reader_app.rag.scope.boundary import scope_for_book

    book_id, model_id = book.book_id, embedder.model_id
    target = through() if through is not None else None
    announced = False

    def covered() -> bool:
        # The assistant can answer as soon as the index covers what has been read.
        status = index_status(conn, home, book_id, model_id)
        if target is not None:
            return status.covers(target)
        try:
            boundary = scope_for_book(conn, book_id).boundary_sid
        except ReaderError:
            return False  # no reading state: nothing read, nothing to announce yet
        return status.covers(boundary)

    def on_progress(p: IndexProgress) -> None:
        nonlocal announced
        announced = announced or covered()
        report(PrepareNews(book_id, "covered" if announced else "index", p.fraction))

    enough = cancel.or_when(lambda: target is not None and covered())
    return index_book(conn, home, book, embedder=embedder, progress=on_progress, cancel=enough)


def prepare_earlier_volumes(
    conn: sqlite3.Connection,
    home: Path,
    book_id: str,
    *,
    embedder: Embedder,
    progress: Progress | None = None,
    cancel: CancelToken | None = None,
) -> None:
    """Earlier volumes of the series are fully in scope: prepare their text and dense index.
    A volume whose file is gone or changed stays searchable by keyword only."""
    from reader_app.books.opening.cache import load_book

    report = progress or (lambda news: None)
    stopped = cancel or CancelToken()
    rows = conn.execute(
        """SELECT b.book_id, b.path FROM books b JOIN books current
           ON current.book_id = ? AND b.series_name = current.series_name
           AND b.series_index < current.series_index
           ORDER BY b.series_index""",
        (book_id,),
    ).fetchall()
    for volume_id, path in rows:
        if stopped.cancelled:
            return
        if index_status(conn, home, volume_id, embedder.model_id).complete:
            continue
        if not Path(path).exists():
            log.info("earlier volume %s is not at %s; searched by keyword only", volume_id, path)
            continue
        report(saying(book_id, "covered", sentence(QT_TRANSLATE_NOOP(
            "Errors", "Preparing {file}, an earlier volume…"), file=Path(path).name),
            fraction=1.0))
        try:
            volume = load_book(Path(path), home)
            if volume.book_id != volume_id:
                log.info("the file at %s has changed since it was added; skipped", path)
                continue
            text = prepare_text(conn, home, volume, describe=False, cancel=stopped)
        except ReaderError as exc:
            log.warning("earlier volume %s could not be prepared: %s", path, exc)
            continue
        if text is not None:
            index_book(conn, home, text, embedder=embedder, cancel=stopped)

"""A comic asked about while OCR still reads its pages: say so, wait for the pages up to the
boundary, then answer from them (or from what is ready, with a note, if the reading stalls).

The preparation (the window's child process) reads the pages and builds the comic's text once
every page is read; a question need not wait for the pages after the boundary: the text of the
pages read so far is built here, from the OCR cache, as soon as the pages up to it are read.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass

from reader_app.books.model import Book
from reader_app.cancel import CancelToken
from reader_app.errors import QueryError
from reader_app.rag.index.text_units import ensure_sentences
from reader_app.rag.scope.boundary import last_comic_page_in_scope
from reader_app.translatable import QT_TRANSLATE_NOOP, sentence

POLL_SECONDS = 0.5
# No page read for this long: nobody is reading them (the preparation stopped or failed), so
# the answer uses what is ready rather than wait for ever.
STALL_SECONDS = 60.0


@dataclass(frozen=True)
class ComicPagesNews:
    """Word for the panel while a comic's pages are read; "" once they are ready."""

    text: str


def still_reading(percent: int, last_page: int) -> str:
    return (f"Still reading the comic's pages: {percent}%; the answer will use "
            f"{_pages(1, last_page)} when it is done")


def _pages(first: int, last: int) -> str:
    return f"page {first}" if first == last else f"pages {first}-{last}"


def comic_pages_for_question(
    conn: sqlite3.Connection,
    book: Book,
    *,
    news: Callable[[ComicPagesNews], None],
    cancel: CancelToken | None = None,
    poll_seconds: float = POLL_SECONDS,
    stall_seconds: float = STALL_SECONDS,
    engine_id: str | None = None,
) -> None:
    """Make sure the comic's text holds every page up to the boundary before a question is
    answered, waiting (and saying so through `news`) while OCR reads them. If the reading
    stalls, the text of the pages ready is used and `news` says which pages the answer uses;
    with none ready, a QueryError says to ask again."""
    # Imported here, not with ComicPagesNews: the assistant's dock reads that at launch, and
    # the comics' text and OCR modules bring numpy.
    from reader_app.comics.ocr import RapidOcrEngine
    from reader_app.comics.text import cached_pages, page_content_hash

    if book.format == "pdf":  # its text layer is read before the index (and OCR awaited there)
        return
    last = last_comic_page_in_scope(conn, book.book_id, page_count=len(book.sections))
    if last < 0:
        return  # nothing read yet: the assistant says so itself
    engine_id = engine_id or RapidOcrEngine().engine_id
    hashes = {s.index: h for s in book.sections if (h := page_content_hash(book, s)) is not None}
    wanted = {page: h for page, h in hashes.items() if page <= last}
    stop = cancel or CancelToken()
    seen, grew_at = -1, time.monotonic()
    while cached_pages(conn, wanted, engine_id=engine_id) < len(wanted):
        done = cached_pages(conn, hashes, engine_id=engine_id)
        if done != seen:
            seen, grew_at = done, time.monotonic()
            news(ComicPagesNews(still_reading(100 * done // max(len(hashes), 1), last + 1)))
        if stop.cancelled:
            raise QueryError(sentence(QT_TRANSLATE_NOOP(
                "Errors", "Stopped while the comic's pages were still being read.")))
        if time.monotonic() - grew_at > stall_seconds:
            break
        time.sleep(poll_seconds)
    ready = _ensure_page_text(conn, book, engine_id=engine_id, hashes=hashes, last=last)
    if ready == last + 1:
        news(ComicPagesNews(""))
    elif ready == 0:
        raise QueryError(
            sentence(QT_TRANSLATE_NOOP(
                "Errors", "The comic's pages are still being read ({percent}%), and none you have "
                "reached is ready yet: ask again in a moment."),
                percent=100 * seen // max(len(hashes), 1))
        )
    else:
        news(ComicPagesNews(
            f"{_pages(ready + 1, last + 1).capitalize()} not read yet: this answer uses "
            f"{_pages(1, ready)} only."
        ))


def _ensure_page_text(
    conn: sqlite3.Connection, book: Book, *, engine_id: str, hashes: dict[int, str], last: int
) -> int:
    """Build the comic's sentences from the pages OCR has read, unless they already hold every
    page up to `last` that has words. Returns how many pages from the first are read."""
    from reader_app.comics.text import cached_text, with_page_text  # numpy: see above

    texts = cached_text(conn, book, engine_id=engine_id, hashes=hashes)
    read = {page.page for page in texts.pages}
    ready = 0
    while ready <= last and (ready in read or ready not in hashes):
        ready += 1
    needed = {p.page for p in texts.pages if p.page <= last and p.text.strip()}
    present = {
        int(row[0]) for row in conn.execute(
            "SELECT DISTINCT section FROM sentences WHERE book_id = ? AND section <= ?",
            (book.book_id, last),
        )
    }
    if not needed <= present:
        ensure_sentences(conn, with_page_text(book, texts))
    return ready

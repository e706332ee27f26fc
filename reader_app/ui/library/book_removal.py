"""Removing a book with nothing written on the UI thread: the one writer forgets it (its rows,
keyword table, dense indexes and cached model: `reader_app/forget.py`), in order with every other
write, and a worker waits for that so the library view shows what the library now holds."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from reader_app.errors import LibraryError
from reader_app.forget import forget_book
from reader_app.store.writer import Writer
from reader_app.ui.translation import translate
from reader_app.ui.workers import Job, Workers


def remove_book(
    tasks: Workers,
    writer: Writer,
    home: Path,
    book_id: str,
    *,
    on_removed: Callable[[], object],
    on_error: Callable[[BaseException], object],
) -> Job:
    """Queue the book's removal; `on_removed()` runs on the UI thread once the writer has run it
    (a removal held by a full disk is tried again by the writer, like any write)."""
    ticket = writer.submit(lambda conn: forget_book(conn, home, book_id))

    def removed(_job: Job) -> None:
        if not writer.wait_for(ticket):
            raise LibraryError(translate(
                "BookRemoval", "The library did not remove the book in time."))

    return tasks.submit(f"remove:{book_id}", removed, on_done=lambda _none: on_removed(),
                        on_error=on_error)

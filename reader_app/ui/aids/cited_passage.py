"""The passage a citation points to, marked on the page after the jump to it."""

from __future__ import annotations

import sqlite3

from reader_app.books.model import Book, Locator
from reader_app.rag.index.sentences import sentence_start
from reader_app.rag.scope.citations import Citation
from reader_app.ui.reader.page_marks import Mark


def cited_passage_marks(
    conn: sqlite3.Connection, book: Book, citation: Citation
) -> tuple[Mark, ...]:
    """The cited sentences, first to last, as one strong mark (none if the book has no such
    sentences any more, e.g. re-split since). A PDF's first sentence that began on the page
    before the one it is stored on is marked from where it begins, on that page."""
    rows = conn.execute(
        """SELECT sid, section, block, char_end FROM sentences
           WHERE book_id = ? AND sid IN (?, ?) ORDER BY sid""",
        (book.book_id, citation.sid_start, citation.sid_end),
    ).fetchall()
    if not rows:
        return ()
    last = rows[-1]
    start = sentence_start(conn, book.book_id, rows[0][0])
    end = Locator(last[1], last[2], last[3])
    return (Mark(start, end, strong=True),)

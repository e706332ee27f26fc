"""`reader-app mark-read` and `reader-app status`: the stored reading state, for scripts."""

from __future__ import annotations

import argparse
import json
import sqlite3
import sys
from pathlib import Path
from typing import Any, TextIO

from reader_app.books.model import Book
from reader_app.books.shelf.library import Library, ReadingState
from reader_app.books.shelf.marking import (
    Place,
    boundary_after_chapter,
    boundary_at_percent,
    chapter_and_percent,
    mark_read,
    place_of,
)
from reader_app.cli.retrieval import _run
from reader_app.errors import ReaderError


def mark_read_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="reader-app mark-read",
        description="Move the book's reading boundary as “Mark as read up to here” does: the "
        "assistant (and any agent) may then use everything up to that point. Forward only "
        "unless --allow-back.",
    )
    parser.add_argument("file", type=Path,
                        help="a book or comic file (added to the library if needed)")
    where = parser.add_mutually_exclusive_group(required=True)
    where.add_argument("--at", type=float, metavar="PERCENT", help="read up to PERCENT (0-100)")
    where.add_argument("--chapter", type=int, metavar="N",
                       help="read to the end of chapter N (table-of-contents entries from 1; "
                       "a comic's pages)")
    where.add_argument("--end", action="store_true", help="the whole book has been read")
    parser.add_argument("--allow-back", action="store_true",
                        help="allow moving the boundary back (the assistant then forgets)")
    return parser


def status_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="reader-app status",
        description="Print the book's stored reading position, boundary and index state.",
    )
    parser.add_argument("file", type=Path, help="a book or comic file")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    return parser


def mark_read_main(argv: list[str]) -> int:
    options = mark_read_parser().parse_args(argv)
    return _run(lambda conn, home: _mark_read(conn, home, options, out=sys.stdout), "mark-read")


def status_main(argv: list[str]) -> int:
    options = status_parser().parse_args(argv)
    return _run(lambda conn, home: _status(conn, home, options, out=sys.stdout), "status",
                reads_only=True)




def _book(conn: sqlite3.Connection, home: Path, file: Path, *, add: bool) -> Book:
    from reader_app.books.opening.cache import load_book

    book = load_book(file, home)
    library = Library(conn, home)
    if not library.contains(book.book_id):
        if not add:
            raise ReaderError(f"“{file.name}” is not in the library: open it in Pagemate first.")
        library.add(book)
    return book


def _mark_read(conn: sqlite3.Connection, home: Path, options: argparse.Namespace, *,
               out: TextIO) -> int:
    book = _book(conn, home, options.file, add=True)
    if options.end:
        boundary = book.end_locator()
    elif options.chapter is not None:
        boundary = boundary_after_chapter(book, options.chapter)
    else:
        boundary = boundary_at_percent(book, options.at)
    place = mark_read(Library(conn, home), book, boundary, allow_back=options.allow_back)
    print(f"{book.metadata.title}: read up to {place.describe()}.", file=out)
    return 0


def _status(conn: sqlite3.Connection, home: Path, options: argparse.Namespace, *,
            out: TextIO) -> int:
    book = _book(conn, home, options.file, add=False)
    state = Library(conn, home).reading_state(book.book_id)
    report = status_json(conn, home, book, state)
    if options.json:
        print(json.dumps(report, ensure_ascii=False, indent=2), file=out)
        return 0
    position, boundary, index = report["position"], report["boundary"], report["index"]
    print(f"{report['title']} — {report['author']}", file=out)
    where = chapter_and_percent(position["chapter"] or "start", position["percent"])
    print(f"  position: {where}", file=out)
    sid = "" if boundary["sid"] is None else f", sentence {boundary['sid']}"
    print(f"  boundary: {boundary['describe']}{sid}", file=out)
    if not index["text_ready"]:
        print("  index: not prepared (run reader-app index FILE, or open it in Pagemate)",
              file=out)
    elif index["damaged"]:
        print(f"  index: {index['sentences']} sentences; the passage index file is damaged "
              "(run reader-app index FILE, or open it in Pagemate, to rebuild it)", file=out)
    else:
        print(f"  index: {index['sentences']} sentences, {index['chunks_indexed']} of "
              f"{index['chunks_total']} passages embedded with {index['model']}"
              f"{'; covers the boundary' if index['covers_boundary'] else ''}", file=out)
    return 0


def status_json(
    conn: sqlite3.Connection, home: Path, book: Book, state: ReadingState | None
) -> dict[str, Any]:
    """The stored reading state and index state of `book`, as `reader-app status --json`."""
    from reader_app.books.shelf.marking import chapter_at, percent_at
    from reader_app.rag.index.indexer import index_status
    from reader_app.rag.index.sentences import sentence_count
    from reader_app.rag.scope.boundary import boundary_sid_for
    from reader_app.settings import SettingsStore

    place: Place = place_of(book, state)
    model_id = str(SettingsStore(conn).get("assistant.embedding_model"))
    index = index_status(conn, home, book.book_id, model_id)
    boundary_sid = None
    if state is not None and index.text_ready:
        boundary_sid = boundary_sid_for(conn, book.book_id, state.boundary,
                                        finished=state.finished)
    position_chapter = chapter_at(book, state.position) if state is not None else None
    return {
        "book_id": book.book_id,
        "title": book.metadata.title,
        "author": book.metadata.author_line,
        "position": {
            "section": None if state is None else state.position.section,
            "block": None if state is None else state.position.block,
            "char": None if state is None else state.position.char,
            "chapter": position_chapter.title if position_chapter else None,
            "percent": 0.0 if state is None else round(percent_at(book, state.position), 2),
        },
        "boundary": {
            "section": None if state is None else state.boundary.section,
            "block": None if state is None else state.boundary.block,
            "char": None if state is None else state.boundary.char,
            "sid": boundary_sid,
            "chapter": place.chapter.title if place.chapter else None,
            "chapter_number": place.chapter.number if place.chapter else None,
            "percent": round(place.percent, 2),
            "finished": place.finished,
            "describe": place.describe(),
        },
        "index": {
            "text_ready": index.text_ready,
            "sentences": sentence_count(conn, book.book_id),
            "chunks_total": index.chunks_total,
            "chunks_indexed": index.chunks_indexed,
            "damaged": index.damaged,
            "model": model_id,
            "covers_boundary": boundary_sid is not None and index.covers(boundary_sid),
        },
    }

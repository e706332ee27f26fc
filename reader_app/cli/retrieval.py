"""`reader-app index FILE` and `reader-app search FILE QUERY`: the engine without the window."""

from __future__ import annotations

import argparse
import json
import sqlite3
import sys
from pathlib import Path
from typing import Any, ClassVar, TextIO

from reader_app.books.model import Book
from reader_app.errors import LibraryError, ReaderError
from reader_app.paths import library_home
from reader_app.prepare.news import PrepareNews
from reader_app.prepare.pipeline import PreparedBook, prepare_book
from reader_app.rag.index.embed import Embedder, embedder_for
from reader_app.rag.index.sentences import sid_at
from reader_app.rag.retrieval.search import (
    DEFAULT_K,
    DEFAULT_TOKEN_BUDGET,
    MAX_K,
    UNLIMITED_TOKENS,
    SearchResult,
    SearchStages,
    search,
)
from reader_app.rag.scope.boundary import Scope, scope_at, scope_for_book
from reader_app.settings import SettingsStore
from reader_app.store.db import connect, connect_read_only, is_read_only


def index_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="reader-app index",
        description="Add a book to the library if needed and prepare it as the window does: "
        "OCR for comics, sentences, keyword and dense index, earlier series volumes "
        "(resumes where an earlier run stopped).",
    )
    parser.add_argument("file", type=Path, help="a book or comic file")
    return parser


def search_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="reader-app search",
        description="Search a book's text up to the reading boundary recorded in the library "
        "(or the one given by --at / --upto-sid for this call only).",
    )
    parser.add_argument("file", type=Path, help="a book or comic file")
    parser.add_argument("query", help="words or a question")
    parser.add_argument(
        "--k", type=int, default=None,
        help=f"return the K best passages whole (1-{MAX_K}); without it, what the assistant "
        f"sends the model: up to {DEFAULT_K} passages within {DEFAULT_TOKEN_BUDGET:,} tokens",
    )
    parser.add_argument(
        "--tokens", type=int, default=None, metavar="N",
        help="cut the passages to at most about N tokens in all (the best one is always kept)",
    )
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    boundary_options(parser, "search")
    return parser


def boundary_options(parser: argparse.ArgumentParser, verb: str) -> None:
    """--at PERCENT and --upto-sid N: a boundary for this call only, instead of the recorded one."""
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--at", type=float, metavar="PERCENT",
                       help=f"{verb} as if read up to PERCENT of the book (0-100)")
    where.add_argument("--upto-sid", type=int, metavar="N",
                       help=f"{verb} as if read up to sentence N (sentences 0..N)")


def index_main(argv: list[str]) -> int:
    options = index_parser().parse_args(argv)
    return _run(lambda conn, home: _index(conn, home, options.file, out=sys.stdout), "index")


def search_main(argv: list[str]) -> int:
    options = search_parser().parse_args(argv)
    return _run(lambda conn, home: _search(conn, home, options, out=sys.stdout), "search",
                reads_only=True)


def _run(
    command: Any, name: str, options: argparse.Namespace | None = None, *, reads_only: bool = False
) -> int:
    """Run `command(conn, home)` with the library; a command that `reads_only` still runs on a
    library that cannot be written (a read-only folder or disk), reading it as it is."""
    from reader_app.cli.server_options import server_for_this_call

    home = library_home()
    try:
        conn = connect(home)
    except LibraryError as error:
        if not (reads_only and error.read_only):
            raise
        conn = connect_read_only(home)
        print(f"reader-app {name}: the library folder is read-only; it is read as it is and "
              "nothing is saved.", file=sys.stderr)
    try:
        with server_for_this_call(conn, options or argparse.Namespace()):
            return int(command(conn, home))
    except ReaderError as error:
        print(f"reader-app {name}: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"\nreader-app {name}: stopped; run it again to resume.", file=sys.stderr)
        return 130
    finally:
        conn.close()


def _open(conn: sqlite3.Connection, home: Path, file: Path) -> Book:
    from reader_app.books.opening.cache import load_book
    from reader_app.books.shelf.library import Library

    book = load_book(file, home)
    library = Library(conn, home)
    if not library.contains(book.book_id):
        if is_read_only(conn):
            raise ReaderError(f"“{file.name}” is not in the library, and the library is "
                              "read-only: nothing can be added to it.")
        library.add(book)
    return book


def _embedder(conn: sqlite3.Connection, home: Path, err: TextIO) -> Embedder:
    model_id = str(SettingsStore(conn).get("assistant.embedding_model"))
    return embedder_for(model_id, home=home, progress=lambda message: print(message, file=err))


def _index(conn: sqlite3.Connection, home: Path, file: Path, *, out: TextIO) -> int:
    book = _open(conn, home, file)
    embedder = _embedder(conn, home, sys.stderr)
    prepared = prepare_book(
        conn, home, book, embedder=embedder, progress=ProgressPrinter(book.metadata.title, out)
    )
    status = prepared.index
    assert status is not None  # not cancelled: Ctrl+C raises KeyboardInterrupt instead
    print(f"{book.metadata.title}: {prepared.sentences} sentences; {status.chunks_indexed} of "
          f"{status.chunks_total} passages indexed with {embedder.model_id}.", file=out)
    return 0 if prepared.complete else 1


class ProgressPrinter:
    """A bar per stage redrawn in place on a terminal; a line per tenth otherwise (logs, pipes)."""

    LABELS: ClassVar[dict[str, str]] = {
        "layer": "Reading the PDF's text", "ocr": "Reading pages (OCR)",
        "describe": "Describing pages",
        "index": "Indexing", "covered": "Indexing",
    }

    def __init__(self, title: str, out: TextIO) -> None:
        self.title = title
        self.out = out
        self.live = out.isatty()
        self.last: tuple[str, int] = ("", -1)

    def __call__(self, news: PrepareNews) -> None:
        label = self.LABELS.get(news.stage)
        if label is None:
            return
        if news.message and news.fraction == 0:
            print(news.message, file=self.out)
        percent = int(news.fraction * 100)
        if self.live:
            filled = int(news.fraction * 30)
            self.out.write(f"\r{label:<20} [{'#' * filled}{'.' * (30 - filled)}] {percent:3d}%")
            if news.fraction >= 1.0:
                self.out.write("\n")
            self.out.flush()
            return
        tenth = (label, int(news.fraction * 10))
        if tenth != self.last:
            self.last = tenth
            print(f"{label.lower()} {self.title}: {percent}%", file=self.out)


def _search(conn: sqlite3.Connection, home: Path, options: argparse.Namespace, *,
            out: TextIO) -> int:
    book = _open(conn, home, options.file)
    stages = SearchStages()
    embedder: Embedder | None = None
    if not is_read_only(conn):
        embedder = writer_embedder = _embedder(conn, home, sys.stderr)
        book = prepare_to_boundary(
            conn, home, book, embedder=writer_embedder,
            boundary=lambda: _scope(conn, book, options).boundary_sid, err=sys.stderr,
        ).book
    else:  # what was prepared before is what is searched; a model never set up is not used
        try:
            embedder = _embedder(conn, home, sys.stderr)
        except (OSError, ReaderError) as error:
            print(f"reader-app search: searching by keywords only ({error})", file=sys.stderr)
            embedder, stages = None, SearchStages(dense=False)
    scope = _scope(conn, book, options)
    result = search(conn, home, scope, options.query, k=options.k or DEFAULT_K,
                    token_budget=_token_budget(options), embedder=embedder, stages=stages)
    if options.json:
        print(json.dumps(result_json(result), ensure_ascii=False, indent=2), file=out)
    else:
        _print_result(result, out)
    return 0


def _token_budget(options: argparse.Namespace) -> int:
    """--tokens if given; else the assistant's budget for the default search, and none for an
    explicit --k (like the MCP server's search_book: K passages asked for are K returned)."""
    if options.tokens is not None:
        if options.tokens < 1:
            raise ReaderError(f"--tokens takes a positive number, not {options.tokens}.")
        return int(options.tokens)
    return DEFAULT_TOKEN_BUDGET if options.k is None else UNLIMITED_TOKENS


def prepare_to_boundary(
    conn: sqlite3.Connection, home: Path, book: Book, *, embedder: Embedder,
    boundary: Any, err: TextIO,
) -> PreparedBook:
    """Prepare the book's text whole and its dense index as far as `boundary()` (the rest can
    wait for the app), with earlier series volumes: what answering at that boundary needs."""
    return prepare_book(conn, home, book, embedder=embedder, dense_through=boundary,
                        progress=ProgressPrinter(book.metadata.title, err))


def _scope(conn: sqlite3.Connection, book: Book, options: argparse.Namespace) -> Scope:
    explicit = _explicit_boundary(conn, book, options)
    if explicit is None:
        return scope_for_book(conn, book.book_id)
    return scope_at(conn, book.book_id, boundary_sid=explicit)


def _explicit_boundary(
    conn: sqlite3.Connection, book: Book, options: argparse.Namespace
) -> int | None:
    if options.upto_sid is not None:
        return int(options.upto_sid)
    if options.at is None:
        return None
    if not 0 <= options.at <= 100:
        raise ReaderError(f"--at takes a percentage from 0 to 100, not {options.at:g}.")
    if options.at == 100:
        return 1 << 62  # the whole book; scope_at clamps it to the last sentence
    return sid_at(conn, book.book_id, book.locator_at_progress(options.at / 100))


def result_json(result: SearchResult) -> dict[str, Any]:
    return {
        "book_id": result.book_id,
        "boundary_sid": result.boundary_sid,
        "passages": [
            {
                "book_id": p.book_id,
                "chunk_id": p.chunk_id,
                "sid_start": p.sid_start,
                "sid_end": p.sid_end,
                "section": p.section,
                "score": round(p.score, 6),
                "text": p.text,
            }
            for p in result.passages
        ],
        "recent": (
            None
            if result.recent is None
            else {
                "sid_start": result.recent.sid_start,
                "sid_end": result.recent.sid_end,
                "text": result.recent.text,
            }
        ),
    }


def _print_result(result: SearchResult, out: TextIO) -> None:
    if result.boundary_sid < 0:
        print("Nothing has been read yet, so there is nothing to search.", file=out)
        return
    if not result.passages:
        print("No passage read so far matches.", file=out)
    for passage in result.passages:
        print(f"[section {passage.section}, sentences {passage.sid_start}-{passage.sid_end}, "
              f"score {passage.score:.4f}]", file=out)
        print(passage.text, file=out)
        print(file=out)
    if result.recent is not None:
        print(f"[where the reader is: sentences {result.recent.sid_start}-"
              f"{result.recent.sid_end}]", file=out)
        print(result.recent.text, file=out)

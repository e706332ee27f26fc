"""`reader-app xray FILE` and `reader-app recap FILE`: X-Ray and the story so far, at the stored
boundary (or at --at / --upto-sid, for this call only, as `search` has)."""

from __future__ import annotations

import argparse
import json
import sqlite3
import sys
from pathlib import Path
from typing import Any, TextIO

from reader_app.books.model import Book
from reader_app.books.shelf.library import Library
from reader_app.cli.retrieval import _open, _run, _scope, boundary_options
from reader_app.cli.server_options import server_options
from reader_app.printable import printable
from reader_app.rag.assistant.places import knows_up_to, place_label
from reader_app.rag.companion.features import Companion
from reader_app.rag.companion.xray_notes import stored_description
from reader_app.rag.index.sentences import locator_for_sid
from reader_app.rag.scope.boundary import Scope, scope_for_book


def xray_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="reader-app xray",
        description="The people and places met up to the reading boundary, most mentioned "
        "first, with who appears with whom. Found offline; no model is asked.",
    )
    parser.add_argument("file", type=Path, help="an EPUB file")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.add_argument("--top", type=int, default=40, help="how many names (default 40)")
    boundary_options(parser, "list")
    server_options(parser)
    return parser


def recap_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="reader-app recap",
        description="The story so far: a paragraph per chapter read and one for the part of "
        "the current chapter read, written by the Ollama model from those chapters only "
        "(extracts when it cannot be reached).",
    )
    parser.add_argument("file", type=Path, help="an EPUB file")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.add_argument("--no-model", action="store_true", help="extracts only, no model")
    parser.add_argument("--series", action="store_true",
                        help="begin with a recap of the series' earlier volumes in the library")
    boundary_options(parser, "recap")
    server_options(parser)
    return parser


def xray_main(argv: list[str]) -> int:
    options = xray_parser().parse_args(argv)
    return _run(lambda conn, home: _xray(conn, home, options, out=sys.stdout), "xray", options)


def recap_main(argv: list[str]) -> int:
    options = recap_parser().parse_args(argv)
    return _run(lambda conn, home: _recap(conn, home, options, out=sys.stdout), "recap",
                options)


def _knows(conn: sqlite3.Connection, home: Path, book: Book, scope: Scope) -> str:
    if scope.boundary_sid < 0:
        return "nothing yet"
    locator = locator_for_sid(conn, book.book_id, scope.boundary_sid)
    chapter = book.chapter_title(locator) or f"Section {locator.section + 1}"
    state = Library(conn, home).reading_state(book.book_id)
    if state is not None and state.finished and scope == scope_for_book(conn, book.book_id):
        return knows_up_to(book, state)
    return place_label(book, chapter, locator)


def _xray(conn: sqlite3.Connection, home: Path, options: argparse.Namespace, *,
          out: TextIO) -> int:
    book = _open(conn, home, options.file)
    companion = Companion(conn, gateway=None)
    companion.prepare(book)
    scope = _scope(conn, book, options)
    entries = companion.xray(book, scope)[: max(options.top, 0)]
    relationships = companion.relationships(book, scope)
    rows: list[dict[str, Any]] = []
    for entry in entries:
        first = locator_for_sid(conn, book.book_id, entry.first_sid)
        description = stored_description(conn, book, scope, entry)
        rows.append({
            "key": entry.key, "name": entry.name, "kind": entry.kind,
            "mentions": entry.mentions, "first_sid": entry.first_sid,
            "first_chapter": book.chapter_title(first), "aliases": list(entry.aliases),
            "description": None if description is None else {
                "text": description.text, "as_of": description.as_of,
                "made_at_sid": description.made_at_sid,
            },
        })
    knows = _knows(conn, home, book, scope)
    if options.json:
        payload = {
            "book_id": book.book_id, "title": book.metadata.title,
            "boundary_sid": scope.boundary_sid, "knows_up_to": knows, "entities": rows,
            "ties": [{"a": t.a, "b": t.b, "weight": t.weight} for t in relationships.ties],
        }
        print(json.dumps(payload, ensure_ascii=False, indent=2), file=out)
        return 0
    print(f"{book.metadata.title} · knows up to {knows}", file=out)
    if not rows:
        print("Nobody met yet.", file=out)
    for row in rows:
        kind = " (place)" if row["kind"] == "place" else ""
        also = f"  also: {', '.join(row['aliases'])}" if row["aliases"] else ""
        print(printable(f"{row['mentions']:6d}  {row['name']}{kind} · first in "
                        f"{row['first_chapter']}{also}"), file=out)
    return 0


def _recap(conn: sqlite3.Connection, home: Path, options: argparse.Namespace, *,
           out: TextIO) -> int:
    book = _open(conn, home, options.file)
    companion = Companion.from_settings(conn, use_model=not options.no_model)
    try:
        companion.prepare(book)
        scope = _scope(conn, book, options)
        companion.catch_up(book, scope)
        series = _series_recap(conn, home, companion, book, scope) if options.series else ""
        story = companion.story(book, scope)
    finally:
        companion.close()
    if companion.model_error is not None:
        print(printable(f"reader-app recap: {companion.model_error} Showing extracts."),
              file=sys.stderr)
    paragraphs = [
        {"chapter": p.chapter.title, "chapter_number": p.chapter.number + 1,
         "partial": p.partial, "source": p.source, "text": p.text}
        for p in story.paragraphs
    ]
    if options.json:
        payload = {"book_id": book.book_id, "title": book.metadata.title,
                   "boundary_sid": scope.boundary_sid, "series_recap": series or None,
                   "paragraphs": paragraphs}
        print(json.dumps(payload, ensure_ascii=False, indent=2), file=out)
        return 0
    print(f"{book.metadata.title} · the story so far", file=out)
    if series:
        print(printable(f"\nEarlier volumes: {series}"), file=out)
    if not paragraphs:
        print("\nNothing read yet.", file=out)
    for p in paragraphs:
        so_far = " (so far)" if p["partial"] else ""
        extract = " [extract]" if p["source"] != "model" else ""
        print(printable(f"\n{p['text']} — {p['chapter']}{so_far}{extract}"), file=out)
    return 0


def _series_recap(conn: sqlite3.Connection, home: Path, companion: Companion, book: Book,
                  scope: Scope) -> str:
    from reader_app.books.opening.cache import load_book

    library = Library(conn, home)
    volumes: dict[str, Book] = {}
    for volume in scope.volumes[:-1]:
        entry = library.entry(volume.book_id)
        if entry is not None and entry.path.exists():
            volumes[volume.book_id] = load_book(entry.path, home)
    return companion.series_recap(book, volumes, scope)

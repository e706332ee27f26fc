"""`reader-app ask FILE QUESTION`: answer from what has been read, on the command line."""

from __future__ import annotations

import argparse
import json
import sqlite3
import sys
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, TextIO

from reader_app.books.model import Book
from reader_app.books.opening.cache import load_book
from reader_app.books.shelf.library import Library
from reader_app.cli.retrieval import boundary_options
from reader_app.cli.server_options import server_for_this_call, server_options
from reader_app.errors import AnswerFailedError, AssistantUnavailableError, ReaderError
from reader_app.paths import library_home
from reader_app.prepare.pipeline import prepare_book
from reader_app.printable import printable
from reader_app.rag.assistant.answer_run import AnswerRun
from reader_app.rag.assistant.conversations import Message
from reader_app.rag.assistant.engine import Assistant, ScopeSource
from reader_app.rag.assistant.read_along import mark_read
from reader_app.rag.index.embed import Embedder, default_embedder
from reader_app.rag.index.sentences import sid_at
from reader_app.rag.model.replies import StreamStats
from reader_app.rag.scope.boundary import Scope, scope_at, scope_for_book
from reader_app.rag.scope.citations import Citation
from reader_app.store.db import connect


def ask_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="reader-app ask",
        description="Ask the reading companion about a book, answered only from what has "
        "been read (the boundary recorded by the reader, unless --at or --upto-sid is given).",
    )
    parser.add_argument("file", help="a book or comic file (added to the library if needed)")
    parser.add_argument("question", help="the question, in quotes")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument(
        "--read-along", action="store_true",
        help="have the server read the pages up to the boundary first, as it would have while "
        "the reader read them (the app's read-along), then ask")
    boundary_options(parser, "answer")
    server_options(parser)
    return parser


def ask_main(argv: list[str]) -> int:
    options = ask_parser().parse_args(argv)
    return answering_command("ask", lambda conn: _ask(conn, options, out=sys.stdout,
                                                      err=sys.stderr), options)


def answering_command(name: str, command: Callable[[sqlite3.Connection], int],
                      options: argparse.Namespace) -> int:
    """Run `command` on the library, with the model server its options name; a reader's
    error is a message and exit code 2."""
    conn = connect(library_home())
    try:
        with server_for_this_call(conn, options):
            return command(conn)
    except ReaderError as error:
        print(f"reader-app {name}: {error}", file=sys.stderr)
        return 2
    finally:
        conn.close()


@dataclass(frozen=True)
class AnsweringBook:
    book: Book
    embedder: Embedder
    scope_source: ScopeSource  # the stored boundary, or --at / --upto-sid


def prepare_to_answer(conn: sqlite3.Connection, options: argparse.Namespace, *, name: str,
                      err: TextIO) -> AnsweringBook:
    """The book in the library and its text prepared as the window does (OCR for comics), but
    only the text: the keyword index covers the whole book within seconds, and answering does
    not wait for embeddings."""
    home = library_home()
    book = load_book(options.file, home)
    library = Library(conn, home)
    if not library.contains(book.book_id):
        library.add(book)
    embedder = default_embedder(home=home)

    def scope_source(conn: sqlite3.Connection, book_id: str) -> Scope:
        explicit = _explicit_boundary(conn, book, options)
        if explicit is None:
            return scope_for_book(conn, book_id)
        return scope_at(conn, book_id, boundary_sid=explicit)

    prepared = prepare_book(conn, home, book, embedder=embedder, dense=False)
    boundary = scope_source(conn, book.book_id).boundary_sid
    if prepared.index is not None and boundary >= 0 and not prepared.index.covers(boundary):
        print(
            f"reader-app {name}: answering from keyword search; the embedding index covers "
            f"{prepared.index.fraction:.0%} of the book (run `reader-app index {options.file}` "
            "to complete it).",
            file=err,
        )
    return AnsweringBook(prepared.book, embedder, scope_source)


def _ask(conn: sqlite3.Connection, options: argparse.Namespace, *, out: TextIO,
         err: TextIO) -> int:
    ready = prepare_to_answer(conn, options, name="ask", err=err)
    assistant = Assistant(conn, library_home(), embedder=ready.embedder,
                          scope_source=ready.scope_source)
    # A conversation of its own, removed afterwards: the panel's conversation stays the reader's.
    conversation = assistant.new_conversation(ready.book.book_id)
    try:
        read_along = _read_along(assistant, ready.book) if options.read_along else None
        asked_at = time.perf_counter()
        run = assistant.ask(ready.book, options.question, conversation_id=conversation)
        return _stream(run, as_json=options.json, out=out, err=err, asked_at=asked_at,
                       read_along=read_along)
    finally:
        assistant.store.delete_conversation(conversation)
        assistant.close()


def _read_along(assistant: Assistant, book: Book) -> dict[str, Any]:
    """Have the server read the window at the boundary, as reading along would have; what it
    took (`--json`'s "read_along")."""
    made = assistant.read_along_request(book)
    if made is None:
        return {"window_tokens": 0, "read": False}
    request, window, boundary = made
    stats = StreamStats()
    started = time.perf_counter()
    read = assistant.gateway.read(request, stats=stats)
    if read:
        mark_read(assistant.gateway, book.book_id, window, boundary=boundary)
    return {"window_tokens": window.tokens, "read": read, "up_to": window.ends_in,
            "seconds": round(time.perf_counter() - started, 3),
            "server_prompt_s": None if stats.prompt_seconds is None
            else round(stats.prompt_seconds, 3),
            "prompt_tokens": stats.prompt_tokens, "prompt_tokens_read": stats.prompt_tokens_read}


def _explicit_boundary(
    conn: sqlite3.Connection, book: Book, options: argparse.Namespace
) -> int | None:
    if options.upto_sid is not None:
        return int(options.upto_sid)
    if options.at is not None:
        if not 0 <= options.at <= 100:
            raise ReaderError(f"--at takes a percentage from 0 to 100, not {options.at:g}.")
        if options.at == 0:
            return -1
        return sid_at(conn, book.book_id, book.locator_at_progress(options.at / 100))
    return None


def stream_tokens(tokens: Iterable[str], *, live: bool, out: TextIO, what: str) -> str:
    """Print a reply's tokens as they come when `live` (control characters shown escaped: a
    model's text does not drive the terminal); what went wrong, or "" (the run's outcome keeps
    what was said either way)."""
    try:
        for token in tokens:
            if live:
                out.write(printable(token))
                out.flush()
    except AssistantUnavailableError as error:
        return str(error)
    except AnswerFailedError as error:
        return f"The {what} stopped early: {error}"
    return ""


def _stream(run: AnswerRun, *, as_json: bool, out: TextIO, err: TextIO,
            asked_at: float | None = None, read_along: dict[str, Any] | None = None) -> int:
    live = not as_json and out.isatty()
    trouble = stream_tokens(run.tokens(), live=live, out=out, what="answer")
    outcome = run.outcome
    assert outcome is not None
    citations = outcome.answer.citations
    if as_json:
        payload: dict[str, Any] = {
            "question": run.question.text,
            "answer": outcome.text,
            "status": outcome.status,
            "boundary_sid": run.boundary_sid,
            "passages": [citation_json(c) for c in citations],
        }
        add_receipt(payload, outcome.answer)
        if asked_at is not None:
            payload["timings"] = timings(run, asked_at)
        if read_along is not None:
            payload["read_along"] = read_along
        if trouble:
            payload["error"] = trouble
        json.dump(payload, out, ensure_ascii=False, indent=2)
        out.write("\n")
        return 0
    if trouble:
        print(printable(trouble), file=err)
    if outcome.status == "fallback":
        print(printable(outcome.text), file=out)
    elif not live:
        out.write(printable(outcome.text))
    if outcome.status != "fallback":
        out.write("\n")
    print_receipt(outcome.answer, out)
    if citations:
        print("\nPassages used:", file=out)
        for citation in citations:
            print(printable(
                f"  [{citation.label}] chunk {citation.chunk_id}, sentences "
                f"{citation.sid_start}-{citation.sid_end}, {citation.chapter}: "
                f"“{citation.quote}”"), file=out)
    return 0


def timings(run: AnswerRun, asked_at: float) -> dict[str, Any]:
    """What the reader waited for: from the question to the answer's first token, the server's
    own time reading the answer's prompt and its size (and what of it it read afresh, not from
    its cache), the model calls made before the answer, the token budget the passages were cut
    to, and what was expected beforehand (the prompt's time at the measured speed, None before
    it was measured; the deadline for the first token)."""
    stats = run.stats
    first = stats.first_token_at
    prompt_s = stats.prompt_seconds
    expected = stats.expected_seconds
    return {
        "first_token_s": None if first is None else round(first - asked_at, 3),
        "server_prompt_s": None if prompt_s is None else round(prompt_s, 3),
        "prompt_tokens": stats.prompt_tokens,
        "prompt_tokens_read": stats.prompt_tokens_read,
        "model_calls_before_answer": run.prepared.calls_before_answer,
        "passage_budget": run.prepared.passage_budget,
        "window_tokens": run.prepared.window_tokens,
        "expected_prompt_s": None if expected is None else round(expected, 3),
        "first_token_deadline_s": None if stats.deadline_seconds is None
        else round(stats.deadline_seconds, 1),
    }


def citation_json(citation: Citation) -> dict[str, Any]:
    data = citation.to_json()
    data["passage_id"] = data.pop("chunk_id")
    return data


def add_receipt(payload: dict[str, Any], answer: Message) -> None:
    """The spoiler receipt, as the panel shows and veils it: `receipt` and `flagged`."""
    if answer.check is not None:
        checked = answer.check.to_json()
        payload["receipt"] = checked["receipt"]
        payload["flagged"] = checked["flagged"]


def print_receipt(answer: Message, out: TextIO) -> None:
    check = answer.check
    if check is None:
        return
    print(f"\n{check.receipt.line}", file=out)
    for flagged in check.flagged:
        print(printable(
            f"  May reveal what comes later: “{flagged.flag.text}” "
            f"(the book first has it in {flagged.first_at})"), file=out)

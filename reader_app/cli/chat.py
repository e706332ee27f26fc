"""`reader-app chat FILE --as NAME MESSAGE`: talk with a character who knows only what has
been read. Continues (or starts) that character's stored conversation at the recorded boundary
(or at --at / --upto-sid, for this call only, as `search` has)."""

from __future__ import annotations

import argparse
import json
import sqlite3
import sys
from typing import Any, TextIO

from reader_app.cli.ask import (
    add_receipt,
    answering_command,
    citation_json,
    prepare_to_answer,
    print_receipt,
    stream_tokens,
)
from reader_app.cli.retrieval import boundary_options
from reader_app.cli.server_options import server_options
from reader_app.errors import ReaderError
from reader_app.paths import library_home
from reader_app.printable import printable
from reader_app.rag.characters.chat import CharacterChat, CharacterRun


def chat_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="reader-app chat",
        description="Talk with a character of a book. The character knows only what has been "
        "read (the boundary recorded by the reader, unless --at or --upto-sid is given); the "
        "conversation is stored and continues on the next call and in the window.",
    )
    parser.add_argument("file", help="an EPUB file (added to the library if needed)")
    parser.add_argument("--as", dest="name", required=True, metavar="NAME",
                        help="the character, as X-Ray names them (\"Elizabeth\", \"Mr. Darcy\")")
    parser.add_argument("message", help="what you say to them, in quotes")
    parser.add_argument("--json", action="store_true",
                        help="print one JSON object: the reply and the passage ids used")
    boundary_options(parser, "talk")
    server_options(parser)
    return parser


def chat_main(argv: list[str]) -> int:
    options = chat_parser().parse_args(argv)
    return answering_command("chat", lambda conn: _chat(conn, options, out=sys.stdout,
                                                        err=sys.stderr), options)


def _chat(conn: sqlite3.Connection, options: argparse.Namespace, *, out: TextIO,
          err: TextIO) -> int:
    ready = prepare_to_answer(conn, options, name="chat", err=err)
    chat = CharacterChat(conn, library_home(), embedder=ready.embedder,
                         scope_source=ready.scope_source)
    try:
        run = chat.send(ready.book, options.message, name=options.name)
        code = _stream(run, as_json=options.json, out=out, err=err)
        # What the window does in the background after a reply: the summary every ten
        # messages, and a persona remade once enough new mentions have been passed.
        chat.maintain_summary(run.conversation_id, boundary_sid=run.boundary_sid)
        if run.persona_stale:
            try:
                chat.refresh_persona(ready.book, run.entry.key)
            except ReaderError as error:
                print(f"reader-app chat: the persona was not remade: {error}", file=err)
        return code
    finally:
        chat.close()


def _stream(run: CharacterRun, *, as_json: bool, out: TextIO, err: TextIO) -> int:
    live = not as_json and out.isatty()
    trouble = stream_tokens(run.tokens(), live=live, out=out, what="reply")
    outcome = run.outcome
    assert outcome is not None
    citations = outcome.answer.citations
    if as_json:
        payload: dict[str, Any] = {
            "character": run.entry.name,
            "character_key": run.entry.key,
            "conversation_id": run.conversation_id,
            "message": run.question.text,
            "reply": outcome.text,
            "status": outcome.status,
            "boundary_sid": run.boundary_sid,
            "passage_ids": [c.chunk_id for c in citations],
            "passages": [citation_json(c) for c in citations],
            "persona": {"made_at_sid": run.persona.made_at_sid, "source": run.persona.source},
        }
        add_receipt(payload, outcome.answer)
        if trouble:
            payload["error"] = trouble
        json.dump(payload, out, ensure_ascii=False, indent=2)
        out.write("\n")
        return 0
    if trouble:
        print(printable(trouble), file=err)
    if not live:
        out.write(printable(f"{run.entry.name}: {outcome.text}" if outcome.status != "fallback"
                            else outcome.text))
    out.write("\n")
    print_receipt(outcome.answer, out)
    return 0

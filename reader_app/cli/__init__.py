"""The `reader-app` command: open the window, or run an engine command (index, search, ask).

Front door: `main` below; each command is a module.

Modules:
- `ask`: `reader-app ask FILE QUESTION`: answer from what has been read, on the command line.
- `chat`: `reader-app chat FILE --as NAME MESSAGE`: talk with a character who knows only what has
  been read.
- `mcp`: `reader-app mcp`: serve the library to an agent over the Model Context Protocol (stdio).
- `reading`: `reader-app mark-read` and `reader-app status`: the stored reading state, for scripts.
- `retrieval`: `reader-app index FILE` and `reader-app search FILE QUERY`: the engine without the
  window.
- `server_options`: `--server URL`, `--model NAME` and `--allow-remote`: a model server for one
  call of `ask`, `chat`, `xray`, `recap` or `mcp`, instead of the one in Settings (which is left as
  it is).
- `xray`: `reader-app xray FILE` and `reader-app recap FILE`: X-Ray and the story so far, at the
  stored boundary (or at --at / --upto-sid, for this call only, as `search` has).
"""

from __future__ import annotations

import argparse
import importlib
import os
import sqlite3
import sys
from collections.abc import Callable, Sequence

from reader_app import APP_NAME, __version__
from reader_app.errors import LibraryError, ReaderError

# Engine commands are modules of this package; each is `main(argv) -> exit code`.
COMMANDS: dict[str, tuple[str, str]] = {
    "index": ("reader_app.cli.retrieval", "index_main"),
    "search": ("reader_app.cli.retrieval", "search_main"),
    "ask": ("reader_app.cli.ask", "ask_main"),
    "mark-read": ("reader_app.cli.reading", "mark_read_main"),
    "status": ("reader_app.cli.reading", "status_main"),
    "mcp": ("reader_app.cli.mcp", "mcp_main"),
    "xray": ("reader_app.cli.xray", "xray_main"),
    "recap": ("reader_app.cli.xray", "recap_main"),
    "chat": ("reader_app.cli.chat", "chat_main"),
}


def gui_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="reader-app",
        description=f"{APP_NAME}: an e-reader for EPUB and CBZ with a spoiler-safe companion. "
        f"Engine commands: {', '.join(COMMANDS)} (reader-app COMMAND --help).",
    )
    parser.add_argument("file", nargs="?", help="a book or comic file to open")
    parser.add_argument("--version", action="version", version=f"{APP_NAME} {__version__}")
    parser.add_argument(
        "--screenshot",
        metavar="PATH",
        help="open FILE, save the first page drawn as a PNG at PATH, and quit",
    )
    return parser


def run_command(name: str, command: Callable[[list[str]], int], argv: list[str]) -> int:
    """Run one engine command: every library fault is a sentence, and output cut short by the
    reader (`reader-app search … | head`) ends quietly."""
    from reader_app.paths import library_home
    from reader_app.store.faults import explain_library_fault

    try:
        try:
            code = command(argv)
        except LibraryError as error:
            if not error.empty:
                raise
            from reader_app.store.rebuild import rebuild_library

            print(f"reader-app {name}: {error}", file=sys.stderr)
            rebuild_library(library_home())  # an empty index holds nothing more to lose
            code = command(argv)
        sys.stdout.flush()  # a closed pipe is found here, not at exit after a traceback
        return code
    except BrokenPipeError:
        # The reader stopped reading; nothing is wrong. Later writes go nowhere (Python's advice).
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 141  # as a program ended by SIGPIPE
    except ReaderError as error:  # e.g. the library folder is full, read-only or damaged
        print(f"reader-app {name}: {error}", file=sys.stderr)
        return 2
    except (sqlite3.Error, OSError) as error:  # a fault met after the library was opened
        fault = explain_library_fault(error, home=library_home())
        if fault is None:
            raise
        print(f"reader-app {name}: {fault}", file=sys.stderr)
        return 2


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] in COMMANDS:
        module_name, function_name = COMMANDS[args[0]]
        command: Callable[[list[str]], int] = getattr(
            importlib.import_module(module_name), function_name
        )
        return run_command(args[0], command, args[1:])
    options = gui_parser().parse_args(args)
    # Imported late so that the engine commands never load Qt.
    from reader_app.app import run_app

    return run_app(file=options.file, screenshot=options.screenshot)

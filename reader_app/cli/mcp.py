"""`reader-app mcp`: serve the library to an agent over the Model Context Protocol (stdio)."""

from __future__ import annotations

import argparse
import logging
import sys

from reader_app.cli.server_options import server_options, server_values
from reader_app.settings import for_this_run


def mcp_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="reader-app mcp",
        description="Serve the library (READER_APP_HOME, or the default library) to an agent "
        "over the Model Context Protocol on stdin/stdout. Agents see each book only up to "
        "where you have read it. See docs/mcp.md.",
    )
    server_options(parser)
    return parser


def mcp_main(argv: list[str]) -> int:
    options = mcp_parser().parse_args(argv)
    from reader_app.mcp.server import build_server
    from reader_app.paths import library_home
    from reader_app.store.db import connect

    # stdout carries the protocol: every log line goes to stderr.
    logging.basicConfig(stream=sys.stderr, level=logging.WARNING,
                        format="reader-app mcp: %(levelname)s %(name)s: %(message)s")
    home = library_home()
    conn = connect(home)
    try:
        values = server_values(conn, options)
    finally:
        conn.close()
    with for_this_run(values):
        build_server(home).run("stdio")
    return 0

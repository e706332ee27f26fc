"""`reader-app mcp`: serve the library to an agent over the Model Context Protocol (stdio)."""

from __future__ import annotations

import argparse
import logging
import sys


def mcp_parser() -> argparse.ArgumentParser:
    return argparse.ArgumentParser(
        prog="reader-app mcp",
        description="Serve the library (READER_APP_HOME, or the default library) to an agent "
        "over the Model Context Protocol on stdin/stdout. Agents see each book only up to "
        "where you have read it. See docs/mcp.md.",
    )


def mcp_main(argv: list[str]) -> int:
    mcp_parser().parse_args(argv)
    from reader_app.mcp.server import build_server
    from reader_app.paths import library_home

    # stdout carries the protocol: every log line goes to stderr.
    logging.basicConfig(stream=sys.stderr, level=logging.WARNING,
                        format="reader-app mcp: %(levelname)s %(name)s: %(message)s")
    build_server(library_home()).run("stdio")
    return 0

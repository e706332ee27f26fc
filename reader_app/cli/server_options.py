"""`--server URL`, `--model NAME` and `--allow-remote`: a model server for one call of `ask`,
`chat`, `xray`, `recap` or `mcp`, instead of the one in Settings (which is left as it is)."""

from __future__ import annotations

import argparse
import contextlib
import sqlite3
from collections.abc import Iterator
from typing import Any

from reader_app.rag.model.servers import address_problem, host_of, is_this_computer, normalised
from reader_app.settings import SettingsStore, for_this_run


def server_options(parser: argparse.ArgumentParser) -> None:
    """Add the three flags to `parser`."""
    parser.add_argument(
        "--server", metavar="URL", type=server_address,
        help="the model server for this call: an Ollama host (http://127.0.0.1:11434), or an "
        "OpenAI-compatible server's address ending in /v1 (LM Studio, llama.cpp's server, "
        "…); default: the one in Settings",
    )
    parser.add_argument("--model", metavar="NAME",
                        help="the model for this call; default: the one in Settings")
    parser.add_argument(
        "--allow-remote", action="store_true",
        help="agree to send the text you have read to a --server on another computer "
        "(remembered for that host, as the window's consent is)",
    )


def server_address(text: str) -> str:
    """`--server` as typed, where it can be a model server's address; else argparse's error,
    with the sentence that says why (exit status 2, no traceback)."""
    if problem := address_problem(text):
        raise argparse.ArgumentTypeError(problem)
    return text


def server_values(conn: sqlite3.Connection, options: argparse.Namespace) -> dict[str, Any]:
    """The settings `--server` and `--model` stand for in this call; `--allow-remote` records the
    reader's consent for that host first (the one thing written)."""
    values: dict[str, Any] = {}
    server = getattr(options, "server", None)
    if server:
        values["assistant.ollama_host"] = normalised(server)
        settings = SettingsStore(conn)
        remote = tuple(settings.get("assistant.treat_as_remote"))
        if getattr(options, "allow_remote", False) and not is_this_computer(
            server, remote_hosts=remote
        ):
            allowed = list(settings.get("assistant.allowed_remote_hosts"))
            if host_of(server) not in allowed:
                settings.set("assistant.allowed_remote_hosts", [*allowed, host_of(server)])
    if getattr(options, "model", None):
        values["assistant.model"] = options.model
    return values


@contextlib.contextmanager
def server_for_this_call(conn: sqlite3.Connection, options: argparse.Namespace) -> Iterator[None]:
    """Within the block, every model call goes to `--server` with `--model`."""
    with for_this_run(server_values(conn, options)):
        yield

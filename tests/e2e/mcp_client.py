"""Talking to `reader-app mcp` as an agent's client does: the SDK's stdio client, a subprocess."""

from __future__ import annotations

import os
import sys
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import anyio
from mcp.client.session import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client

from tests.conftest import ROOT

T = TypeVar("T")


@dataclass(frozen=True)
class ToolAnswer:
    is_error: bool
    data: Any  # the structured result
    text: str  # the text content (an error's message)


class Agent:
    def __init__(self, session: ClientSession) -> None:
        self.session = session

    async def call(self, tool: str, **arguments: Any) -> ToolAnswer:
        result = await self.session.call_tool(tool, arguments)
        text = "\n".join(getattr(block, "text", "") for block in result.content)
        return ToolAnswer(result.is_error, result.structured_content, text)


def server_parameters(home: Path, extra_args: tuple[str, ...] = ()) -> StdioServerParameters:
    env = {
        "READER_APP_HOME": str(home),
        "OLLAMA_HOST": "http://127.0.0.1:9",
        "HF_HUB_OFFLINE": "1",
        "PYTHONPATH": str(ROOT),
        "PATH": os.environ.get("PATH", ""),
    }
    return StdioServerParameters(command=sys.executable,
                                 args=["-m", "reader_app", "mcp", *extra_args],
                                 env=env, cwd=str(ROOT))


def with_agent(home: Path, scenario: Callable[[Agent], Awaitable[T]],
               extra_args: tuple[str, ...] = ()) -> T:
    """Start the server as a subprocess, run `scenario` against it, stop it."""

    async def main() -> T:
        parameters = server_parameters(home, extra_args)
        async with stdio_client(parameters) as (read, write), ClientSession(
            read, write
        ) as session:
            await session.initialize()
            return await scenario(Agent(session))

    return anyio.run(main)

"""`reader-app mcp`: the library served to agents over MCP (stdio), on the official `mcp` SDK.

The tools take no position: the boundary is read from the stored reading state on every call,
so an agent can see only what the reader has read (DESIGN.md sections 1 and 11). Heavy parts
(the embedding model, FAISS, book parsing) load on the first call that needs them, so the server
answers `initialize` and `list_books` quickly. Its log goes to stderr; stdout is the protocol's.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

# pydantic (under the SDK) reads a TypedDict's fields only from typing_extensions before 3.12.
from typing_extensions import TypedDict

from reader_app import APP_NAME, __version__
from reader_app.errors import ReaderError
from reader_app.mcp.library import MAX_K, AgentLibrary

log = logging.getLogger(__name__)

INSTRUCTIONS = f"""\
{APP_NAME} is the user's e-reader. These tools show the books in their library and the text of
each book only up to where the user has read it: nothing after that point can be returned, so
you cannot spoil what comes later. Call list_books for the ids, reading_position to learn how
far the user has read (say "you are in chapter 12"), and search_book to find passages in what
they have read, or ask_book to have the user's own reading companion answer. If a tool says
the book is not read or not prepared, tell the user what to do.
"""


class BookEntry(TypedDict):
    book_id: str
    title: str
    author: str


class BookList(TypedDict):
    books: list[BookEntry]


def build_server(home: Path) -> Any:
    """The MCP server for the library in `home`, its tools registered."""
    from mcp.server.mcpserver import MCPServer
    from mcp.server.mcpserver.exceptions import ToolError

    library = AgentLibrary(home)
    server = MCPServer(name="pagemate", title=APP_NAME, version=__version__,
                       instructions=INSTRUCTIONS, log_level="WARNING")

    def answer(call: Any, *args: Any) -> Any:
        try:
            return call(*args)
        except ReaderError as error:  # the agent can act on these; the server keeps serving
            raise ToolError(str(error)) from error

    @server.tool(description="The books in the user's library: their ids, titles and authors.")
    def list_books() -> BookList:
        books = answer(library.list_books)
        return {"books": [BookEntry(book_id=b["book_id"], title=b["title"], author=b["author"])
                          for b in books]}

    @server.tool(description=(
        "Search one book, only within what the user has already read (the boundary is the "
        "user's reading position; it cannot be changed here). With a query: the k most "
        "relevant passages, in reading order, each with its chapter and position. Without a "
        f"query: the last k sentences read. k is 1 to {MAX_K}."))
    def search_book(book_id: str, query: str | None = None, k: int = 20) -> dict[str, Any]:
        result: dict[str, Any] = answer(library.search_book, book_id, query, k)
        return result

    @server.tool(description=(
        "How far the user has read in a book: its title, the chapter and the percent reached."))
    def reading_position(book_id: str) -> dict[str, Any]:
        result: dict[str, Any] = answer(library.reading_position, book_id)
        return result

    @server.tool(description=(
        "Ask the user's reading companion a question about a book. It answers only from what "
        "the user has read (a local model through Ollama), and lists the passages it used. If "
        "the model is unavailable, the answer is the most relevant passages, and a note says "
        "why."))
    def ask_book(book_id: str, question: str) -> dict[str, Any]:
        result: dict[str, Any] = answer(library.ask_book, book_id, question)
        return result

    return server

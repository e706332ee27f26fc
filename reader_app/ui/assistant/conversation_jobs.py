"""The assistant panel's conversation bookkeeping, off the UI thread.

Opening a book reads its latest conversation (and that conversation's messages) in a worker.
"New conversation" and "Prepare whole comic" on and off are written by the one writer
(`store/writer.py`): the UI thread only queues the write, in order with the page turns' saves,
so a question asked right after "New conversation" (whose answer job waits for the writes queued
before it) lands in the new conversation. The panel runs the reads and waits on one `Workers`
lane: a reply for a book the reader has left is dropped by its job id.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path

from reader_app.books.model import Book
from reader_app.books.shelf.library import Library
from reader_app.errors import LibraryError
from reader_app.rag.assistant.conversations import ConversationStore, Message
from reader_app.store.db import connect
from reader_app.store.writer import Writer
from reader_app.ui.translation import translate

Found = tuple[int | None, list[Message]]  # a conversation to show, and its messages
Work = Callable[[], Found]  # run in a worker


def latest_conversation(home: Path, book_id: str) -> Work:
    """The work that reads the book's latest conversation and its messages (None and [] when
    it has none), in a worker, on a connection of its own."""

    def read() -> Found:
        conn = connect(home)
        try:
            store = ConversationStore(conn)
            conversation_id = store.latest_conversation(book_id)
            return conversation_id, store.messages(conversation_id) if conversation_id else []
        finally:
            conn.close()

    return read


def conversation(home: Path, conversation_id: int) -> Work:
    """The work that reads one conversation's messages, in a worker."""

    def read() -> Found:
        conn = connect(home)
        try:
            return conversation_id, ConversationStore(conn).messages(conversation_id)
        finally:
            conn.close()

    return read


def new_conversation(writer: Writer, book_id: str) -> Work:
    """Queue a new, empty conversation for the book (on the UI thread: it does not wait); the
    returned function, run in a worker, waits for it and gives its id."""
    outcome: dict[str, object] = {}

    def write(conn: sqlite3.Connection) -> None:
        try:
            outcome["id"] = ConversationStore(conn).new_conversation(book_id)
        except Exception as error:  # handed to the waiting job, which reports it
            outcome["error"] = error

    ticket = writer.submit(write)

    def started() -> Found:
        if not writer.wait_for(ticket):
            raise LibraryError(translate(
                "ConversationJobs", "The library did not start the new conversation in time."))
        error, conversation_id = outcome.get("error"), outcome.get("id")
        if isinstance(error, Exception):
            raise error
        assert isinstance(conversation_id, int)
        return conversation_id, []

    return started


def turn_on_whole_comic(writer: Writer, home: Path, book: Book) -> Callable[[object], None]:
    """Queue "whole comic: on" (on the UI thread: it does not wait); the returned work, run in a
    worker, waits for it, so the panel reads it back once it is there."""
    book_id = book.book_id
    ticket = writer.submit(lambda conn: Library(conn, home).set_whole_comic(book_id, True))

    def recorded(_job: object) -> None:
        if not writer.wait_for(ticket):
            raise LibraryError(translate(
                "ConversationJobs", "The library did not record “Prepare whole comic” in time."))

    return recorded


def turn_off_whole_comic(writer: Writer, home: Path, book_id: str) -> None:
    """Queue "whole comic: off" (held and tried again if the disk is full, like a page turn's
    save); nothing waits for it."""
    writer.submit(lambda conn: Library(conn, home).set_whole_comic(book_id, False))

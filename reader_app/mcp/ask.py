"""`ask_book`: a question answered by the assistant engine from what the reader has read."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from reader_app.books.model import Book
from reader_app.errors import AnswerFailedError, AssistantUnavailableError


def ask_book(home: Path, book: Book, question: str, *, embedder: Any) -> dict[str, Any]:
    """Answer `question` as the panel would, at the stored boundary, and report the passages
    used. The answer goes into a conversation of its own, removed afterwards, so the reader's
    conversation is untouched and nothing of it stays in the library; the reading state is only
    read. With Ollama down, the answer is the most relevant passages read, marked as such."""
    from reader_app.rag.assistant.engine import Assistant
    from reader_app.rag.scope.boundary import scope_for_book
    from reader_app.store.db import connect

    conn = connect(home, check_same_thread=False)
    try:
        assistant = Assistant(conn, home, embedder=embedder, scope_source=scope_for_book)
        conversation = assistant.new_conversation(book.book_id)
        try:
            run = assistant.ask(book, question, conversation_id=conversation)
            trouble = ""
            try:
                for _token in run.tokens():
                    pass
            except AssistantUnavailableError as error:
                trouble = str(error)
            except AnswerFailedError as error:
                trouble = f"The answer stopped early: {error}"
            outcome = run.outcome
            assert outcome is not None  # set once the tokens have run out
            result: dict[str, Any] = {
                "book_id": book.book_id,
                "question": run.question.text,
                "answer": outcome.text,
                "status": outcome.status,
                "boundary_sid": run.boundary_sid,
                "passages": [
                    {"label": c.label, "chapter": c.chapter, "quote": c.quote,
                     "sid_start": c.sid_start, "sid_end": c.sid_end}
                    for c in outcome.answer.citations
                ],
            }
            if trouble:
                result["note"] = trouble
            return result
        finally:
            assistant.store.delete_conversation(conversation)
            assistant.close()
    finally:
        conn.close()

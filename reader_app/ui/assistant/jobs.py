"""The assistant panel's background jobs, run by `DockJobs`: an answer and a model download.

An answer job streams, as progress: for a comic whose pages OCR is still reading,
`ComicPagesNews` while it waits for them; each token (str), then the finished `JobResult` once the
answer is whole, then the follow-up suggestions (`Suggestions`); then it keeps the conversation
summary up to date. It returns the `JobResult`, which also arrives after a Stop. A download job
streams `PullProgress` and returns None.
"""

from __future__ import annotations

import logging
import sqlite3
from dataclasses import dataclass

from reader_app.books.model import Book
from reader_app.errors import LibraryError, ReaderError
from reader_app.rag.assistant.answer_run import AnswerOutcome
from reader_app.rag.assistant.conversations import ConversationStore, Message
from reader_app.rag.assistant.engine import Assistant, AssistantConfig
from reader_app.rag.assistant.pool import AssistantPool
from reader_app.store.faults import explain_library_fault
from reader_app.ui.workers import Job

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class JobResult:
    """What a finished answer job reports back to the panel."""

    conversation_id: int | None
    outcome: AnswerOutcome | None
    error: ReaderError | None
    unsaved_text: str = ""  # an answer the library could not store (a full disk)
    # The conversation as stored after this answer, read by the job (the panel reads nothing
    # on the UI thread); None when it could not be read.
    messages: list[Message] | None = None


@dataclass(frozen=True)
class Suggestions:
    """Follow-up questions for the answer just given."""

    questions: tuple[str, ...]


def answer_work(
    job: Job,
    *,
    assistants: AssistantPool,
    book: Book,
    question: str,
    conversation_id: int | None,
) -> JobResult:
    # Kept between questions: connection, Assistant, gateway and Ollama client.
    with assistants.lend() as assistant:
        try:
            return _answer(
                job, assistant, book=book, question=question, conversation_id=conversation_id
            )
        except _Unsaved as unsaved:
            fault = explain_library_fault(unsaved.error, home=assistants.home)
            if fault is None:  # not a full disk or a read-only folder: a bug
                raise unsaved.error from None
            return JobResult(
                conversation_id,
                None,
                LibraryError(
                    f"This answer could not be saved; it stays on screen for now. {fault}"
                ),
                unsaved_text=unsaved.text,
            )


class _Unsaved(Exception):
    """The library refused to store the question or the answer (`text`, streamed so far)."""

    def __init__(self, error: sqlite3.Error | OSError, text: str) -> None:
        super().__init__(str(error))
        self.error = error
        self.text = text


def _answer(
    job: Job, assistant: Assistant, *, book: Book, question: str, conversation_id: int | None
) -> JobResult:
    try:
        # news: "Still reading the comic's pages" while a comic's OCR catches up
        run = assistant.ask(
            book, question, conversation_id=conversation_id, cancel=job, news=job
        )
    except ReaderError as refused:
        return JobResult(conversation_id, None, refused)
    except (sqlite3.Error, OSError) as error:
        raise _Unsaved(error, "") from error
    job(run.checker)  # the spoiler check, before the first token: the panel veils live
    failure: ReaderError | None = None
    pieces: list[str] = []
    try:
        for token in run.tokens():
            pieces.append(token)
            job(token)
    except ReaderError as caught:
        failure = caught
    except (sqlite3.Error, OSError) as error:  # streamed, but could not be stored
        raise _Unsaved(error, "".join(pieces)) from error
    result = JobResult(run.conversation_id, run.outcome, failure,
                       messages=_stored_messages(assistant, run.conversation_id))
    if failure is None and not job.cancelled:
        job(result)  # the answer is whole: shown before the follow-ups are asked for
        job(Suggestions(run.suggestions()))
        assistant.maintain_summary(run.conversation_id, boundary_sid=run.boundary_sid)
    return result


def _stored_messages(assistant: Assistant, conversation_id: int) -> list[Message] | None:
    try:
        return ConversationStore(assistant.conn).messages(conversation_id)
    except sqlite3.Error as error:
        log.warning("could not read conversation %s back: %s", conversation_id, error)
        return None


def pull_work(job: Job, *, config: AssistantConfig) -> None:
    """Download the configured model; raises PullCancelledError or another ReaderError."""
    gateway = config.gateway()
    try:
        gateway.pull_model(progress=job, cancel=job)
    finally:
        gateway.close()

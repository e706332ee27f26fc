"""One answer driven from the question to its last token, for the assistant and character chat
alike (no Qt): the docks start it in a worker and paint what it reports, once.

It reports, in order: the spoiler check (`AnswerChecker`); what the reader will wait for
(`AnswerWaiting`: the passages found and the time the server should take to read them) and how
far the server has read (`PromptRead`, where it says); each token (str); then the finished
`AnswerResult`, as soon as the answer is whole, before the upkeep that follows it (chips, the
conversation's summary, a persona). A result that is not whole (refused, failed, stopped) is not
reported: the driver returns it, and the job's end brings it. So every result arrives once.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from reader_app.errors import ReaderError
from reader_app.rag.assistant.conversations import ConversationStore, Message

if TYPE_CHECKING:  # the docks import this at launch; the run (numpy, httpx) comes with a question
    from reader_app.rag.assistant.answer_run import AnswerOutcome, AnswerRun


@dataclass(frozen=True)
class AnswerResult:
    """How an answer ended, for the dock that asked."""

    conversation_id: int | None
    outcome: AnswerOutcome | None
    error: ReaderError | None
    unsaved_text: str = ""  # an answer the library could not store (a full disk)
    # The conversation as stored after this answer, read in the worker (a dock reads nothing
    # on the UI thread); None when it could not be read.
    messages: list[Message] | None = None


@dataclass(frozen=True)
class AnswerWaiting:
    """Sent when the question goes to the model: the passages it will read (shown at once, as
    a fallback answer would show them) and how long that should take here (None: not known)."""

    passages: int
    preview: str
    expected_seconds: float | None


@dataclass(frozen=True)
class PromptRead:
    """How far the server has read the answer's prompt, where it says (llama.cpp)."""

    read: int
    total: int


class UnsavedAnswerError(Exception):
    """The library refused to store the question or the answer (`text`, streamed so far)."""

    def __init__(self, error: sqlite3.Error | OSError, text: str) -> None:
        super().__init__(str(error))
        self.error = error
        self.text = text


class Reporter(Protocol):
    """Where the driver reports (a worker's `Job`): called with each piece of news."""

    @property
    def cancelled(self) -> bool: ...

    def __call__(self, value: object) -> None: ...


def drive_answer(
    start: Callable[[], AnswerRun],
    *,
    conversation_id: int | None,
    conn: sqlite3.Connection,
    report: Reporter,
    upkeep: Callable[[AnswerRun], None],
    preview: bool = True,
) -> AnswerResult | None:
    """Start the run (`start` may refuse with a `ReaderError`), report it as it streams, and
    run `upkeep` once the answer is whole. Returns the result when it was not reported (refused,
    failed or stopped), else None. Raises `UnsavedAnswerError` when the library cannot store it.
    `preview`: show the passages found while the model reads them."""
    try:
        run = start()
    except ReaderError as refused:
        return AnswerResult(conversation_id, None, refused)
    except (sqlite3.Error, OSError) as error:
        raise UnsavedAnswerError(error, "") from error
    report(run.checker)  # the spoiler check, before the first token: the dock veils live
    if run.context.started:
        _, expected = run.expected_wait()
        report(AnswerWaiting(len(run.citations), run.fallback.text if preview else "", expected))
        run.stats.on_progress = lambda read, total: report(PromptRead(read, total))
    failure: ReaderError | None = None
    pieces: list[str] = []
    try:
        for token in run.tokens():
            pieces.append(token)
            report(token)
    except ReaderError as caught:
        failure = caught
    except (sqlite3.Error, OSError) as error:  # streamed, but could not be stored
        raise UnsavedAnswerError(error, "".join(pieces)) from error
    result = AnswerResult(run.conversation_id, run.outcome, failure,
                          messages=_stored_messages(conn, run.conversation_id))
    if failure is not None or report.cancelled:
        return result
    report(result)  # the answer is whole: shown before the upkeep
    upkeep(run)
    return None


def _stored_messages(conn: sqlite3.Connection, conversation_id: int) -> list[Message] | None:
    try:
        return ConversationStore(conn).messages(conversation_id)
    except sqlite3.Error:  # the answer stands; the dock reads the conversation again
        return None

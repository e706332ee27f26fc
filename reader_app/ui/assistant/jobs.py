"""The assistant panel's background jobs, run by `DockJobs`: an answer, a warm-up, reading along
and a model download.

An answer job streams, as progress: for a comic whose pages OCR is still reading,
`ComicPagesNews` while it waits for them; the spoiler check, then what the reader will wait for
(`AnswerWaiting`: the passages found, and the time the server is expected to take to read them),
each token (str), then the finished `AnswerResult` once the answer is whole, advice when the model
is too slow for this computer (`SlowComputerAdvice`, once), then the follow-up suggestions
(`Suggestions`, asked only when the server is free); then it keeps the conversation summary up to
date. That sequence is the one answer driver's (`rag/assistant/answer_driver.py`), shared with
character chat; a result that is not whole (refused, failed, stopped) is the job's return value
instead, so each arrives once. A download job streams `PullProgress` and returns None.
"""

from __future__ import annotations

import contextlib
import logging
import sqlite3
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeVar

from reader_app.books.model import Book
from reader_app.errors import LibraryError, ReaderError
from reader_app.rag.assistant.answer_driver import (
    AnswerResult,
    UnsavedAnswerError,
    drive_answer,
)
from reader_app.rag.model.speeds import speeds_for
from reader_app.store.faults import explain_library_fault
from reader_app.ui.translation import translate
from reader_app.ui.workers import Job

if TYPE_CHECKING:  # the engine (numpy, httpx) loads with the first answer, not at launch
    from reader_app.rag.assistant.answer_run import AnswerRun
    from reader_app.rag.assistant.engine import Assistant, AssistantConfig
    from reader_app.rag.assistant.pool import AssistantPool
    from reader_app.rag.assistant.read_along import Window
    from reader_app.rag.model.gateway import ModelGateway
    from reader_app.rag.scope.request import ModelRequest

    Reading = tuple[ModelRequest, Window, int]  # a read-along request, its window, boundary

T = TypeVar("T")

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class SlowComputerAdvice:
    """The model runs without a graphics card and answers take over a minute: a smaller one
    the reader may download instead."""

    model: str
    smaller: str
    first_token_seconds: float


# The smaller model to suggest, by the model in use (Ollama's names).
SMALLER_MODELS = {
    "qwen2.5:7b": "qwen2.5:3b", "qwen2.5:3b": "qwen2.5:1.5b", "qwen2.5:1.5b": "qwen2.5:0.5b",
    "llama3.1:8b": "llama3.2:3b", "llama3.2:3b": "llama3.2:1b", "gemma3:4b": "gemma3:1b",
    "gemma2:9b": "gemma2:2b", "phi3:mini": "qwen2.5:1.5b", "mistral:7b": "qwen2.5:3b",
}
SLOW_SECONDS = 60.0  # a first word later than this is too slow for a reading companion


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
) -> AnswerResult | None:
    """Answer `question` (`drive_answer`); then advice, chips and the summary. Returns the
    result when it was not already reported whole."""
    # Kept between questions: connection, Assistant, gateway and Ollama client.
    with assistants.lend() as assistant:
        try:
            return drive_answer(
                # news: "Still reading the comic's pages" while a comic's OCR catches up
                lambda: assistant.ask(book, question, conversation_id=conversation_id,
                                      cancel=job, news=job),
                conversation_id=conversation_id, conn=assistant.conn, report=job,
                upkeep=lambda run: _after_answer(job, assistant, run),
            )
        except UnsavedAnswerError as unsaved:
            fault = explain_library_fault(unsaved.error, home=assistants.home)
            if fault is None:  # not a full disk or a read-only folder: a bug
                raise unsaved.error from None
            return AnswerResult(
                conversation_id,
                None,
                LibraryError(
                    translate("AssistantJobs", "This answer could not be saved; it stays on "
                              "screen for now. {0}").format(fault)
                ),
                unsaved_text=unsaved.text,
            )


def _after_answer(job: Job, assistant: Assistant, run: AnswerRun) -> None:
    """Once the answer is whole: advice when the model is too slow here, the follow-up
    chips (asked only when the server is free), and the conversation's summary."""
    advice = slow_computer_advice(assistant, run.stats.first_token_at, run.stats.request_sent_at)
    if advice is not None:
        job(advice)
    job(Suggestions(run.suggestions()))
    assistant.maintain_summary(run.conversation_id, boundary_sid=run.boundary_sid)


def slow_computer_advice(assistant: Assistant, first_token_at: float | None,
                         sent_at: float | None) -> SlowComputerAdvice | None:
    """Advice when the first word took over a minute and the model is not in a GPU's memory
    (Ollama's `/api/ps` says so) and a smaller model is known; None otherwise."""
    if first_token_at is None or sent_at is None or first_token_at - sent_at < SLOW_SECONDS:
        return None
    model = assistant.config.model
    smaller = SMALLER_MODELS.get(model) or SMALLER_MODELS.get(model.removesuffix(":latest"))
    if smaller is None or assistant.gateway.gpu_share() != 0.0:
        return None
    return SlowComputerAdvice(model, smaller, first_token_at - sent_at)


def _lent(assistants: AssistantPool, book: Book,
          what: Callable[[Assistant], T]) -> tuple[T, AssistantConfig] | None:
    """What `what` reads with the kept assistant, and its settings. The assistant is lent only
    to read what to send: a question asked meanwhile reuses it while the call waits on the
    server with a gateway of its own (`_own_gateway`). None when it could not be read."""
    try:
        with assistants.lend() as assistant:
            return what(assistant), assistant.config
    except (ReaderError, sqlite3.Error, OSError) as error:
        log.info("preparing a model call for %s failed: %s", book.book_id, error)
        return None


@contextlib.contextmanager
def _own_gateway(job: Job, config: AssistantConfig, assistants: AssistantPool
                 ) -> Iterator[ModelGateway]:
    """A gateway working for `job` (a wait for the server's turn ends with it), closed after."""
    gateway = config.gateway(timeout=config.timeout, speeds=speeds_for(assistants.home),
                             cancel=job)
    try:
        yield gateway
    finally:
        gateway.close()


def warm_work(job: Job, *, assistants: AssistantPool, book: Book) -> bool:
    """Let the server load the model and read the book's opening before the first question."""
    lent = _lent(assistants, book, lambda assistant: assistant.warm_request(book))
    if lent is None:
        return False
    request, config = lent
    with _own_gateway(job, config, assistants) as gateway:
        return gateway.warm(request)


@dataclass(frozen=True)
class ReadAlongNews:
    """The server has read along up to the end of `chapter` (`tokens` in the window)."""

    book_id: str
    chapter: str
    tokens: int


def read_along_work(job: Job, *, assistants: AssistantPool, book: Book,
                    opening: bool = False) -> ReadAlongNews | None:
    """Have the server read the pages read so far (the window at the recorded boundary), in
    the background: it gives way to a question at once, which waits one step at most. The
    first time on a book (`opening`), the window kept on the server when the book last closed
    is restored first (kept_window.py), so only what was read since is read. None: nothing
    read (nothing to read, reading along is off, the server is down, or a question came
    first)."""
    from reader_app.rag.assistant.kept_window import WindowKeeper
    from reader_app.rag.assistant.read_along import mark_read
    from reader_app.rag.model.pacing import flat_prompt
    from reader_app.rag.model.schedule import Priority

    def prepare(assistant: Assistant) -> tuple[Reading, Reading | None] | None:
        made = assistant.read_along_request(book)
        if not opening or made is None:
            return (made, None) if made is not None else None
        kept = WindowKeeper(assistants.home, assistant.gateway).kept_before(
            book.book_id, made[2])
        if kept is None:
            return made, None
        if kept.anchor != made[1].sid_start:  # begin where the kept window began
            assistant.read_along(book).resume(kept.anchor)
            made = assistant.read_along_request(book) or made
        return made, assistant.read_along_request(book, before=kept.boundary)

    lent = _lent(assistants, book, prepare)
    both, config = lent if lent is not None else (None, None)
    if both is None or config is None:
        return None
    (request, window, boundary), held = both
    with _own_gateway(job, config, assistants) as gateway:
        restored = WindowKeeper(assistants.home, gateway).restore(
            book.book_id, window, boundary) if opening else None
        if restored is not None:  # the server holds that window's request again
            was = request if restored.boundary == boundary else \
                held[0] if held is not None and held[2] == restored.boundary else None
            if was is not None:
                gateway.queue.note_prompt(flat_prompt(was.messages))
        if not gateway.read(request, priority=Priority.BACKGROUND):
            return None
        mark_read(gateway, book.book_id, window, boundary=boundary)
        return ReadAlongNews(book.book_id, window.ends_in, window.tokens)


def keep_window_work(job: Job, *, assistants: AssistantPool, book: Book,
                     read_first: bool = True) -> bool:
    """As `book` closes: save the window the server read along (where it can), reading the
    last pages along first if the reader turned them since (`read_first`; not as the app
    quits), so that the next opening restores it instead of reading it again. True when it
    was saved."""
    from reader_app.rag.assistant.kept_window import WindowKeeper
    from reader_app.rag.assistant.read_along import mark_read
    from reader_app.rag.model.schedule import Priority

    def prepare(assistant: Assistant) -> tuple[ModelRequest, Window, int, bool] | None:
        made = assistant.read_along_request(book)
        if made is None or assistant.read_along(book).read_to(made[2]) < 0:
            return None  # never read along: nothing to keep
        return (*made, assistant.read_along(book).read_to(made[2]) == made[2])

    lent = _lent(assistants, book, prepare)
    made, config = lent if lent is not None else (None, None)
    if made is None or config is None:
        return False
    request, window, boundary, read = made
    with _own_gateway(job, config, assistants) as gateway:
        keeper = WindowKeeper(assistants.home, gateway)
        if not keeper.saves:
            return False  # Ollama, or llama.cpp's server started without a save folder
        if not read:
            if not read_first or not gateway.read(request, priority=Priority.BACKGROUND):
                return False
            mark_read(gateway, book.book_id, window, boundary=boundary)
        return keeper.save(book.book_id, request, window, boundary) is not None


def pull_work(job: Job, *, config: AssistantConfig, name: str | None = None) -> None:
    """Download the configured model (or `name`); raises PullCancelledError or another
    ReaderError."""
    gateway = config.gateway()
    try:
        gateway.models.pull(name=name, progress=job, cancel=job)
    finally:
        gateway.close()

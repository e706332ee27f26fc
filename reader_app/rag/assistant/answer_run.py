"""One question being answered (no Qt): the answer streams, and is stored when it ends, however
it ends (complete, stopped, incomplete, or the passages already read when the model cannot answer),
with its spoiler check. `rag/assistant/engine.py` prepares it."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace

from reader_app.books.model import Book
from reader_app.cancel import CancelToken
from reader_app.errors import AnswerFailedError, AssistantUnavailableError, ReaderError
from reader_app.rag.assistant.answer_check import AnswerCheck, AnswerChecker, FlaggedSpan, Receipt
from reader_app.rag.assistant.conversations import AnswerStats, ConversationStore, Message, Status
from reader_app.rag.model.citations import Citation
from reader_app.rag.model.gateway import ModelGateway, StreamStats
from reader_app.rag.model.scoped import ScopedContext


@dataclass(frozen=True, slots=True)
class FallbackAnswer:
    """What the panel shows when Ollama cannot answer: the best passages already read."""

    text: str
    citations: tuple[Citation, ...]


@dataclass(frozen=True, slots=True)
class AnswerOutcome:
    question: Message
    answer: Message

    @property
    def status(self) -> Status:
        return self.answer.status

    @property
    def text(self) -> str:
        return self.answer.text


class AnswerRun:
    """One question being answered: iterate `tokens()`, then read `outcome`."""

    def __init__(
        self,
        *,
        gateway: ModelGateway,
        store: ConversationStore,
        model: str,
        answer_length: str,
        fallback: Callable[[ScopedContext], FallbackAnswer],
        place_of: Callable[[Book, int], str],
        book: Book,
        checker: AnswerChecker,
        receipt: Receipt,
        conversation_id: int,
        question: Message,
        context: ScopedContext,
        search_query: str,
        prepare_started: float,
        early_error: AssistantUnavailableError | None,
        cancel: CancelToken,
    ) -> None:
        self.gateway = gateway
        self.store = store
        self.model = model
        self.answer_length = answer_length
        self._fallback_for = fallback
        self._place_of = place_of
        self.book = book
        self.checker = checker  # the spoiler check, usable on partial text while streaming
        self.receipt = receipt
        self.conversation_id = conversation_id
        self.question = question
        self.context = context
        self.search_query = search_query
        self.cancel_token = cancel
        self.outcome: AnswerOutcome | None = None
        self.error: ReaderError | None = None
        self.stats = StreamStats()
        self.calls_before_answer = 0  # model calls its maker made first (a query rewrite, …)
        self.passage_budget = 0  # the tokens the passages were cut to
        self._prepare_started = prepare_started
        self._early_error = early_error

    @property
    def boundary_sid(self) -> int:
        return self.context.boundary_sid

    @property
    def citations(self) -> tuple[Citation, ...]:
        return self.context.citations

    @property
    def fallback(self) -> FallbackAnswer:
        return self._fallback_for(self.context)

    def cancel(self) -> None:
        self.cancel_token.cancel()

    def tokens(self) -> Iterator[str]:
        """The answer as it streams. Persists it when it ends, however it ends.

        Raises AssistantUnavailableError (Ollama down, model missing, timeout before any token;
        `fallback` is then stored as the answer) or AnswerFailedError (failed mid-answer; the
        partial answer is stored, marked incomplete).
        """
        pieces: list[str] = []
        try:
            if self._early_error is not None:
                raise self._early_error
            for token in self._stream():
                pieces.append(token)
                yield token
        except AssistantUnavailableError as error:
            self.error = error
            if pieces:
                self._finish("".join(pieces), "incomplete", str(error))
            else:
                fallback = self.fallback
                self._finish(
                    fallback.text, "fallback", str(error), model="", citations=fallback.citations
                )
            raise
        except AnswerFailedError as error:
            self.error = error
            self._finish("".join(pieces), "incomplete", str(error))
            raise
        except GeneratorExit:
            # The caller stopped reading: the same as Stop, so the question still has an answer.
            self.cancel_token.cancel()
            self._finish("".join(pieces), "stopped", "")
            raise
        status: Status = "stopped" if self.cancel_token.cancelled else "complete"
        self._finish("".join(pieces), status, "")

    def _stream(self) -> Iterator[str]:
        """The model's tokens; character chat (rag/characters/chat.py) speaks in a voice."""
        return self.gateway.stream_answer(
            self.context, self.question.text, answer_length=self.answer_length,
            stats=self.stats, cancel=self.cancel_token,
        )

    def suggestions(self) -> tuple[str, ...]:
        """Follow-up questions from a second call, stored with the answer; () when unusable."""
        if self.outcome is None or self.outcome.status != "complete":
            return ()
        found = self.gateway.suggest_followups(
            self.context, self.question.text, self.outcome.text
        )
        if found:
            self.store.set_suggestions(self.outcome.answer.message_id, found)
        return found

    def _finish(
        self,
        text: str,
        status: Status,
        error: str,
        *,
        model: str | None = None,
        citations: tuple[Citation, ...] | None = None,
    ) -> None:
        now = time.perf_counter()
        sent = self.stats.request_sent_at
        first = self.stats.first_token_at
        stats = AnswerStats(
            model=self.model if model is None else model,
            prepare_ms=None if sent is None else (sent - self._prepare_started) * 1000,
            first_token_ms=None if first is None or sent is None else (first - sent) * 1000,
            total_ms=(now - self._prepare_started) * 1000,
            prompt_tokens=self.stats.prompt_tokens,
            completion_tokens=self.stats.completion_tokens,
        )
        answer = self.store.add_answer(
            self.conversation_id,
            reply_to=self.question.message_id,
            text=text,
            boundary_sid=self.boundary_sid,
            citations=self.citations if citations is None else citations,
            status=status,
            error=error,
            stats=stats,
        )
        check = AnswerCheck(
            self.receipt,
            tuple(
                FlaggedSpan(flag, first_at=self._place_of(self.book, flag.first_sid))
                for flag in self.checker.flags(text)
            ),
        )
        self.store.set_answer_check(answer.message_id, check)
        self.outcome = AnswerOutcome(question=self.question, answer=replace(answer, check=check))

"""One question being answered (no Qt): the answer streams, and is stored when it ends, however
it ends (complete, stopped, incomplete, or the passages already read when the model cannot answer),
with its spoiler check. `rag/assistant/engine.py` prepares it (`PreparedQuestion`)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass, replace

from reader_app.books.model import Book
from reader_app.cancel import CancelToken
from reader_app.errors import AnswerFailedError, AssistantUnavailableError, ReaderError
from reader_app.rag.assistant import prompts
from reader_app.rag.assistant.answer_check import AnswerCheck, AnswerChecker, FlaggedSpan, Receipt
from reader_app.rag.assistant.calls import AssistantCalls
from reader_app.rag.assistant.conversations import AnswerStats, ConversationStore, Message, Status
from reader_app.rag.assistant.languages import assistant_words, question_language
from reader_app.rag.assistant.places import Places
from reader_app.rag.model.gateway import ModelGateway, StreamStats
from reader_app.rag.scope.citations import Citation, quoted
from reader_app.rag.scope.request import ModelRequest
from reader_app.rag.scope.sealed import ScopedContext

FALLBACK_PASSAGES = 4


@dataclass(frozen=True, slots=True)
class FallbackAnswer:
    """What the panel shows when Ollama cannot answer: the best passages already read."""

    text: str
    citations: tuple[Citation, ...]


def fallback_answer(context: ScopedContext, question: str = "") -> FallbackAnswer:
    """An answer made of passages already read, for when the model cannot answer: in the
    question's language, else the book's."""
    words = assistant_words(question_language(question) or context.book.language)
    if not context.started:
        text = words.not_started.format(title=context.book.title)
        if context.book.description.strip():
            text += f"\n\n{words.about_book} {context.book.description.strip()}"
        return FallbackAnswer(text=text, citations=())
    found = (*context.passages, *context.pointed)  # those in the pages read along too
    most_relevant = sorted(found, key=lambda p: -p.score)[:FALLBACK_PASSAGES]
    best = sorted(most_relevant, key=lambda p: p.label)
    if not best:
        return FallbackAnswer(text=words.nothing_matches, citations=())
    # Numbered 1..n as shown, each passage once: the text quotes, the links only jump.
    cited = [replace(p.citation, label=n) for n, p in enumerate(best, start=1)]
    lines = [words.most_relevant]
    lines += [f"[{c.label}] {c.chapter}: {quoted(c.quote)}" for c in cited]
    return FallbackAnswer(text="\n\n".join(lines), citations=tuple(cited))


@dataclass(frozen=True, slots=True)
class PreparedQuestion:
    """A question made ready to answer (`Assistant.ask`, `CharacterChat.send`): what was asked, in
    which conversation, the passages in scope, and how the answer will be checked and stored.
    Values, and two narrow readers (`checker`, `places`): nothing that calls its maker back."""

    book: Book
    conversation_id: int
    question: Message  # already stored
    context: ScopedContext
    search_query: str
    checker: AnswerChecker  # the spoiler check, usable on partial text while streaming
    receipt: Receipt
    places: Places  # where a flagged name first appears, for the receipt
    model: str  # recorded with the answer
    answer_length: str
    started: float  # `time.perf_counter()` when preparing began
    # The requests of this thread that had reached the server when preparing began
    # (`transport.requests_reached()`): those after it are this answer's, for its receipt.
    reached_before: int
    early_error: AssistantUnavailableError | None = None  # the model is already known down
    # What the reader waited on before the answer's own request (`reader-app ask --json`).
    calls_before_answer: int = 0  # model calls made first (a query rewrite, a ranking, …)
    passage_budget: int = 0  # the tokens the passages were cut to
    window_tokens: int = 0  # the pages read along at the prompt's start (read_along.py)


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
        prepared: PreparedQuestion,
        *,
        gateway: ModelGateway,
        store: ConversationStore,
        cancel: CancelToken | None = None,
    ) -> None:
        self.prepared = prepared
        self.gateway = gateway
        self.store = store
        self.cancel_token = cancel or CancelToken()
        self.outcome: AnswerOutcome | None = None
        self.error: ReaderError | None = None
        self.stats = StreamStats()

    @property
    def conversation_id(self) -> int:
        return self.prepared.conversation_id

    @property
    def question(self) -> Message:
        return self.prepared.question

    @property
    def context(self) -> ScopedContext:
        return self.prepared.context

    @property
    def search_query(self) -> str:
        return self.prepared.search_query

    @property
    def checker(self) -> AnswerChecker:
        return self.prepared.checker

    @property
    def boundary_sid(self) -> int:
        return self.context.boundary_sid

    @property
    def citations(self) -> tuple[Citation, ...]:
        return self.context.citations

    @property
    def fallback(self) -> FallbackAnswer:
        return fallback_answer(self.context, self.question.text)

    def cancel(self) -> None:
        self.cancel_token.cancel()

    def expected_wait(self) -> tuple[int, float | None]:
        """What the server will read afresh for this answer (in tokens), and how long that is
        expected to take on this computer (None until its speed has been measured)."""
        fresh = self.gateway.pace.fresh_tokens(self.request().messages)
        return fresh, self.gateway.pace.expected_seconds(fresh)

    def request(self) -> ModelRequest:
        """What the answer's call sends; character chat (rag/characters/chat.py) speaks in a
        voice."""
        return prompts.answer_request(self.context, self.question.text,
                                      answer_length=self.prepared.answer_length)

    @property
    def sent_text(self) -> str:
        """The question as the model reads it (prompts.turn_text): kept with a complete answer,
        so a follow-up sends this turn again unchanged."""
        return prompts.turn_text(self.context, self.question.text)

    def tokens(self) -> Iterator[str]:
        """The answer as it streams. Persists it when it ends, however it ends.

        Raises AssistantUnavailableError (Ollama down, model missing, timeout before any token;
        `fallback` is then stored as the answer) or AnswerFailedError (failed mid-answer; the
        partial answer is stored, marked incomplete).
        """
        pieces: list[str] = []
        try:
            if self.prepared.early_error is not None:
                raise self.prepared.early_error
            for token in self._stream():
                pieces.append(token)
                yield token
        except AssistantUnavailableError as error:
            self.error = error
            if pieces:
                self._finish("".join(pieces), "incomplete", str(error))
            else:
                fallback = self.fallback
                self._finish(fallback.text, "fallback", str(error), model="",
                             citations=fallback.citations, from_model=False)
            raise
        except AnswerFailedError as error:
            self.error = error
            self._finish("".join(pieces), "incomplete", str(error))
            raise
        except GeneratorExit:
            # The caller stopped reading: the same as Stop, so the question still has an answer.
            self.cancel_token.cancel()
            self._finish_stopped(pieces)
            raise
        if self.cancel_token.cancelled:
            self._finish_stopped(pieces)
        else:
            self._finish("".join(pieces), "complete", "")

    def _finish_stopped(self, pieces: list[str]) -> None:
        """Stopped: what the model wrote is kept; stopped before its first word, the passages
        the reader was already shown stay, marked stopped (not an empty "(stopped)")."""
        fallback = self.fallback
        if pieces or not fallback.citations:
            self._finish("".join(pieces), "stopped", "")
        else:
            self._finish(fallback.text, "stopped", "", model="", citations=fallback.citations,
                         from_model=False)

    def _stream(self) -> Iterator[str]:
        return self.gateway.stream(self.request(), stats=self.stats, cancel=self.cancel_token)

    def suggestions(self) -> tuple[str, ...]:
        """Follow-up questions from a second call, stored with the answer; () when unusable."""
        if self.outcome is None or self.outcome.status != "complete":
            return ()
        found = AssistantCalls(self.gateway).suggest_followups(
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
        from_model: bool = True,
    ) -> None:
        now = time.perf_counter()
        prepared = self.prepared
        cited = self.citations if citations is None else citations
        sent = self.stats.request_sent_at
        first = self.stats.first_token_at
        stats = AnswerStats(
            model=prepared.model if model is None else model,
            prepare_ms=None if sent is None else (sent - prepared.started) * 1000,
            first_token_ms=None if first is None or sent is None else (first - sent) * 1000,
            total_ms=(now - prepared.started) * 1000,
            prompt_tokens=self.stats.prompt_tokens,
            completion_tokens=self.stats.completion_tokens,
        )
        check = AnswerCheck(
            self._receipt(cited, from_model=from_model),
            tuple(
                FlaggedSpan(flag, first_at=prepared.places.of(flag.first_sid))
                for flag in prepared.checker.flags(text)
            ),
        )
        answer = self.store.add_answer(
            self.conversation_id,
            reply_to=self.question.message_id,
            text=text,
            boundary_sid=self.boundary_sid,
            citations=cited,
            status=status,
            error=error,
            stats=stats,
            sent_text=self.sent_text if status == "complete" else "",
            check=check,
        )
        self.outcome = AnswerOutcome(question=self.question, answer=answer)

    def _receipt(self, citations: tuple[Citation, ...], *, from_model: bool) -> Receipt:
        """The receipt from what happened: the passages under the answer, whether the model
        wrote any of it, and "sent to" only when a request of this answer (its preparation's
        too) reached a server elsewhere; a refused or unreachable one sent nothing."""
        reached = self.gateway.transport.requests_reached() > self.prepared.reached_before
        sent_to = self.prepared.receipt.sent_to if reached else ""
        return replace(self.prepared.receipt, passages=len(citations), sent_to=sent_to,
                       from_model=from_model)

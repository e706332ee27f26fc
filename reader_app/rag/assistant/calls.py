"""The assistant's model calls, each a sealed request of its own (prompts.py) sent through the
port (rag/model/gateway.py): the answer, streamed; the search rewrite, the ranking and the
hypothetical passage that help retrieval; the follow-up chips; the conversation's summary; and
what they hand back (`QueryRewrite`, the checked chips)."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from reader_app.cancel import CancelToken
from reader_app.errors import AnswerFailedError, ReaderError
from reader_app.rag.assistant import prompts
from reader_app.rag.model.gateway import ModelGateway
from reader_app.rag.model.replies import StreamStats
from reader_app.rag.model.schedule import Priority
from reader_app.rag.scope.excerpts import ScopedExcerpts
from reader_app.rag.scope.request import ModelRequest
from reader_app.rag.scope.sealed import ScopedContext, ScopedHistory
from reader_app.translatable import QT_TRANSLATE_NOOP, sentence


@dataclass(frozen=True, slots=True)
class QueryRewrite:
    search_phrase: str
    keywords: tuple[str, ...]

    @property
    def query(self) -> str:
        """The text handed to search: the phrase, plus keywords it does not already contain."""
        extra = [k for k in self.keywords if k.lower() not in self.search_phrase.lower()]
        return " ".join([self.search_phrase, *extra]).strip()


class AssistantCalls:
    """The assistant's calls over one gateway (the port), which it neither owns nor closes."""

    def __init__(self, port: ModelGateway) -> None:
        self.port = port

    def stream_answer(
        self,
        context: ScopedContext,
        question: str,
        *,
        answer_length: str,
        stats: StreamStats,
        cancel: CancelToken | None = None,
        on_request: Callable[[], None] | None = None,
    ) -> Iterator[str]:
        """Tokens of the answer as they arrive (`ModelGateway.stream`)."""
        request = prompts.answer_request(context, question, answer_length=answer_length)
        return self.port.stream(request, stats=stats, cancel=cancel, on_request=on_request)

    def rewrite_query(self, question: str, history: ScopedHistory) -> QueryRewrite:
        """A search phrase and keywords for `question`. Raises on any failure or bad reply."""
        reply = self._json(prompts.rewrite_request(question, history), Priority.QUESTION)
        phrase = reply.get("search_phrase") if isinstance(reply, dict) else None
        keywords = reply.get("keywords", []) if isinstance(reply, dict) else None
        if not isinstance(phrase, str) or not phrase.strip() or not isinstance(keywords, list):
            raise AnswerFailedError(sentence(QT_TRANSLATE_NOOP(
                "Errors", "the query rewrite was malformed")))
        return QueryRewrite(
            search_phrase=phrase.strip()[:300],
            keywords=tuple(str(k).strip() for k in keywords if str(k).strip())[:6],
        )

    def rank_passages(self, question: str, candidates: ScopedExcerpts) -> tuple[int, ...]:
        """Indexes (from 0) of the candidates that best answer `question`, best first. Raises
        on any failure or malformed reply."""
        reply = self._json(prompts.rank_request(question, candidates), Priority.QUESTION)
        best = reply.get("best") if isinstance(reply, dict) else None
        if not isinstance(best, list):
            raise AnswerFailedError(sentence(QT_TRANSLATE_NOOP(
                "Errors", "the passage ranking was malformed")))
        count = len(candidates.excerpts)
        picked = [n - 1 for n in best if isinstance(n, int) and 1 <= n <= count]
        return tuple(dict.fromkeys(picked))

    def hypothetical_passage(self, question: str, *, title: str) -> str:
        """A short made-up passage that would answer `question`, to search with beside it."""
        reply = self.port.reply(prompts.hypothetical_request(question, title=title),
                                   priority=Priority.QUESTION)
        text = " ".join(reply.split())
        if not text:
            raise AnswerFailedError(sentence(QT_TRANSLATE_NOOP(
                "Errors", "the hypothetical passage was empty")))
        return text[:600]

    def suggest_followups(
        self, context: ScopedContext, question: str, answer: str
    ) -> tuple[str, ...]:
        """Two or three follow-up questions, or none if the reply is malformed or the call fails."""
        request = prompts.suggestion_request(context, question, answer)
        try:
            reply = self._json(request, Priority.CHIPS)
        except (ReaderError, ValueError):  # GaveWayError too: the reader asked again
            return ()
        return validate_suggestions(reply)

    def summarize(self, history: ScopedHistory) -> str:
        """A short summary of `history`'s turns. Raises on failure."""
        text = self.port.reply(prompts.summary_request(history),
                                  priority=Priority.BACKGROUND).strip()
        if not text:
            raise AnswerFailedError(sentence(QT_TRANSLATE_NOOP(
                "Errors", "the summary was empty")))
        return text

    def _json(self, request: ModelRequest, priority: Priority) -> Any:
        return json.loads(self.port.reply(request, priority=priority))


def validate_suggestions(reply: Any) -> tuple[str, ...]:
    """Two or three short, distinct, single-line questions; anything else is no suggestions."""
    if not isinstance(reply, dict) or not isinstance(reply.get("questions"), list):
        return ()
    questions = reply["questions"]
    if not 2 <= len(questions) <= 3:
        return ()
    cleaned: list[str] = []
    for item in questions:
        if not isinstance(item, str):
            return ()
        text = " ".join(item.split())
        if not 3 <= len(text) <= 120 or text.lower() in (c.lower() for c in cleaned):
            return ()
        cleaned.append(text)
    return tuple(cleaned)

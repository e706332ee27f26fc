"""The model gateway for character chat: `ModelGateway` with the persona passes, the search
rewrite, the answer in character and the chat summary. Every input is sealed (ScopedExcerpts,
ScopedContext, ScopedHistory, a Persona checked against the context's boundary)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from reader_app.cancel import CancelToken
from reader_app.errors import AnswerFailedError
from reader_app.rag.characters import prompts as cp
from reader_app.rag.model.excerpts import ScopedExcerpts
from reader_app.rag.model.gateway import ModelGateway, QueryRewrite, StreamStats
from reader_app.rag.model.schedule import Priority
from reader_app.rag.model.scoped import (
    ScopedContext,
    ScopedHistory,
    ScopeViolationError,
    excerpt_pairs,
    require_context,
    require_history,
)

if TYPE_CHECKING:
    from reader_app.rag.characters.persona import Persona

MAX_QUERY_CHARS = 300


class CharacterGateway(ModelGateway):
    """Ollama for character chat; the same client, errors and limits as the assistant's."""

    def persona_facts(self, excerpts: ScopedExcerpts, *, name: str, title: str) -> str:
        """The first pass: who they are, what they did and said, whom they know."""
        messages = cp.facts_messages(excerpt_pairs(excerpts), name=name, title=title)
        return self._text(messages, max_tokens=cp.FACTS_MAX_TOKENS)

    def persona_voice(self, excerpts: ScopedExcerpts, *, name: str, title: str) -> str:
        """The second pass: how they speak and what they care about."""
        messages = cp.voice_messages(excerpt_pairs(excerpts), name=name, title=title)
        return self._text(messages, max_tokens=cp.VOICE_MAX_TOKENS)

    def rewrite_message(self, message: str, history: ScopedHistory, *,
                        name: str) -> QueryRewrite:
        """A narrative query (dense search) and a keyword query (keyword search) for
        `message`, from the last four messages of `history`. Raises on a malformed reply."""
        require_history(history)
        reply = self._json_call(
            cp.rewrite_messages(message, last_messages(history), name=name),
            schema=cp.REWRITE_SCHEMA, max_tokens=cp.REWRITE_MAX_TOKENS,
            priority=Priority.QUESTION,
        )
        narrative = reply.get("narrative_query") if isinstance(reply, dict) else None
        keywords = reply.get("keyword_query") if isinstance(reply, dict) else None
        if not isinstance(narrative, str) or not narrative.strip() or not isinstance(
            keywords, str
        ):
            raise AnswerFailedError("the query rewrite was malformed")
        words = tuple(keywords.split()) if keywords.strip() else ()
        return QueryRewrite(search_phrase=narrative.strip()[:MAX_QUERY_CHARS],
                            keywords=tuple(" ".join(words)[:MAX_QUERY_CHARS].split()))

    def stream_in_character(
        self, context: ScopedContext, persona: Persona, message: str, *, stats: StreamStats,
        cancel: CancelToken | None = None,
    ) -> Iterator[str]:
        """The character's reply as it streams, from the context and the persona only."""
        require_context(context)
        if not persona.usable_at(context.boundary_sid):
            raise ScopeViolationError("a persona made after the boundary cannot be used")
        messages = cp.answer_messages(context, persona, message)
        yield from self._stream_reply(messages, max_tokens=cp.ANSWER_MAX_TOKENS, stats=stats,
                                      cancel=cancel)

    def summarize_chat(self, history: ScopedHistory, excerpts: ScopedExcerpts | None, *,
                       name: str) -> str:
        """A short summary of the conversation and the passages it was about."""
        require_history(history)
        pairs = excerpt_pairs(excerpts) if excerpts is not None and not excerpts.is_empty else ()
        text = self._reply_text(cp.summary_messages(history, pairs, name=name),
                                max_tokens=cp.SUMMARY_MAX_TOKENS,
                                priority=Priority.BACKGROUND).strip()
        if not text:
            raise AnswerFailedError("the summary was empty")
        return text

    def _text(self, messages: list[Any], *, max_tokens: int) -> str:
        text = self._reply_text(messages, max_tokens=max_tokens, priority=Priority.BACKGROUND,
                                num_ctx=cp.PERSONA_CONTEXT_TOKENS).strip()
        if not text:
            raise AnswerFailedError("the model's reply was empty")
        return text


def last_messages(history: ScopedHistory) -> tuple[tuple[str, str], ...]:
    """The last four messages of a scoped history, as (who, text), oldest first."""
    flat = [pair for said, answer in history.turns
            for pair in (("Reader", said), ("Character", answer))]
    return tuple(flat[-cp.REWRITE_MESSAGES:])


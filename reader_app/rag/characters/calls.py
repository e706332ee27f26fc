"""Character chat's model calls over the port (rag/model/gateway.py), each a sealed request of its
own (prompts.py): the persona's two passes, the search rewrite and the chat's summary. The reply
in character streams from its run (chat.py's `CharacterRun`), through the same answer driver as
the assistant's."""

from __future__ import annotations

import json

from reader_app.errors import AnswerFailedError
from reader_app.rag.assistant.calls import QueryRewrite
from reader_app.rag.characters import prompts as cp
from reader_app.rag.model.gateway import ModelGateway
from reader_app.rag.model.schedule import Priority
from reader_app.rag.scope.excerpts import ScopedExcerpts
from reader_app.rag.scope.request import ModelRequest
from reader_app.rag.scope.sealed import ScopedHistory
from reader_app.translatable import QT_TRANSLATE_NOOP, sentence

MAX_QUERY_CHARS = 300


class CharacterCalls:
    """Character chat's calls over one gateway (the port), which it neither owns nor closes."""

    def __init__(self, port: ModelGateway) -> None:
        self.port = port

    @property
    def model(self) -> str:
        return self.port.model

    def persona_facts(self, excerpts: ScopedExcerpts, *, name: str, title: str) -> str:
        """The first pass: who they are, what they did and said, whom they know."""
        return self._text(cp.facts_request(excerpts, name=name, title=title))

    def persona_voice(self, excerpts: ScopedExcerpts, *, name: str, title: str) -> str:
        """The second pass: how they speak and what they care about."""
        return self._text(cp.voice_request(excerpts, name=name, title=title))

    def rewrite_message(self, message: str, history: ScopedHistory, *,
                        name: str) -> QueryRewrite:
        """A narrative query (dense search) and a keyword query (keyword search) for
        `message`, from the last four messages of `history`. Raises on a malformed reply."""
        request = cp.rewrite_request(message, history, name=name)
        reply = json.loads(self.port.reply(request, priority=Priority.QUESTION))
        narrative = reply.get("narrative_query") if isinstance(reply, dict) else None
        keywords = reply.get("keyword_query") if isinstance(reply, dict) else None
        if not isinstance(narrative, str) or not narrative.strip() or not isinstance(
            keywords, str
        ):
            raise AnswerFailedError(sentence(QT_TRANSLATE_NOOP(
                "Errors", "the query rewrite was malformed")))
        words = tuple(keywords.split()) if keywords.strip() else ()
        return QueryRewrite(search_phrase=narrative.strip()[:MAX_QUERY_CHARS],
                            keywords=tuple(" ".join(words)[:MAX_QUERY_CHARS].split()))

    def summarize_chat(self, history: ScopedHistory, excerpts: ScopedExcerpts | None, *,
                       name: str) -> str:
        """A short summary of the conversation and the passages it was about."""
        request = cp.summary_request(history, excerpts, name=name)
        text = self.port.reply(request, priority=Priority.BACKGROUND).strip()
        if not text:
            raise AnswerFailedError(sentence(QT_TRANSLATE_NOOP(
                "Errors", "the summary was empty")))
        return text

    def _text(self, request: ModelRequest) -> str:
        text = self.port.reply(request, priority=Priority.BACKGROUND).strip()
        if not text:
            raise AnswerFailedError(sentence(QT_TRANSLATE_NOOP(
                "Errors", "the model's reply was empty")))
        return text

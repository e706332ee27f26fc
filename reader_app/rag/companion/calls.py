"""The companion's model calls over the port (rag/model/gateway.py), each a sealed request of its
own (prompts.py): X-Ray's descriptions, chapter summaries and recaps, and which names are one
person. All background work unless the reader is waiting for it."""

from __future__ import annotations

import json

from reader_app.errors import AnswerFailedError
from reader_app.rag.companion import prompts
from reader_app.rag.companion.prompts import CompanionTask
from reader_app.rag.model.gateway import ModelGateway
from reader_app.rag.model.schedule import Priority
from reader_app.rag.scope.excerpts import ScopedExcerpts
from reader_app.translatable import QT_TRANSLATE_NOOP, sentence


class CompanionCalls:
    """The companion's calls over one gateway (the port)."""

    def __init__(self, port: ModelGateway) -> None:
        self.port = port

    @property
    def model(self) -> str:
        return self.port.model

    def companion_text(
        self, task: CompanionTask, excerpts: ScopedExcerpts, *, title: str, subject: str,
        language: str = "", priority: Priority = Priority.BACKGROUND,
    ) -> str:
        """A description, chapter summary or recap written only from `excerpts`, in `language`
        (the book's decided language); background work unless the reader is waiting for it
        (`priority`)."""
        request = prompts.companion_request(task, excerpts, title=title, subject=subject,
                                            language=language)
        text = self.port.reply(request, priority=priority).strip()
        if not text:
            raise AnswerFailedError(sentence(QT_TRANSLATE_NOOP(
                "Errors", "the model's reply was empty")))
        return text

    def same_names(self, names: tuple[str, ...], excerpts: ScopedExcerpts) -> list[tuple[str, str]]:
        """Pairs of `names` the model says are one person, judged from `excerpts` only."""
        request = prompts.merge_request(names, excerpts)
        reply = json.loads(self.port.reply(request, priority=Priority.BACKGROUND))
        same = reply.get("same") if isinstance(reply, dict) else None
        if not isinstance(same, list):
            raise AnswerFailedError(sentence(QT_TRANSLATE_NOOP(
                "Errors", "the name merge reply was malformed")))
        known = set(names)
        return [(a, b) for a, b in (p for p in same if isinstance(p, list) and len(p) == 2)
                if a in known and b in known and a != b]

"""A streamed reply read token by token, within its limits: the first token's deadline (pushed on
while the server says it is still reading the prompt), the answer's own deadline from the first
token (one `Deadline`, which the transport watches as well), a cap on its length, and the
server's word that it is done, without which a reply is not whole."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from reader_app.cancel import CancelToken
from reader_app.errors import AnswerFailedError, AssistantTimeoutError
from reader_app.rag.model.bounds import Deadline
from reader_app.rag.model.pacing import timed_out
from reader_app.rag.model.replies import StreamStats
from reader_app.rag.model.wire import ReplyPart
from reader_app.translatable import QT_TRANSLATE_NOOP, sentence


@dataclass(frozen=True, slots=True)
class StreamLimits:
    reading: float  # how much longer to wait each time the server says it is reading
    answer: float  # the answer's own deadline, from its first token
    chars: int  # the longest answer let through
    server: str  # "Ollama", "the model server": for messages
    host: str


def stream_tokens(
    parts: Iterable[ReplyPart],
    limits: StreamLimits,
    *,
    stats: StreamStats,
    learn: Callable[[ReplyPart, StreamStats], None],
    cancel: CancelToken | None,
    deadline: Deadline,
) -> Iterator[str]:
    """The tokens of `parts` as they arrive. `deadline` starts as the first token's (the
    transport watches it too, so it holds while no part comes); the server's counts are learnt
    from its last part (`learn`). Raises our errors when a limit is passed or the reply ends
    unfinished; stops quietly on cancel."""
    finished = False
    length = 0
    for part in parts:
        if cancel is not None and cancel.cancelled:
            return
        if deadline.passed():
            raise timed_out(AssistantTimeoutError(
                host=limits.host, seconds=deadline.allowed, server=limits.server),
                deadline.allowed)
        token = part.text
        if part.progress is not None:  # the server is reading: no timeout meanwhile
            deadline.push_on(limits.reading)
            if stats.on_progress is not None:
                stats.on_progress(*part.progress)
        if token and stats.first_token_at is None:
            deadline.restart(limits.answer)  # from the first token, the answer's own
        if part.done:
            finished = True
            learn(part, stats)
        length += len(token)
        if length > limits.chars:
            raise AnswerFailedError(
                sentence(QT_TRANSLATE_NOOP(
                    "Errors", "The answer ran past {chars} characters and was cut off there; the "
                    "model may be repeating itself."), chars=limits.chars)
            )
        if token:
            if stats.first_token_at is None:
                stats.first_token_at = time.perf_counter()
            yield token
    if not finished or length == 0:  # cut off; or `"content": null` then done: no answer
        title = limits.server[:1].upper() + limits.server[1:]
        if not finished:
            said = sentence(QT_TRANSLATE_NOOP(
                "Errors", "{server} at {host} stopped sending before the answer was finished."),
                server=title, host=limits.host)
        else:
            said = sentence(QT_TRANSLATE_NOOP(
                "Errors", "{server} at {host} finished without sending any answer."),
                server=title, host=limits.host)
        raise AnswerFailedError(said)

"""How long a request to a model server should take, from what the server already holds and how
fast it has been: the tokens it will read afresh (its prompt cache keeps the last request's
prefix), the time that takes at its learnt speed, and the deadline for the first token, which
follows the expected time so that a long prompt on a slow computer is not taken for a dead server.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from reader_app.errors import AssistantTimeoutError
from reader_app.rag.model.replies import StreamStats
from reader_app.rag.model.schedule import ServerQueue
from reader_app.rag.model.speeds import Speed, SpeedBook
from reader_app.rag.model.wire import ReplyPart

# Before a server's speed is known, a prompt is allowed this many tokens a second (a 3B model
# on two CPU cores reads about 50-75), and every wait at least the gateway's `timeout`.
ASSUMED_PROMPT_PER_SECOND = 20.0
# The first token may come this much later than expected, and the gateway's `timeout` besides
# (a model being loaded, a busy disk), before the answer is given up.
DEADLINE_FACTOR = 2.5
# A server drops a request whose client has gone only between batches of its prompt, and
# llama.cpp's server reads up to 2,048 tokens a batch by default: about 90 s for a 3B model on
# two cores. So background work whose prompt would take longer than READ_AHEAD_AFTER_SECONDS has
# the server read it ahead in steps of READ_AHEAD_STEP_SECONDS each (its own request; the
# server keeps what it read in its prompt cache), and a question that stops it waits for one
# step at most.
READ_AHEAD_AFTER_SECONDS = 8.0
READ_AHEAD_STEP_SECONDS = 4.0
READ_AHEAD_MIN_STEP_TOKENS = 64
CHARS_PER_PROMPT_TOKEN = 4  # for timing, an average (CHARS_PER_TOKEN is a safe upper bound)
# Where a server does not say its context (an OpenAI-compatible one without llama.cpp's /props),
# a call's own size is what it asks for (Ollama always gets its one num_ctx: ollama_wire.py).
MIN_CONTEXT_WINDOW = 4096
MAX_CONTEXT_WINDOW = 32768
CHARS_PER_TOKEN = 3  # pessimistic for English prose (~4), so the estimate errs on the safe side
IMAGE_TOKENS = 1024  # what a page image costs a vision model, generously


def flat_prompt(messages: Sequence[Any]) -> str:
    """The messages as one text, in order: what a server's prompt cache compares."""
    return "".join(f"\x1e{m.get('role', '')}\x1f{m.get('content', '')}" for m in messages)


def prompt_prefix(messages: list[Any], chars: int) -> list[Any] | None:
    """`messages` cut after the first `chars` characters of their flattened text (flat_prompt):
    the messages before the cut whole, the one it falls in shortened; None where the cut falls
    before any of that message's own text."""
    seen = 0
    for index, message in enumerate(messages):
        content = str(message.get("content", ""))
        head = len(f"\x1e{message.get('role', '')}\x1f")
        if chars < seen + head + len(content):
            inside = chars - seen - head
            if inside <= 0:
                return None
            return [*messages[:index], {**message, "content": content[:inside]}]
        seen += head + len(content)
    return list(messages)


def context_window(messages: Sequence[Any], *, max_tokens: int) -> int:
    """The `num_ctx` for a call: the prompt (estimated pessimistically) plus the reply, rounded
    up to a multiple of 1,024, never below Ollama's usual default."""
    prompt_chars = sum(len(str(m.get("content", ""))) for m in messages)
    images = sum(len(m.get("images") or ()) for m in messages)
    needed = prompt_chars // CHARS_PER_TOKEN + images * IMAGE_TOKENS + max_tokens + 256
    rounded = -(-needed // 1024) * 1024
    return max(MIN_CONTEXT_WINDOW, min(rounded, MAX_CONTEXT_WINDOW))


def prompt_tokens(text: str) -> int:
    """An average estimate of a text's tokens, for timing (not for fitting a context)."""
    return len(text) // CHARS_PER_PROMPT_TOKEN + 1


class Pacing:
    """One model on one server: what a request will cost it, and how long to wait for it."""

    def __init__(self, queue: ServerQueue, speeds: SpeedBook, *, model: str,
                 timeout: float) -> None:
        self.queue = queue
        self.speeds = speeds
        self.model = model
        self.timeout = timeout
        self.read_ahead_after = READ_AHEAD_AFTER_SECONDS
        self.read_ahead_step = READ_AHEAD_STEP_SECONDS
        self.fresh_share = 1.0  # of the prompt last sent, the share not in the server's cache

    def sending(self, messages: Sequence[Any]) -> None:
        """A request is going to the server: note the share of it the server will read afresh,
        then that the server holds it now."""
        text = flat_prompt(messages)
        shared = self.queue.shared_prefix_chars(text)
        self.fresh_share = (len(text) - shared) / len(text) if text else 1.0
        self.queue.note_prompt(text)

    def learn(self, part: ReplyPart, stats: StreamStats) -> None:
        """Keep what the server counted, and learn its speed from what it read afresh only: a
        server that counts the whole prompt (Ollama) has the cached share taken off, so a cache
        hit never makes it look faster than it is."""
        read = part.prompt_tokens_read
        if read is None and part.prompt_tokens:
            read = max(1, round(part.prompt_tokens * self.fresh_share))
        stats.prompt_tokens = part.prompt_tokens
        stats.prompt_seconds = part.prompt_seconds
        stats.completion_tokens = part.completion_tokens
        stats.finish_reason = part.finish_reason
        stats.prompt_tokens_read = read
        self.speeds.note(self.queue.key, self.model, prompt_tokens=read,
                         prompt_seconds=part.prompt_seconds,
                         reply_tokens=part.completion_tokens, reply_seconds=part.reply_seconds)

    def read_ahead_steps(self, messages: list[Any]) -> Iterator[tuple[list[Any], int]]:
        """The prefixes of a long prompt to have the server read first, each about
        `read_ahead_step` seconds of reading more than the last, with its size in tokens; none
        where the speed is not known, the prompt would take under `read_ahead_after` seconds,
        or it carries pictures."""
        speed = self.speed
        if speed is None or any(m.get("images") for m in messages) or \
                speed.prompt_seconds(self.fresh_tokens(messages)) <= self.read_ahead_after:
            return
        tokens = max(int(speed.prompt_per_second * self.read_ahead_step),
                     READ_AHEAD_MIN_STEP_TOKENS)
        text = flat_prompt(messages)
        step = tokens * CHARS_PER_PROMPT_TOKEN
        for cut in range(self.queue.shared_prefix_chars(text) + step, len(text) - step, step):
            part = prompt_prefix(messages, cut)
            if part is not None:
                yield part, tokens

    @property
    def speed(self) -> Speed | None:
        """What is known of this server's speed with this model."""
        return self.speeds.get(self.queue.key, self.model)

    def fresh_tokens(self, messages: Sequence[Any]) -> int:
        """The tokens of `messages` the server would read afresh: what its prompt cache does
        not already hold from the last request it was sent."""
        text = flat_prompt(messages)
        shared = self.queue.shared_prefix_chars(text)
        return prompt_tokens(text[shared:])

    def expected_seconds(self, tokens: int) -> float | None:
        """How long the server is expected to take to read `tokens` (None: not known yet)."""
        speed = self.speed
        return None if speed is None else speed.prompt_seconds(tokens)

    def first_token_deadline(self, tokens: int) -> float:
        """How long to wait for a first token before giving up: well past the expected time,
        plus the gateway's timeout."""
        speed = self.speed
        per_second = speed.prompt_per_second if speed else ASSUMED_PROMPT_PER_SECOND
        return self.timeout + tokens / per_second * DEADLINE_FACTOR


def timed_out(error: AssistantTimeoutError, waited: float) -> AssistantTimeoutError:
    """`error` saying how long was really waited (a deadline that followed the expected time)."""
    seconds = round(waited, 1) if waited < 10 else round(waited)
    return AssistantTimeoutError(host=error.host, seconds=seconds, server=error.server)

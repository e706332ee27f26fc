"""What the gateway hands back besides text: what the server counted while a reply streamed
(`StreamStats`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass
class StreamStats:
    """Filled in while an answer streams: when the request left, and what the server counted
    (prompt tokens and the time it took to read them, reply tokens, why it stopped)."""

    request_sent_at: float | None = None
    first_token_at: float | None = None
    prompt_tokens: int | None = None
    prompt_seconds: float | None = None
    completion_tokens: int | None = None
    finish_reason: str | None = None
    prompt_tokens_read: int | None = None  # what the server read afresh (not from its cache)
    # Before sending: the tokens the server was expected to read afresh, how long that was
    # expected to take (None: its speed is not known yet), and the deadline for the first token.
    expected_tokens: int | None = None
    expected_seconds: float | None = None
    deadline_seconds: float | None = None
    # Told how far the server has read the prompt, where it says (tokens read, of all).
    on_progress: Callable[[int, int], None] | None = field(default=None, repr=False)

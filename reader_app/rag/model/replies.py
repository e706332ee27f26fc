"""What the gateway hands back besides text: a rewritten search (`QueryRewrite`), what the server
counted while an answer streamed (`StreamStats`), and the check that makes follow-up chips safe to
show (`validate_suggestions`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class QueryRewrite:
    search_phrase: str
    keywords: tuple[str, ...]

    @property
    def query(self) -> str:
        """The text handed to search: the phrase, plus keywords it does not already contain."""
        extra = [k for k in self.keywords if k.lower() not in self.search_phrase.lower()]
        return " ".join([self.search_phrase, *extra]).strip()


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

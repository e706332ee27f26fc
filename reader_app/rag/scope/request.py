"""The one way anything reaches a model: a `ModelRequest`, made only by `sealed_request` from
sealed inputs, which is where the seal is checked, once.

The rooms that talk to a model (the assistant, the companion, the characters, the comic pages)
build their own requests in their prompt modules; the gateway (rag/model/gateway.py) takes
nothing else. What goes into a request besides sealed values is what the reader typed (a
question, a message) and what the book says of itself (its title, a name found in the text read).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from reader_app.rag.scope.seal import ScopeViolationError, Sealed

Message = dict[str, Any]  # {"role": ..., "content": ...} (and "images" for a vision model)

_SEAL = object()


@dataclass(frozen=True, slots=True)
class ModelRequest:
    """What one call sends: the messages, the most the reply may be, its JSON schema if it must
    keep to one, and a fixed context size where the call needs more room than it sends (a
    chapter's summary, a persona). Sealed: see `sealed_request`."""

    purpose: str  # "answer", "rewrite", "describe"...: for logs and tests
    messages: tuple[Message, ...]
    max_tokens: int
    schema: Mapping[str, Any] | None
    context_tokens: int | None
    _seal: object = field(repr=False, compare=False)

    def __post_init__(self) -> None:
        if self._seal is not _SEAL:
            raise ScopeViolationError("build a ModelRequest with sealed_request")


def sealed_request(
    purpose: str,
    *,
    inputs: Iterable[object],
    messages: Callable[[], Iterable[Message]],
    max_tokens: int,
    schema: Mapping[str, Any] | None = None,
    context_tokens: int | None = None,
) -> ModelRequest:
    """The request a prompt builder makes from `inputs`: every one of them must be sealed and
    usable as it is (an empty set of excerpts is not: a description asked with only a name would
    be answered from what the model already knows of the book, spoilers included). `messages`
    writes the prompt from them, and is called only once they have passed."""
    for value in inputs:
        if not isinstance(value, Sealed):
            raise ScopeViolationError(
                f"the {purpose} request was given {type(value).__name__}, not a sealed input")
        value.check_sealed()
    return ModelRequest(purpose, tuple(messages()), max_tokens, schema, context_tokens, _SEAL)

"""The one cancel type: a flag any thread may raise, which work asks at its next step.

Every long piece of work takes a `CancelToken` and asks `token.cancelled` between steps (a batch
of chunks, a page, a streamed token); whoever wants it stopped calls `token.cancel()`. A window
job (`ui/workers.py`'s `Job`) is a token. `token.or_when(condition)` is a token that also stops
once `condition()` holds, asked each time (the index that covers the reader's boundary, a child
process whose parent has gone).
"""

from __future__ import annotations

import threading
from collections.abc import Callable


class CancelToken:
    """Raised once from any thread (`cancel()`), asked from any thread (`cancelled`)."""

    def __init__(self) -> None:
        self._event = threading.Event()
        self._parent: CancelToken | None = None
        self._condition: Callable[[], bool] | None = None

    def cancel(self) -> None:
        self._event.set()

    @property
    def cancelled(self) -> bool:
        if self._event.is_set():
            return True
        if self._parent is not None and self._parent.cancelled:
            return True
        return self._condition is not None and self._condition()

    def or_when(self, condition: Callable[[], bool]) -> CancelToken:
        """A token cancelled with this one, and also whenever `condition()` is true."""
        token = CancelToken()
        token._parent, token._condition = self, condition
        return token

"""What a model server's reply is held to, whichever wire reads it: numbers believed only within
range, JSON parsed only within a nesting depth, and a wall-clock deadline that no trickle of
bytes (an SSE comment, a keepalive, a line sent a space at a time) pushes on.

A server is not trusted to be sane: a token count of 2**63 cannot be stored, an integer past the
range of a float cannot be divided, a `[` repeated 200,000 times exhausts the interpreter's stack,
and a server that answers 200 and then sends only comments would be waited on for ever if the
wait restarted with every byte.
"""

from __future__ import annotations

import json
import math
import re
import threading
import time
from collections.abc import Callable
from itertools import accumulate
from typing import Any

# The most tokens a count from a server is believed up to (the largest contexts are a few
# million), and the longest time it may say a step took; past these a number is dropped.
MOST_TOKENS = 100_000_000
MOST_SECONDS = 7 * 86_400.0
# No reply of any model server nests JSON more than a few levels deep.
MAX_JSON_DEPTH = 64

_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKETS = re.compile(r"[^\[\]{}]+")
_DEPTH_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def server_count(value: Any) -> int | None:
    """A count the server sent (tokens), if it is a believable one: a whole number from 0 to
    MOST_TOKENS (a float that is one, too); anything else is None: a string, a negative, 2**63,
    an integer past a float's range, NaN."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    if isinstance(value, float) and not (math.isfinite(value) and value.is_integer()):
        return None
    return int(value) if 0 <= value <= MOST_TOKENS else None


def server_seconds(value: Any, *, per_second: float = 1.0) -> float | None:
    """A duration the server sent, in seconds (`per_second`: its unit, 1e9 for nanoseconds), if
    it is one above zero and below MOST_SECONDS; else None."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    if isinstance(value, int) and value > MOST_SECONDS * per_second:
        return None  # before dividing: an integer past a float's range cannot be divided
    seconds = value / per_second
    return seconds if 0 < seconds <= MOST_SECONDS else None


def load_json(text: str | bytes) -> Any:
    """A server's JSON, parsed within bounds (its size is the transport's cap): nesting deeper
    than MAX_JSON_DEPTH is refused before parsing. Raises ValueError for anything unreadable."""
    if isinstance(text, bytes):
        text = text.decode("utf-8", errors="replace")
    if json_depth(text) > MAX_JSON_DEPTH:
        raise ValueError(f"JSON nested more than {MAX_JSON_DEPTH} deep")
    try:
        return json.loads(text)
    except RecursionError as error:  # only if the interpreter's stack is shallower still
        raise ValueError("JSON nested too deep to read") from error


def json_depth(text: str) -> int:
    """How deep `text`'s brackets nest, outside its strings (an upper bound for broken JSON)."""
    if text.count("[") + text.count("{") <= MAX_JSON_DEPTH:
        return MAX_JSON_DEPTH  # cannot be deeper: the common case, counted in C
    brackets = _BRACKETS.sub("", _STRING.sub("", text))
    return max(accumulate(map(_DEPTH_STEP.__getitem__, brackets)), default=0)


class Deadline:
    """When a reply must be over, on the monotonic clock. The reader of a stream moves it (the
    first token starts the answer's own deadline; a server that says it is still reading pushes
    it on); the transport watches it (`watch`) and ends the read at that moment, however the
    bytes come. `allowed` is the wait it stands for, in seconds, for the message."""

    def __init__(self, seconds: float) -> None:
        self._changed = threading.Condition()
        self.allowed = seconds
        self.at = time.monotonic() + seconds

    def restart(self, seconds: float) -> None:
        """From now, `seconds` more (earlier or later than before)."""
        with self._changed:
            self.allowed = seconds
            self.at = time.monotonic() + seconds
            self._changed.notify_all()

    def push_on(self, seconds: float) -> None:
        """At least `seconds` from now; never earlier than it was."""
        with self._changed:
            self.at = max(self.at, time.monotonic() + seconds)
            self._changed.notify_all()

    def passed(self) -> bool:
        return time.monotonic() >= self.at

    def watch(self, on_passed: Callable[[], object]) -> Callable[[], None]:
        """Call `on_passed` once, from a thread of its own, when the deadline passes (as moved
        meanwhile), unless the function returned is called first."""
        stopped = False

        def wait() -> None:
            with self._changed:
                while not stopped:
                    left = self.at - time.monotonic()
                    if left <= 0:
                        break
                    self._changed.wait(left)
                if not stopped:  # under the lock: once `stop` returns, it is never called
                    on_passed()

        def stop() -> None:
            nonlocal stopped
            with self._changed:
                stopped = True
                self._changed.notify_all()

        threading.Thread(target=wait, name="reply-deadline", daemon=True).start()
        return stop

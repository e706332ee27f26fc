"""How fast each model server reads a prompt and writes a reply, learnt from its own timings and
kept across sessions: what the passage budget, the reader's countdown and the answer's deadline
are worked out from.

Every answer reports what the server counted (Ollama: `prompt_eval_count` and
`prompt_eval_duration`; llama.cpp: `timings.prompt_n` and `prompt_ms`; `ReplyPart`): the tokens it
actually read (a cached prefix is not read again) and how long that took. The speeds are kept per
server and model, as a running average that follows a change of machine load within a few
answers, in `model-speeds.json` in the library folder (a small file of numbers, written whole and
renamed into place; never the library database).
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger(__name__)

FILE_NAME = "model-speeds.json"
# A new measurement counts this much against what was known: three answers mostly replace it.
WEIGHT = 0.5
# Measurements of fewer tokens than this say more about the request's overhead than the speed.
MIN_TOKENS = 16
MAX_ENTRIES = 64


@dataclass(frozen=True, slots=True)
class Speed:
    """What is known of one server and model: prompt tokens read a second, reply tokens a
    second (None until measured), and how many answers taught it."""

    prompt_per_second: float
    reply_per_second: float | None
    samples: int

    def prompt_seconds(self, tokens: int) -> float:
        return tokens / self.prompt_per_second


class SpeedBook:
    """The speeds of every server and model this library has used. Thread-safe."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path
        self._lock = threading.Lock()
        self._speeds: dict[str, Speed] = {}
        if path is not None:
            self._load(path)

    @staticmethod
    def key(server: str, model: str) -> str:
        return f"{server.rstrip('/')} {model}"

    def get(self, server: str, model: str) -> Speed | None:
        with self._lock:
            return self._speeds.get(self.key(server, model))

    def note(self, server: str, model: str, *, prompt_tokens: int | None,
             prompt_seconds: float | None, reply_tokens: int | None = None,
             reply_seconds: float | None = None) -> Speed | None:
        """Learn from one reply's timings; returns what is now known (None: nothing usable)."""
        if not prompt_tokens or not prompt_seconds or prompt_tokens < MIN_TOKENS:
            return self.get(server, model)
        measured = prompt_tokens / prompt_seconds
        reply = (reply_tokens / reply_seconds
                 if reply_tokens and reply_seconds and reply_tokens >= 4 else None)
        key = self.key(server, model)
        with self._lock:
            known = self._speeds.get(key)
            if known is None:
                speed = Speed(measured, reply, 1)
            else:
                speed = Speed(
                    _blend(known.prompt_per_second, measured),
                    known.reply_per_second if reply is None
                    else reply if known.reply_per_second is None
                    else _blend(known.reply_per_second, reply),
                    known.samples + 1,
                )
            self._speeds[key] = speed
            if len(self._speeds) > MAX_ENTRIES:
                self._speeds.pop(next(iter(self._speeds)))
            snapshot = dict(self._speeds)
        self._save(snapshot)
        return speed

    # -- the file --------------------------------------------------------------------------

    def _load(self, path: Path) -> None:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return
        except (OSError, ValueError) as error:
            log.warning("model speeds not read from %s: %s", path, error)
            return
        if not isinstance(data, dict):
            return
        for key, value in list(data.items())[-MAX_ENTRIES:]:
            try:
                prompt = float(value["prompt_per_second"])
                reply = value.get("reply_per_second")
                speed = Speed(prompt, None if reply is None else float(reply),
                              int(value.get("samples", 1)))
            except (TypeError, KeyError, ValueError, AttributeError):
                continue
            if prompt > 0 and (speed.reply_per_second is None or speed.reply_per_second > 0):
                self._speeds[str(key)] = speed

    def _save(self, speeds: dict[str, Speed]) -> None:
        if self.path is None:
            return
        data = {key: {"prompt_per_second": round(s.prompt_per_second, 2),
                      "reply_per_second": None if s.reply_per_second is None
                      else round(s.reply_per_second, 2),
                      "samples": s.samples}
                for key, s in speeds.items()}
        temp: str | None = None
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd, temp = tempfile.mkstemp(dir=self.path.parent, prefix=".speeds-", suffix=".tmp")
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                json.dump(data, handle, indent=1)
            os.replace(temp, self.path)
        except OSError as error:  # a full disk or a read-only folder: the speeds stay in memory
            log.warning("model speeds not saved to %s: %s", self.path, error)
            if temp is not None:
                with contextlib.suppress(OSError):
                    os.unlink(temp)


def _blend(known: float, measured: float) -> float:
    return known * (1 - WEIGHT) + measured * WEIGHT


_books: dict[str, SpeedBook] = {}
_books_lock = threading.Lock()


def speeds_for(home: Path | None) -> SpeedBook:
    """The one speed book of a library folder in this process (in memory only without one)."""
    key = "" if home is None else str(Path(home).resolve())
    with _books_lock:
        book = _books.get(key)
        if book is None:
            book = _books[key] = SpeedBook(None if home is None else Path(home) / FILE_NAME)
        return book

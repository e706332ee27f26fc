"""Settings declared as data (name, type, default, description), stored as JSON in the library.

A default may be a function, resolved each time it is read (the Ollama host follows
`OLLAMA_HOST` as it is when read, not when this module was imported). A stored value that is not
valid (not JSON, the wrong type, not one of the choices) is logged and reported by
`SettingsStore.problems()` instead of quietly becoming the default. `SettingsStore.subscribe`
tells listeners about every change (the window's Qt signal is `ui/window/settings_signal.py`).

A store may hand its writes to a queue instead of its own connection (`write_through`: the
window's one writer, `store/writer.py`): it then never writes on its caller's thread, and until
a write has landed the store answers with the value it was given, so the caller sees its change
at once.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import sqlite3
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

log = logging.getLogger(__name__)
Listener = Callable[[str, Any], None]
Write = Callable[[sqlite3.Connection], object]


class WriteQueue(Protocol):
    """Runs writes on a connection of its own, in order (the window's `store/writer.py`)."""

    def submit(self, write: Write) -> int: ...

    def landed(self, ticket: int) -> bool: ...


class InvalidSettingError(ValueError):
    """A value that the setting's type or choices do not allow."""


@dataclass(frozen=True, slots=True)
class Setting:
    name: str
    type: type
    default: Any  # a value, or a function of no arguments giving it when read
    description: str
    choices: tuple[Any, ...] = ()

    def default_value(self) -> Any:
        default = self.default() if callable(self.default) else self.default
        return list(default) if isinstance(default, list) else default

    def parse(self, value: Any) -> Any:
        """`value` as this setting's type; raises InvalidSettingError."""
        if self.type is bool:
            if not isinstance(value, bool | int):
                raise InvalidSettingError(f"{value!r} is not true or false")
            value = bool(value)
        elif self.type is list:
            if not isinstance(value, list | tuple):
                raise InvalidSettingError(f"{value!r} is not a list")
            value = list(value)
        elif self.type in (int, float):
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise InvalidSettingError(f"{value!r} is not a number")
            if self.type is int and value != int(value):
                raise InvalidSettingError(f"{value!r} is not a whole number")
            value = self.type(value)
        elif not isinstance(value, self.type):
            raise InvalidSettingError(f"{value!r} is not a {self.type.__name__}")
        if self.choices and value not in self.choices:
            choices = ", ".join(repr(c) for c in self.choices)
            raise InvalidSettingError(f"{value!r} is not one of {choices}")
        return value


def _default_ollama_host() -> str:
    host = os.environ.get("OLLAMA_HOST", "").strip()
    if not host:
        return "http://127.0.0.1:11434"
    if "://" not in host:
        host = "http://" + host
    return host.rstrip("/")


SETTINGS: tuple[Setting, ...] = (
    # Appearance
    Setting("appearance.font_family", str, "Linux Libertine O", "Font family for book text"),
    Setting("appearance.font_size", int, 13, "Font size in points"),
    Setting("appearance.line_spacing", float, 1.4, "Line height as a multiple of the font size"),
    Setting("appearance.margin", int, 48, "Page margin in pixels"),
    Setting(
        "appearance.theme", str, "system", "Colour theme", ("system", "light", "sepia", "dark")
    ),
    Setting("appearance.justify", bool, True, "Justify paragraphs (else align left)"),
    Setting(
        "appearance.publisher_styles",
        bool,
        True,
        "Use publisher styles: the book's indents, spacing, alignment, small caps and breaks",
    ),
    Setting("appearance.hyphenate", bool, True, "Hyphenate justified text (book's language)"),
    Setting("appearance.typeset_math", bool, True, "Draw MathML typeset (else as one text line)"),
    Setting("appearance.measure", int, 36, "Longest line, in ems of the font (0: no limit)"),
    # Comics
    Setting("comics.fit", str, "page", "Comic page fit", ("page", "width", "height", "actual")),
    Setting("comics.spread", bool, True, "Show two-page spreads on wide windows"),
    # Window
    Setting("window.geometry", str, "", "Saved main window geometry (base64)"),
    Setting("window.state", str, "", "Saved dock and toolbar state (base64)"),
    Setting("window.language", str, "system", "Language of the window, at the next start",
            ("system", "en", "fr", "de", "es")),
    Setting("library.sort", str, "recent", "Library order", ("recent", "title", "author")),
    Setting("library.last_book", str, "", "The book open when the app was last closed"),
    Setting("library.recent", list, [], "Recently opened files, newest first"),
    Setting("reading.chars_per_minute", float, 0.0,
            "Reading speed measured from page turns (0: not measured yet)"),
    Setting("reading.media_autoplay", bool, False,
            "Let a book's audio and video marked autoplay start by themselves when shown"),
    Setting("read_aloud.rate", float, 0.0,
            "Read aloud speed, from -1.0 (slowest) to 1.0 (fastest); 0.0 is the voice's own"),
    Setting("read_aloud.voice", str, "",
            "Read aloud voice, by name ('': the first voice of the book's language)"),
    # Assistant
    Setting("assistant.ollama_host", str, _default_ollama_host,
            "Model server address: an Ollama host, or an OpenAI-compatible server's …/v1"),
    Setting("assistant.model", str, "qwen2.5:3b", "Model for answers, from the server's list"),
    Setting("assistant.api_key", str, "",
            "API key, for a server that needs one (sent to that server only, never logged)"),
    Setting("assistant.allowed_remote_hosts", list, [],
            "Servers on other computers the reader agreed to send the text they have read to"),
    Setting("assistant.treat_as_remote", list, [],
            "Loopback addresses treated as another computer (for testing the consent)"),
    Setting(
        "assistant.answer_length", str, "medium", "Answer length", ("short", "medium", "long")
    ),
    Setting(
        "assistant.embedding_model",
        str,
        "sentence-transformers/all-MiniLM-L6-v2",
        "fastembed model for retrieval",
    ),
    Setting("assistant.rewrite_queries", bool, True, "Rewrite questions into search phrases"),
    Setting("assistant.read_along", bool, True,
            "Have the model read the pages as you read them, so answers about them come fast"),
    Setting("assistant.answer_wait", int, 15,
            "Seconds to wait for an answer's first words: on a slow computer a short wait sends "
            "fewer passages (Answer quickly), a longer one more (Read more)"),
    Setting(
        "companion.previously_days",
        int,
        7,
        "Offer a “Previously…” recap when a book is reopened after this many days (0: never)",
    ),
    Setting("assistant.hypothetical_queries", bool, False,
            "Search with a short passage the model imagines beside the question"),
    Setting("assistant.rank_with_model", bool, False,
            "Let the model pick the best of the passages found"),
    Setting("comics.describe_pages", bool, False, "Describe comic pages with a vision model"),
    Setting("comics.vision_model", str, "", "Ollama vision model for page descriptions"),
)

_BY_NAME = {s.name: s for s in SETTINGS}


def declared(name: str) -> Setting:
    try:
        return _BY_NAME[name]
    except KeyError:
        raise KeyError(f"unknown setting {name!r}") from None


@dataclass(frozen=True, slots=True)
class SettingProblem:
    """A stored value that could not be used: the default stands in for it."""

    name: str
    stored: str
    reason: str
    default: Any

    def describe(self) -> str:
        return (
            f"The setting “{declared(self.name).description}” ({self.name}) had an invalid "
            f"stored value ({self.reason}); using the default, {self.default!r}."
        )


# Values given for one run of a command (`reader-app ask --server URL --model NAME`): read in
# place of the stored ones by every store in this process, never written.
_RUN_VALUES: dict[str, Any] = {}


@contextlib.contextmanager
def for_this_run(values: dict[str, Any]) -> Iterator[None]:
    """Within the block, `values` (declared settings, parsed) are read in place of stored ones."""
    parsed = {name: declared(name).parse(value) for name, value in values.items()}
    before = dict(_RUN_VALUES)
    _RUN_VALUES.update(parsed)
    try:
        yield
    finally:
        _RUN_VALUES.clear()
        _RUN_VALUES.update(before)


class SettingsStore:
    """Reads and writes declared settings in the library database's `settings` table."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn
        self._listeners: list[Listener] = []
        self._warned: set[tuple[str, str]] = set()
        self._writes: WriteQueue | None = None
        self._unlanded: dict[str, tuple[Any, int]] = {}  # name -> (value, its write's ticket)

    def write_through(self, writes: WriteQueue) -> None:
        """Hand every later write to `writes` instead of writing on this store's connection."""
        self._writes = writes

    def get(self, name: str) -> Any:
        setting = declared(name)
        if name in _RUN_VALUES:
            return _RUN_VALUES[name]
        unlanded = self._unlanded.get(name)
        if unlanded is not None:
            value, ticket = unlanded
            if self._writes is not None and not self._writes.landed(ticket):
                return list(value) if isinstance(value, list) else value
            del self._unlanded[name]
        row = self.conn.execute("SELECT value FROM settings WHERE key = ?", (name,)).fetchone()
        if row is None:
            return setting.default_value()
        problem = _problem(setting, row[0])
        if problem is None:
            return setting.parse(json.loads(row[0]))
        if (name, row[0]) not in self._warned:  # once per stored value, not on every read
            self._warned.add((name, row[0]))
            log.warning("%s", problem.describe())
        return problem.default

    def set(self, name: str, value: Any) -> None:
        """Store `value` (raises InvalidSettingError if the setting does not allow it) and tell
        the listeners if it changed."""
        self.set_many({name: value})

    def set_many(self, values: Mapping[str, Any]) -> None:
        """Store several values in one transaction; nothing is stored if one is not allowed."""
        parsed = {name: declared(name).parse(value) for name, value in values.items()}
        before = {name: self.get(name) for name in parsed}
        rows = [(name, json.dumps(value)) for name, value in parsed.items()]
        self._write(parsed, lambda conn: _store(conn, rows))
        for name, value in parsed.items():
            if value != before[name]:
                self._tell(name, value)

    def reset(self, name: str) -> None:
        setting = declared(name)
        before = self.get(name)
        self._write({name: setting.default_value()}, lambda conn: _forget(conn, name))
        if setting.default_value() != before:
            self._tell(name, setting.default_value())

    def problems(self) -> list[SettingProblem]:
        """Every stored value that cannot be used, in declaration order."""
        stored = dict(self.conn.execute("SELECT key, value FROM settings").fetchall())
        found = []
        for setting in SETTINGS:
            if setting.name in stored:
                problem = _problem(setting, stored[setting.name])
                if problem is not None:
                    found.append(problem)
        return found

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call `listener(name, value)` after each change made through this store; returns a
        function that unsubscribes."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener)

    def _write(self, values: Mapping[str, Any], write: Write) -> None:
        if self._writes is None:
            write(self.conn)
            return
        ticket = self._writes.submit(write)
        for name, value in values.items():
            self._unlanded[name] = (value, ticket)

    def _tell(self, name: str, value: Any) -> None:
        for listener in list(self._listeners):
            listener(name, value)


def _store(conn: sqlite3.Connection, rows: list[tuple[str, str]]) -> None:
    with conn:
        conn.executemany(
            "INSERT INTO settings (key, value) VALUES (?, ?) "
            "ON CONFLICT(key) DO UPDATE SET value = excluded.value",
            rows,
        )


def _forget(conn: sqlite3.Connection, name: str) -> None:
    with conn:
        conn.execute("DELETE FROM settings WHERE key = ?", (name,))


def _problem(setting: Setting, raw: str) -> SettingProblem | None:
    try:
        setting.parse(json.loads(raw))
    except ValueError as error:  # not JSON, or InvalidSettingError
        reason = str(error) if isinstance(error, InvalidSettingError) else "not readable"
        return SettingProblem(setting.name, raw, reason, setting.default_value())
    return None

"""Settings declared as data (name, type, default, description), stored as JSON in the library."""

from __future__ import annotations

import json
import os
import sqlite3
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Setting:
    name: str
    type: type
    default: Any
    description: str
    choices: tuple[Any, ...] = ()


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
    Setting("appearance.measure", int, 36, "Longest line, in ems of the font (0: no limit)"),
    # Comics
    Setting("comics.fit", str, "page", "Comic page fit", ("page", "width", "height", "actual")),
    Setting("comics.spread", bool, True, "Show two-page spreads on wide windows"),
    # Window
    Setting("window.geometry", str, "", "Saved main window geometry (base64)"),
    Setting("window.state", str, "", "Saved dock and toolbar state (base64)"),
    Setting("library.sort", str, "recent", "Library order", ("recent", "title", "author")),
    Setting("library.last_book", str, "", "The book open when the app was last closed"),
    Setting("library.recent", list, [], "Recently opened files, newest first"),
    Setting("reading.chars_per_minute", float, 0.0,
            "Reading speed measured from page turns (0: not measured yet)"),
    # Assistant
    Setting("assistant.ollama_host", str, _default_ollama_host(), "Ollama server address"),
    Setting("assistant.model", str, "qwen2.5:3b", "Ollama model for answers"),
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


class SettingsStore:
    """Reads and writes declared settings in the library database's `settings` table."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    def get(self, name: str) -> Any:
        setting = declared(name)
        row = self.conn.execute("SELECT value FROM settings WHERE key = ?", (name,)).fetchone()
        if row is None:
            return setting.default
        try:
            value = json.loads(row[0])
        except ValueError:
            return setting.default
        return _coerce(setting, value)

    def set(self, name: str, value: Any) -> None:
        setting = declared(name)
        value = _coerce(setting, value)
        with self.conn:
            self.conn.execute(
                "INSERT INTO settings (key, value) VALUES (?, ?) "
                "ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                (name, json.dumps(value)),
            )

    def reset(self, name: str) -> None:
        declared(name)
        with self.conn:
            self.conn.execute("DELETE FROM settings WHERE key = ?", (name,))


def _coerce(setting: Setting, value: Any) -> Any:
    try:
        if setting.type is bool:
            value = bool(value)
        elif setting.type is list:
            value = list(value)
        else:
            value = setting.type(value)
    except (TypeError, ValueError):
        return setting.default
    if setting.choices and value not in setting.choices:
        return setting.default
    return value

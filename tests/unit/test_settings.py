"""Settings as data: defaults resolved when read, invalid stored values reported (not silently
replaced), and every change told to the listeners (issue 10)."""

from __future__ import annotations

import json
import logging
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from reader_app.settings import SETTINGS, InvalidSettingError, SettingsStore
from reader_app.store.db import connect


@pytest.fixture
def store(library_home: Path) -> SettingsStore:
    return SettingsStore(connect(library_home))


def _store_raw(store: SettingsStore, name: str, raw: str) -> None:
    with store.conn:
        store.conn.execute(
            "INSERT INTO settings (key, value) VALUES (?, ?) "
            "ON CONFLICT(key) DO UPDATE SET value = excluded.value",
            (name, raw),
        )


def test_every_declared_default_is_valid_for_its_setting(store: SettingsStore) -> None:
    for setting in SETTINGS:
        assert setting.parse(setting.default_value()) == setting.default_value(), setting.name


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        ("http://127.0.0.1:9", "http://127.0.0.1:9"),
        ("10.0.0.5:11434", "http://10.0.0.5:11434"),
        ("", "http://127.0.0.1:11434"),
    ],
)
def test_the_ollama_host_default_follows_ollama_host_when_read(
    store: SettingsStore, monkeypatch: pytest.MonkeyPatch, env: str, expected: str
) -> None:
    monkeypatch.setenv("OLLAMA_HOST", env)
    assert store.get("assistant.ollama_host") == expected
    store.set("assistant.ollama_host", "http://other:1")
    assert store.get("assistant.ollama_host") == "http://other:1"  # a choice wins over the env


@pytest.mark.parametrize(
    ("name", "raw", "words"),
    [
        ("appearance.font_size", json.dumps("huge"), "is not a number"),
        ("appearance.theme", json.dumps("neon"), "is not one of"),
        ("appearance.justify", json.dumps([1]), "is not true or false"),
        ("library.recent", json.dumps("book.epub"), "is not a list"),
        ("assistant.model", "{not json", "not readable"),
    ],
)
def test_an_invalid_stored_value_is_logged_and_reported_not_silently_replaced(
    store: SettingsStore,
    caplog: pytest.LogCaptureFixture,
    name: str,
    raw: str,
    words: str,
) -> None:
    _store_raw(store, name, raw)
    default = next(s for s in SETTINGS if s.name == name).default_value()
    with caplog.at_level(logging.WARNING, logger="reader_app.settings"):
        assert store.get(name) == default  # the app goes on with the default...
        store.get(name)
    warnings = [r for r in caplog.records if name in r.getMessage()]
    assert len(warnings) == 1 and words in warnings[0].getMessage()  # ...said once, in the log
    problems = store.problems()  # ...and for the window to show
    assert [p.name for p in problems] == [name]
    assert words in problems[0].describe() and repr(default) in problems[0].describe()
    store.set(name, default)
    assert store.problems() == []


def test_setting_an_invalid_value_is_refused(store: SettingsStore) -> None:
    with pytest.raises(InvalidSettingError):
        store.set("comics.fit", "sideways")
    with pytest.raises(InvalidSettingError):
        store.set("appearance.font_size", "12")
    assert store.get("comics.fit") == "page"


def test_listeners_hear_each_change_once_and_only_changes(store: SettingsStore) -> None:
    heard: list[tuple[str, object]] = []
    unsubscribe = store.subscribe(lambda name, value: heard.append((name, value)))
    store.set("assistant.answer_length", "long")
    store.set("assistant.answer_length", "long")  # no change: nothing to tell
    store.set("appearance.font_size", 15)
    store.reset("appearance.font_size")
    unsubscribe()
    store.set("assistant.answer_length", "short")
    assert heard == [
        ("assistant.answer_length", "long"),
        ("appearance.font_size", 15),
        ("appearance.font_size", 13),
    ]


class _HeldQueue:
    """A write queue that runs nothing until told: what the window's writer is while busy."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn
        self.queued: list[Callable[[sqlite3.Connection], object]] = []
        self.ran = 0

    def submit(self, write: Callable[[sqlite3.Connection], object]) -> int:
        self.queued.append(write)
        return len(self.queued)

    def landed(self, ticket: int) -> bool:
        return self.ran >= ticket

    def run(self) -> None:
        for write in self.queued[self.ran:]:
            write(self.conn)
        self.ran = len(self.queued)


def test_a_store_writing_through_a_queue_writes_nothing_itself_and_answers_what_it_was_given(
    library_home: Path,
) -> None:
    conn = connect(library_home)
    store, other = SettingsStore(conn), SettingsStore(connect(library_home))
    writes = _HeldQueue(connect(library_home))
    store.write_through(writes)
    heard: list[tuple[str, object]] = []
    store.subscribe(lambda name, value: heard.append((name, value)))
    statements: list[str] = []
    conn.set_trace_callback(statements.append)

    store.set("comics.fit", "width")
    store.set_many({"appearance.font_size": 17, "appearance.justify": False})
    store.reset("comics.fit")
    store.set("library.recent", ["/a.epub"])
    store.get("library.recent").append("/changed-by-the-caller.epub")

    assert [s for s in statements if not s.lstrip().upper().startswith("SELECT")] == []
    assert store.get("comics.fit") == "page" and store.get("appearance.font_size") == 17
    assert store.get("library.recent") == ["/a.epub"]  # the caller's copy, not the store's
    assert other.get("appearance.font_size") == 13  # not in the database yet
    assert heard == [("comics.fit", "width"), ("appearance.font_size", 17),
                     ("appearance.justify", False), ("comics.fit", "page"),
                     ("library.recent", ["/a.epub"])]
    writes.run()
    assert other.get("appearance.font_size") == 17 and other.get("appearance.justify") is False
    assert other.get("comics.fit") == "page" and other.get("library.recent") == ["/a.epub"]
    assert store.get("appearance.font_size") == 17  # read back from the database now


def test_set_many_stores_nothing_when_one_value_is_not_allowed(library_home: Path) -> None:
    store = SettingsStore(connect(library_home))
    with pytest.raises(InvalidSettingError):
        store.set_many({"appearance.font_size": 17, "comics.fit": "sideways"})
    assert store.get("appearance.font_size") == 13

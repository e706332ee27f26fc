"""What `reader-app ask` and `chat` print of a model's text goes to a terminal with its control
characters shown as escapes: a reply cannot set the terminal's title or clear it (issue 38)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from reader_app.cli import ask as ask_command
from reader_app.cli import main
from reader_app.settings import SettingsStore
from reader_app.store.db import connect
from tests.conftest import JEKYLL, corpus_epub
from tests.fakes.embedders import HashEmbedder
from tests.fakes.fake_ollama import FakeOllama, ScriptedReplies

HOSTILE = "Mr. Hyde\x1b]0;pwned\x07 is\x1b[2J a\x9b31m man."
SHOWN = "Mr. Hyde\\x1b]0;pwned\\x07 is\\x1b[2J a\\x9b31m man."


@pytest.fixture
def jekyll(library_home: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    embedder = HashEmbedder()
    monkeypatch.setattr(ask_command, "default_embedder", lambda **_: embedder)
    return corpus_epub(JEKYLL)


@pytest.fixture(params=["ollama", "openai"])
def server(request: pytest.FixtureRequest, fake_ollama: FakeOllama, library_home: Path) -> str:
    url = fake_ollama.v1_url if request.param == "openai" else fake_ollama.url
    conn = connect(library_home)
    SettingsStore(conn).set("assistant.ollama_host", url)
    conn.close()
    return url


def test_ask_prints_the_models_control_characters_escaped(
    jekyll: Path, server: str, fake_ollama: FakeOllama, capsys: pytest.CaptureFixture[str]
) -> None:
    fake_ollama.reply_with(ScriptedReplies(answer=HOSTILE))
    assert main(["ask", str(jekyll), "Who is Mr. Hyde?", "--at", "10"]) == 0
    out = capsys.readouterr().out
    assert SHOWN in out
    assert "\x1b" not in out and "\x07" not in out and "\x9b" not in out


def test_tokens_printed_live_are_escaped_each_as_it_comes() -> None:
    terminal = io.StringIO()
    pieces = ["Hyde\x1b", "]0;pwned\x07", " left\r\n"]
    assert ask_command.stream_tokens(iter(pieces), live=True, out=terminal, what="answer") == ""
    assert terminal.getvalue() == "Hyde\\x1b]0;pwned\\x07 left\\x0d\n"

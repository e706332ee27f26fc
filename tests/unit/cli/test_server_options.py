"""`--server URL --model NAME` name a model server for one call of ask, chat, xray, recap and
mcp (an address ending in /v1 is OpenAI-compatible, any other an Ollama host); Settings are
left as they were. A server on another computer needs the reader's consent first."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from reader_app.cli import ask as ask_command
from reader_app.cli import main
from reader_app.cli.mcp import mcp_parser
from reader_app.cli.server_options import server_for_this_call, server_options
from reader_app.rag.model.servers import (
    PRESETS,
    ServerChoice,
    api_of,
    is_this_computer,
    normalised,
    preset_for,
)
from reader_app.settings import SettingsStore
from reader_app.store.db import connect
from tests.conftest import JEKYLL, corpus_epub
from tests.fakes.embedders import HashEmbedder
from tests.fakes.fake_ollama import FakeOllama, ScriptedReplies


@pytest.fixture
def jekyll(library_home: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    embedder = HashEmbedder()
    monkeypatch.setattr(ask_command, "default_embedder", lambda **_: embedder)
    return corpus_epub(JEKYLL)


def _settings(home: Path) -> dict[str, object]:
    conn = connect(home)
    try:
        store = SettingsStore(conn)
        return {name: store.get(name) for name in (
            "assistant.ollama_host", "assistant.model", "assistant.allowed_remote_hosts")}
    finally:
        conn.close()


def test_an_address_ending_in_v1_is_openai_compatible() -> None:
    assert api_of("http://127.0.0.1:1234/v1") == "openai"
    assert api_of("localhost:8080/v1/") == "openai"
    assert api_of("http://127.0.0.1:11434") == "ollama"
    assert api_of("http://example.org/v1beta") == "ollama"
    assert normalised(" localhost:1234/v1/ ") == "http://localhost:1234/v1"
    assert preset_for("http://127.0.0.1:1234/v1") == PRESETS[1]
    assert {p.name for p in PRESETS} >= {"Ollama", "LM Studio", "llama.cpp server", "Jan",
                                         "vLLM", "KoboldCpp", "LocalAI"}


def test_this_computer_is_loopback_unless_a_test_says_otherwise() -> None:
    for here in ("http://127.0.0.1:11434", "http://localhost:1234/v1", "http://[::1]:8080/v1",
                 "http://127.0.0.2:8080"):
        assert is_this_computer(here), here
    for there in ("http://192.168.1.20:11434", "https://models.example.org/v1", ""):
        assert not is_this_computer(there), there
    assert not is_this_computer("http://127.0.0.2:8080", remote_hosts=("127.0.0.2",))
    choice = ServerChoice("http://127.0.0.2:8080/v1", "m", treat_as_remote=("127.0.0.2",))
    assert not choice.allowed
    assert ServerChoice(choice.url, "m", allowed_remote_hosts=("127.0.0.2",),
                        treat_as_remote=("127.0.0.2",)).allowed


def test_ask_with_server_and_model_goes_there_for_this_call_only(
    jekyll: Path, library_home: Path, fake_ollama: FakeOllama,
    capsys: pytest.CaptureFixture[str],
) -> None:
    before = _settings(library_home)
    fake_ollama.installed = {"gemma3:270m"}
    fake_ollama.reply_with(ScriptedReplies(answer="Mr. Utterson is a lawyer [1]."))
    code = main(["ask", str(jekyll), "Who is Mr. Utterson?", "--at", "10", "--json",
                 "--server", fake_ollama.v1_url, "--model", "gemma3:270m"])
    assert code == 0, capsys.readouterr().err
    assert json.loads(capsys.readouterr().out)["answer"] == "Mr. Utterson is a lawyer [1]."
    calls = fake_ollama.model_calls()
    assert calls and {c.path for c in calls} == {"/v1/chat/completions"}
    assert {c.model for c in calls} == {"gemma3:270m"}
    assert _settings(library_home) == before


def test_every_answering_command_takes_the_flags() -> None:
    from reader_app.cli.ask import ask_parser
    from reader_app.cli.chat import chat_parser
    from reader_app.cli.xray import recap_parser, xray_parser

    for parser, argv in ((ask_parser(), ["f", "q"]), (chat_parser(), ["f", "--as", "X", "m"]),
                         (xray_parser(), ["f"]), (recap_parser(), ["f"]), (mcp_parser(), [])):
        options = parser.parse_args([*argv, "--server", "http://127.0.0.1:8080/v1",
                                     "--model", "gemma"])
        assert (options.server, options.model) == ("http://127.0.0.1:8080/v1", "gemma")


def test_a_remote_server_is_refused_until_the_reader_agrees(
    jekyll: Path, library_home: Path, fake_ollama: FakeOllama,
    capsys: pytest.CaptureFixture[str],
) -> None:
    conn = connect(library_home)
    SettingsStore(conn).set("assistant.treat_as_remote", ["127.0.0.1"])
    conn.close()
    argv = ["ask", str(jekyll), "Who is Mr. Utterson?", "--at", "10",
            "--server", fake_ollama.v1_url]
    assert main(argv) == 0  # the passages already read are shown instead of an answer
    captured = capsys.readouterr()
    assert "is not on this computer" in captured.out + captured.err
    assert "found on this computer" in captured.out and "nothing left this computer" in captured.out
    assert "sent to" not in captured.out
    assert not fake_ollama.requests
    assert main([*argv, "--allow-remote", "--json"]) == 0
    assert fake_ollama.model_calls()
    receipt = json.loads(capsys.readouterr().out)["receipt"]
    assert receipt["sent_to"] == "127.0.0.1" and receipt["text"].endswith("sent to 127.0.0.1")
    assert _settings(library_home)["assistant.allowed_remote_hosts"] == ["127.0.0.1"]
    fake_ollama.clear()
    assert main(argv) == 0  # remembered for that host
    assert fake_ollama.model_calls()


def test_the_values_for_this_call_end_with_it(library_home: Path) -> None:
    import argparse

    parser = argparse.ArgumentParser()
    server_options(parser)
    options = parser.parse_args(["--server", "localhost:1234/v1", "--model", "m"])
    conn = connect(library_home)
    store = SettingsStore(conn)
    stored = store.get("assistant.ollama_host")
    with server_for_this_call(conn, options):
        assert store.get("assistant.ollama_host") == "http://localhost:1234/v1"
        assert store.get("assistant.model") == "m"
    assert store.get("assistant.ollama_host") == stored
    conn.close()

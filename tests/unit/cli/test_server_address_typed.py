"""An address the reader types for `--server` (or one stored in Settings) that cannot be a
model server's is a sentence and exit status 2, never a traceback (issue 38)."""

from __future__ import annotations

from pathlib import Path

import pytest

from reader_app.cli import ask as ask_command
from reader_app.cli import main
from reader_app.errors import ServerAddressError
from reader_app.rag.model.gateway import ModelGateway
from reader_app.rag.model.servers import ServerChoice, address_problem
from reader_app.settings import SettingsStore
from reader_app.store.db import connect
from tests.conftest import JEKYLL, corpus_epub
from tests.fakes.embedders import HashEmbedder

UNUSABLE = ["http://[::1", "http://127.0.0.1:99999/v1", "http://127.0.0.1:8080\t/v1",
            "http://127.0.0.1:8080/v1\x1b[2J", "ftp://127.0.0.1:8080", "http://:8080/v1"]


@pytest.fixture
def jekyll(library_home: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    embedder = HashEmbedder()
    monkeypatch.setattr(ask_command, "default_embedder", lambda **_: embedder)
    return corpus_epub(JEKYLL)


@pytest.mark.parametrize("address", UNUSABLE)
def test_an_unusable_server_address_is_refused_with_a_sentence(
    jekyll: Path, address: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["ask", str(jekyll), "Who is Mr. Hyde?", "--server", address])
    err = capsys.readouterr().err
    assert stopped.value.code == 2
    assert "argument --server: The server address “" in err and "Traceback" not in err
    assert "\t" not in err and "\x1b" not in err  # shown escaped, not acted on


@pytest.mark.parametrize("address", UNUSABLE[:3])
def test_an_unusable_address_stored_in_settings_is_a_sentence_too(
    jekyll: Path, library_home: Path, address: str, capsys: pytest.CaptureFixture[str]
) -> None:
    conn = connect(library_home)
    SettingsStore(conn).set("assistant.ollama_host", address)
    conn.close()
    assert main(["ask", str(jekyll), "Who is Mr. Hyde?", "--at", "10"]) == 2
    err = capsys.readouterr().err
    assert "reader-app ask: The server address “" in err and "Traceback" not in err


@pytest.mark.parametrize("address", UNUSABLE)
def test_a_gateway_is_not_made_for_an_unusable_address(address: str) -> None:
    with pytest.raises(ServerAddressError, match="The server address"):
        ModelGateway.for_choice(ServerChoice(url=address, model="m"))
    with pytest.raises(ServerAddressError):
        ModelGateway(host=address, model="m")


@pytest.mark.parametrize("address", ["http://[::1]:8080/v1", "localhost:11434",
                                     "127.0.0.1:1234/v1/", "https://gpu-box.lan",
                                     "http://[fe80::1%25eth0]:8080/v1"])
def test_a_usable_address_has_no_problem(address: str) -> None:
    assert address_problem(address) == ""

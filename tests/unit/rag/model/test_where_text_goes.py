"""Where the reader's text may go is decided by where the connection goes, and a secret goes only
to the server it was entered for (issue 38).

A name is resolved once (a resolver patched here, as the one a reader's network could give), the
server is this computer only when every address is loopback, and the connection is made to that
address. Every connection the tests' process tries is recorded below the HTTP client, so "nothing
was sent" means no socket was even opened.
"""

from __future__ import annotations

import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import keyring
import pytest
from keyring.backend import KeyringBackend

from reader_app.errors import ReaderError, RemoteServerNotAllowedError
from reader_app.rag.assistant.calls import AssistantCalls
from reader_app.rag.model import keys, servers
from reader_app.rag.model.gateway import ModelGateway, StreamStats
from reader_app.rag.model.keys import ApiKeys
from reader_app.rag.model.servers import ServerChoice, origin_of
from reader_app.rag.model.wire import display_address
from reader_app.settings import SettingsStore, for_this_run
from reader_app.store.db import connect
from tests.fakes.fake_ollama import FakeOllama
from tests.unit.rag.model.test_llm import _context

ELSEWHERE = "192.0.2.10"  # TEST-NET-1: never a target; no connection may even be tried


@pytest.fixture
def connections(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[str, int]]]:
    """Every TCP connection the process tries; one to anywhere but loopback is refused here,
    before a packet could leave."""
    tried: list[tuple[str, int]] = []
    real = socket.create_connection

    def create_connection(address: tuple[str, int], *args: Any, **kwargs: Any) -> socket.socket:
        tried.append((str(address[0]), int(address[1])))
        if not str(address[0]).startswith("127."):
            raise ConnectionRefusedError("the test lets no connection leave this computer")
        return real(address, *args, **kwargs)

    monkeypatch.setattr(socket, "create_connection", create_connection)
    yield tried


def _resolver(monkeypatch: pytest.MonkeyPatch, answers: dict[str, list[tuple[str, ...]]]
              ) -> list[str]:
    """Resolve each name to its next answer (the last one repeats); returns the names asked."""
    asked: list[str] = []

    def resolve(host: str, port: int) -> tuple[str, ...]:
        asked.append(host)
        queue = answers[host]
        return queue.pop(0) if len(queue) > 1 else queue[0]

    monkeypatch.setattr(servers, "resolve_addresses", resolve)
    return asked


def test_a_localhost_name_that_resolves_elsewhere_is_another_computer(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _resolver(monkeypatch, {"llm.localhost": [(ELSEWHERE,)], "mixed.localhost":
                            [("127.0.0.1", ELSEWHERE)], "here.localhost": [("127.0.0.1", "::1")]})
    assert not servers.is_this_computer("http://llm.localhost:18001/v1")
    assert not ServerChoice("http://llm.localhost:18001/v1", "m").allowed
    assert not servers.is_this_computer("http://mixed.localhost:18001/v1"), "every address"
    assert servers.is_this_computer("http://here.localhost:18001/v1")
    assert ServerChoice("http://llm.localhost:18001/v1", "m",
                        allowed_remote_hosts=("llm.localhost",)).allowed


def test_nothing_at_all_reaches_a_server_elsewhere_before_consent(
    monkeypatch: pytest.MonkeyPatch, connections: list[tuple[str, int]],
) -> None:
    _resolver(monkeypatch, {"llm.localhost": [(ELSEWHERE,)]})
    for url in ("http://llm.localhost:18001/v1", "http://llm.localhost:18001"):
        gateway = ModelGateway.for_choice(ServerChoice(url, "m", api_key="sk-secret"))
        assert gateway.context_tokens() is None  # no /props asked
        assert gateway.warm is not None and not gateway.text_may_leave
        with pytest.raises(RemoteServerNotAllowedError):
            gateway.models.installed()  # no model list either
        with pytest.raises(RemoteServerNotAllowedError):
            list(AssistantCalls(gateway).stream_answer(_context(), "Who is Hyde?",
                                                       answer_length="short",
                                                       stats=StreamStats()))
        gateway.close()
    assert connections == []


def test_the_connection_goes_where_the_name_was_judged_to_go(
    monkeypatch: pytest.MonkeyPatch, fake_ollama: FakeOllama,
    connections: list[tuple[str, int]],
) -> None:
    # The first answer (loopback) decides; a later answer pointing elsewhere (a rebinding
    # resolver) must never be asked, let alone used.
    asked = _resolver(monkeypatch, {"rebind.localhost": [("127.0.0.1",), (ELSEWHERE,)]})
    url = f"http://rebind.localhost:{fake_ollama.port}/v1"
    gateway = ModelGateway.for_choice(ServerChoice(url, "qwen2.5:3b"))
    assert gateway.text_may_leave
    tokens = list(AssistantCalls(gateway).stream_answer(_context(), "Who?", answer_length="short",
                                                        stats=StreamStats()))
    gateway.models.installed()
    gateway.close()
    assert tokens and len(fake_ollama.model_calls()) == 1
    assert asked == ["rebind.localhost"]
    assert connections and {host for host, _ in connections} == {"127.0.0.1"}


def test_a_key_goes_only_to_the_server_it_was_entered_for(
    fake_ollama: FakeOllama, library_home: Path
) -> None:
    conn = connect(library_home)
    settings = SettingsStore(conn)
    home_keys = servers.api_keys(settings)
    assert home_keys.home is not None
    mine = fake_ollama.v1_url  # http://127.0.0.1:PORT/v1
    other = mine.replace("127.0.0.1", "localhost")  # the same listener, another server's name
    home_keys.set(origin_of(mine), "sk-mine")
    settings.set("assistant.ollama_host", mine)
    assert ServerChoice.from_settings(settings).api_key == "sk-mine"
    with for_this_run({"assistant.ollama_host": other}):  # `--server` for one call
        choice = ServerChoice.from_settings(settings)
    assert choice.api_key == ""
    for server in (ServerChoice.from_settings(settings), choice):
        gateway = ModelGateway.for_choice(server)
        gateway.models.installed()
        list(AssistantCalls(gateway).stream_answer(_context(), "q", answer_length="short",
                                                   stats=StreamStats()))
        gateway.close()
    sent = {(r.headers.get("host", ""), r.headers.get("authorization", ""))
            for r in fake_ollama.requests}
    port = fake_ollama.port
    assert sent == {(f"127.0.0.1:{port}", "Bearer sk-mine"), (f"localhost:{port}", "")}
    conn.close()


def test_a_key_from_before_keys_were_bound_counts_only_for_its_own_server(
    library_home: Path,
) -> None:
    conn = connect(library_home)
    settings = SettingsStore(conn)
    settings.set_many({"assistant.ollama_host": "http://127.0.0.1:1234/v1",
                       "assistant.api_key": "sk-old"})
    assert ServerChoice.from_settings(settings).api_key == "sk-old"
    with for_this_run({"assistant.ollama_host": "http://127.0.0.1:8080/v1"}):
        assert ServerChoice.from_settings(settings).api_key == ""
    conn.close()


def test_keys_live_in_the_system_keyring_where_there_is_one(
    monkeypatch: pytest.MonkeyPatch, library_home: Any,
) -> None:
    class MemoryKeyring(KeyringBackend):
        priority = 1  # type: ignore[assignment]
        stored: dict[tuple[str, str], str] = {}  # noqa: RUF012 - one per test class

        def get_password(self, service: str, username: str) -> str | None:
            return self.stored.get((service, username))

        def set_password(self, service: str, username: str, password: str) -> None:
            self.stored[(service, username)] = password

        def delete_password(self, service: str, username: str) -> None:
            self.stored.pop((service, username), None)

    before = keyring.get_keyring()
    keyring.set_keyring(MemoryKeyring())
    monkeypatch.setenv(keys.USE_KEYRING, "1")
    try:
        store = ApiKeys(library_home)
        store.set("http://127.0.0.1:1234", "sk-kept")
        assert MemoryKeyring.stored == {(keys.SERVICE, "http://127.0.0.1:1234"): "sk-kept"}
        assert not (library_home / keys.KEYS_FILE).exists()
        assert store.get("http://127.0.0.1:1234") == "sk-kept" and "system keyring" in store.where
        store.set("http://127.0.0.1:1234", "")
        assert store.get("http://127.0.0.1:1234") == ""
    finally:
        keyring.set_keyring(before)


def test_without_a_keyring_keys_are_kept_in_the_library_readable_only_by_their_owner(
    library_home: Any,
) -> None:
    store = ApiKeys(library_home)
    assert "library folder" in store.where
    store.set("http://127.0.0.1:1234", "sk-file")
    path = library_home / keys.KEYS_FILE
    assert path.stat().st_mode & 0o077 == 0
    assert ApiKeys(library_home).get("http://127.0.0.1:1234") == "sk-file"
    assert ApiKeys(library_home).get("http://127.0.0.1:1235") == ""


def test_a_password_in_an_address_is_never_shown(monkeypatch: pytest.MonkeyPatch) -> None:
    assert display_address("http://user:pw@host:1234/v1") == "http://host:1234/v1"
    assert origin_of("http://user:pw@Host:1234/v1") == "http://host:1234"
    _resolver(monkeypatch, {"host": [(ELSEWHERE,)]})
    for url in ("http://user:hunter2@host:1234/v1", "http://user:hunter2@127.0.0.1:9/v1"):
        gateway = ModelGateway.for_choice(ServerChoice(url, "m"))
        with pytest.raises(ReaderError) as caught:
            list(AssistantCalls(gateway).stream_answer(_context(), "q", answer_length="short",
                                                       stats=StreamStats()))
        gateway.close()
        assert "hunter2" not in str(caught.value) and "user:" not in str(caught.value)

"""Every command that talks to a model, against a real llama.cpp server behind a recording proxy:
`ask`, `chat`, `xray`, `recap` and the MCP server's `ask_book` complete, and no request carries
text after the reader's boundary (the marker book: every sentence has a unique marker, and the
late chapters bring names never met earlier). What the model itself wrote is set aside first:
a base model that copies patterns may invent a marker-like word, which is not book text."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from reader_app.books.model import Book
from reader_app.cli import main
from tests.e2e.mcp_client import Agent, with_agent
from tests.e2e.test_mcp_server import (
    JAILBREAKS,
    add_and_prepare,
    block_end,
    marker_epub,
    markers_in,
    read_to,
)
from tests.fakes.marker_library import MARKER
from tests.llm.recording_proxy import RecordingProxy
from tests.llm.server import MODEL

pytestmark = pytest.mark.llm

LATE_NAMES = ("Valdemar", "Yelena", "Obsidian", "drowned")


@pytest.fixture(scope="module")
def marker_home(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, Book]:
    home = tmp_path_factory.mktemp("llm-marker-library")
    file = marker_epub(home.parent / "lantern-bearers.epub")
    book = add_and_prepare(home, file)
    read_to(home, book, block_end(book, 1, 3))  # into chapter 2: the late names are unread
    return home, file, book


def _leaks(proxy: RecordingProxy, unread: set[str], asked: tuple[str, ...]) -> list[str]:
    """Unread markers or late names in any request, apart from the reader's own words and what
    the model itself wrote back."""
    model_wrote = proxy.replies_text()
    invented = set(MARKER.findall(model_wrote))
    found = []
    for request in proxy.requests:
        text = request.scanned_text()
        for words in asked:
            text = text.replace(words, "")
        leaked = (set(MARKER.findall(text)) & unread) - invented
        names = [n for n in LATE_NAMES if n in text and n not in model_wrote]
        if leaked or names:
            found.append(f"{request.path}: {sorted(leaked)[:5]} {names}")
    return found


def test_ask_chat_xray_and_recap_complete_and_send_nothing_unread(
    marker_home: tuple[Path, Path, Book], proxy: RecordingProxy,
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    home, file, book = marker_home
    monkeypatch.setenv("READER_APP_HOME", str(home))
    unread = markers_in(book, until=block_end(book, 1, 3), after=True)
    server = ("--server", proxy.v1_url, "--model", MODEL)
    asked = (*JAILBREAKS, "What did Anna carry?", "Tell me about the ending.")
    for question in asked:
        assert main(["ask", str(file), question, "--json", *server]) == 0
        payload = json.loads(capsys.readouterr().out)
        assert payload["status"] in ("complete", "incomplete"), payload
        assert all(p["sid_end"] <= payload["boundary_sid"] for p in payload["passages"])
    assert main(["chat", str(file), "--as", "Anna", "What happened at the Obsidian Gate?",
                 "--json", *server]) == 0, capsys.readouterr().err
    assert json.loads(capsys.readouterr().out)["reply"] is not None
    assert main(["xray", str(file), "--json", *server]) == 0
    assert json.loads(capsys.readouterr().out)["entities"]
    assert main(["recap", str(file), "--json", *server]) == 0
    assert json.loads(capsys.readouterr().out)["paragraphs"]
    calls = proxy.model_calls()
    assert len(calls) >= len(asked) + 2 and {r.path for r in calls} == {"/v1/chat/completions"}
    asked += ("What happened at the Obsidian Gate?",)
    assert _leaks(proxy, unread, asked) == []


def test_the_mcp_servers_ask_book_sends_nothing_unread(
    marker_home: tuple[Path, Path, Book], proxy: RecordingProxy
) -> None:
    home, _, book = marker_home
    unread = markers_in(book, until=block_end(book, 1, 3), after=True)

    async def scenario(agent: Agent) -> None:
        for question in JAILBREAKS[:2]:
            answer = await agent.call("ask_book", book_id=book.book_id, question=question)
            assert not answer.is_error, answer.text
            assert all(p["sid_end"] <= answer.data["boundary_sid"]
                       for p in answer.data["passages"])

    with_agent(home, scenario, extra_args=("--server", proxy.v1_url, "--model", MODEL))
    assert proxy.model_calls()
    assert _leaks(proxy, unread, JAILBREAKS) == []

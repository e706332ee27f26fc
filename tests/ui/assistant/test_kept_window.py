"""The window read along, kept from one reading to the next where the server can
(rag/assistant/kept_window.py): the real panel against the fake server behaving as llama.cpp's
started with `--slot-save-path` (and without it, and as Ollama). Closing the book saves the
window the server holds; opening it again, after the app and the server were restarted,
restores it, so reading along reads only what is new; a restore that cannot be had costs a
re-read and nothing else; a window saved further on than the reader now is never comes back."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from reader_app.books.model import Locator
from reader_app.rag.assistant import read_along
from reader_app.rag.assistant.kept_window import RECORDS_FILE
from reader_app.rag.model.schedule import queue_for
from reader_app.rag.scope.boundary import scope_for_book
from reader_app.settings import SettingsStore
from reader_app.ui.assistant.panel import AssistantPanel
from tests.fakes.fake_ollama import FakeOllama
from tests.fakes.marker_library import MarkerLibrary
from tests.fakes.server_clock import ServerClock


@pytest.fixture
def llama_like(fake_ollama: FakeOllama, tmp_path: Path) -> FakeOllama:
    """The fake as llama.cpp's server started with `--slot-save-path`."""
    fake_ollama.n_ctx = 8192
    fake_ollama.clock = ServerClock(prompt_per_second=50_000, reply_per_second=5_000)
    fake_ollama.slot_save_dir = tmp_path / "slots"
    fake_ollama.slot_save_dir.mkdir()
    return fake_ollama


def _panel(qtbot: QtBot, shelf: MarkerLibrary, url: str) -> AssistantPanel:
    settings = SettingsStore(shelf.conn)
    settings.set("assistant.ollama_host", url)
    settings.set("assistant.rewrite_queries", False)
    panel = AssistantPanel(shelf.home, embedder=shelf.embedder)
    qtbot.addWidget(panel)
    panel.show()
    panel.set_book(shelf.book)
    assert panel.workers.wait_idle(20_000)  # the first read-along, as the book opens
    return panel


def _close_book(panel: AssistantPanel) -> None:
    panel.set_book(None)
    assert panel.workers.wait_idle(20_000)


def _restart(fake: FakeOllama, panel: AssistantPanel) -> None:
    """The app and the server restarted: nothing read along in this process, nothing cached."""
    panel.shutdown()
    panel.workers.wait_idle(20_000)
    read_along.forget_readings()
    queue_for(fake.v1_url).note_prompt("")
    assert fake.clock is not None
    with fake.clock.holding():
        fake.clock.reload()


def _read_alongs(fake: FakeOllama) -> list[int]:
    """Tokens read afresh by each one-token read (the read-along steps)."""
    assert fake.clock is not None
    return [served.fresh_tokens for served, request in zip(
        fake.clock.of("/v1/chat/completions"), fake.requests_to("/v1/chat/completions"),
        strict=True) if request.body.get("max_tokens") == 1]


def test_a_window_saved_as_the_book_closes_is_restored_when_it_opens_again(
    qtbot: QtBot, shelf: MarkerLibrary, llama_like: FakeOllama
) -> None:
    fake = llama_like
    panel = _panel(qtbot, shelf, fake.v1_url)
    first_read = _read_alongs(fake)[-1]
    assert first_read > 200  # the chapter so far, read for the first time
    _close_book(panel)

    [save] = [action for action in fake.slot_actions if action[0] == "save"]
    boundary = scope_for_book(shelf.conn, shelf.book.book_id).boundary_sid
    assert save[1].startswith(f"pagemate-{shelf.book.book_id[:16]}-")
    assert save[1].endswith(f"-{boundary}.bin")  # the boundary in the file's name
    assert save[2] > 200
    assert fake.slot_save_dir is not None and (fake.slot_save_dir / save[1]).exists()
    assert save[1] in (shelf.home / RECORDS_FILE).read_text()

    _restart(fake, panel)
    _panel(qtbot, shelf, fake.v1_url)
    assert fake.slot_actions[-1][:2] == ("restore", save[1])
    assert _read_alongs(fake)[-1] <= 3  # only what was not in the file: nothing


def test_after_a_restore_reading_along_reads_only_the_pages_read_since(
    qtbot: QtBot, shelf: MarkerLibrary, llama_like: FakeOllama
) -> None:
    fake = llama_like
    panel = _panel(qtbot, shelf, fake.v1_url)
    _close_book(panel)
    _restart(fake, panel)
    shelf.read_through(1, 7)  # two paragraphs more, read on another device
    _panel(qtbot, shelf, fake.v1_url)
    assert fake.slot_actions[-1][0] == "restore"
    new_text = sum(len(m) for m in shelf.markers_read(1, 7) - shelf.markers_read(1, 2))
    assert 0 < _read_alongs(fake)[-1] < 120 + new_text


def test_a_window_saved_past_where_the_reader_now_is_is_not_restored(
    qtbot: QtBot, shelf: MarkerLibrary, llama_like: FakeOllama
) -> None:
    fake = llama_like
    shelf.read_through(1, 7)
    panel = _panel(qtbot, shelf, fake.v1_url)
    _close_book(panel)
    [save] = [action for action in fake.slot_actions if action[0] == "save"]
    _restart(fake, panel)
    shelf.library.set_boundary(shelf.book.book_id, Locator(1, 2, 10_000))  # moved back
    _panel(qtbot, shelf, fake.v1_url)
    restores = [a for a in fake.slot_actions if a[0] == "restore"]
    assert all(name != save[1] for _, name, _ in restores)
    assert fake.clock is not None
    held = " ".join(fake.clock.cached_prompts())
    late = shelf.markers_read(1, 7) - shelf.markers_read(1, 2)
    assert not any(marker in held for marker in late)
    assert _read_alongs(fake)[-1] > 200  # read again, from the sealed scope


def test_a_server_that_cannot_save_slots_costs_only_a_re_read(
    qtbot: QtBot, shelf: MarkerLibrary, llama_like: FakeOllama
) -> None:
    fake = llama_like
    fake.slot_save_dir = None  # started without --slot-save-path: its 501
    panel = _panel(qtbot, shelf, fake.v1_url)
    _close_book(panel)
    _restart(fake, panel)
    panel = _panel(qtbot, shelf, fake.v1_url)
    assert fake.slot_actions == []
    assert [r.path for r in fake.requests if r.path.startswith("/slots/")] == \
        ["/slots/0?action=restore"] * 2  # tried once each opening; no save tried after a 501
    assert _read_alongs(fake)[-1] > 200
    assert panel.read_along_text.startswith("The model has read along up to")


def test_ollama_is_never_asked_about_slots(
    qtbot: QtBot, shelf: MarkerLibrary, fake_ollama: FakeOllama
) -> None:
    panel = _panel(qtbot, shelf, fake_ollama.url)
    _close_book(panel)
    assert not [r for r in fake_ollama.requests if r.path.startswith("/slots")]


@pytest.mark.parametrize("slots", [1, 2])
def test_requests_go_to_slot_zero_only_when_the_server_has_several_and_saves_them(
    qtbot: QtBot, shelf: MarkerLibrary, llama_like: FakeOllama, slots: int
) -> None:
    llama_like.total_slots = slots
    panel = _panel(qtbot, shelf, llama_like.v1_url)
    _close_book(panel)
    pinned = {r.body.get("id_slot") for r in llama_like.requests_to("/v1/chat/completions")}
    assert pinned == ({0} if slots > 1 else {None})

"""What the reader sees while a slow model reads: the passages at once with a countdown from the
measured speed, the model warmed when the assistant is first shown on a book, the wait setting,
and one piece of advice when answers take over a minute without a graphics card."""

from __future__ import annotations

import re

import pytest
from pytestqt.qtbot import QtBot

from reader_app.rag.assistant.answer_driver import AnswerWaiting, PromptRead
from reader_app.rag.model.schedule import queue_for
from reader_app.rag.model.speeds import speeds_for
from reader_app.settings import SettingsStore
from reader_app.ui.assistant import jobs
from reader_app.ui.assistant.jobs import SlowComputerAdvice, slow_computer_advice
from reader_app.ui.assistant.panel import AssistantPanel
from reader_app.ui.assistant.settings_page import AssistantSettingsPage
from reader_app.ui.assistant.waiting_line import wait_text
from tests.fakes.fake_ollama import FakeOllama, RecordedRequest, Reply, ScriptedReplies
from tests.fakes.marker_library import MarkerLibrary
from tests.fakes.server_clock import ServerClock
from tests.ui.assistant.conftest import PanelFactory

PROMPT_PER_SECOND = 250.0  # the fake's pace: a question's prompt takes a few seconds


def _warm_ups(fake: FakeOllama) -> list[RecordedRequest]:
    return [r for r in fake.model_calls() if r.warm_up]


def _learnt(shelf: MarkerLibrary, fake: FakeOllama, prompt_per_second: float) -> None:
    speeds_for(shelf.home).note(queue_for(fake.url).key, "qwen2.5:3b",
                                prompt_tokens=int(prompt_per_second * 4), prompt_seconds=4.0)


def test_the_passages_show_at_once_with_a_countdown_until_the_first_word(
    qtbot: QtBot, make_panel: PanelFactory, shelf: MarkerLibrary, fake_ollama: FakeOllama
) -> None:
    fake_ollama.clock = ServerClock(prompt_per_second=PROMPT_PER_SECOND, reply_per_second=50)
    fake_ollama.reply_with(ScriptedReplies(answer="The keeper of the flame was Anna [1]."))
    _learnt(shelf, fake_ollama, PROMPT_PER_SECOND)
    panel = make_panel()
    qtbot.waitUntil(lambda: len(fake_ollama.clock.served) >= 1, timeout=10_000)  # warmed
    panel.ask("Who carried the lantern?")
    qtbot.waitUntil(panel.waiting.isVisible, timeout=10_000)
    told = panel.waiting.text()
    assert re.fullmatch(r"Reading \d+ passages?… about \d+ s on this computer", told), told
    assert "The most relevant passages from what you've read" in panel.transcript.toPlainText()
    qtbot.waitUntil(lambda: "keeper of the flame" in panel.transcript.toPlainText(),
                    timeout=20_000)
    assert not panel.waiting.isVisible()
    qtbot.waitUntil(lambda: not panel.running, timeout=10_000)
    assert "most relevant passages" not in panel.transcript.toPlainText()


def test_the_model_is_warmed_when_the_assistant_is_first_shown_on_a_book(
    qtbot: QtBot, make_panel: PanelFactory, shelf: MarkerLibrary, fake_ollama: FakeOllama
) -> None:
    hidden = make_panel(show=False)
    qtbot.wait(300)
    assert _warm_ups(fake_ollama) == []  # not at start-up, not while hidden
    hidden.show()
    qtbot.waitUntil(lambda: len(_warm_ups(fake_ollama)) == 1, timeout=10_000)
    [warm] = _warm_ups(fake_ollama)
    assert shelf.book.metadata.title in warm.message_text()
    assert warm.body["keep_alive"] == "30m"
    hidden.hide()
    hidden.show()
    qtbot.wait(300)
    assert len(_warm_ups(fake_ollama)) == 1  # once a book a session


def test_the_first_question_reuses_what_the_warm_up_had_the_server_read(
    qtbot: QtBot, make_panel: PanelFactory, fake_ollama: FakeOllama
) -> None:
    fake_ollama.clock = ServerClock(prompt_per_second=20_000, reply_per_second=500)
    fake_ollama.reply_with(ScriptedReplies(answer="Anna carried the lantern [1]."))
    panel = make_panel()
    qtbot.waitUntil(lambda: len(fake_ollama.clock.served) == 1, timeout=10_000)
    warm = fake_ollama.clock.served[0]
    panel.ask("Who carried the lantern?")
    qtbot.waitUntil(lambda: not panel.running, timeout=10_000)
    question = fake_ollama.clock.served[1]
    assert question.tokens - question.fresh_tokens >= warm.tokens - 5  # read from the cache


def test_the_wait_is_chosen_in_the_settings(
    qtbot: QtBot, shelf: MarkerLibrary, fake_ollama: FakeOllama
) -> None:
    settings = SettingsStore(shelf.conn)
    assert settings.get("assistant.answer_wait") == 15
    page = AssistantSettingsPage(settings)
    qtbot.addWidget(page)
    assert page.wait_combo.currentData() == 15
    assert page.wait_combo.currentText().startswith("Answer quickly")
    page.wait_combo.setCurrentIndex(page.wait_combo.findData(120))
    page.apply()
    assert settings.get("assistant.answer_wait") == 120
    page.workers.wait(2000)


def test_answers_over_a_minute_without_a_gpu_bring_one_offer_of_a_smaller_model(
    qtbot: QtBot, make_panel: PanelFactory, shelf: MarkerLibrary, fake_ollama: FakeOllama,
    monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(AssistantPanel, "advised", set())
    monkeypatch.setattr(jobs, "SLOW_SECONDS", 0.05)  # a minute, in miniature
    fake_ollama.in_gpu = {"qwen2.5:3b": 0.0}
    fake_ollama.reply_with(ScriptedReplies(answer=Reply("Anna carried the lantern [1].")))
    fake_ollama.clock = ServerClock(prompt_per_second=800, reply_per_second=200)
    panel = make_panel()
    panel.ask("Who carried the lantern?")
    qtbot.waitUntil(lambda: panel.banner.isVisible(), timeout=20_000)
    assert "without a graphics card" in panel.banner_text.text()
    assert panel.download_button.text() == "Use qwen2.5:1.5b"
    fake_ollama.installed.discard("qwen2.5:1.5b")
    panel.download_button.click()
    qtbot.waitUntil(lambda: SettingsStore(shelf.conn).get("assistant.model") == "qwen2.5:1.5b",
                    timeout=10_000)
    assert any(r.path == "/api/pull" and r.body.get("model") == "qwen2.5:1.5b"
               for r in fake_ollama.requests)
    assert "Now answering with “qwen2.5:1.5b”" in panel.note.text()
    qtbot.waitUntil(lambda: not panel.running, timeout=10_000)
    panel.ask("Where was the mill?")  # slow again: said once only
    qtbot.waitUntil(lambda: not panel.running, timeout=20_000)
    assert not panel.banner.isVisible()


def test_no_advice_with_a_gpu_or_a_quick_answer() -> None:
    class _Gateway:
        def __init__(self, share: float | None) -> None:
            self.share = share

        def gpu_share(self) -> float | None:
            return self.share

    class _Config:
        model = "qwen2.5:3b"

    class _Assistant:
        def __init__(self, share: float | None) -> None:
            self.gateway = _Gateway(share)
            self.config = _Config()

    slow = _Assistant(0.0)
    assert slow_computer_advice(slow, 80.0, 5.0) == SlowComputerAdvice(  # type: ignore[arg-type]
        "qwen2.5:3b", "qwen2.5:1.5b", 75.0)
    assert slow_computer_advice(slow, 20.0, 5.0) is None  # type: ignore[arg-type]
    assert slow_computer_advice(_Assistant(1.0), 80.0, 5.0) is None  # type: ignore[arg-type]
    assert slow_computer_advice(_Assistant(None), 80.0, 5.0) is None  # type: ignore[arg-type]


def test_the_wait_is_told_in_words() -> None:
    waiting = AnswerWaiting(6, "", 40.0)
    assert wait_text(waiting, 0.2) == "Reading 6 passages… about 40 s on this computer"
    assert wait_text(waiting, 30.5) == "Reading 6 passages… about 10 s on this computer"
    assert wait_text(waiting, 40.5) == "Reading 6 passages… about 1 s on this computer"
    assert wait_text(waiting, 45) == (
        "Reading 6 passages… taking longer than expected; Stop gives up")
    # A wait under a second (the pages read along hold the rest) is not late from the start.
    assert wait_text(AnswerWaiting(1, "", 0.3), 0.1) == (
        "Reading 1 passage… about 1 s on this computer")
    assert wait_text(waiting, 20, PromptRead(450, 900)) == (
        "Reading 6 passages… 50% read, about 20 s on this computer")
    unknown = AnswerWaiting(1, "", None)
    assert wait_text(unknown, 5) == "Reading 1 passage…"
    assert wait_text(unknown, 5, PromptRead(90, 900)) == "Reading 1 passage… 10% read"

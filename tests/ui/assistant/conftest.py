"""The assistant panel's fixture: `make_panel()` builds a panel on the marker shelf, talking to the
fake server, shown (the model warmed for its book, `tests/ui/assistant/test_answer_waiting.py`,
before the test goes on) or, with `show=False`, hidden."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from pytestqt.qtbot import QtBot

from reader_app.settings import SettingsStore
from reader_app.ui.assistant.panel import AssistantPanel
from tests.fakes.fake_ollama import FakeOllama
from tests.fakes.marker_library import MarkerLibrary

PanelFactory = Callable[..., AssistantPanel]


@pytest.fixture
def make_panel(
    qtbot: QtBot, shelf: MarkerLibrary, fake_ollama: FakeOllama
) -> Iterator[PanelFactory]:
    settings = SettingsStore(shelf.conn)
    settings.set("assistant.ollama_host", fake_ollama.url)
    settings.set("assistant.rewrite_queries", False)
    panels: list[AssistantPanel] = []

    def make(*, show: bool = True) -> AssistantPanel:
        panel = AssistantPanel(shelf.home, embedder=shelf.embedder)
        qtbot.addWidget(panel)
        if show:
            panel.show()
        panel.set_book(shelf.book)
        if show:
            panel.workers.wait(10_000)  # the warm-up: not one of the answers a test counts
        panels.append(panel)
        return panel

    yield make
    for panel in panels:
        panel.shutdown()

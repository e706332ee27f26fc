"""The assistant settings page: host warning, models from /api/tags, saving."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from reader_app.settings import SettingsStore
from reader_app.store.db import connect
from reader_app.ui.assistant.settings_page import AssistantSettingsPage, is_local_host
from tests.fakes.fake_ollama import FakeOllama


@pytest.fixture
def settings(library_home: Path) -> Iterator[SettingsStore]:
    conn = connect(library_home)
    yield SettingsStore(conn)
    conn.close()


@pytest.mark.parametrize(
    ("host", "local"),
    [
        ("http://127.0.0.1:11434", True),
        ("localhost:11434", True),
        ("http://[::1]:11434", True),
        ("http://192.168.1.20:11434", False),
        ("https://ollama.example.com", False),
    ],
)
def test_is_local_host(host: str, local: bool) -> None:
    assert is_local_host(host) is local


def test_a_remote_host_warns_that_book_text_is_sent_there(
    qtbot: QtBot, settings: SettingsStore
) -> None:
    page = AssistantSettingsPage(settings)
    qtbot.addWidget(page)
    page.show()
    page.host_edit.setText("http://127.0.0.1:11434")
    assert not page.remote_warning.isVisible()
    page.host_edit.setText("http://gpu-box.lan:11434")
    assert page.remote_warning.isVisible()
    assert "will be sent to it" in page.remote_warning.text()


def test_models_are_listed_from_the_host_and_choices_saved(
    qtbot: QtBot, settings: SettingsStore, fake_ollama: FakeOllama
) -> None:
    fake_ollama.installed = {"llama3.2:1b", "qwen2.5:3b"}
    page = AssistantSettingsPage(settings)
    qtbot.addWidget(page)
    page.host_edit.setText(fake_ollama.url)
    page.refresh_models()
    qtbot.waitUntil(lambda: page.model_combo.count() == 2, timeout=5000)
    assert "2 models installed" in page.models_status.text()
    page.model_combo.setCurrentIndex(0)
    page.length_combo.setCurrentIndex(page.length_combo.findData("long"))
    page.rewrite_check.setChecked(False)
    page.apply()
    assert settings.get("assistant.ollama_host") == fake_ollama.url
    assert settings.get("assistant.model") == "llama3.2:1b"
    assert settings.get("assistant.answer_length") == "long"
    assert settings.get("assistant.rewrite_queries") is False
    page.workers.wait(2000)


def test_an_unreachable_host_says_so_when_listing_models(
    qtbot: QtBot, settings: SettingsStore
) -> None:
    page = AssistantSettingsPage(settings)
    qtbot.addWidget(page)
    page.host_edit.setText("http://127.0.0.1:9")
    page.refresh_models()
    qtbot.waitUntil(lambda: "isn't running" in page.models_status.text(), timeout=5000)
    page.workers.wait(2000)

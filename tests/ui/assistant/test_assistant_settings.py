"""The assistant settings page: servers by preset or address, models from the server's own list
(Ollama's /api/tags or /v1/models), the servers found running here, consent for a server
elsewhere, the API key, saving."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from reader_app.rag.model.servers import Preset, ServerChoice, is_this_computer
from reader_app.settings import SettingsStore
from reader_app.store.db import connect
from reader_app.ui.assistant import settings_page
from reader_app.ui.assistant.settings_page import AssistantSettingsPage
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
    assert is_this_computer(host) is local


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
    assert f"Found Ollama at {fake_ollama.url} with 2 models." == page.models_status.text()
    page.model_combo.setCurrentIndex(0)
    page.length_combo.setCurrentIndex(page.length_combo.findData("long"))
    page.rewrite_check.setChecked(False)
    assert page.read_along_check.isChecked()  # on unless the reader turns it off
    page.read_along_check.setChecked(False)
    page.apply()
    assert settings.get("assistant.ollama_host") == fake_ollama.url
    assert settings.get("assistant.model") == "llama3.2:1b"
    assert settings.get("assistant.answer_length") == "long"
    assert settings.get("assistant.rewrite_queries") is False
    assert settings.get("assistant.read_along") is False
    page.workers.wait(2000)


def test_the_page_says_how_to_start_llama_server_to_keep_what_was_read(
    qtbot: QtBot, settings: SettingsStore
) -> None:
    page = AssistantSettingsPage(settings)
    qtbot.addWidget(page)
    page.show()
    help_text = page.read_along_help.text()
    assert "--slot-save-path" in help_text and "llama-server" in help_text
    assert page.read_along_help.isVisible()
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


def test_a_preset_fills_its_address_and_an_openai_server_may_take_a_key(
    qtbot: QtBot, settings: SettingsStore
) -> None:
    page = AssistantSettingsPage(settings)
    qtbot.addWidget(page)
    page.show()
    assert page.server_combo.currentText() == "Ollama" and not page.key_edit.isVisible()
    page.server_combo.setCurrentIndex(page.server_combo.findText("LM Studio"))
    page.server_combo.activated.emit(page.server_combo.currentIndex())
    assert page.host_edit.text() == "http://127.0.0.1:1234/v1" and page.key_edit.isVisible()
    page.host_edit.setText("http://127.0.0.1:8000/v1")
    assert page.server_combo.currentText() == "vLLM"
    page.host_edit.setText("http://127.0.0.1:9999/v1")
    assert page.server_combo.currentText() == "Other OpenAI-compatible server"
    page.key_edit.setText("sk-local-1")
    page.apply()
    assert settings.get("assistant.ollama_host") == "http://127.0.0.1:9999/v1"
    # Kept for that server alone, not in the settings (rag/model/keys.py).
    assert ServerChoice.from_settings(settings).api_key == "sk-local-1"
    assert settings.get("assistant.api_key") == ""
    page.host_edit.setText("http://127.0.0.1:8000/v1")
    assert page.key_edit.text() == "", "another server never shows, nor is sent, that key"
    page.host_edit.setText("http://127.0.0.1:9999/v1")
    assert page.key_edit.text() == "sk-local-1"
    page.workers.wait(2000)


def test_test_connection_lists_an_openai_servers_models(
    qtbot: QtBot, settings: SettingsStore, fake_ollama: FakeOllama
) -> None:
    fake_ollama.installed = {"gemma3:270m"}
    page = AssistantSettingsPage(settings)
    qtbot.addWidget(page)
    page.host_edit.setText(fake_ollama.v1_url)
    page.refresh_models()
    qtbot.waitUntil(lambda: page.model_combo.count() == 1, timeout=5000)
    assert page.models_status.text() == (
        f"Found an OpenAI-compatible server at {fake_ollama.v1_url} with 1 model.")
    assert page.model_combo.currentText() == "gemma3:270m"
    assert fake_ollama.requests_to("/v1/models")
    page.workers.wait(2000)


def test_the_servers_running_here_are_found_when_the_page_opens(
    qtbot: QtBot, settings: SettingsStore, fake_ollama: FakeOllama,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    fake_ollama.installed = {"a", "b"}
    monkeypatch.setattr(settings_page, "PRESETS", (
        Preset("Ollama", fake_ollama.url, "ollama"),
        Preset("LM Studio", fake_ollama.v1_url, "openai"),
        Preset("Jan", "http://127.0.0.1:9/v1", "openai"),
    ))
    page = AssistantSettingsPage(settings)
    qtbot.addWidget(page)
    qtbot.waitUntil(lambda: "running" in page.found_label.text(), timeout=5000)
    text = page.found_label.text()
    assert "Ollama</a> is running with 2 models" in text
    assert "LM Studio</a> is running with 2 models" in text and "Jan" not in text
    page.found_label.linkActivated.emit(fake_ollama.v1_url)
    assert page.host_edit.text() == fake_ollama.v1_url
    page.workers.wait(2000)


def test_a_server_elsewhere_needs_the_readers_consent_remembered_per_host(
    qtbot: QtBot, settings: SettingsStore, fake_ollama: FakeOllama
) -> None:
    settings.set("assistant.treat_as_remote", ["127.0.0.1"])  # a test's "other computer"
    page = AssistantSettingsPage(settings)
    qtbot.addWidget(page)
    page.show()
    page.host_edit.setText(fake_ollama.v1_url)
    assert page.remote_warning.isVisible() and page.consent_check.isVisible()
    assert page.consent_check.text() == "Send the text I have read to 127.0.0.1"
    page.apply()
    assert settings.get("assistant.allowed_remote_hosts") == []
    page.consent_check.setChecked(True)
    page.apply()
    assert settings.get("assistant.allowed_remote_hosts") == ["127.0.0.1"]
    again = AssistantSettingsPage(settings)
    qtbot.addWidget(again)
    assert again.consent_check.isChecked()
    page.workers.wait(2000)
    again.workers.wait(2000)

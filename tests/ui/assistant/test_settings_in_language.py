"""Settings › Assistant in the window's language (issue 41): the server list's last choice, the
name of a server found at an address of its own and the line about the servers running here are
German in a German window (the servers' own names stay theirs)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from reader_app.rag.model.servers import Preset
from reader_app.settings import SettingsStore
from reader_app.store.db import connect
from tests.fakes.fake_ollama import FakeOllama
from tests.ui.assistant.test_settings_agree import _page, _presets


@pytest.fixture
def settings(library_home: Path) -> Iterator[SettingsStore]:
    conn = connect(library_home)
    yield SettingsStore(conn)
    conn.close()


def test_a_german_settings_page_names_an_openai_compatible_server_in_german(
    qtbot: QtBot, settings: SettingsStore, fake_ollama: FakeOllama,
    monkeypatch: pytest.MonkeyPatch, german: None,
) -> None:
    fake_ollama.installed = {"gemma3:270m"}
    _presets(monkeypatch, Preset("LM Studio", "http://127.0.0.1:9/v1", "openai"),
             Preset("Jan", "http://127.0.0.1:9/v1", "openai"))  # nothing there
    page = _page(qtbot, settings)
    combo = page.server_combo
    assert combo.itemText(combo.count() - 1) == "Anderer OpenAI-kompatibler Server"
    page.host_edit.setText(fake_ollama.v1_url)  # an address no preset has
    page.refresh_models()
    qtbot.waitUntil(lambda: "gefunden" in page.models_status.text(), timeout=5000)
    assert combo.currentText() == "Anderer OpenAI-kompatibler Server"
    assert page.models_status.text().startswith(
        f"ein OpenAI-kompatibler Server unter {fake_ollama.v1_url}"), page.models_status.text()
    qtbot.waitUntil(lambda: "OpenAI" in page.found_label.text(), timeout=5000)
    found = page.found_label.text()
    assert f"Ein OpenAI-kompatibler Server unter {fake_ollama.v1_url}</a>" in found, found
    page.workers.wait(3000)


def test_a_german_settings_page_names_servers_sharing_an_address_in_german(
    qtbot: QtBot, settings: SettingsStore, fake_ollama: FakeOllama,
    monkeypatch: pytest.MonkeyPatch, german: None,
) -> None:
    fake_ollama.installed = {"gemma3:270m"}
    _presets(monkeypatch, Preset("LM Studio", fake_ollama.v1_url, "openai"),
             Preset("Jan", fake_ollama.v1_url, "openai"))  # one address, two names
    page = _page(qtbot, settings)
    qtbot.waitUntil(lambda: "Jan" in page.found_label.text(), timeout=5000)
    assert f"<a href='{fake_ollama.v1_url}'>LM Studio oder Jan</a>" in page.found_label.text()
    page.workers.wait(3000)

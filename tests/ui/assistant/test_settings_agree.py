"""Settings › Assistant agrees with itself: the line about the servers running here knows what
Test connection found, one result is shown at a time and only for the server shown, a failure is
told in words that fit the page, each kind of server brings its own model, and the sentence over
the consent box is whole the first time it appears."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from reader_app.rag.model import servers
from reader_app.rag.model.servers import OTHER_OPENAI, Preset
from reader_app.settings import SettingsStore
from reader_app.store.db import connect
from reader_app.ui.assistant import settings_page
from reader_app.ui.assistant.settings_page import AssistantSettingsPage
from reader_app.ui.window.main_window import MainWindow
from reader_app.ui.window.settings_dialog import PreferencesDialog
from tests.fakes.fake_ollama import FakeOllama

NOTHING_HERE = "No model server is running on this computer."


@pytest.fixture
def settings(library_home: Path) -> Iterator[SettingsStore]:
    conn = connect(library_home)
    yield SettingsStore(conn)
    conn.close()


def _presets(monkeypatch: pytest.MonkeyPatch, *presets: Preset) -> None:
    """The presets, for the page and for naming servers (nothing real on this machine)."""
    monkeypatch.setattr(settings_page, "PRESETS", presets)
    monkeypatch.setattr(servers, "PRESETS", presets)


def _page(qtbot: QtBot, settings: SettingsStore) -> AssistantSettingsPage:
    page = AssistantSettingsPage(settings)
    qtbot.addWidget(page)
    page.show()
    return page


def test_the_running_servers_line_knows_what_test_connection_found(
    qtbot: QtBot, settings: SettingsStore, fake_ollama: FakeOllama,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    fake_ollama.installed = {"a", "b", "c"}
    _presets(monkeypatch, Preset("Ollama", "http://127.0.0.1:9", "ollama"))  # nothing there
    page = _page(qtbot, settings)
    qtbot.waitUntil(lambda: page.found_label.text() == NOTHING_HERE, timeout=5000)
    page.host_edit.setText(fake_ollama.url)  # Ollama, on a port of its own
    page.refresh_models()
    qtbot.waitUntil(lambda: page.models_status.text().startswith("Found"), timeout=5000)
    assert page.models_status.text().startswith(f"Found Ollama at {fake_ollama.url} with 3 models")
    found = page.found_label.text()
    assert NOTHING_HERE not in found
    assert f"Ollama at {fake_ollama.url}</a> is running with 3 models" in found
    page.found_label.linkActivated.emit(fake_ollama.url)  # and it can be chosen from there
    assert page.host_edit.text() == fake_ollama.url
    page.workers.wait(3000)


def test_a_test_result_goes_with_its_server_and_a_failure_fits_the_page(
    qtbot: QtBot, settings: SettingsStore, fake_ollama: FakeOllama,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    fake_ollama.installed = {"gemma3:270m"}
    _presets(monkeypatch, Preset("LM Studio", fake_ollama.v1_url, "openai"),
             Preset("Jan", "http://127.0.0.1:9/v1", "openai"))  # Jan is not running
    page = _page(qtbot, settings)
    page.host_edit.setText(fake_ollama.v1_url)
    page.refresh_models()
    qtbot.waitUntil(lambda: page.models_status.text().startswith("Found LM"), timeout=5000)
    # The same address as another kind of server: LM Studio's result is not this one's.
    page.server_combo.setCurrentIndex(page.server_combo.findText(OTHER_OPENAI))
    page.server_combo.activated.emit(page.server_combo.currentIndex())
    assert "LM Studio" not in page.models_status.text()
    qtbot.waitUntil(lambda: page.models_status.text().startswith("Found an"), timeout=5000)
    assert page.models_status.text() == (
        f"Found an OpenAI-compatible server at {fake_ollama.v1_url} with 1 model.")

    page.server_combo.setCurrentIndex(page.server_combo.findText("Jan"))
    page.server_combo.activated.emit(page.server_combo.currentIndex())
    assert "Found" not in page.models_status.text()
    qtbot.waitUntil(lambda: "answers" in page.models_status.text(), timeout=5000)
    failure = page.models_status.text()
    assert failure.startswith("No model server answers at http://127.0.0.1:9/v1.")
    assert "in Settings" not in failure and "another server above" in failure
    page.workers.wait(3000)


def test_each_kind_of_server_brings_its_own_model(
    qtbot: QtBot, settings: SettingsStore, fake_ollama: FakeOllama,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    fake_ollama.installed = {"gemma3:270m"}
    _presets(monkeypatch, Preset("Ollama", "http://127.0.0.1:9", "ollama"),
             Preset("LM Studio", fake_ollama.v1_url, "openai"))
    settings.set("assistant.ollama_host", "http://127.0.0.1:9")
    settings.set("assistant.model", "qwen2.5:3b")
    page = _page(qtbot, settings)
    assert page.model_combo.currentText() == "qwen2.5:3b"
    page.server_combo.setCurrentIndex(page.server_combo.findText("LM Studio"))
    page.server_combo.activated.emit(page.server_combo.currentIndex())
    assert page.model_combo.currentText() == "", "not Ollama's tag"
    qtbot.waitUntil(lambda: page.model_combo.currentText() == "gemma3:270m", timeout=5000)
    page.server_combo.setCurrentIndex(page.server_combo.findText("Ollama"))
    page.server_combo.activated.emit(page.server_combo.currentIndex())
    assert page.model_combo.currentText() == "qwen2.5:3b", "Ollama's own, back"
    page.server_combo.setCurrentIndex(page.server_combo.findText("LM Studio"))
    page.server_combo.activated.emit(page.server_combo.currentIndex())
    assert page.model_combo.currentText() == "gemma3:270m", "LM Studio's, remembered"
    page.apply()
    assert settings.get("assistant.model") == "gemma3:270m"
    page.workers.wait(3000)


def test_the_consent_sentence_is_whole_the_first_time_it_appears(
    qtbot: QtBot, window: MainWindow
) -> None:
    dialog = PreferencesDialog(window.settings, window, workers=window.tasks)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    page = dialog.assistant_page
    page.host_edit.setText("http://192.0.2.2:8080/v1")  # another computer: nothing is sent
    warning, consent = page.remote_warning, page.consent_check
    assert warning.isVisible() and consent.isVisible()

    def whole() -> bool:
        return (warning.height() >= warning.heightForWidth(warning.width())
                and consent.width() >= consent.sizeHint().width()
                and consent.height() >= consent.sizeHint().height())

    qtbot.waitUntil(whole, timeout=2000)
    assert page.rect().contains(consent.geometry())
    dialog.reject()
    page.workers.wait(3000)

"""The Settings page's address slot, typed a character at a time: an address that cannot be
used yet (`http://[::1` on the way to `http://[::1]:8080/v1`) says why, never raises, and is
not saved (issue 38)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from reader_app.settings import SettingsStore
from reader_app.store.db import connect
from reader_app.ui.assistant.settings_page import AssistantSettingsPage


@pytest.fixture
def settings(library_home: Path) -> Iterator[SettingsStore]:
    conn = connect(library_home)
    yield SettingsStore(conn)
    conn.close()


def test_typing_an_ipv6_address_says_what_is_wrong_until_it_can_be_used(
    qtbot: QtBot, settings: SettingsStore
) -> None:
    page = AssistantSettingsPage(settings)
    qtbot.addWidget(page)
    page.show()
    page.host_edit.clear()
    qtbot.keyClicks(page.host_edit, "http://[::1")
    assert "cannot be read" in page.models_status.text()
    assert not page.consent_check.isVisible()
    qtbot.keyClicks(page.host_edit, "]:8080/v1")
    assert page.host() == "http://[::1]:8080/v1"
    assert page.models_status.text() == ""
    assert page.key_edit.isVisible()  # an OpenAI-compatible address, read as one
    page.apply()
    assert settings.get("assistant.ollama_host") == "http://[::1]:8080/v1"


def test_an_address_that_cannot_be_used_is_not_saved(qtbot: QtBot,
                                                     settings: SettingsStore) -> None:
    settings.set("assistant.ollama_host", "http://127.0.0.1:11434")
    page = AssistantSettingsPage(settings)
    qtbot.addWidget(page)
    page.host_edit.setText("http://127.0.0.1:99999/v1")
    assert "Port out of range" in page.models_status.text()
    page.length_combo.setCurrentIndex(page.length_combo.findData("long"))
    page.apply()
    assert settings.get("assistant.ollama_host") == "http://127.0.0.1:11434"
    assert settings.get("assistant.answer_length") == "long"  # the rest is saved

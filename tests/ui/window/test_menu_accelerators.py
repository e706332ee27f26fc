"""Each translated menu gives every entry its own accelerator letter: two entries of one menu
sharing Alt+letter make the key only cycle between them (German "&Zurück", "Springen &zu…" and
"Wissen des Assistenten &zurücksetzen…" in Go did), so the translation must pick other letters."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMenu
from pytestqt.qtbot import QtBot

from tests.ui.window.test_window_language import started_in

KEY = re.compile(r"&([^&])")


def letter(text: str) -> str | None:
    found = KEY.search(text.replace("&&", ""))
    return found.group(1).casefold() if found else None


def clashes(entries: list[str], where: str) -> list[str]:
    seen: dict[str, str] = {}
    found = []
    for text in entries:
        key = letter(text)
        if key is not None and key in seen:
            found.append(f"{where}: {seen[key]!r} and {text!r} both use {key!r}")
        elif key is not None:
            seen[key] = text
    return found


def menu_clashes(menu: QMenu) -> list[str]:
    entries = [a for a in menu.actions() if not a.isSeparator()]
    found = clashes([a.text() for a in entries], menu.title())
    for action in entries:
        if action.menu() is not None:
            found += menu_clashes(action.menu())
    return found


@pytest.mark.parametrize("language", ["fr", "de", "es"])
def test_no_two_entries_of_a_translated_menu_share_an_accelerator(
    qtbot: QtBot, library_home: Path, speaking: None, language: str
) -> None:
    window = started_in(qtbot, library_home, language)
    menus = [action.menu() for action in window.menuBar().actions() if action.menu()]
    found = clashes([menu.title() for menu in menus], "menu bar")
    for menu in menus:
        found += menu_clashes(menu)
    assert found == []

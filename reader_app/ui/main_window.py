"""The main window: library and reader views, menus, status bar."""

from __future__ import annotations


def launch(*, file: str | None, screenshot: str | None) -> int:
    raise NotImplementedError("the main window is being built")

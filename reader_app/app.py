"""Starting the Qt application: settings, the library, the main window."""

from __future__ import annotations


def run_app(*, file: str | None, screenshot: str | None) -> int:
    from reader_app.ui.main_window import launch

    return launch(file=file, screenshot=screenshot)

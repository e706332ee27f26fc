"""A dock's jobs wait while the window draws a book's first page, and run once it is drawn."""

from __future__ import annotations

import threading
from pathlib import Path

from PySide6.QtCore import QObject
from pytestqt.qtbot import QtBot

from reader_app.ui.assistant.dock_jobs import DockJobs, DockShared


def test_a_dock_job_starts_only_when_the_first_page_is_drawn(
    qtbot: QtBot, library_home: Path
) -> None:
    owner = QObject()
    shared = DockShared.own(library_home, owner)
    jobs = DockJobs(shared, prefix="test")
    started = threading.Event()
    done: list[str] = []
    try:
        shared.first_page.close()  # as the window does when a book's page is about to be drawn
        jobs.submit("work", lambda _job: started.set() or "ran", on_done=done.append,
                    on_error=lambda error: done.append(repr(error)))
        assert not started.wait(0.5)  # held on the worker, not run
        shared.first_page.open()  # the page is up
        qtbot.waitUntil(lambda: done == ["ran"], timeout=5000)
    finally:
        jobs.wait()
        shared.close()

"""Hostile files and hand-off garbage in the real window: a clear banner, never a hang."""

from __future__ import annotations

import logging
import os
from pathlib import Path

import pytest
from PySide6.QtCore import QByteArray
from PySide6.QtNetwork import QLocalSocket
from pytestqt.qtbot import QtBot

from reader_app.ui.window.main_window import MainWindow
from reader_app.ui.window.single_instance import SingleInstance
from tests.ui.conftest import open_file
from tests.unit.books.epubgen import make_epub, xhtml


def test_dev_zero_and_a_fifo_end_in_a_banner_not_a_hang(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    fifo = tmp_path / "pipe.epub"
    os.mkfifo(fifo)
    for path in (Path("/dev/zero"), fifo):
        with qtbot.waitSignal(window.openFailed, timeout=10_000) as failed:
            window.open_path(path)
        assert "not a regular file" in failed.args[0] and path.name in failed.args[0]
        assert window.error_banner.isVisible()
    assert window.library.entries() == []


def test_a_book_opened_with_simplified_text_says_so_in_a_banner(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    chapter = xhtml("<div>" * 300 + "<p>Deep in the well.</p>" + "</div>" * 300)
    book = open_file(qtbot, window, make_epub(tmp_path / "deep.epub", {"c0.xhtml": chapter}))
    assert [block.text for block in book.sections[0].blocks] == ["Deep in the well."]
    assert window.error_banner.isVisible()
    assert "plain paragraphs" in window.error_label.text()


@pytest.mark.parametrize(
    "garbage",
    [b"[" * 200_000 + b"\n", b'{"files": [' + b'"x",' * 5000 + b'"y"]}\n', b"\xff\xfe\n"],
)
def test_hand_off_garbage_is_dropped_without_a_recursion_error(
    qtbot: QtBot, library_home: Path, caplog: pytest.LogCaptureFixture, garbage: bytes
) -> None:
    first = SingleInstance(library_home)
    try:
        assert first.try_hand_off([]) is False
        arrived: list[str] = []
        first.fileReceived.connect(arrived.append)
        intruder = QLocalSocket()
        intruder.connectToServer(first.name)
        assert intruder.waitForConnected(2000)
        with caplog.at_level(logging.WARNING):
            intruder.write(QByteArray(garbage))
            intruder.flush()
            qtbot.waitUntil(
                lambda: intruder.state() == QLocalSocket.LocalSocketState.UnconnectedState,
                timeout=5000,
            )
        assert arrived == []
        assert not any(record.exc_info for record in caplog.records)
        assert "RecursionError" not in caplog.text
    finally:
        first.close()


def test_a_symlink_loop_ends_in_a_clear_banner_not_a_runtime_error(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    loop, back = tmp_path / "loop.epub", tmp_path / "back.epub"
    loop.symlink_to(back)
    back.symlink_to(loop)
    with qtbot.waitSignal(window.openFailed, timeout=10_000) as failed:
        window.open_path(loop)
    message = failed.args[0]
    assert message.startswith("Can't open “loop.epub”") and "loop" in message.split(":", 1)[1]
    assert "RuntimeError" not in message and "Symlink" not in message
    assert window.error_banner.isVisible()

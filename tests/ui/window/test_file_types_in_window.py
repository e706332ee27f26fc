"""The Open dialog and drag and drop take every type in the one list (file_kinds.FILE_KINDS)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QMimeData, QPointF, Qt, QUrl
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QApplication, QFileDialog
from pytestqt.qtbot import QtBot

from reader_app.books.opening.file_kinds import BOOK_EXTENSIONS
from reader_app.ui.window.main_window import MainWindow

ISSUE_42 = ("pdf", "mobi", "azw3", "azw", "prc", "fb2", "fb2.zip", "txt", "md", "markdown",
            "cbr", "cb7", "cbt")


def test_the_open_dialog_offers_every_type(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[str] = []

    def dialog(*args: Any) -> tuple[str, str]:
        asked.append(args[3])
        return "", ""

    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(dialog))
    window.choose_file()
    (filters,) = asked
    first = filters.split(";;")[0]  # the filter the dialog starts on
    for extension in ("epub", "cbz", *ISSUE_42):
        assert f"*.{extension}" in first.replace("(", " ").replace(")", " ").split(), extension
    assert "Comics (*.cbz *.cbr *.cb7 *.cbt)" in filters.split(";;")
    assert filters.endswith("All files (*)")


def drop(window: MainWindow, *files: Path | str) -> tuple[bool, bool]:
    """Drags `files` over the window and drops them: (drag accepted, drop accepted)."""
    data = QMimeData()
    data.setUrls([QUrl.fromLocalFile(str(f)) if isinstance(f, Path) else QUrl(f) for f in files])
    where = QPointF(window.width() / 2, window.height() / 2)
    actions = Qt.DropAction.CopyAction
    enter = QDragEnterEvent(where.toPoint(), actions, data, Qt.MouseButton.LeftButton,
                            Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(window, enter)
    dropped = QDropEvent(where, actions, data, Qt.MouseButton.LeftButton,
                         Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(window, dropped)
    return enter.isAccepted(), dropped.isAccepted()


@pytest.fixture
def opened(window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    paths: list[str] = []
    monkeypatch.setattr(window, "open_path", lambda path, **_: paths.append(str(path)) or 0)
    return paths


@pytest.mark.parametrize("extension", [e.lstrip(".") for e in BOOK_EXTENSIONS])
def test_a_drop_of_each_kind_is_accepted_and_opened(
    window: MainWindow, opened: list[str], tmp_path: Path, extension: str
) -> None:
    book = tmp_path / f"Some Book.{extension}"
    book.write_bytes(b"whatever it holds: the content decides the format")
    assert drop(window, book) == (True, True)
    assert opened == [str(book)]


def test_a_book_dropped_with_pictures_is_the_one_opened(
    window: MainWindow, opened: list[str], tmp_path: Path
) -> None:
    cover, comic = tmp_path / "cover.jpg", tmp_path / "Episode 3.cbr"
    assert drop(window, cover, comic) == (True, True)
    assert opened == [str(comic)]


def test_a_web_link_dropped_is_not_taken(window: MainWindow, opened: list[str]) -> None:
    assert drop(window, "https://example.org/book.epub") == (False, False)
    assert opened == []


def test_a_dropped_type_not_read_yet_gets_the_clear_sentence(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    """The desktop offers every type; one whose reader is not built says what the file is."""
    document = tmp_path / "Manual.pdf"
    document.write_bytes(b"%PDF-1.7\n" + bytes(200))
    assert drop(window, document) == (True, True)
    qtbot.waitUntil(window.error_banner.isVisible, timeout=10_000)
    message = window.error_banner.label.text()
    assert "Manual.pdf" in message and "PDF" in message, message
    assert window.book is None

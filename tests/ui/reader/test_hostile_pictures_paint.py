"""A picture whose decoder raises is "this picture could not be shown", and painting never crashes:
the 62-byte JPEG XL page named 001.png killed the window (exit 139) when it was drawn."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from reader_app.books.opening.formats import read_book
from reader_app.ui.page.safe_paint import PAINT_FAILED_NOTE, paint_safely
from reader_app.ui.reader.comic_view import ComicView
from reader_app.ui.window.main_window import MainWindow
from reader_app.ui.workers import Workers
from tests.fuzz.render import render_in_subprocess
from tests.ui.conftest import open_file
from tests.unit.books.hostile_pictures import (
    MALFORMED_JXL,
    comic_with_page,
    epub_with_pictures,
    psd_header,
)


def test_comics_and_epubs_with_pictures_that_break_decoders_open_and_paint_every_page(
    tmp_path: Path,
) -> None:
    books = [
        comic_with_page(tmp_path / "jxl-first.cbz", MALFORMED_JXL, at=0),
        comic_with_page(tmp_path / "jxl-second.cbz", MALFORMED_JXL, at=1),
        comic_with_page(tmp_path / "psd-first.cbz", psd_header(), at=0),
        epub_with_pictures(
            tmp_path / "pictures.epub",
            {"cover.png": MALFORMED_JXL, "p.png": psd_header(), "svg.png": MALFORMED_JXL},
            cover="cover.png",
        ),
    ]
    status, summary, stderr = render_in_subprocess(books, max_pages=10)
    assert status == 0, (status, summary, stderr)  # 139 was the segfault
    assert summary["opened"] == len(books) and summary["pages_painted"] >= 7, summary
    assert not summary["escaped"] and not summary["faults"], summary
    assert "active painter" not in stderr, stderr


def test_a_comic_page_that_cannot_be_decoded_says_so_in_its_place(
    qtbot: QtBot, tmp_path: Path
) -> None:
    view = ComicView()
    qtbot.addWidget(view)
    view.resize(400, 300)
    view.set_options(fit="page", spread=False, right_to_left=False)
    view.show()
    view.set_book(read_book(comic_with_page(tmp_path / "c.cbz", MALFORMED_JXL, at=0)))
    shown = view.grab().toImage()
    colours = {shown.pixelColor(x, y).name() for x in range(0, 400, 5) for y in range(0, 300, 5)}
    assert len(colours) > 2  # not a blank page: the stand-in with its words
    assert view.background.name() in colours
    view.next_page()
    page = view.grab().toImage()
    centre = page.pixelColor(page.width() // 2, page.height() // 2)
    assert centre.green() > 100 and centre.red() < 50  # the next page is drawn as before


def test_an_inline_picture_that_cannot_be_decoded_is_a_note_in_the_text(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    path = epub_with_pictures(tmp_path / "b.epub", {"p.png": psd_header()}, cover=None)
    open_file(qtbot, window, path)
    doc = window.reader.epub_view.current_document()
    assert doc is not None
    text = doc.doc.toPlainText()
    assert "[this picture could not be shown]" in text, text


class _Broken(QWidget):
    def __init__(self) -> None:
        super().__init__()
        self.used: list[QPainter] = []

    def paintEvent(self, event: object) -> None:
        paint_safely(self, self._paint)

    def _paint(self, painter: QPainter) -> None:
        self.used.append(painter)
        raise RuntimeError("a decoder's failure")


@pytest.mark.faults_expected
def test_a_paint_that_raises_ends_its_painter_logs_once_and_shows_a_note(
    qtbot: QtBot, caplog: pytest.LogCaptureFixture
) -> None:
    widget = _Broken()
    qtbot.addWidget(widget)
    widget.resize(300, 120)
    widget.show()
    with caplog.at_level(logging.ERROR, logger="reader_app.ui.page.safe_paint"):
        first = widget.grab().toImage()
        widget.grab()
    assert widget.used and not any(p.isActive() for p in widget.used)
    logged = [r for r in caplog.records if r.name == "reader_app.ui.page.safe_paint"]
    assert len(logged) == 1 and logged[0].exc_info is not None
    colours = {first.pixelColor(x, y).name() for x in range(0, 300, 3) for y in range(0, 120, 3)}
    assert len(colours) > 1, PAINT_FAILED_NOTE  # the note's words are drawn


@pytest.mark.faults_expected
def test_a_reply_that_raises_is_logged_and_said_never_left_to_qt(
    qtbot: QtBot, window: MainWindow, caplog: pytest.LogCaptureFixture
) -> None:
    def fails(_value: object) -> None:
        raise ValueError("half-shown book")

    with (
        caplog.at_level(logging.ERROR, logger="reader_app.ui.workers"),
        qtbot.waitSignal(window.tasks.replyFailed, timeout=5000) as failed,
    ):
        window.tasks.submit("open", lambda _job: 1, on_done=fails, on_error=print)
    assert failed.args == ["open", "ValueError: half-shown book"]
    assert "half-shown book" in caplog.text
    assert window.error_banner.isVisible()
    assert "The book could not be shown" in window.error_banner.label.text()


@pytest.mark.faults_expected
def test_workers_without_a_window_still_say_a_reply_failed(qtbot: QtBot) -> None:
    workers = Workers()
    seen: list[tuple[str, str]] = []
    workers.replyFailed.connect(lambda lane, error: seen.append((lane, error)))
    workers.submit("x", lambda _job: 2, on_done=lambda v: 1 / (v - 2), on_error=print)
    qtbot.waitUntil(lambda: bool(seen), timeout=5000)
    assert seen == [("x", "ZeroDivisionError: division by zero")]

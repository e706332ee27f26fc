"""Painting the page view never crashes, even mid-teardown or when painting itself fails."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from reader_app.books.opening.formats import read_book
from reader_app.ui.reader.epub_view import EpubView
from tests.unit.books.epubgen import make_epub, xhtml


def _view(qtbot: QtBot, tmp_path: Path) -> EpubView:
    chapters = {"c1.xhtml": xhtml("<p>The lamp was lit at dusk.</p>")}
    view = EpubView()
    qtbot.addWidget(view)
    view.resize(400, 500)
    view.set_book(read_book(make_epub(tmp_path / "paint.epub", chapters)))
    view.show()
    qtbot.waitExposed(view)
    return view


def test_a_view_whose_python_side_is_cleared_paints_nothing_and_raises_nothing(
    qtbot: QtBot, tmp_path: Path
) -> None:
    view = _view(qtbot, tmp_path)
    appearance = view.__dict__.pop("appearance")  # what a garbage collector's clear leaves
    try:
        assert not view.grab().isNull()  # pytest-qt fails a test on any exception inside Qt
    finally:
        view.appearance = appearance
    assert not view.grab().isNull()


@pytest.mark.faults_expected
def test_a_failure_while_painting_ends_the_painter_and_the_next_paint_works(
    qtbot: QtBot, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    view = _view(qtbot, tmp_path)
    broken = True
    paint = view._paint

    def failing(painter: object) -> None:
        if broken:
            raise RuntimeError("a bug while painting")
        paint(painter)  # type: ignore[arg-type]

    view._paint = failing  # type: ignore[method-assign]
    with caplog.at_level(logging.ERROR, logger="reader_app.ui.page.safe_paint"):
        view.grab()  # logged and drawn as a note, never left to Qt
    assert "a bug while painting" in caplog.text
    broken = False
    image = view.grab().toImage()  # a painter left active here used to end in a crash
    assert not image.isNull()
    assert len({image.pixel(x, y) for x in range(0, 400, 7) for y in range(0, 200, 7)}) > 1

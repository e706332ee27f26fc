"""A comic page that cannot be read is logged (once, naming the page and the reason) and the view
goes on drawing the other pages: nothing is swallowed silently (issue 10)."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from PySide6.QtCore import QBuffer, QIODevice
from PySide6.QtGui import QColor, QImage
from pytestqt.qtbot import QtBot

from reader_app.books.model import Block, BlockKind, Book, Metadata, Section
from reader_app.errors import DamagedBookError
from reader_app.ui.reader.comic_view import ComicView

PATH = Path("/nonexistent/damaged.cbz")


def _png(colour: str) -> bytes:
    image = QImage(60, 90, QImage.Format.Format_RGB32)
    image.fill(QColor(colour))
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")  # type: ignore[call-overload]
    return bytes(buffer.data().data())


def _comic() -> Book:
    pages = {"p1.png": _png("red"), "p3.png": _png("blue")}

    def load(name: str) -> bytes:
        if name not in pages:
            raise DamagedBookError(PATH, name, "invalid block type")
        return pages[name]

    sections = tuple(
        Section(i, name, f"Page {i + 1}", (Block(BlockKind.IMAGE, "", image=name),))
        for i, name in enumerate(["p1.png", "p2.png", "p3.png"])
    )
    return Book(
        book_id="c" * 64, path=PATH, format="cbz", metadata=Metadata(title="Damaged"),
        sections=sections, toc=(), cover=None, load_resource=load,
    )


def test_a_page_that_cannot_be_read_is_logged_once_and_the_others_drawn(
    qtbot: QtBot, caplog: pytest.LogCaptureFixture
) -> None:
    view = ComicView()
    qtbot.addWidget(view)
    view.resize(400, 300)
    view.set_options(fit="page", spread=False, right_to_left=False)
    view.show()
    book = _comic()
    with caplog.at_level(logging.WARNING, logger="reader_app.ui.reader.comic_view"):
        view.set_book(book)
        first = view.grab().toImage()
        view.next_page()
        view.grab()
        view.grab()  # drawn again: not logged again
        view.next_page()
        third = view.grab().toImage()
    logged = [r.getMessage() for r in caplog.records if "p2.png" in r.getMessage()]
    assert len(logged) == 1 and "invalid block type" in logged[0], caplog.text
    centre = first.pixelColor(first.width() // 2, first.height() // 2)
    assert centre.red() > 200 and centre.blue() < 50
    centre = third.pixelColor(third.width() // 2, third.height() // 2)
    assert centre.blue() > 200 and centre.red() < 50

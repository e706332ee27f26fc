"""Both page views are `PageView`s: every move the base declares is theirs, and the keys, the wheel
and the edge clicks are the base's, with the comic's own steps (a tall page scrolls, then turns).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QBuffer, QIODevice, QPoint, QPointF, Qt
from PySide6.QtGui import QColor, QContextMenuEvent, QImage, QWheelEvent
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from reader_app.books.model import Block, BlockKind, Book, Metadata, Section
from reader_app.ui.reader.comic_view import ComicView
from reader_app.ui.reader.epub_view import EpubView
from reader_app.ui.reader.page_view import PageView


def abstract_moves() -> set[str]:
    return {name for name, value in vars(PageView).items()
            if getattr(value, "__isabstractmethod__", False)}


@pytest.mark.parametrize("view_class", [EpubView, ComicView])
def test_each_view_supplies_every_move_the_base_declares(view_class: type[PageView]) -> None:
    moves = abstract_moves()
    assert {"set_book", "go_to", "next_page", "previous_page", "current_start"} <= moves
    assert [name for name in sorted(moves) if getattr(view_class, name) is getattr(PageView, name)
            ] == []
    for handler in ("keyPressEvent", "wheelEvent", "mouseReleaseEvent"):
        assert handler not in vars(view_class), f"{view_class.__name__} copies {handler}"


def _tall_page() -> bytes:
    image = QImage(100, 400, QImage.Format.Format_RGB32)  # four times as tall as wide
    image.fill(QColor("green"))
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")  # type: ignore[call-overload]
    return bytes(buffer.data().data())


def _comic(pages: int) -> Book:
    png = _tall_page()
    sections = tuple(
        Section(i, f"p{i}.png", f"Page {i + 1}", (Block(BlockKind.IMAGE, "", image=f"p{i}.png"),))
        for i in range(pages)
    )
    return Book(book_id="d" * 64, path=Path("/nonexistent/tall.cbz"), format="cbz",
                metadata=Metadata(title="Tall"), sections=sections, toc=(), cover=None,
                load_resource=lambda _name: png)


@pytest.fixture
def comic(qtbot: QtBot) -> ComicView:
    view = ComicView()
    qtbot.addWidget(view)
    view.resize(400, 300)
    view.set_options(fit="width", spread=False, right_to_left=False)
    view.show()
    view.set_book(_comic(3))
    return view


def _wheel(view: PageView, delta: QPoint) -> None:
    centre = QPointF(view.width() / 2, view.height() / 2)
    event = QWheelEvent(centre, view.mapToGlobal(centre), QPoint(0, 0), delta,
                        Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier,
                        Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(view, event)


def test_a_tall_comic_page_scrolls_before_the_keys_and_the_wheel_turn_it(
    qtbot: QtBot, comic: ComicView
) -> None:
    qtbot.keyClick(comic, Qt.Key.Key_Down)  # a little down the page
    assert comic.current_pages() == (0,) and comic.scroll_offset.y() == 60
    qtbot.keyClick(comic, Qt.Key.Key_Up)
    assert comic.scroll_offset.y() == 0
    for _ in range(10):  # a screen at a time, then the next page
        qtbot.keyClick(comic, Qt.Key.Key_Space)
        if comic.current_pages() != (0,):
            break
    assert comic.current_pages() == (1,) and comic.scroll_offset.y() == 0
    qtbot.keyClick(comic, Qt.Key.Key_Right)  # the arrows turn at once
    assert comic.current_pages() == (2,)
    qtbot.keyClick(comic, Qt.Key.Key_Home)
    assert comic.current_pages() == (0,)
    _wheel(comic, QPoint(0, -120))
    assert comic.current_pages() == (0,) and comic.scroll_offset.y() > 0
    _wheel(comic, QPoint(-120, 0))  # a sideways swipe leaves a comic where it is
    assert comic.current_pages() == (0,)
    qtbot.keyClick(comic, Qt.Key.Key_End)
    assert comic.current_pages() == (2,)


def test_a_comic_turns_at_its_edges_and_has_no_text_menu(qtbot: QtBot, comic: ComicView) -> None:
    qtbot.mouseClick(comic, Qt.MouseButton.LeftButton, pos=QPoint(comic.width() - 5, 150))
    assert comic.current_pages() == (1,)
    qtbot.mouseClick(comic, Qt.MouseButton.LeftButton, pos=QPoint(5, 150))
    assert comic.current_pages() == (0,)
    comic.set_options(fit="width", spread=False, right_to_left=True)
    qtbot.mouseClick(comic, Qt.MouseButton.LeftButton, pos=QPoint(5, 150))  # manga: left is next
    assert comic.current_pages() == (1,)
    event = QContextMenuEvent(QContextMenuEvent.Reason.Mouse, QPoint(200, 150), QPoint(200, 150))
    event.accept()
    comic.contextMenuEvent(event)
    assert not event.isAccepted()  # passed on: no ask-about menu over a picture

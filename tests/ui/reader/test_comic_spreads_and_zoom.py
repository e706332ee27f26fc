"""Comic spreads pair pages by their shape (a wide page is shown alone), the status names both
pages of a spread, one percentage stands for one place, and pages zoom and pan."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QMenu
from pytestqt.qtbot import QtBot

from reader_app.books.model import Locator
from reader_app.ui.window.main_window import MainWindow
from tests.conftest import PEPPER2, corpus_comic
from tests.ui.conftest import open_file


def wide_window(qtbot: QtBot, window: MainWindow) -> None:
    window.resize(1600, 900)
    view = window.reader.comic_view
    qtbot.waitUntil(lambda: view.width() > 1400)
    view.resizeEvent(None)
    assert view.is_spread()


def test_a_wide_page_is_shown_alone_and_the_status_names_both_pages(
    qtbot: QtBot, window: MainWindow
) -> None:
    book = open_file(qtbot, window, corpus_comic(PEPPER2))
    wide_window(qtbot, window)
    view = window.reader.comic_view
    qtbot.keyClick(view, Qt.Key.Key_Right)
    assert view.current_pages() == (1,), "the wide title strip was paired with a tall page"
    qtbot.keyClick(view, Qt.Key.Key_Right)
    assert view.current_pages() == (2, 3)
    status = window.status_position.text()
    assert status.startswith(f"Pages 3–4 of {len(book.sections)}"), status

    # One place, one number: the status, the bar's handle and the boundary's mark agree.
    percent = round(4 / len(book.sections) * 100)
    assert status.endswith(f"· {percent}%")
    slider = window.reader.slider
    assert round(slider.fraction() * 100) == percent
    assert slider.boundary is not None and round(slider.boundary * 100) == percent
    assert slider.place_text(slider.fraction()).startswith("Page 4 of")


def test_comic_pages_zoom_and_pan(qtbot: QtBot, window: MainWindow) -> None:
    open_file(qtbot, window, corpus_comic(PEPPER2))
    view = window.reader.comic_view
    view.go_to(Locator(3, 0, 0))
    view.setFocus()
    fitted = view.page_rects()[0][1]
    qtbot.keyClick(view, Qt.Key.Key_Plus)
    qtbot.keyClick(view, Qt.Key.Key_Plus)
    zoomed = view.page_rects()[0][1]
    assert zoomed.width() > fitted.width() * 1.5 and view.zoom > 1.5
    assert zoomed.width() > view.width() or zoomed.height() > view.height()
    # A drag pans (and is not a click that turns the page).
    page = view.current_pages()
    before = view.scroll_offset
    middle = QPoint(view.width() // 2, view.height() // 2)
    QTest.mousePress(view, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, middle)
    QTest.mouseMove(view, middle - QPoint(80, 60))
    QTest.mouseRelease(view, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                       middle - QPoint(80, 60))
    assert view.scroll_offset != before and view.current_pages() == page
    # 0 goes back to the fit.
    qtbot.keyClick(view, Qt.Key.Key_0)
    assert view.zoom == 1.0 and view.page_rects()[0][1] == fitted


def test_the_comics_menu_zooms_with_the_keys_shown_and_not_bound_twice(
    qtbot: QtBot, window: MainWindow
) -> None:
    comics = window.menuBar().findChild(QMenu, "comicsMenu")
    assert comics is not None
    zoom = {a.objectName(): a for a in comics.actions() if "Zoom" in a.objectName()}
    assert set(zoom) == {"actionComicZoomIn", "actionComicZoomOut", "actionComicZoomReset"}
    assert not any(a.isEnabled() for a in zoom.values()), "no comic open: nothing to zoom"
    open_file(qtbot, window, corpus_comic(PEPPER2))
    view = window.reader.comic_view
    qtbot.keyClick(view, Qt.Key.Key_Right)
    qtbot.keyClick(view, Qt.Key.Key_Right)
    start = view.zoom
    assert zoom["actionComicZoomIn"].text().endswith("\tCtrl++")
    assert zoom["actionComicZoomIn"].shortcut().isEmpty(), "Ctrl++ bound to two actions"
    zoom["actionComicZoomIn"].trigger()
    assert view.zoom > start
    zoom["actionComicZoomOut"].trigger()
    zoom["actionComicZoomIn"].trigger()
    zoom["actionComicZoomIn"].trigger()
    zoomed = view.zoom
    assert zoomed > start
    zoom["actionComicZoomReset"].trigger()
    assert view.zoom == start
    qtbot.keyClick(view, Qt.Key.Key_Plus, Qt.KeyboardModifier.ControlModifier)
    assert view.zoom > start, "the key still zooms the page"

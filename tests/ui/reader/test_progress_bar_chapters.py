"""A click on the progress bar at a chapter's tick shows that chapter's first page (as its
tooltip says), and after a jump, Right three times then Left three times comes back to it."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from pytestqt.qtbot import QtBot

from reader_app.books.model import Book, Locator, TocEntry
from reader_app.ui.window.main_window import MainWindow
from tests.conftest import PRIDE, WAR_AND_PEACE, corpus_epub
from tests.ui.conftest import open_file


def entry_named(book: Book, title: str) -> TocEntry:
    for top in book.toc:
        for _depth, entry in top.walk():
            if entry.title == title:
                return entry
    raise AssertionError(f"no {title} in the contents")


def tick_point(window: MainWindow, fraction: float, *, off_by: int = 0) -> QPoint:
    slider = window.reader.slider
    groove = slider._groove()
    return QPoint(round(groove.left() + fraction * groove.width()) + off_by, slider.height() // 2)


def test_a_click_at_a_chapters_tick_shows_its_first_page(qtbot: QtBot, window: MainWindow) -> None:
    window.resize(1300, 800)  # two pages side by side, as in the report
    book = open_file(qtbot, window, corpus_epub(PRIDE))
    chapter = entry_named(book, "XLII")
    tick = book.progress(chapter.target)
    assert tick in window.reader.slider.chapter_ticks
    view, slider = window.reader.epub_view, window.reader.slider
    for off_by in (-1, 0, 1):  # the pixel the reader hits, either side of the tick
        window.jump_to(book.toc[0].target)
        point = tick_point(window, tick, off_by=off_by)
        QTest.mouseMove(slider, point)
        assert slider.toolTip().startswith("XLII · "), "the hover names another place"
        QTest.mouseClick(slider, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, point)
        assert view.current_start() == chapter.target, f"{off_by:+} px from the tick"


def test_right_three_times_then_left_three_times_comes_back_after_a_bar_jump(
    qtbot: QtBot, window: MainWindow
) -> None:
    book = open_file(qtbot, window, corpus_epub(WAR_AND_PEACE))
    view, slider = window.reader.epub_view, window.reader.slider
    for fraction in (0.1234, 0.25, 0.5071, 0.75):
        QTest.mouseClick(slider, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                         tick_point(window, fraction))
        # Then to a chapter's last paragraph, as a drag of the bar lands: the three turns
        # cross into the next chapter and back.
        section = view.current_start().section
        last = len(book.sections[section].blocks) - 1
        view.go_to(Locator(section, last, len(book.sections[section].blocks[last].text) // 2))
        here = view.current_start()
        for _ in range(3):
            qtbot.keyClick(view, Qt.Key.Key_Right)
        assert view.current_start().section > section
        for _ in range(3):
            qtbot.keyClick(view, Qt.Key.Key_Left)
        assert view.current_start() == here, f"one page off after a jump near {fraction:.0%}"

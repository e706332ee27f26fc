"""Docks never take the page hostage: chips wrap, the book keeps its width, the splitter moves."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from pytestqt.qtbot import QtBot

from reader_app.ui.assistant.flow_layout import DOCK_MIN_WIDTH, Chip
from reader_app.ui.reader.epub_view import READABLE_MIN_WIDTH
from reader_app.ui.window.main_window import MainWindow
from tests.bookgen import marker_book
from tests.ui.conftest import show_book

LONG_QUESTIONS = (
    "Why does the lantern keep appearing by the river in every chapter, and what does it mean?",
    "Who first carried the lantern down to the river, and why did nobody in the village stop them?",
    "What happened between the lantern bearers and the miller before the story began at the river?",
)


def panel_with_long_chips(qtbot: QtBot, window: MainWindow) -> None:
    window.resize(1100, 780)
    show_book(window, marker_book())
    window.assistant_action.trigger()  # Ctrl+J
    panel = window.assistant_panel
    qtbot.waitUntil(panel.isVisible)
    panel._on_suggested(LONG_QUESTIONS)  # where the follow-up reply lands
    assert len(panel.suggestion_buttons) == 3
    qtbot.waitUntil(lambda: all(chip.isVisible() for chip in panel.suggestion_buttons))
    window.reader.epub_view.relayout_now()


def drag_separator(window: MainWindow, start: QPoint, dx: int) -> None:
    """Drag with the mouse as the platform delivers it (through the window's QWindow)."""
    handle = window.windowHandle()
    left, none = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    QTest.mousePress(handle, left, none, start)
    step = 10 if dx > 0 else -10
    for offset in range(step, dx + step, step):
        QTest.mouseMove(handle, QPoint(start.x() + offset, start.y()))
    QTest.mouseRelease(handle, left, none, QPoint(start.x() + dx, start.y()))


def test_three_long_chips_wrap_and_leave_the_book_its_width(
    qtbot: QtBot, window: MainWindow
) -> None:
    panel_with_long_chips(qtbot, window)
    panel, view = window.assistant_panel, window.reader.epub_view
    assert view.width() >= 1100 // 2, "the dock took the page"
    chips = panel.suggestion_buttons
    assert len({chip.geometry().y() for chip in chips}) == 3, "the chips did not wrap"
    assert all(chip.geometry().right() <= panel.widget().width() for chip in chips)
    # The window may be made narrow: the dock gives way, down to its own minimum.
    assert window.minimumSizeHint().width() < 900
    narrow = window.minimumSizeHint().width()
    window.resize(narrow, 780)
    qtbot.waitUntil(lambda: window.width() <= narrow + 10)
    assert view.width() >= READABLE_MIN_WIDTH
    assert panel.width() >= DOCK_MIN_WIDTH
    # A chip narrower than its question is cut at a word, with the whole question in its tip.
    chip = chips[0]
    assert isinstance(chip, Chip)
    if chip.width() < chip.sizeHint().width():
        shown = chip.shown_text()
        assert shown.endswith("…") and LONG_QUESTIONS[0].startswith(shown[:-1])
        assert chip.toolTip() == LONG_QUESTIONS[0]


def test_the_splitter_moves_both_ways_with_long_chips(qtbot: QtBot, window: MainWindow) -> None:
    panel_with_long_chips(qtbot, window)
    panel, view = window.assistant_panel, window.reader.epub_view
    start = panel.width()
    window.resizeDocks([panel], [start + 150], Qt.Orientation.Horizontal)
    qtbot.waitUntil(lambda: panel.width() > start + 100)
    window.resizeDocks([panel], [DOCK_MIN_WIDTH], Qt.Orientation.Horizontal)
    qtbot.waitUntil(lambda: panel.width() < start)
    assert panel.width() >= DOCK_MIN_WIDTH
    # And by the mouse, on the separator between the page and the dock.
    before = panel.width()
    central = window.centralWidget().geometry()
    edge = (central.right() + panel.geometry().left()) // 2
    drag_separator(window, QPoint(edge, panel.geometry().center().y()), -120)
    qtbot.waitUntil(lambda: panel.width() > before + 60)
    assert view.width() >= READABLE_MIN_WIDTH
    # Past the book's readable width it will not go.
    window.resizeDocks([panel], [2000], Qt.Orientation.Horizontal)
    qtbot.wait(1)
    assert view.width() >= READABLE_MIN_WIDTH

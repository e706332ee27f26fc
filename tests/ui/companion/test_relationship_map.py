"""The relationship map is readable: no two names overlap or run off the view, it zooms and
pans, and it opens in a window of its own."""

from __future__ import annotations

import os
from itertools import combinations
from pathlib import Path

from PySide6.QtCore import QPoint, QRectF, Qt
from PySide6.QtTest import QTest
from pytestqt.qtbot import QtBot

from reader_app.ui.companion.relationship_view import RelationshipView
from reader_app.ui.companion.xray_dock import TAB_MAP
from reader_app.ui.window.main_window import MainWindow
from tests.conftest import PRIDE, corpus_epub
from tests.ui.companion.test_xray_in_window import chapter_start, refreshed_names
from tests.ui.conftest import open_file

SHOTS = os.environ.get("PAGEMATE_SHOTS")


def assert_readable(view: RelationshipView, *, inside: bool) -> dict[int, QRectF]:
    labels = view.label_rects()
    assert len(labels) >= 10
    for (a, first), (b, second) in combinations(labels.items(), 2):
        assert not first.intersects(second), f"the names of {a} and {b} overlap"
    if inside:
        bounds = QRectF(view.rect())
        clipped = [k for k, rect in labels.items() if not bounds.contains(rect)]
        assert not clipped, f"names cut off at the edge: {clipped}"
    return labels


def spread(view: RelationshipView) -> float:
    view.label_rects()  # lays it out
    xs = [node.centre.x() for node in view._nodes.values()]
    return max(xs) - min(xs)


def test_the_map_names_never_overlap_and_it_zooms_and_opens_in_a_window(
    qtbot: QtBot, window: MainWindow
) -> None:
    window.resize(1200, 800)
    book = open_file(qtbot, window, corpus_epub(PRIDE))
    window.jump_to(chapter_start(book, "XLIII"))
    window.reader.mark_read_here()
    window.xray_action.trigger()
    refreshed_names(qtbot, window)
    dock = window.xray_dock
    dock.show_tab(TAB_MAP)
    view = dock.map_view
    qtbot.waitUntil(lambda: view.isVisible() and view.map is not None)
    assert_readable(view, inside=True)
    if SHOTS:
        dock.grab().save(str(Path(SHOTS) / "xray-map.png"))

    before = spread(view)
    qtbot.mouseClick(dock.map_panel.buttons["mapZoomIn"], Qt.MouseButton.LeftButton)
    assert view.zoom > 1 and spread(view) > before * 1.2
    assert_readable(view, inside=False)
    # A drag pans the zoomed map.
    first = next(iter(view._nodes.values())).centre
    empty = QPoint(4, view.height() - 4)
    QTest.mousePress(view, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, empty)
    QTest.mouseMove(view, empty + QPoint(40, -30))
    QTest.mouseRelease(view, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                       empty + QPoint(40, -30))
    view.label_rects()
    moved = next(iter(view._nodes.values())).centre
    assert abs(moved.x() - first.x() - 40) < 1 and abs(moved.y() - first.y() + 30) < 1

    qtbot.mouseClick(dock.map_panel.buttons["mapOpenWindow"], Qt.MouseButton.LeftButton)
    own = dock.map_window
    assert own is not None
    qtbot.waitUntil(own.isVisible)
    assert own.view.width() > 2 * view.width() // 1 or own.view.width() >= 700
    assert own.view.map is view.map
    assert_readable(own.view, inside=True)
    if SHOTS:
        own.grab().save(str(Path(SHOTS) / "xray-map-window.png"))
    # A name clicked in the window opens its card in the dock.
    key, label = next(iter(own.view.label_rects().items()))
    QTest.mouseClick(own.view, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     label.center().toPoint())
    assert dock.selected_key() == key
    own.close()

"""The progress bar's groove and chapter ticks are seen on every theme, the dark one too."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtGui import QImage
from pytestqt.qtbot import QtBot

from reader_app.settings import SettingsStore
from reader_app.store.db import connect
from reader_app.ui.page.appearance import Appearance, apply_window_theme
from tests.conftest import PRIDE, corpus_epub
from tests.ui.conftest import make_window, open_file


def contrast(image: QImage, x: int, y: int, ground: int) -> int:
    return abs(image.pixelColor(x, y).lightness() - ground)


@pytest.mark.parametrize("theme", ["dark", "light", "sepia"])
def test_groove_and_chapter_ticks_stand_out_from_the_bar(
    theme: str, qtbot: QtBot, library_home: Path
) -> None:
    Appearance(font_family="DejaVu Serif", font_size=12, theme=theme).save(
        SettingsStore(connect(library_home)))
    window = make_window(qtbot, library_home, fresh_appearance=False)
    try:
        open_file(qtbot, window, corpus_epub(PRIDE))
        slider = window.reader.slider
        qtbot.waitUntil(lambda: len(slider.chapter_ticks) > 20)
        image = slider.grab().toImage()
        groove = slider._groove()
        ground = image.pixelColor(image.width() // 2, 1).lightness()  # the bar, above the groove
        xs = range(int(groove.left() + groove.width() * 0.3), int(groove.right() - 4), 7)
        edge = [max(contrast(image, x, int(groove.top()) + dy, ground) for dy in (0, 1))
                for x in xs]
        assert min(edge) >= 20, f"the groove's edge is lost on {theme}: {min(edge)}"
        ticks = [t for t in slider.chapter_ticks if 0.3 < t < 0.95]
        seen = [max(contrast(image, int(groove.left() + t * groove.width()) + dx,
                             int(groove.bottom()) + 3, ground) for dx in (-1, 0, 1))
                for t in ticks]
        assert min(seen) >= 40, f"chapter ticks vanish on {theme}: {min(seen)}"
    finally:
        window.close()
        apply_window_theme(Appearance(theme="light"))

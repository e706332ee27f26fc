"""Text shown with "show anyway" stays readable in the dark theme: dark on its pale mark, not the
theme's near-white."""

from __future__ import annotations

from PySide6.QtCore import QUrl
from PySide6.QtGui import QColor, QTextCursor
from pytestqt.qtbot import QtBot

from reader_app.ui.assistant.panel import AssistantPanel
from reader_app.ui.page.appearance import Appearance, apply_window_theme
from tests.fakes.fake_ollama import FakeOllama, ScriptedReplies
from tests.fakes.marker_library import MarkerLibrary
from tests.ui.assistant.test_assistant_panel import _links
from tests.ui.assistant.test_spoiler_receipt_panel import SPOILING, _ask, panel  # noqa: F401

REVEALED = "Then Valdemar opened the Obsidian Gate at last."


def luminance(colour: QColor) -> float:
    def channel(value: float) -> float:
        return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4

    return (0.2126 * channel(colour.redF()) + 0.7152 * channel(colour.greenF())
            + 0.0722 * channel(colour.blueF()))


def contrast(a: QColor, b: QColor) -> float:
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_revealed_text_is_readable_in_the_dark_theme(
    qtbot: QtBot, panel: AssistantPanel, shelf: MarkerLibrary, fake_ollama: FakeOllama  # noqa: F811
) -> None:
    apply_window_theme(Appearance(theme="dark"))
    try:
        fake_ollama.reply_with(ScriptedReplies(answer=SPOILING))
        _ask(qtbot, panel, "Who carried the lantern?")
        [reveal] = _links(panel, prefix="reveal:")
        panel.transcript.anchorClicked.emit(QUrl(reveal))
        document = panel.transcript.document()
        at = document.toPlainText().index(REVEALED)
        cursor = QTextCursor(document)
        cursor.setPosition(at + 5)
        fmt = cursor.charFormat()
        background = fmt.background().color()
        text = (fmt.foreground().color() if fmt.hasProperty(fmt.Property.ForegroundBrush)
                else panel.transcript.palette().text().color())
        assert contrast(text, background) >= 4.5, (
            f"{text.name()} on {background.name()} is hard to read"
        )
    finally:
        apply_window_theme(Appearance(theme="light"))

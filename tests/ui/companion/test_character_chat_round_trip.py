"""Character chat comes back as it was left: after a trip to the library and back the dock
shows the last person talked to and the last exchange, not "Choose someone…"."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QUrl
from pytestqt.qtbot import QtBot

from tests.conftest import PRIDE, corpus_epub
from tests.fakes.fake_ollama import FakeOllama
from tests.ui.companion.test_character_chat_in_window import (
    REPLY,
    open_card,
    opened,
    scripted,
    windowed,
)
from tests.ui.companion.test_xray_in_window import chapter_start, read_until
from tests.ui.conftest import open_file

QUESTION = "What did you think of Mr. Darcy at the ball?"


def test_the_last_exchange_is_back_after_the_library(
    qtbot: QtBot, library_home: Path, fake_ollama: FakeOllama
) -> None:
    fake_ollama.reply_with(scripted())
    window = windowed(qtbot, library_home, fake_ollama)
    book = open_file(qtbot, window, corpus_epub(PRIDE))
    read_until(qtbot, window, book, chapter_start(book, "IV"))
    key = open_card(qtbot, window, "Elizabeth")
    window.xray_dock.card.anchorClicked.emit(QUrl(f"talk:{key}"))
    dock = window.character_chat
    opened(qtbot, dock)
    qtbot.keyClicks(dock.input, QUESTION)
    dock.send_button.click()
    qtbot.waitUntil(lambda: not dock.running and REPLY in dock.transcript.toPlainText(),
                    timeout=60_000)

    window.show_library()
    assert window.stack.currentWidget() is window.library_view
    with qtbot.waitSignal(window.bookOpened, timeout=60_000):
        window.open_book_id(book.book_id)
    qtbot.waitUntil(lambda: dock.key == key and QUESTION in dock.transcript.toPlainText(),
                    timeout=30_000)
    assert dock.header.text().startswith("Talking with Elizabeth"), dock.header.text()
    assert REPLY in dock.transcript.toPlainText()
    assert dock.input.isEnabled() and "Elizabeth" in dock.input.placeholderText()
    window.close()

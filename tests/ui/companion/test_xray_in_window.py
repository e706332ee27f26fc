"""X-Ray in the real window: Pride and Prejudice read to chapter 3 knows Elizabeth, Darcy and
Bingley and not Wickham; after reading on it does. Cards jump without moving the boundary."""

from __future__ import annotations

import os
import time
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton
from pytestqt.qtbot import QtBot

from reader_app.books.model import Book, Locator
from reader_app.books.shelf.reading import reading_offset
from reader_app.ui.companion.xray_dock import TAB_MAP, TAB_STORY, jump_link
from reader_app.ui.window.main_window import MainWindow
from tests.conftest import PRIDE, corpus_epub
from tests.ui.conftest import open_file

SHOTS = os.environ.get("PAGEMATE_SHOTS")  # a folder: save the dock's screenshots there


def chapter_start(book: Book, title: str) -> Locator:
    return next(item.target for entry in book.toc for _, item in entry.walk()
                if item.title == title)


def read_until(qtbot: QtBot, window: MainWindow, book: Book, target: Locator) -> None:
    """Turn pages forward, as a reader does, until `target` is on screen or passed."""
    view = window.reader.epub_view
    for _ in range(600):
        if reading_offset(book, view.current_end()) > reading_offset(book, target):
            return
        qtbot.keyClick(view, Qt.Key.Key_Right)
    raise AssertionError("never got there")


def refreshed_names(qtbot: QtBot, window: MainWindow) -> list[str]:
    with qtbot.waitSignal(window.companion.refreshed, timeout=30_000):
        window.companion.refresh()
    return window.xray_dock.names()


def test_xray_knows_only_the_people_met_so_far(qtbot: QtBot, window: MainWindow) -> None:
    book = open_file(qtbot, window, corpus_epub(PRIDE))
    read_until(qtbot, window, book, chapter_start(book, "IV"))  # chapter III read
    window.xray_action.trigger()
    names = refreshed_names(qtbot, window)
    joined = " | ".join(names)
    for who in ("Elizabeth", "Darcy", "Bingley"):
        assert who in joined, joined
    assert "Wickham" not in joined
    assert window.xray_dock.header.text().startswith(("Knows up to: III", "Knows up to: IV"))
    state = window.library.reading_state(book.book_id)
    assert state is not None
    boundary_before = state.boundary

    # The card: mentions so far, each a jump that leaves the boundary alone.
    darcy = next(e for e in window.xray_dock.entries if "Darcy" in e.name)
    window.xray_dock.select_key(darcy.key)
    qtbot.waitUntil(lambda: window.xray_dock.current_card is not None
                    and window.xray_dock.current_card.entry.key == darcy.key, timeout=30_000)
    card = window.xray_dock.current_card
    assert card is not None and card.entry.key == darcy.key
    assert card.first_appearance.chapter in ("I", "II", "III")
    assert card.description.source == "extract" and "Darcy" in card.description.text
    window.xray_dock.card.anchorClicked.emit(jump_link(card.mentions[0].locator))
    after = window.library.reading_state(book.book_id)
    assert after is not None and after.boundary == boundary_before
    assert window.reader.epub_view.current_start() <= card.mentions[0].locator
    window.xray_dock.show_tab(TAB_MAP)
    ties = window.xray_dock.map_view.visible_ties()
    assert ties and all(w >= 1 for _, _, w in ties)
    if SHOTS:
        window.xray_dock.resize(380, 640)
        window.xray_dock.show_tab(0)
        window.xray_dock.grab().save(str(Path(SHOTS) / "xray-dock.png"))
        window.xray_dock.show_tab(TAB_MAP)
        window.xray_dock.grab().save(str(Path(SHOTS) / "xray-map.png"))

    # Reading on to chapter XVI: now Wickham is known.
    window.jump_to(chapter_start(book, "III"))
    read_until(qtbot, window, book, chapter_start(book, "XVI"))
    names = refreshed_names(qtbot, window)
    assert any("Wickham" in n for n in names)
    wickham = next(e for e in window.xray_dock.entries if "Wickham" in e.name)
    assert wickham.first_sid > darcy.first_sid

    # The story so far: one paragraph per chapter read, each citing its chapter.
    window.companion.show_story()
    qtbot.waitUntil(lambda: "XV" in window.xray_dock.story.toPlainText(), timeout=30_000)
    assert window.xray_dock.tabs.currentIndex() == TAB_STORY
    story = window.xray_dock.story.toHtml()
    assert "jump:" in story and "XV" in story
    if SHOTS:
        window.xray_dock.grab().save(str(Path(SHOTS) / "xray-story.png"))

    # Reset: Wickham is gone again.
    window.reader.reset_boundary()
    names = refreshed_names(qtbot, window)
    assert not any("Wickham" in n for n in names)


def test_who_is_this_opens_the_card_of_a_known_name(qtbot: QtBot, window: MainWindow) -> None:
    book = open_file(qtbot, window, corpus_epub(PRIDE))
    read_until(qtbot, window, book, chapter_start(book, "II"))
    window._ask_about("Mr. Bingley", "who")
    qtbot.waitUntil(lambda: window.xray_dock.current_card is not None, timeout=30_000)
    assert window.xray_dock.isVisible()
    card = window.xray_dock.current_card
    assert card is not None and "Bingley" in card.entry.name
    assert not window.assistant_panel.isVisible()


def test_previously_card_after_a_break(qtbot: QtBot, window: MainWindow) -> None:
    book = open_file(qtbot, window, corpus_epub(PRIDE))
    read_until(qtbot, window, book, chapter_start(book, "III"))
    window.show_library()
    eight_days_ago = time.time() - 8 * 86_400
    with window.library.conn:
        window.library.conn.execute("UPDATE books SET opened_at = ? WHERE book_id = ?",
                                    (eight_days_ago, book.book_id))
    with qtbot.waitSignal(window.companion.previouslyReady, timeout=30_000):
        open_file(qtbot, window, corpus_epub(PRIDE))
    card = window.previously_card
    assert card.isVisible() and "II" in card.text.text()
    assert "Wickham" not in card.text.text()
    qtbot.mouseClick(card.findChild(QPushButton, "previouslyShowStory"),
                     Qt.MouseButton.LeftButton)
    assert not card.isVisible() and window.xray_dock.isVisible()
    assert window.xray_dock.tabs.currentIndex() == TAB_STORY
    # Reopened the next day: no card.
    window.show_library()
    open_file(qtbot, window, corpus_epub(PRIDE))
    assert window.tasks.wait_idle(30_000)  # every job the opening started has answered
    assert not window.previously_card.isVisible()

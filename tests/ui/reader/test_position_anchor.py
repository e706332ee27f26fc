"""The first visible sentence stays first through every relayout, in the real window."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QAction
from pytestqt.qtbot import QtBot

from reader_app.books.model import Book, Locator
from reader_app.books.text.segment import split_sentences
from reader_app.ui.reader.epub_view import EpubView
from reader_app.ui.window.main_window import MainWindow
from tests.bookgen import marker_book
from tests.ui.conftest import make_window, show_book


def first_line(view: EpubView) -> tuple[Locator, Locator]:
    """The first and just-after-last characters of the first line drawn on the view."""
    doc = view.current_document()
    assert doc is not None
    top, bottom = doc.page_span(view.page_index)
    line = min((line for line in doc.lines if top - 0.5 <= line.top < bottom), key=lambda x: x.top)
    return doc.locator_at(line.start), doc.locator_at(line.end)


def sentence_at(book: Book, locator: Locator) -> str:
    text = book.sections[locator.section].blocks[locator.block].text
    for start, end in split_sentences(text):
        if start <= locator.char < end:
            return text[start:end]
    return ""


def on_first_line(view: EpubView, locator: Locator) -> bool:
    start, end = first_line(view)
    return start <= locator < end or (start == end == locator)


def settle(qtbot: QtBot, window: MainWindow) -> None:
    qtbot.wait(1)  # let queued resizes arrive
    window.reader.epub_view.relayout_now()


def reading_mid_chapter(window: MainWindow) -> tuple[Book, EpubView]:
    book = marker_book()
    show_book(window, book)
    view = window.reader.epub_view
    for _ in range(4):
        view.next_page()
    return book, view


def assert_kept(book: Book, view: EpubView, before: Locator, what: str) -> None:
    sentence = sentence_at(book, before)
    assert on_first_line(view, before), f"{what}: “{sentence}” left the first line"
    assert sentence in view.visible_text().replace("\n", " ")


def trigger(window: MainWindow, name: str) -> None:
    action = window.findChild(QAction, name)
    assert action is not None, name
    action.trigger()


RELAYOUTS: dict[str, Callable[[MainWindow], None]] = {
    "bigger text three times": lambda w: [trigger(w, "actionBigger") for _ in range(3)] and None,
    "smaller text": lambda w: trigger(w, "actionSmaller"),
    "another font": lambda w: w.set_appearance(
        dataclasses.replace(w.appearance, font_family="DejaVu Sans")
    ),
    "line spacing": lambda w: w.set_appearance(
        dataclasses.replace(w.appearance, line_spacing=w.appearance.line_spacing + 0.4)
    ),
    "margins": lambda w: w.set_appearance(dataclasses.replace(w.appearance, margin=90)),
    "dark theme": lambda w: w.set_theme("dark"),
    "narrower window": lambda w: w.resize(640, 700),
    "shorter window": lambda w: w.resize(900, 520),
    "assistant dock shown": lambda w: w.assistant_panel.show(),
    "spread on": lambda w: w.resize(1500, 900),
    "full screen": lambda w: w.toggle_full_screen(),
}


def test_banners_never_move_the_text(qtbot: QtBot, window: MainWindow) -> None:
    book, view = reading_mid_chapter(window)
    before = view.current_start()
    top = view.mapTo(window, QPoint(0, 0)).y()
    card, error = window.previously_card, window.error_banner
    for banner, show in (
        (card, lambda: card.offer("Previously: the lantern was lit.")),
        (error, error.show),
    ):
        show()
        settle(qtbot, window)
        assert banner.isVisible()
        assert view.mapTo(window, QPoint(0, 0)).y() == top, "a banner pushed the page down"
        assert_kept(book, view, before, "banner shown")
        banner.hide()
        settle(qtbot, window)
        assert_kept(book, view, before, "banner hidden")


@pytest.mark.parametrize("cause", sorted(RELAYOUTS))
def test_the_first_visible_sentence_stays_first(
    qtbot: QtBot, window: MainWindow, cause: str
) -> None:
    book, view = reading_mid_chapter(window)
    before = view.current_start()
    looks = (view.size(), window.appearance)
    RELAYOUTS[cause](window)
    settle(qtbot, window)
    assert (view.size(), window.appearance) != looks, f"{cause} changed nothing"
    assert_kept(book, view, before, cause)
    # And back again: still the same place, with no drift.
    for _ in range(2):
        RELAYOUTS[cause](window)
        settle(qtbot, window)
        assert_kept(book, view, before, f"{cause} repeated")


def test_many_relayouts_in_a_row_never_drift(qtbot: QtBot, window: MainWindow) -> None:
    book, view = reading_mid_chapter(window)
    before = view.current_start()
    for cause in sorted(RELAYOUTS):
        RELAYOUTS[cause](window)
        settle(qtbot, window)
        assert_kept(book, view, before, cause)
    window.resize(900, 700)
    window.set_appearance(dataclasses.replace(window.appearance, font_size=12, margin=48))
    settle(qtbot, window)
    assert_kept(book, view, before, "all undone")


def test_spread_off_again_keeps_the_place(qtbot: QtBot, window: MainWindow) -> None:
    book, view = reading_mid_chapter(window)
    window.resize(1500, 900)
    settle(qtbot, window)
    assert view.is_spread()
    view.next_page()
    before = view.current_start()
    window.resize(800, 900)
    settle(qtbot, window)
    assert not view.is_spread()
    assert_kept(book, view, before, "spread off")
    window.resize(1500, 900)
    settle(qtbot, window)
    assert view.is_spread()
    assert_kept(book, view, before, "spread on again (the anchored page is the left one)")


def test_the_reading_ahead_offer_never_resizes_the_page(qtbot: QtBot, window: MainWindow) -> None:
    book = marker_book()
    show_book(window, book)
    view = window.reader.epub_view
    window.jump_to(Locator(2, 5, 0))
    size = view.size()
    view.next_page()
    settle(qtbot, window)
    banner = window.reader.banner
    assert banner.isVisible()
    shown = view.current_start()
    assert view.size() == size
    banner.dismiss_button.click()
    settle(qtbot, window)
    assert not banner.isVisible()
    assert view.size() == size and view.current_start() == shown


def test_turning_on_after_a_relayout_repeats_no_line(qtbot: QtBot, window: MainWindow) -> None:
    _book, view = reading_mid_chapter(window)
    window.resize(900, 560)
    settle(qtbot, window)
    end = view.current_end()
    view.next_page()
    assert view.current_start() >= end, "a line already read was shown again"


def test_reopening_and_full_screen_keep_the_place(
    qtbot: QtBot, library_home: Path
) -> None:
    window = make_window(qtbot, library_home)
    book, view = reading_mid_chapter(window)
    before = view.current_start()
    window.close()
    again = make_window(qtbot, library_home)
    show_book(again, book)
    view = again.reader.epub_view
    assert_kept(book, view, before, "reopened")
    qtbot.keyClick(again, Qt.Key.Key_F11)
    settle(qtbot, again)
    assert_kept(book, view, before, "reopened, then F11")
    again.close()

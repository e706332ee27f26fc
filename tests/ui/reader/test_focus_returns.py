"""After any button of the footer (the reading-ahead offer, a prompt, a notice's Undo) or of a
banner above the status bar, the reading keys work again: Right turns the page."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QPushButton
from pytestqt.qtbot import QtBot

from reader_app.books.model import Locator
from reader_app.ui.window.main_window import MainWindow
from tests.bookgen import marker_book
from tests.ui.conftest import show_book


def right_turns_the_page(qtbot: QtBot, window: MainWindow) -> bool:
    """Press Right where the keyboard focus is, as a reader would, and say if the page moved."""
    view = window.reader.epub_view
    before = view.current_start()
    focused = QApplication.focusWidget()
    assert focused is not None, "nothing has the keyboard focus"
    qtbot.keyClick(focused, Qt.Key.Key_Right)
    return view.current_start() > before


def click(qtbot: QtBot, button: QPushButton) -> None:
    assert button.isVisible()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def ahead_with_the_offer(qtbot: QtBot, window: MainWindow) -> None:
    window.jump_to(Locator(2, 5, 0))
    qtbot.keyClick(window.reader.epub_view, Qt.Key.Key_Right)
    assert window.reader.banner.isVisible()


def test_right_turns_the_page_after_each_offer_and_prompt_button(
    qtbot: QtBot, window: MainWindow
) -> None:
    window.activateWindow()
    qtbot.waitActive(window)
    show_book(window, marker_book())
    reader = window.reader
    window.reader.epub_view.setFocus()

    ahead_with_the_offer(qtbot, window)
    click(qtbot, reader.banner.dismiss_button)  # Not now
    assert right_turns_the_page(qtbot, window), "Right did nothing after “Not now”"

    window.jump_to(Locator(3, 5, 0))
    ahead_with_the_offer(qtbot, window)
    click(qtbot, reader.banner.move_here_button)  # Let it know up to here
    assert right_turns_the_page(qtbot, window), "Right did nothing after “Let it know”"

    click(qtbot, reader.notice.confirm_button)  # Undo
    assert right_turns_the_page(qtbot, window), "Right did nothing after Undo"

    window.jump_to(Locator(3, 2, 0))
    reader.mark_read_here()
    window.jump_to(Locator(1, 2, 0))
    reader.mark_read_here()  # behind: "Move it back to Chapter 2?"
    click(qtbot, reader.notice.cancel_button)  # Keep
    assert right_turns_the_page(qtbot, window), "Right did nothing after Keep"

    reader.mark_read_here()
    click(qtbot, reader.notice.confirm_button)  # Move back
    assert right_turns_the_page(qtbot, window), "Right did nothing after Move back"


def test_right_turns_the_page_after_a_click_on_the_progress_bar(
    qtbot: QtBot, window: MainWindow
) -> None:
    window.activateWindow()
    qtbot.waitActive(window)
    show_book(window, marker_book())
    slider = window.reader.slider
    qtbot.mouseClick(slider, Qt.MouseButton.LeftButton, pos=slider.rect().center())
    assert right_turns_the_page(qtbot, window)


def test_right_turns_the_page_after_dismissing_the_banner(
    qtbot: QtBot, window: MainWindow
) -> None:
    window.activateWindow()
    qtbot.waitActive(window)
    show_book(window, marker_book())
    window.error_banner.show_message("Some parts of this book were simplified.")
    dismiss = window.error_banner.findChild(QPushButton)
    assert dismiss is not None
    click(qtbot, dismiss)
    assert right_turns_the_page(qtbot, window)


def test_right_turns_the_page_after_a_button_pressed_from_the_keyboard(
    qtbot: QtBot, window: MainWindow
) -> None:
    window.activateWindow()
    qtbot.waitActive(window)
    show_book(window, marker_book())
    ahead_with_the_offer(qtbot, window)
    dismiss = window.reader.banner.dismiss_button
    dismiss.setFocus()  # reached with Tab
    qtbot.keyClick(dismiss, Qt.Key.Key_Space)
    assert not window.reader.banner.isVisible()
    assert right_turns_the_page(qtbot, window)

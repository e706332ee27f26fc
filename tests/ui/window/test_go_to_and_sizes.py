"""Go To (Ctrl+G) a percentage or a comic's page; Ctrl+0 restores the default size; places are
named with their book and part ("Book III › Part I: 1812 › IV"), not a bare "IV"."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from reader_app.books.model import Book, Locator
from reader_app.ui.aids.go_to import GoToDialog
from reader_app.ui.page.appearance import Appearance
from reader_app.ui.window.main_window import MainWindow
from tests.bookgen import marker_book
from tests.conftest import PEPPER2, WAR_AND_PEACE, corpus_comic, corpus_epub
from tests.ui.conftest import open_file, show_book


def go_to(qtbot: QtBot, window: MainWindow, text: str) -> GoToDialog:
    window.reader.focus_page()
    qtbot.keyClick(window, Qt.Key.Key_G, Qt.KeyboardModifier.ControlModifier)
    dialog = window.findChild(GoToDialog)
    assert isinstance(dialog, GoToDialog)
    qtbot.waitUntil(dialog.isVisible)
    qtbot.keyClicks(dialog.input, text)
    qtbot.keyClick(dialog.input, Qt.Key.Key_Return)
    return dialog


def test_ctrl_0_restores_the_default_text_size(qtbot: QtBot, window: MainWindow) -> None:
    show_book(window, marker_book())
    default = Appearance().font_size
    assert window.appearance.font_size != default  # the tests' own size
    window.reader.focus_page()
    for _ in range(3):
        qtbot.keyClick(window, Qt.Key.Key_Plus, Qt.KeyboardModifier.ControlModifier)
    assert window.appearance.font_size > default
    qtbot.keyClick(window, Qt.Key.Key_0, Qt.KeyboardModifier.ControlModifier)
    assert window.appearance.font_size == default
    assert Appearance.load(window.settings).font_size == default


def test_ctrl_g_goes_to_a_percentage_and_the_boundary_stays(
    qtbot: QtBot, window: MainWindow
) -> None:
    book = marker_book()
    show_book(window, book)
    before = window.recorded_reading_state(book.book_id)
    dialog = go_to(qtbot, window, "60%")
    qtbot.waitUntil(lambda: not dialog.isVisible())
    view = window.reader.epub_view
    assert abs(book.progress(view.current_start()) - 0.60) < 0.03
    assert window.status_position.text().endswith(("59%", "60%", "61%"))
    after = window.recorded_reading_state(book.book_id)
    assert before is not None and after is not None and after.boundary == before.boundary
    assert QApplication.focusWidget() is view, "the keys did not go back to the page"
    window.aids.navigator.back_action.trigger()  # a jump like any other: Back comes home
    assert view.current_start().section == 0


def test_go_to_says_what_it_wants_and_goes_to_a_comics_page(
    qtbot: QtBot, window: MainWindow
) -> None:
    book = open_file(qtbot, window, corpus_comic(PEPPER2))
    dialog = go_to(qtbot, window, "12")
    assert dialog.isVisible() and dialog.problem.text() == "This comic has pages 1 to 8."
    dialog.input.clear()
    qtbot.keyClicks(dialog.input, "5")
    qtbot.keyClick(dialog.input, Qt.Key.Key_Return)
    assert window.reader.comic_view.current_pages()[0] == 4
    assert len(book.sections) == 8


def test_places_are_named_with_their_book_and_part(qtbot: QtBot, window: MainWindow) -> None:
    book: Book = open_file(qtbot, window, corpus_epub(WAR_AND_PEACE))
    chapter = next(s.index for s in book.sections if s.name.endswith("chapter-3-1-4.xhtml"))
    window.jump_to(Locator(chapter, 2, 0))
    window.reader.mark_read_here()
    place = "Book III › Part I: 1812 › IV"
    assert window.reader.notice.label.text() == f"Marked as read up to {place}"
    assert window.assistant_panel.header.text().startswith(f"Knows up to: {place}")
    assert window.status_position.text().startswith(place)


def test_appearance_and_settings_are_one_dialog(qtbot: QtBot, window: MainWindow) -> None:
    from reader_app.ui.window.settings_dialog import PreferencesDialog

    show_book(window, marker_book())
    window.show_appearance_dialog()
    dialog = window.findChild(PreferencesDialog)
    assert isinstance(dialog, PreferencesDialog)
    assert dialog.tabs.currentWidget() is dialog.appearance_page
    names = [dialog.tabs.tabText(i) for i in range(dialog.tabs.count())]
    assert names[:2] == ["Appearance", "Assistant"], names
    before = window.appearance.font_size
    dialog.appearance_page.size_box.setValue(before + 4)
    assert window.appearance.font_size == before + 4  # live
    dialog.reject()  # Cancel puts the page back
    assert window.appearance.font_size == before

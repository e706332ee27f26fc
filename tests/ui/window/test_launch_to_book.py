"""Launching with a book goes straight to it: the window comes up on the book being opened,
never on "Your library is empty" or the library grid while a long book is parsed."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from reader_app.books.shelf.library import Library
from reader_app.settings import SettingsStore
from reader_app.store.db import connect
from reader_app.ui.page.appearance import Appearance
from reader_app.ui.window.launch import open_at_launch
from reader_app.ui.window.main_window import MainWindow
from tests.conftest import JEKYLL, corpus_epub


def unshown_window(qtbot: QtBot, home: Path) -> MainWindow:
    """The window as launch() makes it, before it is shown."""
    conn = connect(home)
    settings = SettingsStore(conn)
    Appearance(font_family="DejaVu Serif", font_size=12, theme="light").save(settings)
    window = MainWindow(home=home, library=Library(conn, home), settings=settings)
    qtbot.addWidget(window)
    window.resize(900, 700)
    return window


def watch_pages(window: MainWindow) -> list[QWidget]:
    shown: list[QWidget] = []
    window.stack.currentChanged.connect(lambda index: shown.append(window.stack.widget(index)))
    return shown


def test_a_book_named_at_launch_is_opened_without_showing_the_library(
    qtbot: QtBot, library_home: Path
) -> None:
    window = unshown_window(qtbot, library_home)
    shown = watch_pages(window)
    with qtbot.waitSignal(window.bookOpened, timeout=60_000):
        open_at_launch(window, str(corpus_epub(JEKYLL)))
        window.show()
        qtbot.waitExposed(window)
        assert not window.library_view.isVisible(), "the library showed before the book"
        assert not window.library_view.empty_label.isVisible()
        page = window.stack.currentWidget()
        assert page.isVisible() and page.objectName() == "openingPage"
        assert JEKYLL in page.property("text")  # what is being opened, by name
    assert window.library_view not in shown
    assert window.stack.currentWidget() is window.reader
    window.close()


def test_the_last_book_reopens_the_same_way_and_a_missing_one_falls_back_to_the_library(
    qtbot: QtBot, library_home: Path, tmp_path: Path
) -> None:
    window = unshown_window(qtbot, library_home)
    with qtbot.waitSignal(window.bookOpened, timeout=60_000):
        open_at_launch(window, str(corpus_epub(JEKYLL)))
    window.close()  # remembered as the last book

    again = unshown_window(qtbot, library_home)
    shown = watch_pages(again)
    with qtbot.waitSignal(again.bookOpened, timeout=60_000):
        open_at_launch(again, None)
        again.show()
        assert not again.library_view.isVisible()
        title = again.stack.currentWidget().property("text")
        assert "Jekyll" in title, title  # the title the library knows it by
    assert again.library_view not in shown
    again.close()

    gone = unshown_window(qtbot, library_home)
    with qtbot.waitSignal(gone.openFailed, timeout=30_000):
        open_at_launch(gone, str(tmp_path / "no such book.epub"))
        gone.show()
    assert gone.stack.currentWidget() is gone.library_view  # nothing to read: the library
    assert gone.error_banner.isVisible()
    gone.close()

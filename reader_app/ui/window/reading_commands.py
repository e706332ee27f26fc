"""Commands on the page from the menus: the text's size (a comic page's zoom), Go To."""

from __future__ import annotations

from dataclasses import replace
from typing import Protocol

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget

from reader_app.books.model import Book, Locator
from reader_app.ui.aids.go_to import GoToDialog
from reader_app.ui.page.appearance import Appearance
from reader_app.ui.reader.reader_page import ReaderPage


class CommandHost(Protocol):
    """The window, as these commands need it."""

    book: Book | None
    appearance: Appearance
    reader: ReaderPage

    def set_appearance(self, appearance: Appearance) -> None: ...
    def jump_to(self, locator: Locator) -> None: ...


def change_size(window: CommandHost, step: int) -> None:
    """Ctrl++ (1), Ctrl+- (-1), Ctrl+0 (0, the default): the text's size, or a comic page's
    zoom."""
    if window.book is not None and window.book.is_comic:
        comic = window.reader.comic_view
        if step == 0:
            comic.reset_zoom()
        else:
            comic.zoom_in() if step > 0 else comic.zoom_out()
        return
    appearance = window.appearance
    if step == 0:
        changed = replace(appearance, font_size=Appearance().font_size)
    else:
        changed = appearance.bigger() if step > 0 else appearance.smaller()
    window.set_appearance(changed)


def zoom_comic(window: CommandHost, step: int) -> None:
    """Comics › Zoom In (1), Zoom Out (-1), Fit Again (0): the open comic's page."""
    if window.book is not None and window.book.is_comic:
        change_size(window, step)


def show_go_to(window: CommandHost, parent: QWidget) -> GoToDialog | None:
    """Go › Go To… (Ctrl+G): a percentage, or a comic's page; a jump like any other."""
    book = window.book
    if book is None:
        return None

    def go(place: Locator) -> None:
        window.jump_to(place)
        window.reader.focus_page()

    dialog = GoToDialog(book, go, parent)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.open()
    return dialog

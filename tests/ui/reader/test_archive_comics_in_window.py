"""CBR (RAR 5 and 4), CB7 and CBT comics in the real window: the first page drawn, pages turned,
the place and the library's details kept when the comic is opened again."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from reader_app.ui.aids.book_details import detail_rows
from reader_app.ui.window.main_window import MainWindow
from tests.conftest import PEPPER1, corpus_comic
from tests.ui.conftest import make_window, open_file
from tests.unit.books.archive_comics import CONTAINERS, FIXTURES, repack, twin


def comic_file(container: str, folder: Path) -> Path:
    if container == "tiny-rar4":
        return FIXTURES / "tiny-rar4.cbr"
    if container.startswith("cbr"):  # committed: RARLAB's rar is not installed on CI
        return twin(container, folder)
    return repack(corpus_comic(PEPPER1), container, folder)


@pytest.mark.parametrize("container", ["cbr", "cbr4", "tiny-rar4", "cb7", "cbt"])
def test_an_archive_comic_shows_its_first_page_and_turns(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, container: str
) -> None:
    path = comic_file(container, tmp_path)
    book = open_file(qtbot, window, path)
    view = window.reader.comic_view
    assert window.reader.stack.currentWidget() is view
    assert book.format == path.suffix.lstrip(".")
    qtbot.waitUntil(lambda: view.current_pages() == (0,))
    image = view.grab().toImage()
    assert image.pixelColor(image.width() // 2, image.height() // 2) != view.background
    qtbot.keyClick(view, Qt.Key.Key_Right)
    assert view.current_pages()[0] == 1  # alone, or in a spread with page 2
    assert window.error_banner.isHidden()


@pytest.mark.parametrize("container", CONTAINERS)
def test_an_archive_comic_reopens_at_its_page_with_its_format_in_the_details(
    qtbot: QtBot, library_home: Path, tmp_path: Path, container: str
) -> None:
    """A comic's pages take no highlights or bookmarks (AnnotationsController.annotatable): what
    a reader leaves in one is the place, and the library's entry."""
    path = twin(container, tmp_path)
    window = make_window(qtbot, library_home, size=(600, 800))  # one page at a time
    book = open_file(qtbot, window, path)
    view = window.reader.comic_view
    view.next_page()
    view.next_page()
    assert view.current_pages() == (2,)
    assert not window.aids.annotations.annotatable()
    window.close()

    again = make_window(qtbot, library_home, size=(600, 800), fresh_appearance=False)
    reopened = open_file(qtbot, again, path)
    assert reopened.book_id == book.book_id
    qtbot.waitUntil(lambda: again.reader.comic_view.current_pages() == (2,))
    state = again.recorded_reading_state(book.book_id)
    assert state is not None and state.boundary.section == 2
    assert again.reader.comic_view.current_pages() == (2,)
    entry = again.library.entry(book.book_id)
    kind = container.removesuffix("4")
    assert entry is not None and entry.format == kind
    assert ("Format", f"Comic ({kind.upper()})") in detail_rows(entry)
    again.close()

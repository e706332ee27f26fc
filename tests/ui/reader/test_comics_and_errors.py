"""Comics in the real window, and bad files that must leave the app and library as they were."""

from __future__ import annotations

import zipfile
from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from reader_app.books.model import BlockKind, Book, Metadata, Section
from reader_app.ui.reader.comic_view import spread_views
from reader_app.ui.window.main_window import MainWindow
from tests.conftest import PEPPER1, PEPPER2, PRIDE, corpus_comic, corpus_epub
from tests.ui.conftest import open_file


def test_comic_pages_turn_and_spreads_keep_the_cover_alone(
    qtbot: QtBot, window: MainWindow
) -> None:
    book = open_file(qtbot, window, corpus_comic(PEPPER2))
    view = window.reader.comic_view
    assert window.reader.stack.currentWidget() is view
    window.resize(1600, 900)
    qtbot.waitUntil(lambda: view.width() > 1400)
    view.resizeEvent(None)
    assert view.is_spread()
    assert view.current_pages() == (0,)
    qtbot.keyClick(view, Qt.Key.Key_Right)
    assert view.current_pages() == (1,)  # the wide title strip, alone
    qtbot.keyClick(view, Qt.Key.Key_Right)
    assert view.current_pages() == (2, 3)
    state = window.recorded_reading_state(book.book_id)
    assert state is not None and state.boundary.section == 3  # both pages of the spread
    window.rtl_action.trigger()
    assert view.right_to_left()
    qtbot.keyClick(view, Qt.Key.Key_Left)  # right-to-left: Left goes forward
    assert view.current_pages() == (4, 5)
    assert window.status_position.text().startswith("Pages 5–6 of 8")


def test_comic_reaching_the_last_page_finishes_it(qtbot: QtBot, window: MainWindow) -> None:
    book = open_file(qtbot, window, corpus_comic(PEPPER1))
    view = window.reader.comic_view
    while view.next_page():
        pass
    state = window.recorded_reading_state(book.book_id)
    assert state is not None and state.finished
    image = view.grab().toImage()
    assert image.pixelColor(image.width() // 2, image.height() // 2) != view.background


def test_double_pages_are_shown_alone() -> None:
    def page(i: int, double: bool = False) -> Section:
        from reader_app.books.model import Block

        return Section(i, f"{i}.jpg", f"Page {i + 1}", (Block(BlockKind.IMAGE),), double)

    sections = (page(0), page(1), page(2, True), page(3), page(4), page(5))
    book = Book("x", Path("x.cbz"), "cbz", Metadata("x"), sections, (), None, lambda n: b"")
    assert spread_views(book, spread=True) == [(0,), (1,), (2,), (3, 4), (5,)]
    assert spread_views(book, spread=False) == [(i,) for i in range(6)]


def hostile_files(tmp: Path) -> dict[str, Path]:
    files = {}
    files["not a zip"] = tmp / "not-a-zip.epub"
    files["not a zip"].write_bytes(b"this is plain text, not a book")
    good = corpus_epub(PRIDE).read_bytes()
    files["truncated"] = tmp / "truncated.epub"
    files["truncated"].write_bytes(good[: len(good) // 3])
    files["empty cbz"] = tmp / "empty.cbz"
    with zipfile.ZipFile(files["empty cbz"], "w"):
        pass
    files["missing"] = tmp / "does-not-exist.epub"
    return files


def test_bad_files_show_a_clear_error_and_change_nothing(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    book = open_file(qtbot, window, corpus_epub(PRIDE))
    # The cover thumbnail is made in the background after the page is up: let it land first.
    qtbot.waitUntil(lambda: all(e.cover_png for e in window.library.entries()), timeout=30_000)
    before = window.library.entries()
    for label, path in hostile_files(tmp_path).items():
        with qtbot.waitSignal(window.openFailed, timeout=30_000) as blocker:
            window.open_path(path)
        message = blocker.args[0]
        assert path.name in message, label
        assert window.error_banner.isVisible()
        assert window.error_label.text() == message
        assert window.library.entries() == before, label
        assert window.book is not None and window.book.book_id == book.book_id
    # The app still works afterwards.
    window.reader.epub_view.next_page()


def test_appearance_and_window_geometry_persist(
    qtbot: QtBot, window: MainWindow, library_home: Path
) -> None:
    from tests.ui.conftest import make_window

    window.set_theme("sepia")
    window.set_appearance(window.appearance.bigger())
    size = window.appearance.font_size
    window.resize(760, 560)
    qtbot.waitUntil(lambda: window.width() == 760)
    window.close()
    again = make_window(qtbot, library_home, size=None, fresh_appearance=False)
    assert again.appearance.theme == "sepia"
    assert again.appearance.font_size == size > 12
    assert (again.width(), again.height()) == (760, 560)  # within the offscreen screen
    again.close()


def test_hostile_images_are_refused_without_decoding(qtbot: QtBot) -> None:
    from PySide6.QtCore import QSize

    from reader_app.ui.page.images import decode_image

    svg_bomb = (
        b'<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa">'
        b'<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]><svg xmlns="http://www.w3.org/2000/svg">'
        b"<text>&b;</text></svg>"
    )
    assert decode_image(svg_bomb, name="bomb.svg", target=QSize(100, 100)) is None
    # A PNG header claiming 50000 x 50000 pixels.
    import struct
    import zlib

    ihdr = struct.pack(">IIBBBBB", 50_000, 50_000, 8, 2, 0, 0, 0)
    chunk = b"IHDR" + ihdr
    png = (
        b"\x89PNG\r\n\x1a\n"
        + struct.pack(">I", len(ihdr))
        + chunk
        + struct.pack(">I", zlib.crc32(chunk))
    )
    assert decode_image(png, name="huge.png", target=QSize(100, 100)) is None

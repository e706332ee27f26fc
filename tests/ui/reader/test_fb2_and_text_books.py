"""FB2, FB2.ZIP, plain text and Markdown books in the real window: the first page shows, pages
turn, the contents jump, pictures paint, a highlight survives closing and reopening, and a
damaged file is one sentence."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from pytestqt.qtbot import QtBot

from reader_app.books.model import Book
from reader_app.ui.window.main_window import MainWindow
from tests.ui.aids.test_annotations_in_window import (
    drag_over_first_line,
    highlight_line_rect,
    menu_action,
    tinted_share,
)
from tests.ui.conftest import make_window, open_file
from tests.unit.books.formatgen import (
    FEATURES_FB2,
    JEKYLL_FB2_ZIP,
    JEKYLL_GUTENBERG,
    JEKYLL_MD,
    JEKYLL_TXT,
    MARKER_BOOKS,
)

SHOTS = Path("/tmp/pagemate-shots")


def entry(book: Book, title: str):  # type: ignore[no-untyped-def]
    return next(e for top in book.toc for _, e in top.walk() if title in e.title.casefold())


@pytest.mark.parametrize(
    ("path", "book_format"),
    [(JEKYLL_FB2_ZIP, "fb2"), (JEKYLL_TXT, "txt"), (JEKYLL_MD, "markdown"),
     (JEKYLL_GUTENBERG, "txt")],
    ids=["fb2.zip", "txt", "markdown", "gutenberg-style"],
)
def test_the_book_opens_at_its_first_page_turns_and_jumps_by_its_contents(
    qtbot: QtBot, window: MainWindow, path: Path, book_format: str
) -> None:
    book = open_file(qtbot, window, path)
    assert book.format == book_format and window.book is book
    view = window.reader.epub_view
    first = view.visible_text()
    assert "Jekyll" in first or "JEKYLL" in first, first[:200]
    qtbot.keyClick(view, Qt.Key.Key_Right)
    assert view.visible_text() != first
    window.jump_to(entry(book, "story of the door").target)
    assert "Mr. Utterson the lawyer was a man of a rugged countenance" in " ".join(
        view.visible_text().split())
    SHOTS.mkdir(exist_ok=True)
    window.grab().save(str(SHOTS / f"text-fb2-{path.name}.png"))


def test_an_fb2s_cover_and_poem_are_drawn(qtbot: QtBot, window: MainWindow) -> None:
    book = open_file(qtbot, window, FEATURES_FB2)
    view = window.reader.epub_view
    image = view.grab().toImage()
    navy = sum(
        QColor(image.pixelColor(x, y)).name() == "#000080"
        for x in range(0, image.width(), 4) for y in range(0, image.height(), 4)
    )
    assert navy > 20, "the cover picture is not on the first page"
    window.jump_to(entry(book, "chapter 1").target)
    shown = view.visible_text()
    assert "Burn low, burn long," in shown and "the river hears the song." in shown
    window.grab().save(str(SHOTS / "text-fb2-features.png")) if SHOTS.exists() else None


@pytest.mark.parametrize(("maker", "name", "book_format"), MARKER_BOOKS.values(),
                         ids=MARKER_BOOKS.keys())
def test_a_highlight_survives_closing_and_reopening_the_file(
    qtbot: QtBot, library_home: Path, tmp_path: Path, maker: Callable[..., Path], name: str,
    book_format: str,
) -> None:
    path = maker(tmp_path / name)
    window = make_window(qtbot, library_home)
    book = open_file(qtbot, window, path)
    assert book.format == book_format
    window.jump_to(entry(book, "chapter").target)
    view = window.reader.epub_view
    selected = drag_over_first_line(qtbot, view, 1)
    assert selected.startswith("Sentence mk0000"), selected
    menu_action(view, "highlight_green").trigger()
    [annotation] = window.aids.annotations.highlights()
    assert tinted_share(view, highlight_line_rect(view, annotation), "green") > 0.5
    window.close()

    again = make_window(qtbot, library_home, fresh_appearance=False)
    reopened = open_file(qtbot, again, path)
    assert reopened.book_id == book.book_id
    assert again.aids.annotations.highlights() == [annotation]
    again.jump_to(annotation.start)
    view = again.reader.epub_view
    assert tinted_share(view, highlight_line_rect(view, annotation), "green") > 0.5
    again.close()


def test_an_fb2_note_reference_pops_up_its_note(qtbot: QtBot, window: MainWindow) -> None:
    from PySide6.QtTest import QTest

    from reader_app.books.model import Locator
    from tests.ui.aids.test_footnotes import point_of

    book = open_file(qtbot, window, FEATURES_FB2)
    section, number = next(
        (s.index, n) for s in book.sections for n, b in enumerate(s.blocks)
        if b.text.startswith("Anna kept")
    )
    [span] = [s for s in book.sections[section].blocks[number].spans if s.target is not None]
    place = Locator(section, number, span.start + 1)
    window.jump_to(place)
    view = window.reader.epub_view
    here = view.current_start()
    QTest.mouseClick(view, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     point_of(view, place))
    popup = window.aids.footnotes.popup
    qtbot.waitUntil(popup.isVisible)
    assert popup.label.text() == "1\nThe lanterns were oil lamps."
    assert view.current_start() == here, "the page stays where it was"


def test_a_damaged_markdown_file_is_one_sentence_and_the_open_book_stays(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    book = open_file(qtbot, window, JEKYLL_MD)
    before = window.library.entries()
    renamed = tmp_path / "cover.md"  # a picture named as Markdown
    renamed.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(4000))
    with qtbot.waitSignal(window.openFailed, timeout=30_000) as blocker:
        window.open_path(renamed)
    message = blocker.args[0]
    assert "cover.md" in message and "binary data" in message, message
    assert "Traceback" not in message and "\n" not in message
    assert window.error_label.text() == message
    assert window.library.entries() == before
    assert window.book is book
    qtbot.keyClick(window.reader.epub_view, Qt.Key.Key_Right)  # the app goes on

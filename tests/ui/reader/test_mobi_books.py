"""MOBI 6, AZW3 and joint MOBI books in the real window: the first page shows, pages turn, the
contents jump, a picture paints, a DRM-locked file is one sentence, and a highlight survives
closing and reopening the file."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from reader_app.books.model import BlockKind, Book, TocEntry
from reader_app.ui.window.main_window import MainWindow
from tests.ui.aids.test_annotations_in_window import (
    drag_over_first_line,
    highlight_line_rect,
    menu_action,
    tinted_share,
)
from tests.ui.conftest import make_window, open_file
from tests.unit.books.mobigen import (
    JEKYLL_AZW3,
    JEKYLL_MOBI,
    MARKERS_AZW3,
    SMALL_JOINT,
    marker_mobi,
    with_encryption,
)

SHOTS = Path("/tmp/pagemate-shots")


def entry(book: Book, title: str) -> TocEntry:
    return next(e for top in book.toc for _, e in top.walk() if title in e.title.casefold())


@pytest.mark.parametrize("path", [JEKYLL_MOBI, JEKYLL_AZW3], ids=["mobi6", "azw3"])
def test_the_book_opens_at_its_first_page_turns_and_jumps_by_its_contents(
    qtbot: QtBot, window: MainWindow, path: Path
) -> None:
    book = open_file(qtbot, window, path)
    assert book.format == "mobi" and window.book is book
    view = window.reader.epub_view
    first = view.visible_text()
    qtbot.keyClick(view, Qt.Key.Key_Right)
    assert view.visible_text() != first
    window.jump_to(entry(book, "story of the door").target)
    assert "Mr. Utterson the lawyer was a man of a rugged countenance" in " ".join(
        view.visible_text().replace("\u00a0", " ").split())
    SHOTS.mkdir(exist_ok=True)
    window.grab().save(str(SHOTS / f"mobi-{path.name}.png"))


def test_a_joint_mobis_picture_is_drawn_in_the_page(qtbot: QtBot, window: MainWindow) -> None:
    book = open_file(qtbot, window, SMALL_JOINT)
    view = window.reader.epub_view
    assert "Chapter One" in view.visible_text()
    [picture] = [b for b in book.sections[0].blocks if b.kind is BlockKind.IMAGE]
    assert picture.image is not None
    image = view.grab().toImage()
    red = sum(
        1
        for x in range(0, image.width(), 3)
        for y in range(0, image.height(), 3)
        if (c := image.pixelColor(x, y)).red() > 200 and c.green() < 60 and c.blue() < 60
    )
    assert red > 50, "the book's red picture is not on the first page"
    SHOTS.mkdir(exist_ok=True)
    window.grab().save(str(SHOTS / "mobi-joint.png"))


def test_a_drm_locked_mobi_says_so_in_one_sentence(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    locked = with_encryption(JEKYLL_AZW3, tmp_path / "locked.azw3")
    with qtbot.waitSignal(window.openFailed, timeout=30_000) as blocker:
        window.open_path(locked)
    message = " ".join(str(a) for a in blocker.args)
    assert "protected by DRM" in message and "Traceback" not in message
    assert window.book is None


@pytest.mark.parametrize("kind", ["mobi6", "azw3"])
def test_a_highlight_survives_closing_and_reopening_the_file(
    qtbot: QtBot, library_home: Path, tmp_path: Path, kind: str
) -> None:
    path = marker_mobi(tmp_path / "markers.mobi") if kind == "mobi6" else MARKERS_AZW3
    window = make_window(qtbot, library_home)
    book = open_file(qtbot, window, path)
    assert book.format == "mobi" and path.suffix == f".{kind.removesuffix('6')}"
    window.jump_to(entry(book, "chapter 1").target)
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

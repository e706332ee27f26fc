"""Highlights and bookmarks on a PDF's drawn words: made from the selection, painted over the
words on the page, anchored to the page and the text, and there again after a restart."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QRectF, Qt
from pytestqt.qtbot import QtBot

from reader_app.books.model import Locator
from reader_app.ui.reader.comic_view import ComicView
from tests.ui.aids.test_annotations_in_window import menu_action, tinted_share
from tests.ui.conftest import make_window, open_file
from tests.ui.reader.test_pdf_view import _drawn, _point
from tests.unit.books.pdfgen import sample_spec, write_pdf


def _words_shown(qtbot: QtBot, view: ComicView, page: int) -> QRectF:
    view.set_options(fit="page", spread=False)
    view.go_to(Locator(page, 0, 0))
    (_page, rect), = _drawn(qtbot, view)
    assert view.pdf is not None
    qtbot.waitUntil(lambda: view.pdf.paragraphs(page) is not None, timeout=10_000)
    view.repaint()
    return rect


def _green_at(view: ComicView, rect: QRectF, box: tuple[float, float, float, float]) -> bool:
    """Whether most of the word's box is tinted green on screen."""
    left, right = _point(rect, box, at=0.0).x(), _point(rect, box, at=1.0).x()
    height = rect.height() * (box[3] - box[1]) / 595
    middle = _point(rect, box).y()
    shown = QRectF(left, middle - height / 2, right - left, height).toRect()
    return tinted_share(view, shown, "green") > 0.5


def test_a_pdf_highlight_is_painted_on_its_words_and_survives_a_restart(
    qtbot: QtBot, library_home: Path, tmp_path: Path
) -> None:
    path = write_pdf(tmp_path / "sample.pdf", sample_spec())
    window = make_window(qtbot, library_home)
    open_file(qtbot, window, path)
    view = window.reader.comic_view
    rect = _words_shown(qtbot, view, 2)
    found = view.pdf.paragraphs(2) if view.pdf is not None else None
    assert found is not None
    first, third = found[1].pieces[0], found[1].pieces[2]
    qtbot.mousePress(view, Qt.MouseButton.LeftButton, pos=_point(rect, first[2]).toPoint())
    qtbot.mouseMove(view, pos=_point(rect, third[2], at=0.8).toPoint())
    qtbot.mouseRelease(view, Qt.MouseButton.LeftButton, pos=_point(rect, third[2],
                                                                     at=0.8).toPoint())
    menu_action(view, "highlight_green").trigger()
    [highlight] = window.aids.annotations.highlights()
    assert highlight.text == "The lighthouse keeper" and highlight.colour == "green"
    assert (highlight.start, highlight.end) == (Locator(2, 2, 0), Locator(2, 2, 21))
    assert view.selection_range() is None
    assert _green_at(view, rect, first[2])  # over the drawn word
    assert not _green_at(view, rect, found[1].pieces[5][2])  # not past the highlight
    window.aids.annotations.toggle_bookmark()
    [bookmark] = window.aids.annotations.bookmarks()
    assert bookmark.start.section == 2
    window.close()

    again = make_window(qtbot, library_home, fresh_appearance=False)
    open_file(qtbot, again, path)
    assert again.aids.annotations.highlights() == [highlight]
    assert again.aids.annotations.bookmarks() == [bookmark]
    view = again.reader.comic_view
    rect = _words_shown(qtbot, view, 2)
    assert _green_at(view, rect, first[2])
    again.close()

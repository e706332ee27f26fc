"""Highlights, notes and bookmarks on a PDF's drawn words: made from the selection, painted over
the words on the page, anchored to the page and the text, and there again after a restart."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QEvent, QRectF, Qt
from PySide6.QtGui import QHelpEvent
from PySide6.QtWidgets import QApplication, QInputDialog, QToolTip
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


def _drag_over_three_words(qtbot: QtBot, view: ComicView, rect: QRectF) -> None:
    """Selects the first three words of page 2's second paragraph ("The lighthouse keeper")."""
    found = view.pdf.paragraphs(2) if view.pdf is not None else None
    assert found is not None
    first, third = found[1].pieces[0], found[1].pieces[2]
    qtbot.mousePress(view, Qt.MouseButton.LeftButton, pos=_point(rect, first[2]).toPoint())
    qtbot.mouseMove(view, pos=_point(rect, third[2], at=0.8).toPoint())
    qtbot.mouseRelease(view, Qt.MouseButton.LeftButton, pos=_point(rect, third[2],
                                                                     at=0.8).toPoint())


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
    first = found[1].pieces[0]
    _drag_over_three_words(qtbot, view, rect)
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


def test_a_note_on_a_pdf_highlight_is_kept_listed_and_shown_after_a_restart(
    qtbot: QtBot, library_home: Path, tmp_path: Path
) -> None:
    path = write_pdf(tmp_path / "sample.pdf", sample_spec())
    window = make_window(qtbot, library_home)
    open_file(qtbot, window, path)
    view = window.reader.comic_view
    _drag_over_three_words(qtbot, view, _words_shown(qtbot, view, 2))
    menu_action(view, "highlight_yellow").trigger()
    [highlight] = window.aids.annotations.highlights()
    window.aids.annotations.ask_for_note(highlight.annotation_id)  # as "Edit Note…" does
    dialog = window.findChild(QInputDialog, "noteDialog")
    assert dialog is not None and dialog.labelText() == "Note on “The lighthouse keeper”"
    dialog.setTextValue("Who keeps the keeper?")
    dialog.accept()
    [noted] = window.aids.annotations.highlights()
    assert noted.note == "Who keeps the keeper?" and noted.annotation_id == highlight.annotation_id
    window.close()

    again = make_window(qtbot, library_home, fresh_appearance=False)
    open_file(qtbot, again, path)
    assert again.aids.annotations.highlights() == [noted]
    qtbot.keyClick(again, Qt.Key.Key_A,
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    dock = again.aids.annotations.dock
    qtbot.waitUntil(dock.isVisible)
    assert dock.ids() == [noted.annotation_id]
    assert "Note: Who keeps the keeper?" in dock.list.item(0).text()
    view = again.reader.comic_view
    rect = _words_shown(qtbot, view, 2)
    found = view.pdf.paragraphs(2) if view.pdf is not None else None
    assert found is not None
    over_word = _point(rect, found[1].pieces[1][2]).toPoint()  # "lighthouse", inside the note
    event = QHelpEvent(QEvent.Type.ToolTip, over_word, view.mapToGlobal(over_word))
    QApplication.sendEvent(view, event)
    qtbot.waitUntil(lambda: QToolTip.isVisible() and QToolTip.text() == "Who keeps the keeper?")
    again.close()

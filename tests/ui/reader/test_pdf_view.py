"""PDF books in the real window: pages drawn by PDFium in a worker at the size shown, pixel-close
to PDFium's own drawing; the outline as contents, page labels, links, fit, zoom and spreads."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pypdfium2
import pytest
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QAction, QImage
from pytestqt.qtbot import QtBot

from reader_app.books.model import Locator
from reader_app.ui.reader.comic_view import ComicView
from reader_app.ui.window.main_window import MainWindow
from tests.ui.conftest import open_file
from tests.unit.books.pdfgen import LINE_BREAKS, sample_spec, write_pdf


def _sample(tmp_path: Path) -> Path:
    return write_pdf(tmp_path / "sample.pdf", sample_spec())


def _drawn(qtbot: QtBot, view: ComicView) -> list[tuple[int, QRectF]]:
    """Wait until every page on screen is PDFium's drawing (not a stand-in)."""
    pdf = view.pdf
    assert pdf is not None
    view.repaint()  # asks for the pages at the size shown
    qtbot.waitUntil(lambda: not pdf.busy, timeout=10_000)
    view.repaint()
    assert not pdf.busy  # nothing more was asked for: what is shown is PDFium's drawing
    return view.page_rects()


def _pixels(image: QImage) -> np.ndarray:
    image = image.convertToFormat(QImage.Format.Format_RGB888)
    array = np.frombuffer(image.constBits(), np.uint8).reshape(
        image.height(), image.bytesPerLine())[:, : image.width() * 3]
    return array.reshape(image.height(), image.width(), 3).astype(np.int16)


def test_pdf_opens_at_its_first_page_drawn_as_pdfium_draws_it(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    path = _sample(tmp_path)
    book = open_file(qtbot, window, path)
    view = window.reader.comic_view
    assert book.format == "pdf" and window.reader.stack.currentWidget() is view
    view.set_options(fit="page", spread=False)
    view.go_to(Locator(2, 0, 0))
    (page, rect), = _drawn(qtbot, view)
    assert page == 2
    shown = view.grab(rect.toAlignedRect()).toImage()
    document = pypdfium2.PdfDocument(str(path))
    width = document[2].get_width()
    own = document[2].render(scale=shown.width() / width).to_pil().convert("RGB")
    expected = np.asarray(own.resize((shown.width(), shown.height()))).astype(np.int16)
    difference = np.abs(_pixels(shown) - expected)
    assert float(difference.mean()) < 4.0, difference.mean()  # out of 255
    assert float((difference.max(axis=2) > 64).mean()) < 0.02  # a few edge pixels at most
    dark = (expected.max(axis=2) < 128).mean()
    assert dark > 0.005  # there is text on the page to compare


def test_pdf_outline_is_the_contents_and_labels_name_the_pages(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    book = open_file(qtbot, window, _sample(tmp_path))
    assert [e.title for e in book.toc] == ["Chapter 1", "Chapter 2", "Chapter 3"]
    assert book.toc[1].target == Locator(4, 0, 0)
    assert [c.title for c in book.toc[0].children] == ["A later scene"]
    assert [s.title for s in book.sections[:3]] == ["Page i", "Page ii", "Page 1"]
    assert book.metadata.title == "A Sample Book" and book.metadata.language == "en-GB"
    window.reader.comic_view.go_to(book.toc[1].target)
    assert 4 in window.reader.comic_view.current_pages()


def test_a_click_on_an_internal_link_goes_to_its_page(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    open_file(qtbot, window, _sample(tmp_path))
    view = window.reader.comic_view
    view.set_options(fit="page", spread=False)
    view.go_to(Locator(0, 0, 0))
    (_page, rect), = _drawn(qtbot, view)  # the links are read with the drawing
    # The link covers x 55-300, y 505-535 points from the bottom of a 420 x 595 page.
    point = QPointF(rect.left() + rect.width() * 150 / 420,
                    rect.top() + rect.height() * (595 - 520) / 595)
    qtbot.mouseClick(view, Qt.MouseButton.LeftButton, pos=point.toPoint())
    assert view.current_pages() == (4,)


def test_zoom_and_fit_to_width_draw_the_page_sharper_not_blurred(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    open_file(qtbot, window, _sample(tmp_path))
    view = window.reader.comic_view
    view.set_options(fit="page", spread=False)
    view.go_to(Locator(2, 0, 0))
    (_page, fitted), = _drawn(qtbot, view)
    view.set_options(fit="width", spread=False)
    (_page, wide), = _drawn(qtbot, view)
    assert wide.width() > fitted.width() * 1.2
    assert abs(wide.width() - view.width()) <= 1
    view.zoom_in()
    (_page, zoomed), = _drawn(qtbot, view)
    assert zoomed.width() > wide.width() * 1.2


def test_pdf_pages_pair_in_spreads_on_a_wide_window(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    open_file(qtbot, window, _sample(tmp_path))
    view = window.reader.comic_view
    window.resize(1600, 800)
    qtbot.waitUntil(lambda: view.width() > 1300)
    view.set_options(fit="page", spread=True)
    view.go_to(Locator(1, 0, 0))
    assert view.current_pages() == (1, 2)  # the first page alone, then pairs
    rects = _drawn(qtbot, view)
    assert [p for p, _r in rects] == [1, 2]
    assert rects[0][1].right() <= rects[1][1].left() + 1


def test_turning_draws_the_next_page_ahead(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    open_file(qtbot, window, _sample(tmp_path))
    view = window.reader.comic_view
    view.set_options(fit="page", spread=False)
    view.go_to(Locator(2, 0, 0))
    _drawn(qtbot, view)
    assert view.pdf is not None
    target = view._target_size(1)
    qtbot.waitUntil(lambda: view.pdf.is_drawn(3, target), timeout=10_000)  # ahead, unasked
    view.next_page()
    assert view.pdf.is_drawn(3, view._target_size(1))  # no wait for the turn


def test_the_status_line_names_pages_by_their_labels_and_the_chapter(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    open_file(qtbot, window, _sample(tmp_path))
    view = window.reader.comic_view
    view.set_options(fit="page", spread=False)
    view.go_to(Locator(1, 0, 0))
    qtbot.waitUntil(lambda: window.status_position.text().startswith("Page ii (2) of 8"))
    view.go_to(Locator(5, 0, 0))
    qtbot.waitUntil(lambda: window.status_position.text().startswith(
        "Chapter 2 › A later scene · Page 4 (6) of 8"))


def _point(rect: QRectF, box: tuple[float, float, float, float], *, at: float = 0.5) -> QPointF:
    """A point inside `box` (points from the page's top-left) on the page drawn in `rect`."""
    return QPointF(rect.left() + rect.width() * (box[0] + (box[2] - box[0]) * at) / 420,
                   rect.top() + rect.height() * (box[1] + box[3]) / 2 / 595)


def test_dragging_over_the_drawn_words_selects_and_copies_them_as_the_book_holds_them(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    book = open_file(qtbot, window, _sample(tmp_path))
    view = window.reader.comic_view
    view.set_options(fit="page", spread=False)
    view.go_to(Locator(2, 0, 0))
    (_page, rect), = _drawn(qtbot, view)
    pdf = view.pdf
    assert pdf is not None and view.has_text
    qtbot.waitUntil(lambda: pdf.paragraphs(2) is not None, timeout=10_000)
    found = pdf.paragraphs(2)
    assert found is not None and found[0].text == "Chapter 1"
    body = found[1]  # "The lighthouse keeper counted the ships that passed each night in ..."
    first, fourth = body.pieces[0], body.pieces[3]
    qtbot.mousePress(view, Qt.MouseButton.LeftButton, pos=_point(rect, first[2]).toPoint())
    qtbot.mouseMove(view, pos=_point(rect, fourth[2], at=0.8).toPoint())
    qtbot.mouseRelease(view, Qt.MouseButton.LeftButton, pos=_point(rect, fourth[2],
                                                                     at=0.8).toPoint())
    assert view.selected_text() == "The lighthouse keeper counted"
    assert view.current_pages() == (2,), "a drag selects; it does not turn the page"
    start, end = view.selection_range() or (None, None)
    assert start == Locator(2, 2, 0) and end == Locator(2, 2, len("The lighthouse keeper counted"))
    from reader_app.books.opening.pdf_text import readable_book

    indexed = readable_book(book).sections[2].blocks[2].text  # the same words, same places
    assert indexed[start.char:end.char] == view.selected_text()
    shown = view.grab(rect.toAlignedRect()).toImage()  # the selection is painted over them
    x = round(rect.width() * (first[2][0] + first[2][2]) / 2 / 420)
    y = round(rect.height() * (first[2][1] + first[2][3]) / 2 / 595)
    assert shown.pixelColor(x, y).blue() > shown.pixelColor(x, y).red() + 20
    menu = view.build_context_menu()
    copy = next(a for a in menu.actions() if a.text() == "Copy")
    copy.trigger()
    from PySide6.QtGui import QGuiApplication

    assert QGuiApplication.clipboard().text() == "The lighthouse keeper counted"


def test_a_double_click_selects_the_word(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    open_file(qtbot, window, _sample(tmp_path))
    view = window.reader.comic_view
    view.set_options(fit="page", spread=False)
    view.go_to(Locator(2, 0, 0))
    (_page, rect), = _drawn(qtbot, view)
    assert view.pdf is not None
    qtbot.waitUntil(lambda: view.pdf.paragraphs(2) is not None, timeout=10_000)
    found = view.pdf.paragraphs(2)
    assert found is not None
    keeper = found[1].pieces[2]
    qtbot.mouseDClick(view, Qt.MouseButton.LeftButton, pos=_point(rect, keeper[2]).toPoint())
    assert view.selected_text() == "keeper"


def test_a_double_click_on_either_half_of_a_word_broken_at_a_lines_end_selects_it_whole(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    """LINE_BREAKS: page 1's first line ends "through an inter-", its second begins "esting"."""
    open_file(qtbot, window, write_pdf(tmp_path / "birch.pdf", LINE_BREAKS))
    view = window.reader.comic_view
    view.set_options(fit="page", spread=False)
    (_page, rect), = _drawn(qtbot, view)
    assert view.pdf is not None
    qtbot.waitUntil(lambda: view.pdf.paragraphs(0) is not None, timeout=10_000)
    found = view.pdf.paragraphs(0)
    assert found is not None
    body = found[1]
    at = body.text.index("interesting")
    halves = [piece for piece in body.pieces if at <= piece[0] < at + len("interesting")]
    assert len(halves) == 2  # drawn on two lines
    for half in halves:
        qtbot.mouseDClick(view, Qt.MouseButton.LeftButton, pos=_point(rect, half[2]).toPoint())
        assert view.selected_text() == "interesting"
        assert view.selection_range() == (Locator(0, 2, at), Locator(0, 2, at + 11))
def test_a_word_selected_on_a_pdf_page_is_looked_up_in_the_dictionary(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tests.unit.books.test_dictionary import write_stardict

    write_stardict(tmp_path / "dic", "small", {"lighthouse": b"A tower with a light."},
                   same_type="m", packed=True)
    monkeypatch.setenv("READER_APP_DICTIONARIES", str(tmp_path / "dic"))
    open_file(qtbot, window, _sample(tmp_path))
    view = window.reader.comic_view
    view.set_options(fit="page", spread=False)
    view.go_to(Locator(2, 0, 0))
    (_page, rect), = _drawn(qtbot, view)
    assert view.pdf is not None
    qtbot.waitUntil(lambda: view.pdf.paragraphs(2) is not None, timeout=10_000)
    found = view.pdf.paragraphs(2)
    assert found is not None
    word = found[1].pieces[1]  # "lighthouse"
    qtbot.mouseDClick(view, Qt.MouseButton.LeftButton, pos=_point(rect, word[2]).toPoint())
    action = view.build_context_menu().findChild(QAction, "lookUpWord")
    assert action is not None and action.text() == "Look Up “lighthouse”"
    action.trigger()
    popup = window.aids.dictionary.popups[view]
    qtbot.waitUntil(popup.isVisible)
    assert popup.label.text() == "lighthouse (Small Dictionary)\nA tower with a light."


def test_password_protected_and_damaged_pdfs_say_so_and_change_nothing(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    book = open_file(qtbot, window, _sample(tmp_path))
    qtbot.waitUntil(lambda: all(e.cover_png for e in window.library.entries()), timeout=30_000)
    before = window.library.entries()
    cut = tmp_path / "cut.pdf"
    cut.write_bytes(_sample(tmp_path).read_bytes()[:300])
    protected = Path(__file__).resolve().parents[2] / "fixtures" / "pdf" / (
        "password-protected.pdf")
    for path, words in ((protected, "password"), (cut, "damaged")):
        with qtbot.waitSignal(window.openFailed, timeout=30_000) as blocker:
            window.open_path(path)
        message = blocker.args[0]
        assert path.name in message and words in message, message
        assert "Traceback" not in message and window.error_label.text() == message
        assert window.library.entries() == before
        assert window.book is not None and window.book.book_id == book.book_id
    window.reader.comic_view.next_page()  # the app goes on


def test_pages_turned_past_quickly_are_not_drawn_for_nothing(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    from tests.unit.books.pdfgen import many_pages_spec

    open_file(qtbot, window, write_pdf(tmp_path / "long.pdf", many_pages_spec(80)))
    view = window.reader.comic_view
    view.set_options(fit="page", spread=False)
    pdf = view.pdf
    assert pdf is not None
    for page in range(0, 80, 4):  # a reader holding the key down
        view.go_to(Locator(page, 0, 0))
        view.repaint()
    _drawn(qtbot, view)
    drawn_pages = {key[0] for key in pdf._drawn}
    assert 76 in drawn_pages
    assert not drawn_pages & set(range(8, 70)), drawn_pages  # those asked for and passed


def test_go_to_takes_a_pdfs_page_labels(tmp_path: Path) -> None:
    from reader_app.books.opening.formats import read_book
    from reader_app.ui.aids.go_to import place_for

    book = read_book(_sample(tmp_path))  # pages i, ii, then 1 to 6
    assert place_for(book, "ii") == Locator(1, 0, 0)
    assert place_for(book, " 3 ") == Locator(4, 0, 0)  # the printed 3, the fifth page
    assert place_for(book, "50%").section in (3, 4)


def test_prepare_whole_comic_never_sends_a_pdfs_pages_to_a_vision_model(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    open_file(qtbot, window, _sample(tmp_path))
    window.prepare_whole_comic()  # the Comics menu's command: a PDF's pages have their text
    assert window.tasks.current("whole-comic") is None


def test_a_page_pdfium_cannot_draw_says_so_and_the_others_show(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from reader_app.books.opening.pdf import PdfPages
    from reader_app.errors import BookError

    real = PdfPages.render

    def render(self: PdfPages, index: int, *, width: int, height: int) -> object:
        if index == 2:
            raise BookError(self.path, "page 3 cannot be drawn (a broken content stream).")
        return real(self, index, width=width, height=height)

    monkeypatch.setattr(PdfPages, "render", render)
    open_file(qtbot, window, _sample(tmp_path))
    view = window.reader.comic_view
    view.set_options(fit="page", spread=False)
    view.go_to(Locator(2, 0, 0))
    _drawn(qtbot, view)
    assert view.pdf is not None and view.pdf.failed(2)
    placements = view._placements()
    assert placements
    shown = view.grab().toImage()
    rect = placements[0][2]
    corner = shown.pixelColor(round(rect.left()) + 5, round(rect.top()) + 5)
    assert corner.lightness() < 200, "not a white page: the stand-in that says it is not shown"
    standin = _pixels(placements[0][1])
    assert len(np.unique(standin.reshape(-1, 3), axis=0)) > 2, "with its words, not blank"
    view.next_page()
    (_page, rect), = _drawn(qtbot, view)
    assert view.current_pages() == (3,) and not view.pdf.failed(3)


def test_the_preparation_says_what_it_reads_of_a_pdf() -> None:
    from reader_app.prepare.news import PrepareNews
    from reader_app.ui.window.preparation_words import preparation_words

    assert preparation_words(PrepareNews("b", "layer", 0.5)) == "Reading the PDF's text: 50%"
    assert preparation_words(PrepareNews("b", "ocr", 0.25)) == "Reading the pages (OCR): 25%"

"""The numbers the window makes follow its locale (issue 41): a long book's pages and sections,
its contents' pages, Go To and Find in Book read "1.234" in a German window and "1 234" (a
narrow no-break space, as QLocale writes it) in a French one, and stay "1,234" in English; a
page label the book writes itself ("ii") stays as it is written."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from PIL import Image
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

from reader_app.books.model import Locator
from reader_app.books.text.search import TextHit
from reader_app.ui.translation import install_language
from reader_app.ui.window.main_window import MainWindow
from tests.bookgen import marker_book
from tests.ui.conftest import open_file, show_book
from tests.ui.window.test_go_to_and_sizes import go_to
from tests.ui.window.test_window_language import started_in
from tests.unit.books.pdfgen import PdfChapter, PdfSpec, write_pdf
from tests.unit.comics.cbzbook import png, write_cbz

NNBSP = "\u202f"  # French groups digits with a narrow no-break space


def shown_at(qtbot: QtBot, window: MainWindow, place: Locator) -> str:
    """The status line once the page at `place` is on screen (one page at a time)."""
    window.reader.comic_view.set_options(fit="page", spread=False)
    window.jump_to(place)
    qtbot.waitUntil(lambda: window.reader.view.current_start().section == place.section)
    return window.status_position.text()


def test_a_long_pdfs_pages_are_numbered_in_the_windows_digits_and_its_own_labels_kept(
    qtbot: QtBot, library_home: Path, tmp_path: Path, speaking: None
) -> None:
    # Pages i and ii, then 1 to 1,300 (labels of plain digits: numbers, like the count)
    spec = PdfSpec(title="Lang", front_pages=2,
                   chapters=[PdfChapter("Eins", [[f"Zeile {n}."] for n in range(1300)])])
    pdf = write_pdf(tmp_path / "lang.pdf", spec)
    window = started_in(qtbot, library_home, "de")
    open_file(qtbot, window, pdf)
    page_1234 = Locator(1235, 0, 0)  # its 1,236th page
    assert shown_at(qtbot, window, page_1234) == "Eins · Seite 1.234 (1.236) von 1.302 · 95 %"
    assert shown_at(qtbot, window, Locator(1, 0, 0)) == "Seite ii (2) von 1.302 · 0 %"
    assert window.reader.describe_fraction(0.95) == "Seite 1.237 von 1.302"
    dialog = go_to(qtbot, window, "1.234")  # as the status line writes it
    qtbot.waitUntil(lambda: not dialog.isVisible())
    assert window.reader.view.current_start().section == 1235

    install_language("fr")
    assert shown_at(qtbot, window, page_1234) == (
        f"Eins · Page 1{NNBSP}234 (1{NNBSP}236) sur 1{NNBSP}302 · 95\u00a0%")
    install_language("en")
    assert shown_at(qtbot, window, page_1234) == "Eins · Page 1,234 (1,236) of 1,302 · 95%"
    assert window.reader.describe_fraction(0.95) == "Page 1,237 of 1,302"


def test_a_book_without_contents_names_its_sections_in_the_windows_digits(
    qtbot: QtBot, library_home: Path, speaking: None
) -> None:
    marked = marker_book(chapters=1300, paragraphs=1, sentences=1, title="Abschnitte")
    untitled = tuple(dataclasses.replace(s, title="") for s in marked.sections)
    book = dataclasses.replace(marked, sections=untitled, toc=())
    window = started_in(qtbot, library_home, "de")
    show_book(window, book)
    place = Locator(1233, 0, 0)
    assert shown_at(qtbot, window, place).startswith("Abschnitt 1.234 · ")
    assert window.reader.describe_fraction(book.progress(place)).startswith("Abschnitt 1.234 · ")
    install_language("fr")
    assert shown_at(qtbot, window, place).startswith(f"Section 1{NNBSP}234 · ")
    install_language("en")
    assert shown_at(qtbot, window, place).startswith("Section 1,234 · ")


def test_a_long_comics_contents_and_go_to_count_in_the_windows_digits(
    qtbot: QtBot, library_home: Path, tmp_path: Path, speaking: None
) -> None:
    page = png(Image.new("RGB", (8, 12), (90, 90, 90)))
    comic = write_cbz(tmp_path / "lang.cbz", [page] * 1234)
    window = started_in(qtbot, library_home, "de")
    open_file(qtbot, window, comic)
    tree = window.toc_dock.tree
    assert tree.topLevelItem(tree.topLevelItemCount() - 1).text(0) == "Seite 1.234"
    assert shown_at(qtbot, window, Locator(1199, 0, 0)).startswith("Seite 1.200 von 1.234 · ")
    dialog = go_to(qtbot, window, "2000")
    assert dialog.problem.text() == "Dieser Comic hat die Seiten 1 bis 1.234."
    assert "(1–1.234)" in dialog.findChild(QLabel).text()  # "Seite (1–1.234) oder Prozent:"
    dialog.input.clear()
    qtbot.keyClicks(dialog.input, "1.100")  # as the status line writes it
    qtbot.keyClick(dialog.input, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not dialog.isVisible())
    assert window.reader.comic_view.current_pages()[0] == 1099


def test_find_in_book_counts_its_matches_in_the_windows_digits(
    qtbot: QtBot, library_home: Path, speaking: None
) -> None:
    window = started_in(qtbot, library_home, "de")
    hits = [TextHit(Locator(0, 0, n), Locator(0, 0, n + 1), f"… {n} …", "") for n in range(1200)]
    dock = window.search_dock
    dock.show_results(hits)
    dock.set_current(1199)
    assert dock.status.text() == "1.200 von 1.200"
    install_language("fr")
    dock.set_current(1099)
    assert dock.status.text() == f"1{NNBSP}100 sur 1{NNBSP}200"
    install_language("en")
    dock.set_current(1099)
    assert dock.status.text() == "1,100 of 1,200"
    assert dock.results.currentRow() == 1099

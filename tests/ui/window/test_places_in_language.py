"""Where the reader is, in the window's language (issue 41): the annotations list's rows
("Lesezeichen: …", "Notiz: …", "Abschnitt 1.234 · 95 %") and how far the assistant, X-Ray and a
character know ("Kennt bis: Abschnitt 1.234 (95 %)") in a German window, with German digits;
the same words stay English in an English window and on the command line."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from pytestqt.qtbot import QtBot

from reader_app.books.model import Book, Locator
from reader_app.books.shelf.library import ReadingState
from reader_app.rag.assistant.places import knows_up_to
from reader_app.ui.translation import install_language
from reader_app.ui.window.main_window import MainWindow
from tests.bookgen import marker_book
from tests.ui.aids.test_annotations_in_window import drag_over_first_line, menu_action
from tests.ui.conftest import show_book
from tests.ui.window.test_window_language import started_in

PLACE = Locator(1233, 0, 0)  # its 1,234th section, 95% of the way


def untitled_book() -> Book:
    """1,300 sections without titles or contents: places are "Section N"."""
    marked = marker_book(chapters=1300, paragraphs=2, sentences=2, title="Abschnitte")
    untitled = tuple(dataclasses.replace(s, title="") for s in marked.sections)
    return dataclasses.replace(marked, sections=untitled, toc=())


def annotated(qtbot: QtBot, window: MainWindow) -> list[str]:
    """A highlight with a note and a bookmark at section 1,234; the list's rows."""
    window.jump_to(PLACE)
    view = window.reader.epub_view
    qtbot.waitUntil(lambda: view.current_start().section == PLACE.section)
    drag_over_first_line(qtbot, view, view.current_start().block)
    menu_action(view, "highlight_yellow").trigger()
    controller = window.aids.annotations
    [highlight] = controller.highlights()
    controller.set_note(highlight.annotation_id, "wichtig")
    controller.toggle_bookmark()
    return annotated_rows(window)


def test_the_annotations_list_says_its_rows_in_german_with_german_digits(
    qtbot: QtBot, library_home: Path, speaking: None
) -> None:
    window = started_in(qtbot, library_home, "de")
    show_book(window, untitled_book())
    rows = annotated(qtbot, window)
    bookmark = next(row for row in rows if row.startswith("Lesezeichen: "))
    highlight = next(row for row in rows if row.startswith("„"))
    assert bookmark.endswith("\nAbschnitt 1.234 · 95 %"), bookmark
    assert "“\nNotiz: wichtig\nAbschnitt 1.234 · 95 %" in highlight, highlight
    install_language("en")
    controller = window.aids.annotations
    [highlight_made] = controller.highlights()
    controller.set_note(highlight_made.annotation_id, "wichtig")  # listed again, now in English
    rows = annotated_rows(window)
    assert any(row.startswith("Bookmark: ") and row.endswith("\nSection 1,234 · 95%")
               for row in rows), rows
    assert any("”\nNote: wichtig\nSection 1,234 · 95%" in row for row in rows), rows


def annotated_rows(window: MainWindow) -> list[str]:
    dock = window.aids.annotations.dock
    return [dock.list.item(row).text() for row in range(dock.list.count())]


def test_how_far_the_assistant_and_a_character_know_is_said_in_german(
    qtbot: QtBot, library_home: Path, speaking: None
) -> None:
    window = started_in(qtbot, library_home, "de")
    book = untitled_book()
    show_book(window, book)
    window.reader.set_boundary_by_hand(boundary=PLACE, finished=False)
    window.assistant_action.trigger()
    header = window.assistant_panel.header
    qtbot.waitUntil(lambda: "Abschnitt" in header.text())
    assert header.text() == "Kennt bis: Abschnitt 1.234 (95 %)"
    chat = window.character_chat
    chat.talk_to(1, "Anna")
    assert chat.header.text() == "Gespräch mit Anna · kennt bis Abschnitt 1.234 (95 %)"
    window.xray_action.trigger()
    qtbot.waitUntil(lambda: window.xray_dock.header.text() == (
        "Kennt bis: Abschnitt 1.234 (95 %)"), timeout=20_000)

    window.reader.set_boundary_by_hand(boundary=book.end_locator(), finished=True)
    qtbot.waitUntil(lambda: header.text() == "Kennt bis: das Ende (100 %)")
    window.close()


def test_the_command_line_says_how_far_in_english(speaking: None) -> None:
    install_language("de")  # the window's language is not the command line's
    book = untitled_book()
    state = ReadingState(book.book_id, PLACE, PLACE, 0.95, False)
    assert knows_up_to(book, state) == "Section 1,234 (95%)"
    assert knows_up_to(book, None) == "nothing yet"
    end = ReadingState(book.book_id, book.end_locator(), book.end_locator(), 1.0, True)
    assert knows_up_to(book, end) == "the end (100%)"


def test_an_english_window_keeps_its_words(
    qtbot: QtBot, library_home: Path, speaking: None
) -> None:
    window = started_in(qtbot, library_home, "en")
    show_book(window, untitled_book())
    window.reader.set_boundary_by_hand(boundary=PLACE, finished=False)
    window.assistant_action.trigger()
    header = window.assistant_panel.header
    qtbot.waitUntil(lambda: "Section" in header.text())
    assert header.text() == "Knows up to: Section 1,234 (95%)"

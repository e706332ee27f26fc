"""The reading-ahead offer: "Not now" holds, and skipping the front matter is not reading ahead."""

from __future__ import annotations

import dataclasses

from pytestqt.qtbot import QtBot

from reader_app.books.model import Book, Locator, TocEntry
from reader_app.books.shelf.reading import body_start, reading_offset
from reader_app.ui.window.main_window import MainWindow
from tests.bookgen import marker_book
from tests.ui.conftest import show_book


def boundary_offset(window: MainWindow, book: Book) -> int:
    state = window.recorded_reading_state(book.book_id)
    assert state is not None
    return reading_offset(book, state.boundary)


def with_front_matter(book: Book) -> Book:
    names = ("Titlepage", "Imprint")
    toc = tuple(
        TocEntry(names[i], entry.target) if i < len(names) else entry
        for i, entry in enumerate(book.toc)
    )
    return dataclasses.replace(book, toc=toc)


def test_not_now_really_dismisses_the_offer(qtbot: QtBot, window: MainWindow) -> None:
    book = marker_book()
    show_book(window, book)
    view, banner = window.reader.epub_view, window.reader.banner
    window.jump_to(Locator(2, 5, 0))
    view.next_page()
    assert banner.isVisible()
    banner.dismiss_button.click()
    assert not banner.isVisible()
    for _ in range(3):
        view.next_page()
        assert not banner.isVisible(), "the offer came back after “Not now”"
    window.set_appearance(window.appearance.bigger())
    window.resize(700, 600)
    qtbot.wait(1)
    view.relayout_now()
    assert not banner.isVisible(), "a relayout brought the offer back"
    # A new jump ahead is a new situation: the offer may come again.
    window.jump_to(Locator(3, 2, 0))
    view.next_page()
    assert banner.isVisible()


def test_skipping_the_front_matter_is_not_reading_ahead(
    qtbot: QtBot, window: MainWindow
) -> None:
    book = with_front_matter(marker_book())
    assert body_start(book) == Locator(2, 0, 0)
    show_book(window, book)
    view, banner = window.reader.epub_view, window.reader.banner
    window.jump_to(book.toc[2].target)  # from the title page straight to Chapter 3
    view.next_page()
    assert not banner.isVisible()
    assert boundary_offset(window, book) == reading_offset(book, view.current_end())
    # Skipping into the story itself still is reading ahead.
    window.jump_to(Locator(3, 5, 0))
    view.next_page()
    assert banner.isVisible()


def test_the_book_title_as_a_contents_entry_is_front_matter() -> None:
    book = marker_book(title="Chapter 1")
    assert body_start(book) == Locator(1, 0, 0)
    assert body_start(marker_book()) == Locator(0, 0, 0)


def test_skipping_alices_prefatory_poem_and_frontispiece_is_not_reading_ahead(
    qtbot: QtBot, window: MainWindow
) -> None:
    from tests.conftest import ALICE, corpus_epub
    from tests.ui.conftest import open_file

    book = open_file(qtbot, window, corpus_epub(ALICE))
    chapter_one = next(
        item.target for entry in book.toc for _d, item in entry.walk()
        if item.title.startswith("I:")
    )
    assert body_start(book) == chapter_one
    view, banner = window.reader.epub_view, window.reader.banner
    window.toc_dock.jumpRequested.emit(chapter_one)  # through Contents, from the title page
    view.next_page()
    view.next_page()
    assert not banner.isVisible(), "the offer nags after skipping only the front matter"
    assert boundary_offset(window, book) == reading_offset(book, view.current_end())


def test_the_offer_and_a_notice_lie_over_the_bar_and_resize_nothing(
    qtbot: QtBot, window: MainWindow
) -> None:
    show_book(window, marker_book())
    reader, view = window.reader, window.reader.epub_view
    slider_width, page = reader.slider.width(), view.geometry()
    window.jump_to(Locator(2, 5, 0))
    view.next_page()
    assert reader.banner.isVisible()
    reader.mark_read_here()  # "Marked as read up to … · Undo"
    assert reader.notice.isVisible()
    qtbot.wait(10)
    assert reader.slider.width() == slider_width, "the notice shrank the progress bar"
    assert view.geometry() == page, "the notice moved the page"
    footer = reader.notice.parentWidget()
    assert footer is not None and footer.rect().contains(reader.notice.geometry())
    window.grab().save(str(window.home / "footer.png"))

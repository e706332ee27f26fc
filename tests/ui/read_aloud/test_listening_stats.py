"""Listening is counted apart from reading: what Read aloud says in full is added up per book
(time, words, sentences), written behind through the writer, shown in the place line's tooltip
and the book's details; the pages the voice turns never feed the reading speed."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from reader_app.books.shelf.listening import listened_to, listening_text
from reader_app.books.shelf.reading import Navigation
from reader_app.ui.aids.book_details import BookDetails
from reader_app.ui.read_aloud.listening_log import WRITE_EVERY
from tests.bookgen import marker_book
from tests.ui.conftest import UiThreadWrites, make_window, show_book
from tests.ui.library.test_library_in_window import action
from tests.ui.read_aloud.test_read_aloud import scripted, visible_sentences


def test_listening_is_counted_apart_from_reading_and_written_behind(
    qtbot: QtBot, library_home: Path, ui_thread_writes: UiThreadWrites
) -> None:
    window = make_window(qtbot, library_home)
    book = marker_book(chapters=1, paragraphs=30, sentences=4)
    show_book(window, book)
    place = window.aids.place_line
    samples_before = list(place.speed.samples)
    count = len(visible_sentences(window))
    aloud, voice = scripted(window, ms_per_text=40)
    turns: list[Navigation] = []
    window.reader.epub_view.pageShown.connect(lambda shown: turns.append(shown.navigation))
    ui_thread_writes.arm()
    aloud.play_pause()
    qtbot.waitUntil(lambda: len(voice.heard) >= max(count + 3, WRITE_EVERY + 2), timeout=20_000)
    aloud.stop()
    heard = voice.heard
    total = aloud.log.total
    assert total.sentences == len(heard), "every sentence said in full, and only those"
    assert total.words == sum(len(text.split()) for text in heard)
    assert 0.03 * len(heard) <= total.seconds <= 2.0 * len(heard), "the time the voice spoke"
    assert Navigation.VOICE in turns, "the voice turned pages"
    assert list(place.speed.samples) == samples_before, "…which never count as reading speed"

    assert window.writer.flush()
    assert ui_thread_writes.found == [], "written by the writer, not on the UI thread"
    stored = listened_to(window.library.conn, book.book_id)
    assert stored.sentences == total.sentences and stored.words == total.words

    # Shown where the reading speed is: the place line's tooltip, and the book's details.
    window.reader.epub_view.next_page()
    tooltip = window.status_position.toolTip()
    assert "characters a minute" in tooltip
    assert f"Listening, counted apart from reading: {listening_text(total)}." in tooltip
    window.show_library()
    action(window.library_view.book_menu(book.book_id), "libraryDetails").trigger()
    dialog = window.findChild(BookDetails)
    assert isinstance(dialog, BookDetails)
    assert dict(dialog.rows)["Listened (Read aloud)"] == listening_text(total)
    dialog.close()
    window.close()


def test_the_readers_turn_on_from_a_page_the_voice_turned_to_is_not_timed_as_reading(
    qtbot: QtBot, library_home: Path
) -> None:
    window = make_window(qtbot, library_home)
    show_book(window, marker_book(chapters=1, paragraphs=30, sentences=4))
    place = window.aids.place_line
    now = [1_000.0]
    place.clock = lambda: now[0]
    samples_before = list(place.speed.samples)
    aloud, _voice = scripted(window, ms_per_text=20)
    turns: list[Navigation] = []
    window.reader.epub_view.pageShown.connect(lambda shown: turns.append(shown.navigation))
    aloud.play_pause()
    qtbot.waitUntil(lambda: Navigation.VOICE in turns, timeout=20_000)
    aloud.stop()
    now[0] += 60.0  # a minute listening to that page, then the reader turns on by hand
    window.reader.epub_view.next_page()
    assert turns[-1] == Navigation.TURN_FORWARD
    assert list(place.speed.samples) == samples_before, "the minute was the voice's, not reading"
    window.close()

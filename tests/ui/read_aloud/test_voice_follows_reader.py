"""Read aloud follows the reader, in the window with the scripted voice: a page turned, a jump
(Go To, a search hit) or a comic's page turned while reading or paused moves the voice to the
first sentence of the page now shown; the voice never takes the page back; and the question
asked before listening ahead of the assistant is asked whenever it applies."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from reader_app.books.model import Locator
from reader_app.books.shelf.reading import Navigation
from reader_app.books.text.spoken import SpokenSentence
from reader_app.ui.read_aloud.comic_pages import ocr_page_reader
from reader_app.ui.reader.page_view import PageShown
from reader_app.ui.window.main_window import MainWindow
from tests.bookgen import marker_book
from tests.ui.aids.test_find_in_book import search
from tests.ui.conftest import make_window, open_file, show_book
from tests.ui.read_aloud.test_comic_aloud import PageEngine, comic
from tests.ui.read_aloud.test_read_aloud import scripted, visible_sentences
from tests.ui.window.test_go_to_and_sizes import go_to


def record_moves(window: MainWindow) -> list[PageShown]:
    shown: list[PageShown] = []
    window.reader.view.pageShown.connect(shown.append)
    return shown


def said_after(voice: object, count: int) -> list[str]:
    return list(voice.said[count:])  # type: ignore[attr-defined]


def test_turning_the_page_while_reading_moves_the_voice_there_and_keeps_the_spread(
    qtbot: QtBot, library_home: Path
) -> None:
    window = make_window(qtbot, library_home, size=(1400, 800))
    show_book(window, marker_book(chapters=2, paragraphs=40, sentences=4))
    view = window.reader.epub_view
    assert view.is_spread()
    aloud, voice = scripted(window, ms_per_text=40)
    first_page = [s.text for s in visible_sentences(window)]
    aloud.play_pause()
    qtbot.waitUntil(lambda: len(voice.heard) >= 2, timeout=5000)
    said = len(voice.said)
    qtbot.keyClick(view, Qt.Key.Key_Right)  # the reader turns on before the voice is there
    turned_to, page = view.current_start(), view.page_index
    on_new_page = [s.text for s in visible_sentences(window)]
    assert on_new_page[0] not in first_page
    moves = record_moves(window)
    qtbot.waitUntil(lambda: len(voice.heard) >= said + 3, timeout=5000)
    assert said_after(voice, said)[0] == on_new_page[0], "the voice went to the page shown"
    assert not set(said_after(voice, said)) & set(first_page[2:]), "nothing said unseen"
    current = aloud.current
    assert isinstance(current, SpokenSentence)
    assert view.current_start() <= current.start < view.current_end(), "what is said is shown"
    assert (view.page_index, view.current_start()) == (page, turned_to), "the page stayed"
    assert all(m.navigation == Navigation.VOICE and m.start > turned_to for m in moves), (
        "the voice only ever turned forward")
    aloud.stop()

    # Back a page while it reads: the voice goes back too, to that page's first sentence.
    aloud.play_pause()
    qtbot.waitUntil(lambda: voice.speaking is not None, timeout=5000)
    said = len(voice.said)
    qtbot.keyClick(view, Qt.Key.Key_Left)
    back_page = [s.text for s in visible_sentences(window)]
    qtbot.waitUntil(lambda: len(voice.said) > said, timeout=5000)
    assert said_after(voice, said)[0] == back_page[0]
    aloud.stop()
    window.close()


def test_go_to_while_paused_moves_the_voice_and_resuming_asks_first(
    qtbot: QtBot, window: MainWindow
) -> None:
    show_book(window, marker_book(chapters=4, paragraphs=30, sentences=4))
    view, reader = window.reader.epub_view, window.reader
    assert reader.state is not None
    held = reader.state.boundary
    aloud, voice = scripted(window, ms_per_text=40)
    aloud.play_pause()
    qtbot.waitUntil(lambda: len(voice.heard) >= 2, timeout=5000)
    aloud.play_pause()
    assert aloud.paused
    said = len(voice.said)
    go_to(qtbot, window, "50%")
    there = view.current_start()
    first_there = visible_sentences(window)[0].text
    assert there.section == 2, there
    assert aloud.paused and len(voice.said) == said, "still paused, nothing said"
    aloud.play_pause()  # resume: ahead of what the assistant knows, so asked first
    bar = aloud.bar
    assert bar.question.isVisible() and len(voice.said) == said, "asked before speaking"
    bar.just_listen_button.click()
    qtbot.waitUntil(lambda: len(voice.heard) >= said + 3, timeout=5000)
    assert said_after(voice, said)[0] == first_there
    assert all("mk00" not in text for text in said_after(voice, said)), "nothing of Chapter 1"
    assert view.current_start() >= there, "the view was not taken back"
    assert reader.state.boundary == held, "just listening ahead reads nothing"
    aloud.stop()


def test_a_jump_ahead_while_reading_asks_before_the_voice_goes_on(
    qtbot: QtBot, window: MainWindow
) -> None:
    show_book(window, marker_book(chapters=3, paragraphs=30, sentences=4))
    aloud, voice = scripted(window, ms_per_text=40)
    aloud.play_pause()
    qtbot.waitUntil(lambda: len(voice.heard) >= 2, timeout=5000)
    window.jump_to(Locator(2, 5, 0))
    first_there = visible_sentences(window)[0].text
    said = len(voice.said)
    qtbot.wait(200)
    assert aloud.bar.question.isVisible() and len(voice.said) == said, "asked, silent meanwhile"
    aloud.bar.count_button.click()
    qtbot.waitUntil(lambda: len(voice.heard) >= 4, timeout=5000)
    assert voice.said[said] == first_there, "from the page jumped to"
    aloud.stop()


def test_a_search_hit_gone_to_while_reading_moves_the_voice_to_it(
    qtbot: QtBot, window: MainWindow
) -> None:
    show_book(window, marker_book(chapters=2, paragraphs=30, sentences=4))
    view = window.reader.epub_view
    for _ in range(3):
        view.next_page()  # read on: the first pages are within what the assistant knows
    aloud, voice = scripted(window, ms_per_text=40)
    aloud.play_pause()
    qtbot.waitUntil(lambda: len(voice.heard) >= 2, timeout=5000)
    search(qtbot, window, "Sentence mk000100")
    qtbot.waitUntil(lambda: len(window.finder.hits) == 1, timeout=30_000)
    said = len(voice.said)
    window.search_dock.next_button.click()
    assert view.current_start().section == 0 and view.current_start().block <= 1
    first_there = visible_sentences(window)[0].text
    qtbot.waitUntil(lambda: len(voice.said) > said, timeout=5000)
    assert not aloud.bar.question.isVisible(), "read already: nothing to ask"
    assert said_after(voice, said)[0] == first_there
    aloud.stop()


def test_a_comic_page_turned_while_reading_moves_the_voice_to_it(
    qtbot: QtBot, library_home: Path, tmp_path: Path
) -> None:
    window = make_window(qtbot, library_home, size=(700, 900))
    open_file(qtbot, window, comic(tmp_path))
    view = window.reader.comic_view
    aloud, voice = scripted(window, ms_per_text=300)
    aloud.read_comic_pages = ocr_page_reader(window.home, engine=PageEngine)
    aloud.play_pause()
    qtbot.waitUntil(lambda: voice.speaking == "Where is the dragon?", timeout=10_000)
    qtbot.keyClick(view, Qt.Key.Key_End)  # to page 3 while page 1 is read
    assert view.current_pages() == (2,)
    qtbot.waitUntil(lambda: not aloud.playing, timeout=10_000)
    assert voice.said == ["Where is the dragon?", "The snowy road goes north."]
    assert view.current_pages() == (2,), "never taken back to page 1"
    window.close()

"""Read aloud in the window, with the scripted voice: sentences in reading order from the first on
screen, the spoken one marked, pages turned by the voice, Pause and Resume, the boundary moved
only over sentences heard in full, note markers unsaid, and a clear word when there is no voice."""

from __future__ import annotations

import dataclasses
import enum
import types
from pathlib import Path

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QMenu, QMessageBox
from pytestqt.qtbot import QtBot

from reader_app.books.model import Locator
from reader_app.books.shelf.library import Library
from reader_app.books.shelf.reading import Navigation
from reader_app.books.text.spoken import SpokenSentence, section_sentences
from reader_app.rag.assistant.answer_check import AnswerCheck, Flag, FlaggedSpan, Receipt
from reader_app.rag.assistant.conversations import AnswerStats, Message
from reader_app.ui.assistant.conversation_dock import ConversationDock
from reader_app.ui.read_aloud.bar import BAR_TEXT_WIDTH, ReadAloudBar
from reader_app.ui.read_aloud.player import HEADING_PAUSE_MS, ReadAloud
from reader_app.ui.read_aloud.replies import ReplyReading
from reader_app.ui.read_aloud.sources import reply_to_speak
from reader_app.ui.read_aloud.speech import NoSpeech, Voice, find_speaker
from reader_app.ui.window.main_window import MainWindow
from tests.bookgen import marker_book
from tests.conftest import WAR_AND_PEACE, corpus_epub
from tests.fakes.scripted_speaker import ScriptedSpeaker
from tests.ui.aids.test_footnotes import point_of
from tests.ui.conftest import UiThreadWrites, make_window, open_file, show_book


def scripted(window: MainWindow, **options: object) -> tuple[ReadAloud, ScriptedSpeaker]:
    aloud = window.aids.read_aloud
    made: list[ScriptedSpeaker] = []

    def factory(parent: QObject) -> ScriptedSpeaker:
        made.append(ScriptedSpeaker(parent, **options))  # type: ignore[arg-type]
        return made[0]

    aloud.voice.use(factory)
    aloud.ensure_speaker()
    return aloud, made[0]


def visible_sentences(window: MainWindow) -> list[SpokenSentence]:
    view = window.reader.epub_view
    start, end = view.current_start(), view.current_end()
    assert window.book is not None
    return [s for s in section_sentences(window.book, start.section)
            if s.end > start and s.start < end]


def test_sentences_are_spoken_in_reading_order_from_the_first_on_screen(
    qtbot: QtBot, window: MainWindow
) -> None:
    show_book(window, marker_book(chapters=2, paragraphs=30, sentences=4))
    window.reader.view.next_page()  # read on a page: the boundary follows
    aloud, voice = scripted(window)
    expected = [s.text for s in visible_sentences(window)]
    first_on_screen = expected[0]
    window.findChild(QObject, "actionReadAloud").trigger()  # type: ignore[union-attr]
    qtbot.waitUntil(lambda: len(voice.heard) >= 5, timeout=5000)
    assert voice.said[0] == first_on_screen
    assert voice.heard[:5] == expected[:5], "in reading order, one after another"
    assert aloud.playing


def orange_pixels(window: MainWindow, place: Locator) -> int:
    """How many pixels of the speaking mark's colour lie around `place`'s line on screen."""
    view = window.reader.epub_view
    image = view.grab().toImage()
    point = point_of(view, place)
    count = 0
    for x in range(max(point.x() - 4, 0), min(point.x() + 120, image.width())):
        for y in range(max(point.y() - 6, 0), min(point.y() + 6, image.height())):
            colour = image.pixelColor(x, y)
            count += colour.red() > 200 and colour.blue() < 170 and colour.green() < 225
    return count


def test_the_marked_sentence_is_the_one_being_spoken(qtbot: QtBot, window: MainWindow) -> None:
    show_book(window, marker_book(chapters=1, paragraphs=20, sentences=4))
    aloud, voice = scripted(window, ms_per_text=150)
    aloud.play_pause()
    seen = 0
    while seen < 3:
        qtbot.waitUntil(lambda: voice.speaking is not None, timeout=2000)
        current = aloud.current
        assert current is not None and voice.speaking == current.text
        later = [s for s in visible_sentences(window) if s.start.block > current.start.block + 1]
        assert orange_pixels(window, current.start) > 20, "the sentence spoken is marked"
        assert orange_pixels(window, later[0].start) == 0, "and no other"
        heard = len(voice.heard)
        qtbot.waitUntil(lambda h=heard: len(voice.heard) > h, timeout=2000)
        seen += 1
    aloud.stop()
    qtbot.waitUntil(lambda: orange_pixels(window, current.start) == 0, timeout=2000)


def test_the_page_turns_when_the_spoken_sentence_leaves_it(
    qtbot: QtBot, window: MainWindow
) -> None:
    show_book(window, marker_book(chapters=1, paragraphs=30, sentences=4))
    view = window.reader.epub_view
    aloud, voice = scripted(window, ms_per_text=5)
    on_first_page = visible_sentences(window)
    turns: list[Navigation] = []
    view.pageShown.connect(lambda shown: turns.append(shown.navigation))
    aloud.play_pause()
    qtbot.waitUntil(lambda: len(voice.heard) > len(on_first_page), timeout=10_000)
    current = aloud.current
    assert current is not None
    assert view.page_index >= 1, "the voice turned the page"
    assert view.current_start() <= current.start < view.current_end(), "to the sentence it says"
    assert turns and set(turns) == {Navigation.VOICE}, "turned by the voice, not as a jump"
    aloud.stop()


def test_a_spread_turns_both_pages_at_once(qtbot: QtBot, library_home: Path) -> None:
    window = make_window(qtbot, library_home, size=(1400, 800))
    show_book(window, marker_book(chapters=1, paragraphs=40, sentences=4))
    view = window.reader.epub_view
    assert view.is_spread()
    aloud, voice = scripted(window, ms_per_text=5)
    count = len(visible_sentences(window))
    page = view.page_index
    aloud.play_pause()
    qtbot.waitUntil(lambda: len(voice.heard) > count, timeout=10_000)
    assert view.page_index == page + 2, "both pages of the spread turned"
    current = aloud.current
    assert current is not None and view.current_start() <= current.start < view.current_end()
    window.close()


def test_pause_and_resume_go_on_with_the_same_sentence(qtbot: QtBot, window: MainWindow) -> None:
    show_book(window, marker_book(chapters=1, paragraphs=10, sentences=4))
    aloud, voice = scripted(window, ms_per_text=80)
    aloud.play_pause()
    qtbot.waitUntil(lambda: len(voice.heard) >= 2, timeout=5000)
    qtbot.wait(20)
    paused_on = aloud.current
    heard = len(voice.heard)
    aloud.play_pause()
    assert aloud.paused and voice.events[-1] == "pause"
    qtbot.wait(250)  # longer than a sentence: nothing finishes while paused
    assert len(voice.heard) == heard and aloud.current == paused_on
    aloud.play_pause()
    assert voice.events[-1] == "resume"
    qtbot.waitUntil(lambda: len(voice.heard) > heard, timeout=5000)
    assert paused_on is not None and voice.heard[heard] == paused_on.text
    assert voice.said.count(paused_on.text) == 1, "resumed, not said again"


def test_a_sentence_that_ends_as_pause_comes_counts_and_resume_says_the_next(
    qtbot: QtBot, window: MainWindow
) -> None:
    show_book(window, marker_book(chapters=1, paragraphs=10, sentences=4))
    aloud, voice = scripted(window, ms_per_text=60, late_pause=True)
    aloud.play_pause()
    qtbot.waitUntil(lambda: len(voice.heard) >= 2 and voice.speaking is not None, timeout=5000)
    in_hand = aloud.current
    aloud.play_pause()
    qtbot.waitUntil(lambda: aloud.current != in_hand, timeout=2000)  # it ended, paused
    assert in_hand is not None and voice.heard[-1] == in_hand.text
    said = len(voice.said)
    qtbot.wait(200)
    assert len(voice.said) == said, "nothing begun while paused"
    aloud.play_pause()
    qtbot.waitUntil(lambda: len(voice.heard) > said, timeout=2000)
    order = [s.text for s in section_sentences(window.book, 0)]  # type: ignore[arg-type]
    assert voice.heard[said] == order[order.index(in_hand.text) + 1], "the next, none skipped"
    assert voice.said.count(in_hand.text) == 1
    aloud.stop()


def test_a_pause_in_the_breath_after_a_heading_resumes_with_the_text(
    qtbot: QtBot, window: MainWindow
) -> None:
    show_book(window, marker_book(chapters=1, paragraphs=3, sentences=2))
    aloud, voice = scripted(window, ms_per_text=10)
    aloud.play_pause()
    qtbot.waitUntil(lambda: voice.heard == ["Chapter 1"], timeout=2000)
    aloud.play_pause()  # in the pause after the heading
    qtbot.wait(HEADING_PAUSE_MS + 100)
    assert voice.said == ["Chapter 1"], "nothing begun while paused"
    aloud.play_pause()
    qtbot.waitUntil(lambda: len(voice.heard) == 2, timeout=2000)
    assert "mk000000" in voice.heard[1]
    aloud.stop()


def test_the_boundary_moves_only_over_sentences_heard_in_full_and_never_back(
    qtbot: QtBot, window: MainWindow
) -> None:
    show_book(window, marker_book(chapters=1, paragraphs=30, sentences=4))
    reader = window.reader
    assert reader.state is not None
    first_page_end = reader.state.boundary  # the open page is read
    aloud, voice = scripted(window, ms_per_text=15)
    boundaries: list[Locator] = []
    reader.boundaryChanged.connect(lambda state: boundaries.append(state.boundary))
    count = len(visible_sentences(window))
    aloud.play_pause()
    qtbot.waitUntil(lambda: len(voice.heard) >= count + 3, timeout=10_000)
    aloud.stop()
    assert boundaries, "listening on moved the boundary"
    assert boundaries == sorted(boundaries) and boundaries[0] > first_page_end
    heard_ends = {s.end for s in section_sentences(window.book, 0)  # type: ignore[arg-type]
                  if s.text in voice.heard}
    assert set(boundaries) <= heard_ends, "only ever to the end of a sentence heard in full"
    # The page the voice turned to is on screen, but only what was heard counts.
    assert reader.state.boundary < reader.epub_view.current_end()
    assert reader.state.boundary == max(boundaries)
    assert window.writer.flush()
    stored = Library(window.library.conn, window.home).reading_state(reader.state.book_id)
    assert stored is not None and stored.boundary == reader.state.boundary

    # Going back and hearing again what was read never lowers it.
    before = reader.state.boundary
    window.jump_to(Locator(0, 1, 0))
    aloud.play_pause()
    qtbot.waitUntil(lambda: len(voice.heard) >= count + 6, timeout=10_000)
    aloud.stop()
    assert reader.state.boundary == before


def test_a_sentence_cut_short_does_not_count(qtbot: QtBot, window: MainWindow) -> None:
    show_book(window, marker_book(chapters=1, paragraphs=30, sentences=4))
    reader = window.reader
    count = len(visible_sentences(window))
    aloud, voice = scripted(window, ms_per_text=15)
    aloud.play_pause()
    qtbot.waitUntil(lambda: len(voice.heard) >= count + 1, timeout=10_000)
    qtbot.waitUntil(lambda: voice.speaking is not None, timeout=2000)
    assert reader.state is not None
    held = reader.state.boundary
    cut = aloud.current
    aloud.next_sentence()  # the sentence being said is skipped, not heard
    qtbot.waitUntil(lambda: len(voice.heard) >= count + 3, timeout=10_000)
    aloud.stop()
    assert cut is not None and cut.text not in voice.heard
    assert reader.state.boundary == held, "nothing after a sentence not heard counts"


def test_footnote_markers_are_not_spoken(qtbot: QtBot, window: MainWindow) -> None:
    book = open_file(qtbot, window, corpus_epub(WAR_AND_PEACE))
    block = book.sections[7].blocks[1]
    [span] = [s for s in block.spans if s.target is not None and s.superscript]
    marker = block.text[span.start : span.end]
    window.jump_to(Locator(7, 1, 0))
    aloud, voice = scripted(window, ms_per_text=5)
    aloud.play_pause()
    ahead = window.aids.read_aloud.bar.question
    if not ahead.isHidden():  # a jump ahead: asked first
        window.aids.read_aloud.bar.just_listen_button.click()
    sentences = [s for s in section_sentences(book, 7) if s.start.block == 1]
    with_marker = next(s for s in sentences if s.start.char <= span.start < s.end.char)
    qtbot.waitUntil(lambda: with_marker.text in voice.heard, timeout=20_000)
    aloud.stop()
    original = block.text[with_marker.start.char : with_marker.end.char]
    assert marker in original and marker.strip().isdigit()
    assert with_marker.text == original.replace(marker, "").replace("  ", " ").strip()


def test_starting_after_a_jump_ahead_asks_first(qtbot: QtBot, window: MainWindow) -> None:
    show_book(window, marker_book(chapters=3, paragraphs=30, sentences=4))
    reader = window.reader
    assert reader.state is not None
    held = reader.state.boundary
    window.jump_to(Locator(2, 5, 0))
    aloud, voice = scripted(window, ms_per_text=10)
    aloud.play_pause()
    bar = aloud.bar
    assert bar.question.isVisible() and voice.said == [], "asked before speaking"
    bar.just_listen_button.click()
    qtbot.waitUntil(lambda: len(voice.heard) >= 3, timeout=5000)
    assert reader.state.boundary == held, "just listening ahead reads nothing"
    aloud.stop()

    aloud.play_pause()
    assert bar.question.isVisible()
    bar.count_button.click()
    start = reader.state.boundary
    assert start > held
    qtbot.waitUntil(lambda: len(voice.heard) >= 6, timeout=5000)
    aloud.stop()
    assert reader.state.boundary > start, "counted from here on"


def test_no_voice_says_why_and_what_to_install(qtbot: QtBot, window: MainWindow) -> None:
    def no_module(name: str) -> object:
        raise ImportError(name)

    said = find_speaker(import_module=no_module, platform="linux")
    assert isinstance(said, NoSpeech)
    assert "PySide6-Addons" in said.reason and "espeak-ng" in said.reason
    show_book(window, marker_book(chapters=1, paragraphs=3, sentences=2))
    aloud = window.aids.read_aloud
    aloud.voice.use(lambda parent: said)
    action = window.findChild(QObject, "actionReadAloud")
    assert action is not None and action.isEnabled(), "never a dead button"  # type: ignore
    action.trigger()  # type: ignore[attr-defined]
    assert aloud.bar.isVisible() and not aloud.playing
    assert aloud.bar.text == said.reason and aloud.bar.label.toolTip() == said.reason
    box = window.findChild(QMessageBox, "readAloudNoVoice")
    assert isinstance(box, QMessageBox) and box.isVisible()
    assert box.text() == said.reason, "the whole reason, with what to install"
    width = window.minimumSizeHint().width()
    assert aloud.bar.label.width() <= BAR_TEXT_WIDTH and width < 900, "the window not widened"
    box.close()


def test_the_books_language_picks_the_voice_and_the_menu_lists_its_voices(
    qtbot: QtBot, window: MainWindow
) -> None:
    book = marker_book(chapters=1, paragraphs=3, sentences=2)
    show_book(window, dataclasses.replace(
        book, metadata=dataclasses.replace(book.metadata, language="fr-CA")))
    voices = (Voice("Alba", "en"), Voice("Amélie", "fr"), Voice("Béatrice", "fr"))
    aloud, voice = scripted(window, voices=voices)
    assert voice.language == "fr-CA" and voice.voice == "Amélie", "the language's first"
    menu = window.findChild(QMenu, "readAloudVoices")
    assert isinstance(menu, QMenu)
    menu.aboutToShow.emit()
    assert [a.text() for a in menu.actions() if a.isCheckable()] == ["Amélie", "Béatrice"]
    menu.actions()[1].trigger()
    assert voice.voice == "Béatrice"
    aloud.faster()
    aloud.faster()
    assert voice.rate == 0.2
    assert window.writer.flush()
    assert window.settings.get("read_aloud.rate") == 0.2, "kept for next time"
    assert window.settings.get("read_aloud.voice") == "Béatrice"

    # Next time (a new Read aloud on the same settings): the speed and the voice chosen, where
    # the book's language has that voice.
    later = ScriptedSpeaker(voices=voices)
    fresh = ReadAloud(window.reader, ReadAloudBar(), speaker_factory=lambda _parent: later,
                      settings=window.settings, parent=window.reader)
    assert fresh.ensure_speaker()
    assert later.rate == 0.2 and later.voice == "Béatrice"


def test_listening_writes_the_boundary_off_the_ui_thread(
    qtbot: QtBot, library_home: Path, ui_thread_writes: UiThreadWrites
) -> None:
    window = make_window(qtbot, library_home)
    show_book(window, marker_book(chapters=1, paragraphs=30, sentences=4))
    reader = window.reader
    assert reader.state is not None
    opened_at = reader.state.boundary
    count = len(visible_sentences(window))
    aloud, voice = scripted(window, ms_per_text=5)
    ui_thread_writes.arm()
    aloud.play_pause()
    qtbot.waitUntil(lambda: len(voice.heard) >= count + 3, timeout=10_000)
    aloud.stop()
    assert reader.state.boundary > opened_at
    assert window.writer.flush()
    assert ui_thread_writes.found == []
    stored = Library(window.library.conn, window.home).reading_state(reader.state.book_id)
    assert stored is not None and stored.boundary == reader.state.boundary
    window.close()


def test_a_reply_is_read_aloud_without_its_veiled_sentences(
    qtbot: QtBot, window: MainWindow
) -> None:
    text = "Emma is kind. Later she marries Mr. Knightley. She loves matchmaking."
    veiled = (text.index("Later"), text.index(" She loves"))
    flag = Flag("Mr. Knightley", text.index("Mr."), text.index("Knightley") + 9, 900,
                veiled[0], veiled[1])
    check = AnswerCheck(Receipt("Chapter 3", 2), (FlaggedSpan(flag, "Chapter 49"),))
    question = Message(1, 1, "user", "Who is Emma?", 10, "done", "", None, (), (),
                       AnswerStats(), 0.0)
    answer = dataclasses.replace(question, message_id=2, role="assistant", text=text,
                                 reply_to=1, check=check)
    assert reply_to_speak(answer) == "Emma is kind. She loves matchmaking."
    aloud, voice = scripted(window, ms_per_text=5)
    docks = window.findChildren(ConversationDock)
    assert len(docks) == 2, "the assistant's and the characters'"
    dock = window.assistant_panel
    dock._messages = [question, answer]
    [reading] = [r for r in window.aids.reply_reading if r.dock is dock]
    assert isinstance(reading, ReplyReading)
    menu = reading.menu()
    [action] = [a for a in menu.actions() if a.objectName() == "actionReadReplyAloud"]
    assert action.isEnabled()
    action.trigger()
    qtbot.waitUntil(lambda: not aloud.playing, timeout=5000)
    assert voice.heard == ["Emma is kind.", "She loves matchmaking."]
    assert all("Knightley" not in said for said in voice.said)

    dock._messages = [question]  # nothing said yet: nothing to read
    menu = reading.menu()
    [action] = [a for a in menu.actions() if a.objectName() == "actionReadReplyAloud"]
    assert not action.isEnabled()


def test_the_spoken_sentence_is_marked_on_a_spread_with_an_empty_last_page(
    qtbot: QtBot, library_home: Path
) -> None:
    window = make_window(qtbot, library_home, size=(1400, 800))
    view = window.reader.epub_view
    for paragraphs in range(3, 40):  # a chapter whose last spread has one page
        show_book(window, marker_book(chapters=2, paragraphs=paragraphs, sentences=4))
        doc = view.current_document()
        if doc is not None and doc.page_count % 2 == 1:
            break
    assert doc is not None and doc.page_count % 2 == 1 and view.is_spread()
    last_block = len(window.book.sections[0].blocks) - 1  # type: ignore[union-attr]
    window.jump_to(Locator(0, last_block, 0))
    assert view.page_index == doc.page_count - 1, "the spread's right-hand page is empty"
    aloud, voice = scripted(window, ms_per_text=40)
    aloud.play_pause()
    if not aloud.bar.question.isHidden():
        aloud.bar.just_listen_button.click()
    qtbot.waitUntil(lambda: voice.speaking is not None, timeout=2000)
    view.repaint()  # painting the mark must not fail on the page that is not there
    current = aloud.current
    assert current is not None and orange_pixels(window, current.start) > 20
    aloud.stop()
    window.close()


def test_an_engine_that_does_not_start_is_let_go_not_kept_for_each_try(qtbot: QtBot) -> None:
    class EngineState(enum.Enum):
        Ready = 0
        Error = 1

    class BrokenEngine(QObject):
        State = EngineState

        @staticmethod
        def availableEngines() -> list[str]:
            return ["speechd"]

        def state(self) -> EngineState:
            return EngineState.Error

        def errorString(self) -> str:
            return "Connection refused"

    module = types.SimpleNamespace(QTextToSpeech=BrokenEngine)
    parent = QObject()
    for _ in range(3):  # Play, then the Voice menu, then Play again
        said = find_speaker(parent, import_module=lambda _name: module, platform="linux")
        assert isinstance(said, NoSpeech) and "Connection refused" in said.reason
    assert parent.findChildren(BrokenEngine) == [], "no engine (nor its connection) left behind"


def test_a_chapter_of_many_formulas_is_split_on_a_worker_not_the_window(
    qtbot: QtBot, window: MainWindow, monkeypatch: object
) -> None:
    import threading

    from reader_app.books.model import Block, BlockKind, Span
    from reader_app.books.text import spoken

    # A chapter of thousands of tiny formulas (issue 38: 100,000 froze the window for 9-13 s
    # as Read aloud began): split by a worker, the window free meanwhile.
    pieces = ["x" for _ in range(3000)]
    text = " + ".join(pieces) + "."
    spans = tuple(Span(i * 4, i * 4 + 1, math=f"math/{i}.mml") for i in range(len(pieces)))
    book = marker_book(chapters=2, paragraphs=3, sentences=2)
    heavy = dataclasses.replace(book.sections[1], blocks=(
        *book.sections[1].blocks, Block(BlockKind.PARAGRAPH, text, spans=spans)))
    show_book(window, dataclasses.replace(book, sections=(book.sections[0], heavy)))
    window.jump_to(Locator(1, 0, 0))
    split_on: list[bool] = []
    real = spoken.section_sentences

    def recording(book_: object, section: int) -> tuple[SpokenSentence, ...]:
        if section == 1:
            split_on.append(threading.current_thread() is threading.main_thread())
        return real(book_, section)  # type: ignore[arg-type]

    monkeypatch.setattr(spoken, "section_sentences", recording)  # type: ignore[attr-defined]
    aloud, voice = scripted(window)
    aloud.play_pause()
    ahead = aloud.bar.question
    qtbot.waitUntil(lambda: bool(voice.said) or ahead.isVisible(), timeout=20_000)
    if ahead.isVisible():
        aloud.bar.just_listen_button.click()
    qtbot.waitUntil(lambda: bool(voice.said), timeout=20_000)
    aloud.stop()
    assert split_on and not any(split_on), "the chapter was split on the UI thread"

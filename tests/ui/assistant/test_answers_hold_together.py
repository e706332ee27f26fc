"""What the assistant panel shows of an answer holds together: Stop keeps the passages already on
screen, an inline "[2]" is a link in every answer that names a passage the model was given,
links are drawn again in a new theme's colours, and "Knows up to" fits the narrowest dock."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QTextCharFormat
from pytestqt.qtbot import QtBot

from reader_app.rag.assistant.conversations import ConversationStore, Message
from reader_app.settings import SettingsStore
from reader_app.ui.assistant.panel import AssistantPanel
from reader_app.ui.page.appearance import Appearance, apply_window_theme
from reader_app.ui.window.main_window import MainWindow
from tests.bookgen import marker_book
from tests.fakes.fake_ollama import FakeOllama, Reply, ScriptedReplies
from tests.fakes.marker_library import MarkerLibrary
from tests.ui.assistant.conftest import PanelFactory
from tests.ui.assistant.test_revealed_text_in_dark_theme import contrast
from tests.ui.conftest import show_book


def _messages(shelf: MarkerLibrary) -> list[Message]:
    store = ConversationStore(shelf.conn)
    conversation = store.latest_conversation(shelf.book.book_id)
    return [] if conversation is None else store.messages(conversation)


def _fragments(panel: AssistantPanel, text: str) -> list[QTextCharFormat]:
    """The character formats of every piece of the transcript that reads exactly `text`."""
    found = []
    block = panel.transcript.document().begin()
    while block.isValid():
        iterator = block.begin()
        while not iterator.atEnd():
            fragment = iterator.fragment()
            if fragment.text() == text:
                found.append(fragment.charFormat())
            iterator += 1
        block = block.next()
    return found


def _ask(qtbot: QtBot, panel: AssistantPanel, question: str) -> None:
    panel.ask(question)
    qtbot.waitUntil(lambda: not panel.running, timeout=20_000)


def test_stop_before_the_first_word_keeps_the_passages_shown(
    qtbot: QtBot, make_panel: PanelFactory, fake_ollama: FakeOllama, shelf: MarkerLibrary
) -> None:
    panel = make_panel()
    fake_ollama.reply_with(ScriptedReplies(answer=Reply("too late", token_delay=5.0)))
    panel.ask("Who carried the lantern?")
    qtbot.waitUntil(lambda: "most relevant passages" in panel.transcript.toPlainText(),
                    timeout=10_000)
    shown = panel.transcript.toPlainText()
    panel.stop()
    qtbot.waitUntil(lambda: len(_messages(shelf)) == 2, timeout=10_000)
    answer = _messages(shelf)[-1]
    assert answer.status == "stopped" and answer.citations
    assert answer.text.startswith("The most relevant passages from what you've read:")
    qtbot.waitUntil(lambda: "(stopped)" in panel.transcript.toPlainText(), timeout=5000)
    kept = panel.transcript.toPlainText()
    passages = shown[shown.index("[1]"):].strip()
    assert passages in kept, "the passages the reader saw are still there, marked stopped"
    assert answer.check is not None and not answer.check.receipt.from_model


def test_an_inline_number_links_in_a_follow_up_as_in_the_first_answer(
    qtbot: QtBot, make_panel: PanelFactory, fake_ollama: FakeOllama, shelf: MarkerLibrary
) -> None:
    # Passages from the whole text read (the chapter read along would be left out of them).
    SettingsStore(shelf.conn).set("assistant.read_along", False)
    panel = make_panel()
    fake_ollama.reply_with(ScriptedReplies(answer="Anna carried it to the mill [1][2]."))
    _ask(qtbot, panel, "Who carried the lantern?")
    fake_ollama.reply_with(ScriptedReplies(answer="As I said, Boris was there too [2]."))
    _ask(qtbot, panel, "And who else was there?")
    cited = _fragments(panel, "[2]")
    assert len(cited) == 2, "[2] in each answer"
    assert all(f.isAnchor() and f.anchorHref().startswith("cite:") for f in cited)
    assert cited[0].anchorHref() == cited[1].anchorHref(), "both name the same passage"


def test_answer_links_take_the_dark_themes_colours_when_it_is_chosen(
    qtbot: QtBot, make_panel: PanelFactory, fake_ollama: FakeOllama
) -> None:
    panel = make_panel()
    fake_ollama.reply_with(ScriptedReplies(answer="Anna carried it to the mill [1]."))
    _ask(qtbot, panel, "Who carried the lantern?")
    try:
        apply_window_theme(Appearance(theme="dark"))
        qtbot.wait(10)
        [link] = _fragments(panel, "[1]")
        background = panel.transcript.palette().base().color()
        colour: QColor = link.foreground().color()
        assert contrast(colour, background) >= 3.0, (
            f"{colour.name()} on {background.name()} is hard to read")
    finally:
        apply_window_theme(Appearance(theme="light"))


def test_knows_up_to_stays_on_one_line_at_the_docks_narrowest(
    qtbot: QtBot, window: MainWindow
) -> None:
    window.resize(1000, 700)
    show_book(window, marker_book())
    panel = window.assistant_panel
    window.assistant_action.trigger()
    qtbot.waitUntil(panel.isVisible)
    window.resizeDocks([panel], [1], Qt.Orientation.Horizontal)  # as narrow as it goes
    qtbot.waitUntil(lambda: panel.width() < 300)
    header = panel.header
    assert header.text().startswith("Knows up to: Chapter 1 (")
    assert header.height() < 2 * header.fontMetrics().lineSpacing(), (
        f"at {panel.width()} px the header is {header.height()} px tall")
    assert header.width() >= header.fontMetrics().horizontalAdvance(header.text())
    for button in (panel.new_button, panel.talk_button):
        assert button.isVisible() and button.width() >= button.sizeHint().width()
        assert button.geometry().right() <= panel.widget().width()
    # A longer place at a middling width: on its own row, not wrapped beside the buttons.
    window.resizeDocks([panel], [380], Qt.Orientation.Horizontal)
    qtbot.waitUntil(lambda: panel.width() >= 360)
    header.setText("Knows up to: Search for Mr. Hyde (12%)")
    qtbot.waitUntil(lambda: header.width() >= header.fontMetrics().horizontalAdvance(
        header.text()), timeout=2000)
    assert header.height() < 2 * header.fontMetrics().lineSpacing()

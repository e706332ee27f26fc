"""Any reply read aloud from a transcript's context menu (the one under the pointer, not only the
last), the sentence being said marked in the transcript and no other, veiled sentences never
said; with the scripted voice."""

from __future__ import annotations

import dataclasses

from PySide6.QtCore import QPoint
from PySide6.QtGui import QTextDocument
from pytestqt.qtbot import QtBot

from reader_app.rag.assistant.answer_check import AnswerCheck, Flag, FlaggedSpan, Receipt
from reader_app.rag.assistant.conversations import AnswerStats, Message
from reader_app.ui.read_aloud.replies import ReplyReading
from reader_app.ui.window.main_window import MainWindow
from tests.ui.read_aloud.test_read_aloud import scripted

FIRST = "Emma is kind. Later she marries Mr. Knightley. She loves matchmaking."
SECOND = "Harriet is her friend. They walk to Highbury."


def conversation() -> list[Message]:
    veiled = (FIRST.index("Later"), FIRST.index(" She loves"))
    flag = Flag("Mr. Knightley", FIRST.index("Mr."), FIRST.index("Knightley") + 9, 900,
                veiled[0], veiled[1])
    check = AnswerCheck(Receipt("Chapter 3", 2), (FlaggedSpan(flag, "Chapter 49"),))
    ask = Message(1, 1, "user", "Who is Emma?", 10, "done", "", None, (), (), AnswerStats(), 0.0)
    return [
        ask,
        dataclasses.replace(ask, message_id=2, role="assistant", text=FIRST, reply_to=1,
                            check=check),
        dataclasses.replace(ask, message_id=3, text="And Harriet?"),
        dataclasses.replace(ask, message_id=4, role="assistant", text=SECOND, reply_to=3),
    ]


def reading_for(window: MainWindow) -> ReplyReading:
    dock = window.assistant_panel
    dock._messages = conversation()
    dock._render_transcript()
    [reading] = [r for r in window.aids.reply_reading if r.dock is dock]
    return reading


def point_over(reading: ReplyReading, text: str) -> QPoint:
    transcript = reading.dock.transcript
    found = transcript.document().find(text, 0, QTextDocument.FindFlag.FindCaseSensitively)
    assert not found.isNull(), text
    return transcript.cursorRect(found).center()


def test_the_reply_under_the_pointer_is_read_without_its_veiled_sentences_and_marked(
    qtbot: QtBot, window: MainWindow
) -> None:
    window.assistant_panel.show()
    reading = reading_for(window)
    aloud, voice = scripted(window, ms_per_text=120)
    menu = reading.menu(point_over(reading, "She loves"))  # over the first reply, not the last
    [this] = [a for a in menu.actions() if a.objectName() == "actionReadThisReplyAloud"]
    marked: list[tuple[str, str]] = []
    # Connected after the transcript's own slot: the mark is there when the voice begins.
    aloud.queuedStarted.connect(lambda item: marked.append((item.text, reading.marked)))
    this.trigger()
    qtbot.waitUntil(lambda: voice.speaking == "She loves matchmaking.", timeout=5000)
    assert reading.marked == "She loves matchmaking.", "the sentence being said, and only it"
    qtbot.waitUntil(lambda: not aloud.playing, timeout=5000)
    assert voice.heard == ["Emma is kind.", "She loves matchmaking."]
    assert all("Knightley" not in said for said in voice.said), "veiled: never said"
    assert [text for text, _mark in marked] == voice.heard
    assert all(text == mark for text, mark in marked), marked
    assert reading.marked == "", "the mark goes when the reply ends"

    # Over a question: no reply to read there; the last reply is still offered.
    menu = reading.menu(point_over(reading, "And Harriet?"))
    names = [a.objectName() for a in menu.actions()]
    assert "actionReadThisReplyAloud" not in names and "actionReadReplyAloud" in names
    menu = reading.menu(point_over(reading, "They walk"))
    [this] = [a for a in menu.actions() if a.objectName() == "actionReadThisReplyAloud"]
    this.trigger()
    qtbot.waitUntil(lambda: not aloud.playing, timeout=5000)
    assert voice.heard[2:] == ["Harriet is her friend.", "They walk to Highbury."]


def test_stopping_a_reply_removes_its_mark(qtbot: QtBot, window: MainWindow) -> None:
    reading = reading_for(window)
    aloud, voice = scripted(window, ms_per_text=300)
    reading.read(conversation()[3])
    qtbot.waitUntil(lambda: voice.speaking is not None, timeout=5000)
    assert reading.marked == "Harriet is her friend."
    aloud.stop()
    assert reading.marked == "" and reading.reading is None

"""Highlights and bookmarks in the real window: made from the page's menu, drawn under the text,
kept through a font change and a restart (real SQLite), listed in the dock to jump from."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from PySide6.QtCore import QEvent, QPoint, QRect, Qt
from PySide6.QtGui import QAction, QColor, QHelpEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QInputDialog, QToolTip
from pytestqt.qtbot import QtBot

from reader_app.books.model import Block, BlockKind, Locator
from reader_app.books.shelf.annotations import Annotation, AnnotationStore
from reader_app.settings import SettingsStore
from reader_app.store.db import connect
from reader_app.ui.reader.epub_view import EpubView
from reader_app.ui.window.main_window import MainWindow
from tests.bookgen import marker_book
from tests.fakes.fake_ollama import FakeOllama, ScriptedReplies
from tests.fakes.marker_library import MarkerLibrary
from tests.ui.conftest import make_window, show_book
from tests.unit.rag.companion.test_entities import book_of


def drag_over_first_line(qtbot: QtBot, view: EpubView, block_index: int) -> str:
    """Select the first line of `block_index` (on the page shown) by dragging the mouse."""
    doc = view.current_document()
    assert doc is not None
    block = doc.doc.findBlock(doc.block_starts[block_index])
    layout = block.layout()
    top = doc.view_y(view.page_index, layout.position().y() + layout.lineAt(0).y() + 5)
    start = QPoint(int(doc.side_margin + 2), int(top))
    end = QPoint(int(doc.side_margin + 220), int(top))
    QTest.mousePress(view, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    QTest.mouseMove(view, end)
    QTest.mouseRelease(view, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, end)
    return view.selected_text()


def menu_action(view: EpubView, name: str) -> QAction:
    menu = view.build_context_menu()
    action = menu.findChild(QAction, name)
    assert action is not None, f"no {name} in the page's menu"
    return action


def highlight_line_rect(view: EpubView, annotation: Annotation) -> QRect:
    """Where the highlight's first line is on screen."""
    doc = view.current_document()
    assert doc is not None
    position = doc.position_of(annotation.start)
    block = doc.doc.findBlock(position)
    layout = block.layout()
    line = layout.lineForTextPosition(position - block.position())
    y = doc.view_y(view.page_index, layout.position().y() + line.y())
    x = layout.position().x() + line.x()
    return QRect(int(x + 4), int(y + 1), 120, int(line.height() - 2))


def tinted_share(view: EpubView, rect: QRect, hue: str) -> float:
    """The share of pixels in `rect` clearly tinted by `hue` ("green" or "red")."""
    image = view.grab().toImage()
    tinted = total = 0
    for x in range(rect.left(), rect.right(), 3):
        for y in range(rect.top(), rect.bottom(), 2):
            c = QColor(image.pixelColor(x, y))
            total += 1
            if hue == "green":
                tinted += c.green() - c.red() > 20 and c.green() - c.blue() > 20
            else:
                tinted += c.red() - c.green() > 60 and c.red() - c.blue() > 60
    return tinted / max(total, 1)


def test_a_highlight_survives_a_font_change_and_a_restart(
    qtbot: QtBot, library_home: Path
) -> None:
    window = make_window(qtbot, library_home)
    book = marker_book()
    show_book(window, book)
    view = window.reader.epub_view
    selected = drag_over_first_line(qtbot, view, 2)
    assert selected.startswith("Sentence mk0001")
    menu_action(view, "highlight_green").trigger()
    [annotation] = window.aids.annotations.highlights()
    assert annotation.text == " ".join(selected.split()) and annotation.colour == "green"
    assert view.selection_range() is None
    before = highlight_line_rect(view, annotation)
    assert tinted_share(view, before, "green") > 0.5

    window.set_appearance(window.appearance.bigger().bigger())
    view.relayout_now()
    doc = view.current_document()
    assert doc is not None
    start, end = doc.position_of(annotation.start), doc.position_of(annotation.end)
    assert " ".join(doc.text_between(start, end).split()) == annotation.text
    after = highlight_line_rect(view, annotation)
    assert after != before, "a bigger font moves the line"
    assert tinted_share(view, after, "green") > 0.5
    window.close()

    again = make_window(qtbot, library_home, fresh_appearance=False)
    show_book(again, book)
    assert again.aids.annotations.highlights() == [annotation]
    again.jump_to(annotation.start)
    assert tinted_share(again.reader.epub_view, highlight_line_rect(
        again.reader.epub_view, annotation), "green") > 0.5
    again.close()


def test_the_dock_lists_annotations_and_jumps_to_them(qtbot: QtBot, window: MainWindow) -> None:
    book = marker_book()
    show_book(window, book)
    view = window.reader.epub_view
    window.jump_to(Locator(2, 5, 0))
    drag_over_first_line(qtbot, view, view.current_start().block + 1)
    menu_action(view, "highlight_blue").trigger()
    [far] = window.aids.annotations.highlights()
    window.aids.annotations.set_note(far.annotation_id, "the blue one")
    window.jump_to(Locator(0, 0, 0))
    qtbot.keyClick(window, Qt.Key.Key_B, Qt.KeyboardModifier.ControlModifier)
    [mark] = window.aids.annotations.bookmarks()
    assert tinted_share(view, window.aids.annotations.ribbon_rect().toRect(), "red") > 0.5

    qtbot.keyClick(window, Qt.Key.Key_A,
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    dock = window.aids.annotations.dock
    qtbot.waitUntil(dock.isVisible)
    assert dock.ids() == [mark.annotation_id, far.annotation_id]
    assert "Note: the blue one" in dock.list.item(1).text()
    assert "Chapter 3" in dock.list.item(1).text()
    dock.filter.setText("blue")
    assert dock.ids() == [far.annotation_id]
    dock.filter.clear()

    dock.list.setCurrentRow(1)
    qtbot.keyClick(dock.list, Qt.Key.Key_Return)
    assert view.current_start() <= far.start < view.current_end()
    assert view.hasFocus() or QTest.qWaitFor(view.hasFocus, 1000)

    window.jump_to(Locator(0, 0, 0))
    qtbot.keyClick(window, Qt.Key.Key_B, Qt.KeyboardModifier.ControlModifier)
    assert window.aids.annotations.bookmarks() == []
    assert tinted_share(view, window.aids.annotations.ribbon_rect().toRect(), "red") == 0


def test_exporting_writes_the_markdown_file(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    show_book(window, marker_book())
    view = window.reader.epub_view
    drag_over_first_line(qtbot, view, 1)
    menu_action(view, "highlight_yellow").trigger()
    target = tmp_path / "notes.md"
    window.aids.annotations.export_to(target)
    text = target.read_text(encoding="utf-8")
    assert text.startswith("# The Marker Book")
    assert "> Sentence mk000000" in text and "— yellow highlight" in text


def test_explain_this_highlight_asks_the_assistant_and_keeps_its_answer_as_the_note(
    qtbot: QtBot, library_home: Path, unread_shelf: MarkerLibrary, fake_ollama: FakeOllama
) -> None:
    shelf = unread_shelf
    SettingsStore(shelf.conn).set("assistant.ollama_host", fake_ollama.url)
    SettingsStore(shelf.conn).set("assistant.rewrite_queries", False)
    fake_ollama.reply_with(ScriptedReplies(
        answer="Anna carries it for her brother. Then Valdemar opened the Obsidian Gate."))
    window = make_window(qtbot, library_home)
    show_book(window, shelf.book)
    view = window.reader.epub_view
    drag_over_first_line(qtbot, view, 1)
    menu_action(view, "highlight_yellow").trigger()
    [highlight] = window.aids.annotations.highlights()
    view.context_locator = highlight.start  # the reader right-clicks on the highlight
    explain = menu_action(view, "explainHighlight")
    assert explain.isEnabled()
    explain.trigger()
    panel = window.assistant_panel
    qtbot.waitUntil(panel.isVisible)
    question = panel.input.toPlainText()
    assert question.startswith("Explain this passage:") and highlight.text[:20] in question
    panel.ask(question)
    offer = window.aids.annotations.dock.offer
    qtbot.waitUntil(lambda: not panel.running and offer.isVisibleTo(window.aids.annotations.dock),
                    timeout=60_000)
    qtbot.mouseClick(window.aids.annotations.dock.save_answer, Qt.MouseButton.LeftButton)
    [kept] = window.aids.annotations.highlights()
    assert kept.note.startswith("Anna carries it for her brother.")
    assert "Valdemar" not in kept.note, "a veiled sentence stays veiled in the note"
    assert "[this part may reveal what comes later]" in kept.note
    window.close()
    again = AnnotationStore(connect(library_home)).for_book(shelf.book.book_id)
    assert again[0].note == kept.note


def test_a_highlight_stays_on_its_words_when_a_newer_reading_moves_them(
    qtbot: QtBot, library_home: Path
) -> None:
    window = make_window(qtbot, library_home)
    book = marker_book()
    show_book(window, book)
    drag_over_first_line(qtbot, window.reader.epub_view, 3)
    menu_action(window.reader.epub_view, "highlight_green").trigger()
    [made] = window.aids.annotations.highlights()
    window.close()

    # The same file read by a newer parser: a short block appears before the highlight.
    first = book.sections[0]
    note = Block(BlockKind.PARAGRAPH, "An editor's note.")
    newer = replace(book, sections=(replace(
        first, blocks=(first.blocks[0], note, *first.blocks[1:])), *book.sections[1:]))
    again = make_window(qtbot, library_home, fresh_appearance=False)
    show_book(again, newer)
    [kept] = again.aids.annotations.highlights()
    assert kept.annotation_id == made.annotation_id and kept.start.block == made.start.block + 1
    view = again.reader.epub_view
    assert tinted_share(view, highlight_line_rect(view, kept), "green") > 0.5
    again.close()
    [stored] = AnnotationStore(connect(library_home)).for_book(book.book_id)
    assert stored.start == kept.start


def test_a_highlight_note_is_its_tooltip(qtbot: QtBot, window: MainWindow) -> None:
    show_book(window, marker_book())
    view = window.reader.epub_view
    drag_over_first_line(qtbot, view, 1)
    menu_action(view, "highlight_pink").trigger()
    [highlight] = window.aids.annotations.highlights()
    window.aids.annotations.set_note(highlight.annotation_id, "Why a lantern?")
    centre = highlight_line_rect(view, highlight).center()
    event = QHelpEvent(QEvent.Type.ToolTip, centre, view.mapToGlobal(centre))
    QApplication.sendEvent(view, event)
    qtbot.waitUntil(lambda: QToolTip.isVisible() and QToolTip.text() == "Why a lantern?")


def test_the_note_dialog_quotes_the_highlight_once_and_cuts_it_at_a_word(
    qtbot: QtBot, window: MainWindow
) -> None:
    said = ("“My dear Mr. Bennet,” said his lady to him one day, “have you heard that "
            "Netherfield Park is let at last? Mrs. Long has just been here, and she told me all "
            "about it, and a great deal more besides.”")
    show_book(window, book_of(said, "Mr. Bennet replied that he had not."))
    view = window.reader.epub_view
    doc = view.current_document()
    assert doc is not None
    layout = doc.doc.findBlock(doc.block_starts[0]).layout()
    first, third = layout.lineAt(0), layout.lineAt(2)
    start = QPoint(int(doc.side_margin + 1),
                   int(doc.view_y(view.page_index, layout.position().y() + first.y() + 5)))
    end = QPoint(int(doc.side_margin + third.naturalTextWidth() - 2),
                 int(doc.view_y(view.page_index, layout.position().y() + third.y() + 5)))
    QTest.mousePress(view, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    QTest.mouseMove(view, end)
    QTest.mouseRelease(view, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, end)
    assert view.selected_text().startswith("“My dear") and len(view.selected_text()) > 100
    menu_action(view, "highlight_yellow").trigger()
    [highlight] = window.aids.annotations.highlights()
    window.aids.annotations.ask_for_note(highlight.annotation_id)
    dialog = window.findChild(QInputDialog, "noteDialog")
    assert dialog is not None
    label = dialog.labelText()
    assert label.startswith("Note on “My dear Mr. Bennet,”"), label  # one opening quote
    assert "““" not in label and label.count("“") == label.count("”"), label
    assert label.endswith("…”"), label  # cut, and said to be cut
    quoted = label.removeprefix("Note on “").removesuffix("…”")
    own = said.removeprefix("“")  # its own opening mark gives way to ours
    assert own.startswith(quoted) and own[len(quoted)] == " ", "cut mid-word"
    dialog.reject()

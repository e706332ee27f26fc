"""X-Ray tells places from people: "England" is a place, never offered for "Talk to…"; a place
is never merged into a person; the merges the text supports are made (Charlotte is Miss Lucas);
and a person's count is one number, in the list and on the card."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from reader_app.ui.window.main_window import MainWindow
from tests.conftest import PRIDE, corpus_epub
from tests.ui.companion.test_xray_in_window import chapter_start, refreshed_names
from tests.ui.conftest import open_file


def test_england_is_a_place_and_not_offered_for_chat(qtbot: QtBot, window: MainWindow) -> None:
    book = open_file(qtbot, window, corpus_epub(PRIDE))
    window.jump_to(chapter_start(book, "IV"))
    window.reader.mark_read_here()  # chapter III read, as in the report
    window.xray_action.trigger()
    refreshed_names(qtbot, window)
    dock = window.xray_dock
    england = next(e for e in dock.entries if e.name == "England")
    assert england.kind == "place"
    row = next(dock.list.item(i).text() for i in range(dock.list.count())
               if dock.list.item(i).text().startswith("England"))
    assert row.endswith("· place")

    chat = window.character_chat
    with qtbot.waitSignal(chat.peopleListed, timeout=30_000):
        chat.list_people()
    menu = window.assistant_panel.talk_button.menu()
    menu.aboutToShow.emit()
    offered = [a.text() for a in menu.actions()]
    assert any(t.startswith("Talk to Elizabeth") for t in offered), offered
    assert not any("England" in t or "Hertfordshire" in t for t in offered), offered


def test_one_count_everywhere_and_no_place_merged_into_a_person(
    qtbot: QtBot, window: MainWindow
) -> None:
    book = open_file(qtbot, window, corpus_epub(PRIDE))
    window.jump_to(chapter_start(book, "XLIII"))
    window.reader.mark_read_here()
    window.xray_action.trigger()
    refreshed_names(qtbot, window)
    dock = window.xray_dock
    wickham = next(e for e in dock.entries if "Wickham" in e.name)
    assert len(wickham.form_ids) > 1, "Mr. Wickham and Wickham are one person"
    row = next(dock.list.item(i).text() for i in range(dock.list.count())
               if dock.list.item(i).text().startswith(wickham.name))
    dock.select_key(wickham.key)
    qtbot.waitUntil(lambda: dock.current_card is not None
                    and dock.current_card.entry.key == wickham.key, timeout=30_000)
    card = dock.current_card
    assert card is not None
    assert f"({len(card.mentions)})" in row, (row, len(card.mentions))
    assert f"Mentioned {len(card.mentions)} times" in dock.card.toPlainText()

    # "“You began the evening well, Charlotte,” said Mrs. Bennet … to Miss Lucas": one woman.
    charlotte = next(e for e in dock.entries if e.name == "Charlotte")
    assert "Miss Lucas" in charlotte.aliases
    assert not any(e.name == "Miss Lucas" for e in dock.entries), "Charlotte counted twice"
    assert "Lucas Lodge" not in charlotte.aliases, "a house merged into a person"
    lodge = next(e for e in dock.entries if e.name == "Lucas Lodge")
    assert lodge.kind == "place"
    # Two people the book keeps apart stay apart: "Miss Bennet" is not Elizabeth.
    elizabeth = next(e for e in dock.entries if e.name == "Elizabeth")
    assert "Miss Bennet" not in elizabeth.aliases

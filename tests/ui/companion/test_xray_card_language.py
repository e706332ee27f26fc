"""A card's "As of …" in the window's language when no chapter title says where: the companion
(Qt-free) marks its words and the dock translates them (issue 41)."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from reader_app.books.model import Locator
from reader_app.rag.companion.features import MentionPlace, XRayCard
from reader_app.rag.companion.words import AS_OF_HERE, AS_OF_START
from reader_app.rag.companion.xray import XRayEntry
from reader_app.rag.companion.xray_notes import Description
from reader_app.ui.companion.xray_dock import XRayDock
from reader_app.ui.translation import install_language


def card(as_of: str) -> XRayCard:
    entry = XRayEntry(1, "Mathilde", "person", 3, 0, (), (1,))
    place = MentionPlace(0, Locator(0, 0, 0), "Erstes Kapitel")
    return XRayCard(entry, (place,), Description("Eine junge Frau.", as_of, 4, "model", 3),
                    stale=False)


@pytest.mark.parametrize(("as_of", "shown"), [
    (AS_OF_START, "Stand Anfang"), (AS_OF_HERE, "Stand Ihre aktuelle Stelle"),
    ("Drittes Kapitel", "Stand Drittes Kapitel"),  # a chapter's title: as the book has it
])
def test_a_cards_as_of_words_are_in_the_windows_language(
    qtbot: QtBot, german: None, as_of: str, shown: str
) -> None:
    dock = XRayDock()
    qtbot.addWidget(dock)
    dock.show_card(card(as_of))
    assert shown in dock.card.toPlainText()


def test_a_cards_label_takes_the_languages_colon(qtbot: QtBot, speaking: None) -> None:
    # French writes a no-break space before a colon ("Au stade de Drittes Kapitel :")
    install_language("fr")
    dock = XRayDock()
    qtbot.addWidget(dock)
    dock.show_card(card("Drittes Kapitel"))
    text = dock.card.document().toRawText()  # toPlainText makes a no-break space plain
    assert "Au stade de Drittes Kapitel\u00a0: Eine junge Frau." in text
    assert "Erstes Kapitel\u00a0: 1" in text
    install_language("en")
    dock.show_card(card("Drittes Kapitel"))
    assert "As of Drittes Kapitel: Eine junge Frau." in dock.card.document().toRawText()
